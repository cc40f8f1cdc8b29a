"""Fair play on a real server with a real database (issue 35): a ranked board nobody saw
before its clock, the floor of a run from its moves, the rhythm's flags, and the operator's
decisions. The server's clock is a fake one the tests move (no sleeps); the players are
simulated with seeded random generators."""
from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys

import pytest

from game.net import daily as daily_desk, fair
from game.net.client import RaceClient
from game.net.deal import make_board
from game.net.store import Store
from solver.genius.daily import genius_daily
from solver.genius.position import Position as GeniusPosition
from solver.macmahon.daily import macmahon_daily
from solver import daily
from tests.net.desk import TODAY, Clock, day_solution, desk, error, play, player, standings, start
from tests.net.race import run

SECRET = b"issue 35: a known deal".ljust(32, b".")      # the same ranked boards every run

def offline(puzzle: str, number: int) -> str:
    """The offline daily of that number, as anyone prints it (`squarewise genius daily`)."""
    made = (genius_daily if puzzle == "genius" else macmahon_daily)(daily.date_of(number))
    return (made.position if puzzle == "genius" else made.puzzle).notation()


class Wire:
    """A client that keeps every message it was sent, in order."""

    def __init__(self, client: RaceClient):
        self.client, self.seen = client, []

    async def ask(self, kind: str, until: str, **fields) -> dict:
        await self.client.send(kind, **fields)
        while True:
            message = await self.client.recv(10)
            self.seen.append(message)
            if message["type"] in (until, "error"):
                return message


def test_a_ranked_board_is_neither_the_offline_daily_nor_an_unranked_runs_and_is_sent_once_its_clock_runs(tmp_path):
    """30 numbers of both puzzles: a client that reads the offline daily and plays the number
    unranked first finds neither board equal to its ranked one; the ranked board is on the wire
    only in the ranked run's `run`, which comes once the run is in the database with its start."""
    clock = Clock()

    async def scenario():
        async with desk(tmp_path, clock, per_network_registrations=100, hello_timeout=30.0) as (server, url, store):
            seen_ranked = set()         # (a Sunday's MacMahon boards take a second or two to make: no silence cut)
            for day in range(30):
                number = TODAY + day
                for puzzle in ("genius", "macmahon"):
                    client, token = await player(url, f"P{day}{puzzle[0]}")
                    wire = Wire(client)
                    public = offline(puzzle, number)
                    unranked = await wire.ask("daily", "run", token=token, puzzle=puzzle, daily=number, ranked=False)
                    await client.send("leave")
                    assert unranked["start"] == public                  # an unranked run deals the offline daily
                    assert store.ranked_run(store.player(daily_desk.token_hash(token)).id, puzzle, number) is None
                    ranked = await wire.ask("daily", "run", token=token, puzzle=puzzle, daily=number, ranked=True)
                    kept = store.ranked_run(store.player(daily_desk.token_hash(token)).id, puzzle, number)
                    assert kept is not None and kept.started <= clock() and kept.dealt   # begun before it was sent
                    assert ranked["start"] not in (public, unranked["start"])
                    assert ranked["level"] == unranked["level"] == daily.level(daily.date_of(number))
                    assert [m for m in wire.seen if ranked["start"] in json.dumps(m)] == [ranked]
                    seen_ranked.add(ranked["start"])
                    await client.close()
                clock.tick(86400)
            assert len(seen_ranked) == 60
    run(scenario(), 240)


def test_once_its_window_has_closed_an_unranked_run_deals_the_ranked_board(tmp_path):
    clock = Clock()

    async def scenario():
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            ranked = await start(client, token)
            await client.send("leave")
            clock.tick(daily_desk.last_moment(TODAY) - 1 - clock())      # a second before it closes
            during = (await start(client, token, number=TODAY, ranked=False))["start"]
            assert during == offline("genius", TODAY) != ranked["start"]
            await client.send("leave")
            clock.tick(1)
            assert (await start(client, token, number=TODAY, ranked=False))["start"] == ranked["start"]
    run(scenario())


