"""The loop never waits on the store (issue 34): a write or a read held up in the database leaves
every other client served at once, a ranked move is still answered only once committed and is
timed when its frame was read; standings have their own budget; a store error at run time is
one log line and one `error`, and the connection and the run go on. Real server and database
on 127.0.0.1; the store is held up by the test (an event), never by a sleep."""
from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from game.net import server as server_module
from game.net.client import RaceClient
from game.net.store import Store
from tests.net.desk import Clock, day_solution, desk, error, play, player, standings, start
from tests.net.race import run


def held(monkeypatch, name: str) -> tuple[threading.Event, threading.Event]:
    """Make Store.`name` wait (on whatever thread runs it) until released: (entered, release)."""
    entered, release = threading.Event(), threading.Event()
    original = getattr(Store, name)

    def waiting(self, *args, **kwargs):
        entered.set()
        assert release.wait(10), "held for 10 s: nothing released it (the event loop waited on the store?)"
        return original(self, *args, **kwargs)
    monkeypatch.setattr(Store, name, waiting)
    return entered, release


def failing(exc: Exception):
    """A stand-in for a Store method that fails with `exc`."""
    def fail(self, *args, **kwargs):
        raise exc
    return fail


async def others_are_served(url: str) -> None:
    """A new client makes a room and hears of it within 5 s (the loop is not held up)."""
    other = await RaceClient.connect(url)
    await other.send("create", name="Zed", dice="default", level="any")
    assert (await other.until("joined", timeout=5))["seat"] == 1
    await other.close()


def test_a_ranked_move_is_answered_once_committed_without_holding_up_others(tmp_path, monkeypatch):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, token = await player(url, "Ann")
            moves = day_solution(await start(ann, token))
            entered, release = held(monkeypatch, "add_move")
            await ann.send("move", seq=1, move=moves[0])
            assert await asyncio.to_thread(entered.wait, 10)
            await others_are_served(url)
            with pytest.raises(asyncio.TimeoutError):              # not told before it is committed
                await asyncio.wait_for(ann.recv(), 0.2)
            release.set()
            assert (await ann.until("moved"))["seq"] == 1
            assert store.ranked_run(1, "genius", 330).seq == 1
    run(scenario())


def test_a_standings_read_held_up_in_the_database_holds_up_nobody(tmp_path, monkeypatch):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, token = await player(url, "Ann")
            entered, release = held(monkeypatch, "totals")
            await ann.send("standings", puzzle="genius", daily=330, days=7, group=None, token=token, offset=0,
                           limit=20)
            assert await asyncio.to_thread(entered.wait, 10)
            await others_are_served(url)
            release.set()
            assert (await ann.until("standings"))["total"] == 0
    run(scenario())


def test_a_ranked_move_is_timed_when_its_frame_is_read_not_when_it_is_handled(tmp_path, monkeypatch):
    """Move 2 arrives while move 1 waits on the database; the clock moves on 10 s before the
    server gets to move 2: its time is the moment its frame was read."""
    arrived = asyncio.Event()
    process_event = server_module.Connection.process_event

    def watched(self, event):
        process_event(self, event)
        if getattr(event, "opcode", None) is not None:
            arrived.set()
    monkeypatch.setattr(server_module.Connection, "process_event", watched)

    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            ann, token = await player(url, "Ann")
            moves = day_solution(await start(ann, token))
            entered, release = held(monkeypatch, "add_move")
            clock.tick(1.0)
            await ann.send("move", seq=1, move=moves[0])
            assert await asyncio.to_thread(entered.wait, 10)
            clock.tick(1.0)
            arrived.clear()
            await ann.send("move", seq=2, move=moves[1])
            await asyncio.wait_for(arrived.wait(), 10)             # move 2's frame is read ...
            clock.tick(10.0)                                       # ... and handled 10 s later
            release.set()
            assert [(await ann.until("moved", seq=n))["ms"] for n in (1, 2)] == [1000, 2000]
    run(scenario())


BUDGETS = {"standings_rate": 1e-9, "standings_burst": 3, "per_address_standings_rate": 1e-9,
           "per_address_standings_burst": 5}


async def asked_until_refused(client, times: int, days: int) -> None:
    for _ in range(times):
        assert (await standings(client, days=days))["total"] == 0
    assert "too many standings asked" in await error(client, "standings", puzzle="genius", daily=330, days=days,
                                                     group=None, token=None, offset=0, limit=20)


def test_standings_have_their_own_budget_per_connection(tmp_path):
    async def scenario():
        async with desk(tmp_path, **BUDGETS) as (server, url, store):
            ann, token = await player(url, "Ann")
            await asked_until_refused(ann, 3, 31)
            assert (await start(ann, token))["seq"] == 0            # the connection is still served
    run(scenario())


def test_standings_have_their_own_budget_per_address(tmp_path):
    async def scenario():
        async with desk(tmp_path, **BUDGETS) as (server, url, store):
            ann, token = await player(url, "Ann")
            await asked_until_refused(ann, 3, 31)
            bob = await RaceClient.connect(url)                    # the same address: two left for it
            await asked_until_refused(bob, 2, 1)
            await bob.send("register", name="Bob")
            assert (await bob.until("registered"))["name"] == "Bob"
    run(scenario())


@pytest.mark.parametrize("fails, error_words, logged, told", [
    ("is_member", "disk I/O error", "disk failed reading or writing",
     "the server's database failed; try again in a moment"),
    ("add_move", "database or disk is full", "is full", "the server could not record that; ask for the run again"),
])
def test_a_store_error_mid_run_is_said_once_each_side_without_ending_the_run(tmp_path, monkeypatch, caplog, fails,
                                                                        error_words, logged, told):
    """A read (a group's standings) or a write (a move) fails in the database: one log line,
    one `error`, others served; the run goes on (after a failed write, asked for again)."""
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            lines = []
            server.lines = lines.append
            ann, token = await player(url, "Ann")
            moves = day_solution(await start(ann, token))
            await play(ann, moves[:2], clock)
            await ann.send("group_create", token=token, name="Club")
            group = (await ann.until("group"))["group"]
            with monkeypatch.context() as patched:
                patched.setattr(Store, fails, failing(sqlite3.OperationalError(error_words)))
                before = len(lines)
                if fails == "is_member":
                    reason = await error(ann, "standings", puzzle="genius", daily=330, days=7, group=group,
                                         token=token, offset=0, limit=20)
                else:
                    reason = await error(ann, "move", seq=3, move=moves[2])
            assert reason == told
            said = lines[before:]
            assert len(said) == 1 and "store error" in said[0] and logged in said[0], said
            await others_are_served(url)
            if fails == "add_move":
                assert (await start(ann, token))["seq"] == 2
            await play(ann, moves[2:], clock, first_seq=3)
            assert (await ann.until("done"))["place"] == 1
            assert not [r for r in caplog.records if r.levelname == "ERROR"]
    run(scenario())
