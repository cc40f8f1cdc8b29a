"""Bad input and bad actors against a real server on 127.0.0.1: each is refused or cut off,
and an honest race in the same server (or the same room) goes on to its true result."""
from __future__ import annotations

import asyncio
import os
import random
import re
import resource
import signal
import subprocess
import sys
import threading

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net import admission
from game.net.client import RaceClient
from game.net.protocol import CODE_ALPHABET, MAX_MESSAGE_BYTES
from solver.genius.position import Position
from solver.grid import cell_name
from tests.net.race import message, play, race, raw, room, run, serving, solution, start

BAD_FRAMES = [
    "{not json", "[]", "null", '"create"', "NaN", "[" * 2000 + "]" * 2000,
    '{"type": "create", "name": "A", "dice": "default", "level": "any"}',              # no version
    message("create", name="A", dice="default", level="any").replace('"v": 2', '"v": 1'),  # the old version
    message("finished", seat=1, ms=1),                                                   # unknown type
    message("create", name="A", dice="default"),                                         # missing field
    message("create", name="A", dice="default", level="any", admin=True),                # unknown field
    message("create", name=7, dice="default", level="any"),                              # wrong type
    message("create", name="A" * 25, dice="default", level="any"),                       # name too long
    message("create", name="A\u0000B", dice="default", level="any"),                     # unprintable
    message("create", name="A\u202eB", dice="default", level="any"),                     # bidi override
    message("create", name="A", dice="../../etc/passwd", level="any"),                   # no such dice
    message("ready", ready=1),                                                           # 1 is not true
    message("move", seq=1.0, move="1:A1"),
    message("join", name="A", room="abc"),
    b'{"v": 2, "type": "leave"}',                                                        # binary frame
]


async def honest_race(url: str, players: int = 2) -> dict:
    clients, _, _ = await room(url, players)
    results = await race(clients)
    assert [p["place"] for p in results["order"]] == list(range(1, players + 1))
    return results


def test_every_malformed_message_gets_an_error_leaving_the_connection_open():
    async def main():
        async with serving(max_errors=len(BAD_FRAMES) + 1) as (_, url):
            client = await RaceClient.connect(url)
            for frame in BAD_FRAMES:
                await raw(client, frame)
                reason = (await client.until("error"))["reason"]
                assert reason.isprintable() and len(reason) <= 200
            await client.send("create", name="A", dice="default", level="any")
            await client.until("joined")
    run(main())


def test_too_many_bad_messages_close_the_connection():
    async def main():
        async with serving(max_errors=3) as (_, url):
            client = await RaceClient.connect(url)
            for _ in range(3):
                await raw(client, "{oops")
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(10):
                    await client.recv(timeout=5)
            assert closed.value.rcvd.code == 1008
    run(main())


def test_an_oversized_frame_closes_that_connection_only():
    async def main():
        async with serving() as (_, url):
            big = await RaceClient.connect(url)
            await raw(big, message("create", name="A" * MAX_MESSAGE_BYTES, dice="default", level="any"))
            with pytest.raises(ConnectionClosed) as closed:
                await big.recv(timeout=5)
            assert closed.value.rcvd.code == 1009          # message too big
            await honest_race(url)
    run(main())


def test_a_flood_from_one_client_is_cut_off_while_another_room_races():
    async def main():
        async with serving(rate=20, burst=40) as (_, url):
            flooder = await RaceClient.connect(url)
            await flooder.send("create", name="F", dice="default", level="any")
            await flooder.until("joined")

            async def flood():
                with pytest.raises(ConnectionClosed):
                    for i in range(2000):
                        await flooder.send("ready", ready=bool(i % 2))
                        await asyncio.sleep(0)
                    for _ in range(10_000):                 # what was answered, then the close
                        await flooder.recv(timeout=5)
            await asyncio.gather(flood(), honest_race(url, 3))
            assert flooder.ws.close_code == 1008
    run(main())


def test_two_hundred_idle_connections_are_timed_out_while_a_race_goes_on():
    async def main():
        async with serving(hello_timeout=3.0) as (server, url):
            idle = [await RaceClient.connect(url) for _ in range(200)]
            silent = [await asyncio.open_connection("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/")))
                      for _ in range(20)]                            # TCP only: no handshake at all
            await honest_race(url, 4)
            for client in idle:
                with pytest.raises(ConnectionClosed):
                    await client.recv(timeout=6)
                assert client.ws.close_code == 1008
            for reader, writer in silent:
                assert await asyncio.wait_for(reader.read(), 6) == b""    # closed by the server
                writer.close()
            assert len(server.links) == 4                                # the racers, seated
    run(main(), timeout=40)