async def bot(url, clock, name: str, rng: random.Random, kind: str) -> tuple[dict, dict]:
    """One simulated player's ranked run of today's Genius: (its `run`, its `done`). 'bot' sends
    each move as soon as it has the last answer (a few ms on the server's clock); 'even' waits,
    then spaces its moves evenly, each gap just over the slowest act's floor and the run just
    over its floor; 'person' pauses to read, then moves at an uneven pace (log-normal gaps
    over each act's floor), and now and then puts a piece down wrong and takes it back."""
    client, token = await player(url, name)
    began = await start(client, token)
    moves = day_solution(began)
    if kind == "person" and rng.random() < 0.5:     # a piece put down, then taken back
        piece = moves[-1].split(":")[0]
        moves = moves[:2] + [moves[-1], "-" + piece] + moves[2:]
    board = GeniusPosition.parse(began["start"])
    acts = fair.acts("genius", board, moves)
    floors = fair.act_floors(acts)
    floor = fair.floor_ms(acts)
    if kind == "bot":
        gaps = [rng.uniform(0.001, 0.005) for _ in moves]
    elif kind == "even":
        first = rng.uniform(1.2, 2.0)
        step = max(max(floors), (floor - 1000 * first) / (len(moves) - 1)) / 1000 + 0.01
        gaps = [first] + [step] * (len(moves) - 1)
    else:
        gaps = [rng.uniform(2.0, 6.0)] + [f / 1000 + rng.lognormvariate(0.2, 0.6) for f in floors[1:]]
    for seq, (move, gap) in enumerate(zip(moves, gaps), 1):
        clock.tick(gap)
        await client.send("move", seq=seq, move=move)
        answer = await client.recv(10)
        assert answer["type"] == "moved", answer
    done = await client.until("done")
    await client.close()
    return began, done


def test_bots_are_held_even_ones_flagged_and_people_placed_twenty_times_each(tmp_path):
    clock = Clock()

    async def scenario():
        async with desk(tmp_path, clock, SECRET, per_network_registrations=100) as (server, url, store):
            outcome = {}
            for kind in ("person", "bot", "even"):
                rng = random.Random(f"issue 35 {kind}")
                outcome[kind] = [await bot(url, clock, f"{kind}{i}", rng, kind) for i in range(20)]
            flags = {store.run(r.run.id).player: r.reasons for r in store.reviews()}
            names = {p: n for p, n in store.db.execute("SELECT id, name FROM players")}
            by_name = {names[p]: reasons for p, reasons in flags.items()}
            people = [done for _, done in outcome["person"]]
            assert [d["status"] for d in people] == ["placed"] * 20 and all(d["place"] for d in people)
            assert not [n for n in by_name if n.startswith("person")]           # no person flagged either
            bots = [done for _, done in outcome["bot"]]
            assert [(d["status"], d["place"]) for d in bots] == [("held", None)] * 20
            assert all(by_name[f"bot{i}"][0].startswith("below the floor") for i in range(20))
            evens = [done for _, done in outcome["even"]]
            assert [d["status"] for d in evens] == ["placed"] * 20              # not held: flagged, for review
            assert all(any(r.startswith("moves evenly spaced") for r in by_name[f"even{i}"]) for i in range(20))
            board = await standings(await RaceClient.connect(url), limit=100)
            assert board["total"] == 40                                          # people and even bots
    run(scenario(), 120)


def test_the_issues_patient_bot_is_held_by_a_stretch_of_its_moves():
    """Issue 35's bot: the solution read off the CLI, 2.6 s of waiting, 9 moves 135 ms apart (3.7 s)."""
    board = make_board("genius", TODAY)
    moves = day_solution({"puzzle": "genius", "start": board.start.notation(), "daily": TODAY})
    timeline = [(m, 2600 + 135 * i) for i, m in enumerate(moves)]
    verdict = fair.judge("genius", board.start, timeline, timeline[-1][1], 9)
    assert verdict.held and verdict.reasons[0].startswith("moves 2 to 9 came 1.08 s after move 1")
    assert any(r.startswith("moves evenly spaced") for r in verdict.reasons)


def test_the_floor_counts_each_act_at_the_faster_input():
    """Genius from an empty board: a piece placed the way round the tray shows it costs two
    keystrokes (a number, Enter) and the arrows from the last piece; a turn in place a click;
    the keyboard and the pointer each bound it."""
    board = make_board("genius", TODAY)
    moves = day_solution({"puzzle": "genius", "start": board.start.notation(), "daily": TODAY})
    acts = fair.acts("genius", board.start, moves)
    assert [a.kind for a in acts] == ["place"] * 9
    floors = fair.act_floors(acts)
    assert floors == [min(fair.KEY_MS * (2 + a.turns), 1000 * (1.42 + 1.43) / fair.THROUGHPUT) for a in acts]
    assert fair.floor_ms(acts) >= fair.READ_MS + sum(floors) + fair.KEY_MS * 8  # an arrow each
    first = moves[0].split(":")[0]
    turned = fair.acts("genius", board.start, [moves[0], moves[0], "-" + first])
    assert [a.kind for a in turned] == ["place", "move", "back"]


