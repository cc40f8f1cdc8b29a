"""How the server writes (game/net/transport.py): its own text frames are the ones websockets
makes, and others' progress waits to go out with a client's next message, in order."""
from __future__ import annotations

import asyncio

import pytest
from websockets.frames import Frame, Opcode

from game.net.transport import text_frame
from tests.net.race import room, run, serving, solution, start


@pytest.mark.parametrize("size", [0, 1, 125, 126, 4000, 65535, 65536, 70000])
def test_a_text_frame_is_the_one_websockets_makes(size):
    data = ("é" * size).encode()[:size]
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


def test_others_progress_goes_out_just_before_the_clients_next_message():
    async def main():
        async with serving(progress_delay=60.0) as (_, url):
            (a, b), _, joined = await room(url, 2)
            moves = solution(await start([a, b]))
            await a.send("move", seq=1, move=moves[0])
            await a.until("moved", seq=1)
            with pytest.raises(TimeoutError):                  # held back: nothing else goes to b
                await b.until("progress", timeout=0.3)
            await b.send("move", seq=1, move=moves[0])
            got = [await b.until(kind) for kind in ("progress", "moved")]     # progress first, then moved
            assert got[0]["seat"] == joined[0]["seat"] and got[0]["placed"] == 1
            assert got[1]["seq"] == 1
    run(main())


def test_others_progress_goes_out_within_progress_delay_when_nothing_else_does():
    async def main():
        async with serving(progress_delay=0.05) as (_, url):
            (a, b), _, joined = await room(url, 2)
            moves = solution(await start([a, b]))
            await a.send("move", seq=1, move=moves[0])
            assert (await b.until("progress", timeout=10))["seat"] == joined[0]["seat"]
    run(main())
