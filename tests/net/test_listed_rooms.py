"""The rooms a server lists (docs/protocol.md "Listed rooms"): the host chooses listed or
private; `rooms` answers the listed rooms that can be joined now, bounded in count and bytes,
and a connection asks at most once every `rooms_every` seconds. A real server on 127.0.0.1."""
from __future__ import annotations

from game.net.client import RaceClient
from game.net.protocol import MAX_LISTED, MAX_MESSAGE_BYTES, MAX_PLAYERS
from tests.net.race import room, run, serving, start


async def listed(url: str) -> list[dict]:
    """The rooms the server lists, asked on a new connection."""
    asker = await RaceClient.connect(url)
    try:
        await asker.send("rooms")
        return (await asker.until("rooms"))["rooms"]
    finally:
        await asker.close()


def test_only_rooms_the_host_listed_are_listed_while_they_can_be_joined():
    async def main():
        async with serving(rooms_every=0) as (_, url):
            (ann, bob), code, _ = await room(url, 2)
            (cat,), private, _ = await room(url, 1)
            assert await listed(url) == []                                    # private until listed
            await bob.send("listing", listed=True)                             # not the host
            assert "only the host" in (await bob.until("error"))["reason"]
            await ann.send("listing", listed=True)
            await ann.send("settings", dice="alternative", level=9, boards="hidden")
            await bob.until("room", level=9)
            assert await listed(url) == [{"room": code, "host": "P1", "players": 2, "dice": "alternative",
                                          "level": 9}]
            await start([ann, bob])                                            # racing: not joinable
            assert await listed(url) == []
            await ann.send("listing", listed=False)                            # private again
            await ann.send("leave")
            await bob.send("leave")
            assert private not in [r["room"] for r in await listed(url)]
            await cat.close()
    run(main())


def test_a_full_room_is_not_listed():
    async def main():
        async with serving(rooms_every=0) as (_, url):
            clients, code, _ = await room(url, MAX_PLAYERS)
            await clients[0].send("listing", listed=True)
            await clients[-1].send("leave")
            while len((await clients[0].until("room"))["players"]) != MAX_PLAYERS - 1:
                pass
            assert [r["room"] for r in await listed(url)] == [code]            # a seat is free again
            late = await RaceClient.connect(url)
            await late.send("join", name="Late", room=code)
            await late.until("joined")
            assert await listed(url) == []                                     # full
    run(main(), timeout=60)


async def more_listed_than_shown(url: str) -> None:
    for i in range(MAX_LISTED + 5):
        host = await RaceClient.connect(url)
        await host.send("create", name=f"{'😀' * 22}{i:02d}", dice="alternative", level="very hard")
        await host.until("joined")
        await host.send("listing", listed=True)


def test_the_answer_is_bounded_in_rooms():
    async def main():
        async with serving(rooms_every=0, per_network_rooms=100) as (_, url):
            await more_listed_than_shown(url)
            shown = await listed(url)                                          # (the last listing is in:
            assert 0 < len(shown) <= MAX_LISTED                                 # one connection's order)
    run(main(), timeout=60)


def test_the_answer_is_bounded_in_bytes():
    async def main():
        async with serving(rooms_every=0, per_network_rooms=100) as (_, url):
            await more_listed_than_shown(url)
            await listed(url)                                                  # the last listing is in
            asker = await RaceClient.connect(url)
            await asker.send("rooms")
            frame = await asker.ws.recv()
            assert len(frame.encode()) <= MAX_MESSAGE_BYTES
    run(main(), timeout=60)


def test_a_connection_asks_for_the_rooms_at_most_once_a_second():
    async def main():
        async with serving(rooms_every=1000.0) as (_, url):
            asker = await RaceClient.connect(url)
            await asker.send("rooms")
            assert (await asker.until("rooms"))["rooms"] == []
            await asker.send("rooms")
            assert "at most once every" in (await asker.until("error"))["reason"]
            other = await RaceClient.connect(url)                              # another connection: its own
            await other.send("rooms")
            await other.until("rooms")
    run(main())