async def decide(db, *args) -> tuple[int, str, str]:
    """`squarewise serve --db DB review ARGS` as a process: (exit code, stdout, stderr)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "serve", "--db", str(db), "review", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode, out.decode(), err.decode()


async def said(lines: list[str], words: str, before: int) -> list[str]:
    """The log lines after `before` that say `words`, once the server has said one (bounded wait)."""
    for _ in range(500):
        found = [line for line in lines[before:] if words in line]
        if found:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"the server never said {words!r}: {lines[before:]}")


def test_review_accept_disqualify_and_bar_change_the_standings_at_once_and_survive_a_restart(tmp_path, monkeypatch):
    monkeypatch.setattr(daily_desk, "DECISIONS_EVERY", 0.05)
    clock = Clock()
    db = tmp_path / "standings.db"

    async def places(url) -> list[str]:
        return [r["name"] for r in (await standings(await RaceClient.connect(url), limit=100))["rows"]]

    async def scenario():
        async with desk(tmp_path, clock, SECRET) as (server, url, store):
            lines = []
            server.lines = lines.append
            rng = random.Random(35)
            await bot(url, clock, "Ann", rng, "person")
            await bot(url, clock, "Bob", rng, "person")
            await bot(url, clock, "Hal", rng, "bot")
            held = store.ranked_run(3, "genius", TODAY)
            code, out, err = await decide(db)
            assert code == 0 and err == ""
            assert f'run {held.id}  Genius #{TODAY}  "Hal"' in out and "held (under review)" in out
            first = store.timeline(held.id)[0]
            assert "below the floor" in out and f"{first[2] / 1000:.3f} {first[1]} · " in out  # reasons, the moves
            assert await places(url) == ["Ann", "Bob"] or await places(url) == ["Bob", "Ann"]
            before = len(lines)
            code, out, _ = await decide(db, "--accept", str(held.id))
            assert code == 0 and f"decision 1: accepted run {held.id}" in out
            assert len(await said(lines, "operator decision 1", before)) == 1
            assert "Hal" in await places(url)                                          # placed at once
            code, out, _ = await decide(db, "--disqualify", str(held.id))
            await said(lines, "operator decision 2", before)
            assert "Hal" not in await places(url)
            code, out, _ = await decide(db, "--bar", "ann")                           # as names are alike
            assert code == 0 and 'barred "Ann"' in out
            await said(lines, "operator decision 3", before)
            assert await places(url) == ["Bob"]
            assert len([line for line in lines[before:] if "operator decision" in line]) == 3
            client = await RaceClient.connect(url)
            ann = store.db.execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()[0]
            assert store.is_barred(ann)
            for code, text in [(await decide(db, "--accept", "999"))[::2], (await decide(db, "--bar", "Zed"))[::2]]:
                assert code == 2 and len(text.strip().splitlines()) == 1

    run(scenario(), 120)

    async def again():
        async with desk(tmp_path, clock) as (server, url, store):
            assert await places(url) == ["Bob"]
            client = await RaceClient.connect(url)
            await client.send("register", name="Ann")
            assert "taken" in (await client.until("error"))["reason"]
            assert [d.action for d in store.decisions()] == ["accept", "disqualify", "bar"]
    run(again(), 60)


def test_a_barred_name_is_told_in_one_line(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, token = await player(url, "Ann")
            store.decide("bar", "Ann", 0.0)
            reason = await error(client, "daily", token=token, puzzle="genius", daily=TODAY, ranked=True)
            assert reason == "the name Ann is barred from this server's standings by its operator; unranked runs " \
                             "are open to it"
            assert (await start(client, token, ranked=False))["ranked"] is False
    run(scenario())


def test_review_of_no_database_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--db", str(tmp_path / "none.db"), "review"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_each_move_is_kept_with_its_time(tmp_path, puzzle):
    clock = Clock()

    async def scenario():
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            moves = day_solution(await start(client, token, puzzle))
            answers = await play(client, moves, clock, step=1.5)
            run_id = store.ranked_run(1, puzzle, TODAY).id
            assert [(seq, m, ms) for seq, m, ms in store.timeline(run_id)] == \
                [(i, m, a["ms"]) for i, (m, a) in enumerate(zip(moves, answers), 1)]
    run(scenario())


def test_the_issues_patient_bot_through_the_server_is_held_and_an_even_bot_flagged(tmp_path):
    """Through the server: the issue's bot (2.6 s, then 135 ms a move) is held, under review;
    a bot pacing 400 ms a move after a 1.5 s pause (over the floor) is placed but flagged. (A
    known secret: the board, so the floor of its solution's moves, is the same every run.)"""
    clock = Clock()

    async def scenario():
        async with desk(tmp_path, clock, SECRET) as (server, url, store):
            outcomes = []
            for name, first, step in (("Bot", 2.6, 0.135), ("Even", 1.5, 0.4)):
                client, token = await player(url, name)
                moves = day_solution(await start(client, token))
                clock.tick(first - 0.135)
                await play(client, moves[:1], clock, step=0.135)
                await play(client, moves[1:], clock, step=step, first_seq=2)
                outcomes.append(await client.until("done"))
            assert (outcomes[0]["flagged"], outcomes[0]["place"]) == (True, None)
            assert (outcomes[1]["flagged"], outcomes[1]["place"]) == (False, 1)
            assert [r.reasons[0].split(":")[0] for r in store.reviews()] == [
                "moves 2 to 9 came 1.08 s after move 1; a person's hands need 1.68 s for them", "moves evenly spaced"]
    run(scenario())