def test_a_full_server_refuses_the_handshake():
    async def main():
        async with serving(max_connections=5) as (_, url):
            held = [await RaceClient.connect(url) for _ in range(5)]
            with pytest.raises(InvalidStatus) as refused:
                await RaceClient.connect(url)
            assert refused.value.response.status_code == 503
            for client in held:
                await client.close()
    run(main())


async def cheated(url: str):
    """Three racing, the third trying every cheat (each refused): (a, b, cheat, moves)."""
    (a, b, cheat), _, joined = await room(url, 3)
    position = await start([a, b, cheat])
    moves = solution(position)
    blocker = sorted(position.blockers)[0]
    seat_b = joined[1]["seat"]

    await raw(cheat, message("finished", seat=joined[2]["seat"], ms=1))         # claims a finish
    assert "unknown message type" in (await cheat.until("error"))["reason"]
    await raw(cheat, message("move", seq=1, move=moves[0], seat=seat_b))         # moves for B
    assert "unknown field" in (await cheat.until("error"))["reason"]
    await cheat.send("move", seq=1, move=f"1:{cell_name(blocker)}")              # on a blocker
    refused = await cheat.until("refused")
    assert "blocker" in refused["reason"] and refused["position"] == position.notation()
    await cheat.send("move", seq=1, move="4-Q:A1")                               # no such piece
    assert "unknown piece" in (await cheat.until("refused"))["reason"]
    await cheat.send("move", seq=1, move=moves[0])
    await cheat.until("moved", seq=1)
    await cheat.send("move", seq=1, move=moves[0])                               # replayed
    assert "out of order" in (await cheat.until("refused"))["reason"]
    await cheat.send("move", seq=1, move=moves[1])                               # old number
    assert "out of order" in (await cheat.until("refused"))["reason"]
    await cheat.send("move", seq=9, move=moves[1])                               # skips ahead
    assert "out of order" in (await cheat.until("refused"))["reason"]
    await cheat.send("move", seq=2, move="-" + moves[1].split(":")[0])           # not placed
    assert "not on the board" in (await cheat.until("refused"))["reason"]
    await cheat.send("rematch")                                                  # mid-race
    assert "after a race" in (await cheat.until("error"))["reason"]
    return a, b, cheat, moves


def test_a_cheating_player_is_refused_everything():
    async def main():
        async with serving() as (_, url):
            await cheated(url)
    run(main())


def test_the_honest_race_beside_a_cheat_is_unaffected():
    async def main():
        async with serving() as (_, url):
            a, b, cheat, moves = await cheated(url)
            await play(a, moves)
            await play(b, moves)
            await cheat.send("leave")
            results = await a.until("results")
            assert [(p["name"], p["place"]) for p in results["order"]] == [("P1", 1), ("P2", 2), ("P3", None)]
            await cheat.send("create", name="again", dice="default", level="any")         # it may start anew
            await cheat.until("joined")
    run(main())


def test_after_the_race_the_board_stays_put():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            position = await start([a, b])
            moves = solution(position)
            await play(a, moves)
            await a.send("move", seq=len(moves) + 1, move="-1")
            refused = await a.until("refused")
            assert "finished" in refused["reason"] and Position.parse(refused["position"]).is_solved
    run(main())


def test_a_wrong_token_resumes_nothing():
    async def main():
        async with serving() as (_, url):
            (a, b), code, joined = await room(url, 2)
            thief = await RaceClient.connect(url)
            token = joined[1]["token"]
            await thief.send("resume", room=code, token=token[:-1] + ("A" if token[-1] != "A" else "B"))
            assert "no seat" in (await thief.until("error"))["reason"]
            await start([a, b])
    run(main())


# --- every socket counted from accept (issue 34: half-open sockets took every descriptor)

def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].strip("/"))


async def half_open(url: str, n: int, host: str = "127.0.0.1"):
    """n TCP connections from `host` that never send their HTTP request: (reader, writer) each."""
    return [await asyncio.open_connection("127.0.0.1", _port(url), local_addr=(host, 0)) for _ in range(n)]


async def closed_by_the_server(reader, writer, within: float = 10.0) -> bool:
    try:
        return await asyncio.wait_for(reader.read(), within) == b""
    except ConnectionResetError:
        return True
    except asyncio.TimeoutError:
        return False
    finally:
        writer.close()


def test_half_open_sockets_count_against_their_address_alone():
    async def main():
        async with serving(per_address_connections=3, handshake_timeout=60, hello_timeout=60) as (server, url):
            held = await half_open(url, 3)
            extra = await half_open(url, 40)
            assert all(await asyncio.gather(*(closed_by_the_server(*pair) for pair in extra)))
            assert server.admission.sockets_from["127.0.0.1"] == 3
            with pytest.raises(InvalidStatus) as refused:
                await RaceClient.connect(url)                                   # this address is full
            assert refused.value.response.status_code == 429
            await honest_race_from(url, "127.0.0.2", "127.0.0.3")
            for _, writer in held:
                writer.close()
    run(main(), 40)


async def honest_race_from(url: str, *hosts: str) -> None:
    clients = [await RaceClient.connect(url, local_addr=(host, 0)) for host in hosts]
    await clients[0].send("create", name="P1", dice="default", level="any")
    code = (await clients[0].until("joined"))["room"]
    for i, client in enumerate(clients[1:], 2):
        await client.send("join", name=f"P{i}", room=code)
        await client.until("joined")
    await race(clients)


def with_descriptors_for_a_flood(main) -> None:
    """Run `main` with room for 4,096 descriptors (a flood of half-open sockets), then the old limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    try:
        run(main(), 60)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


SERVER_CAPS = dict(max_connections=5, per_address_connections=2, handshake_timeout=60, hello_timeout=60)


async def server_filled(url: str) -> list:
    return await half_open(url, 2) + await half_open(url, 2, "127.0.0.2") + await half_open(url, 1, "127.0.0.7")


def test_half_open_sockets_count_against_the_server():
    async def main():
        async with serving(**SERVER_CAPS) as (server, url):
            held = await server_filled(url)
            with pytest.raises(InvalidStatus) as refused:
                await RaceClient.connect(url, local_addr=("127.0.0.3", 0))      # the server is full
            assert refused.value.response.status_code == 503
            for _, writer in held:
                writer.close()
            await asyncio.wait_for(until(lambda: server.admission.sockets == 0), 10)
            await honest_race_from(url, "127.0.0.5", "127.0.0.6")
    with_descriptors_for_a_flood(main)


def test_a_flood_of_half_open_sockets_is_cut_at_accept():
    async def main():
        async with serving(**SERVER_CAPS) as (server, url):
            held = await server_filled(url)
            flood = await half_open(url, 600, "127.0.0.4")
            assert server.admission.sockets <= 5 + admission.REFUSING                 # bounded, whatever comes
            assert all(await asyncio.gather(*(closed_by_the_server(*pair) for pair in flood)))
            for _, writer in held:
                writer.close()
            await asyncio.wait_for(until(lambda: server.admission.sockets == 0), 10)
            await honest_race_from(url, "127.0.0.5", "127.0.0.6")
    with_descriptors_for_a_flood(main)


async def until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def test_a_handshake_not_finished_within_its_deadline_is_closed():
    async def main():
        async with serving(handshake_timeout=1.0, hello_timeout=60) as (server, url):
            reader, writer = await asyncio.open_connection("127.0.0.1", _port(url))
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")                   # and never the rest
            assert await closed_by_the_server(reader, writer)
            await asyncio.wait_for(until(lambda: server.admission.sockets == 0), 10)
    run(main())


def test_out_of_descriptors_serve_pauses_accepting_saying_so_once(tmp_path):
    limit = 48

    def low_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", str(tmp_path / "s.db")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=low_limit)
    lines: list[str] = []
    starved = threading.Event()

    def read_log():
        for line in process.stdout:
            lines.append(line)
            if "out of file descriptors" in line:
                starved.set()
    try:
        first = process.stdout.readline()
        assert f"{limit} file descriptors" in first, first
        url = "ws://" + first.split("ws://", 1)[1].split()[0]
        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()

        async def main():
            flood = []
            for i in range(4):                  # 4 addresses x 16 sockets: past 48 descriptors
                flood += await half_open(url, 16, f"127.0.1.{i + 1}")
            assert await asyncio.to_thread(starved.wait, 30), "the server never ran out of descriptors"
            for _, writer in flood:
                writer.close()
            await honest_race_from(url, "127.0.0.2", "127.0.0.3")
        run(main(), 60)
        process.send_signal(signal.SIGINT)
        process.wait(30)
        reader.join(10)
        err = process.stderr.read()
    finally:
        process.kill()
        process.wait(10)
    assert err == "", err[:2000]                       # no traceback, nothing
    assert sum("out of file descriptors" in line for line in lines) == 1, lines
    assert lines[-1] == "squarewise: race server stopped\n"
