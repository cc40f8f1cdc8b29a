"""Daily runs and standings (issue 28) against a real server on 127.0.0.1 with a real database
file: names, ranked runs of both puzzles played to the end, places, a second ranked run,
unranked replays, resumes, bad actors, the human floor, groups, a week's standings."""
from __future__ import annotations

import asyncio
import datetime as dt
import sys

import pytest

from game.net.client import RaceClient
from game.net import daily as daily_desk
from game.net.daily import accepted, make_board, token_hash
from game.net.store import Store
from solver.daily import number as daily_number
from tests.net.desk import (TODAY, Clock, check_solved, day_solution, desk, error, play, player, replayed, standings,
                            start)
from tests.net.race import run
from solver.genius.moves import execute
from solver.genius.position import Position
from solver.macmahon.position import Position as TilePosition


def test_register_keeps_names_apart(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, token = await player(url, "  Ann ")
            assert store.player(token_hash(token)).name == "Ann"
            assert "taken" in await error(ann, "register", name="ann")
            assert "taken" in await error(ann, "register", name="\u0410nn")       # Cyrillic А
            assert "visible" in await error(ann, "register", name="\u3164")
    run(scenario())


def test_register_caps_an_address(tmp_path):
    async def scenario():
        async with desk(tmp_path, per_network_registrations=3) as (server, url, store):
            ann, _ = await player(url, "Ann")
            await player(url, "Bob")
            await player(url, "Cy")
            assert "registered 3 players today" in await error(ann, "register", name="Dee")
            assert store.counts()["players"] == 3
    run(scenario())


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_a_ranked_run_played_to_the_end_is_recorded_in_its_place(tmp_path, puzzle):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            finished = []
            for name in ("Ann", "Bob"):
                client, token = await player(url, name)
                began = await start(client, token, puzzle)
                assert began["seq"] == 0 and began["elapsed_ms"] == 0 and began["position"] == began["start"]
                assert began["level"] == "medium"               # #330 is a Thursday
                moves = day_solution(began)
                answers = await play(client, moves, clock, step=1.0 + len(finished))
                assert answers[-1]["ms"] == round(1000 * (1.0 + len(finished)) * len(moves))
                done = await client.until("done")
                finished.append(done)
                assert done == {"v": 2, "type": "done", "puzzle": puzzle, "daily": TODAY, "ranked": True,
                                "ms": answers[-1]["ms"], "place": len(finished), "of": len(finished),
                                "flagged": False, "status": "placed"}
                assert not server.desk.live                      # the run left the connection
                recorded = store.ranked_run(store.player(token_hash(token)).id, puzzle, TODAY)
                assert recorded.ms == done["ms"] and not recorded.flagged and list(store.moves(recorded.id)) == moves
                check_solved(puzzle, began["start"], replayed(store, recorded.id, began["start"]))
            board = await standings(client, puzzle)
            assert [(r["place"], r["name"], r["ms"]) for r in board["rows"]] == \
                [(1, "Ann", finished[0]["ms"]), (2, "Bob", finished[1]["ms"])]
            assert board["total"] == 2 and board["you"] is None
    run(scenario())


async def ranked_run_played(url: str, clock: Clock):
    """Ann plays today's ranked Genius to the end: (client, token, its `run`, its `done`)."""
    client, token = await player(url, "Ann")
    ranked = await start(client, token)
    await play(client, day_solution(ranked), clock)
    return client, token, ranked, await client.until("done")


def test_a_second_ranked_run_is_refused(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            client, token, _, _ = await ranked_run_played(url, clock)
            assert "your ranked run of Genius #330 is over; play it again unranked" == await error(
                client, "daily", token=token, puzzle="genius", daily=TODAY, ranked=True)
    run(scenario())


def test_an_unranked_run_after_it_stays_out_of_the_standings(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            client, token, ranked, first = await ranked_run_played(url, clock)
            again = await start(client, token, ranked=False)
            assert again["ranked"] is False and again["seq"] == 0
            assert again["start"] == make_board("genius", TODAY).start.notation() != ranked["start"]  # the offline one
            await play(client, day_solution(again), clock, step=0.5)
            done = await client.until("done")
            assert done["ranked"] is False and done["place"] is None and done["of"] == 1
            board = await standings(client, token=token)
            assert board["total"] == 1 and board["rows"][0]["ms"] == first["ms"]
            assert board["you"] == {"place": 1, "ms": first["ms"], "runs": 1, "flagged": False, "status": "placed"}
    run(scenario())


def test_a_dropped_connection_resumes_the_ranked_run_with_the_clock_still_running(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            began = await start(client, token)
            moves = day_solution(began)
            answers = await play(client, moves[:4], clock)
            await client.close()
            clock.tick(30)
            back = await RaceClient.connect(url)
            resumed = await start(back, token)
            assert resumed["seq"] == 4 and resumed["elapsed_ms"] == 34_000 > answers[-1]["ms"]
            assert resumed["start"] == began["start"] and resumed["position"] != began["start"]
            await play(back, moves[4:], clock, first_seq=5)
            done = await back.until("done")
            assert done["ms"] == 34_000 + 1000 * len(moves[4:]) and done["place"] == 1
    run(scenario())


async def quick_bot_back(url: str, clock: Clock):
    """A bot plays five quick moves, drops its connection, waits 10 s and comes back to its run:
    (the new client, token, the day's moves)."""
    bot, token = await player(url, "Bot")
    moves = day_solution(await start(bot, token))
    await play(bot, moves[:5], clock, step=0.01)
    await bot.close()
    clock.tick(10)
    bot = await RaceClient.connect(url)
    assert (await start(bot, token))["seq"] == 5
    return bot, token, moves


def test_the_gaps_of_a_run_count_over_a_dropped_connection(tmp_path):
    """A bot that drops its connection and waits to pass the time floor is still held by its
    quick moves (their times are stored with them, so a restart forgets nothing)."""
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            bot, token, moves = await quick_bot_back(url, clock)
            await play(bot, moves[5:], clock, step=0.2, first_seq=6)     # slow enough alone
            done = await bot.until("done")
            assert done["ms"] > 10_000 and done["flagged"] is True and done["status"] == "held"
            reasons = store.reviews()[0].reasons
            assert reasons[0].startswith("moves 2 to 5 came in") or "moves 2 to" in reasons[0], reasons
    run(scenario())


def test_asking_again_on_the_same_connection_gives_the_open_run_back(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            bot, token, _ = await quick_bot_back(url, clock)
            again = await start(bot, token)
            assert again["seq"] == 5 and again["elapsed_ms"] == 10_050
            assert "already in a daily run" in await error(bot, "daily", token=token, puzzle="macmahon", daily=TODAY,
                                                           ranked=True)
    run(scenario())


def test_a_second_connection_takes_the_run_over_from_a_half_open_one(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            old, token = await player(url, "Ann")
            await start(old, token)
            new = await RaceClient.connect(url)
            assert (await start(new, token))["seq"] == 0
            with pytest.raises(Exception):
                await old.recv(5)                 # the old connection was cut
    run(scenario())


def test_forged_tokens_are_refused_as_failed_joins(tmp_path):
    async def scenario():
        async with desk(tmp_path, join_failures=1, join_delay=0.01) as (server, url, store):
            client, token = await player(url, "Ann")
            forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
            for _ in range(3):
                assert "no such player on this server" == await error(
                    client, "daily", token=forged, puzzle="genius", daily=TODAY, ranked=True)
            assert len(server.admission.failures["127.0.0.1"]) == 3          # counted as failed joins (delayed)
            assert "no such player" in await error(client, "groups", token=forged)
    run(scenario())


def in_a_run(tmp_path, check, puzzle: str = "genius") -> None:
    """Ann in today's ranked run of `puzzle` on a fresh desk: check(client, token, its `run`, store)."""
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, token = await player(url, "Ann")
            await check(client, token, await start(client, token, puzzle), store)
    run(scenario())


def test_moves_out_of_order_or_outside_the_rules_are_refused_unkept(tmp_path):
    async def check(client, token, began, store):
        moves = day_solution(began)
        await play(client, moves[:1])
        board = execute(Position.parse(began["start"]), moves[0]).notation()
        for seq, move, why in [(1, moves[0], "out of order"), (5, moves[1], "out of order"),
                               (2, "1:" + began["start"][:2], "blocker"),
                               (2, "9-Z:A1", "")]:
            await client.send("move", seq=seq, move=move)
            refused = await client.until("refused")
            assert refused["seq"] == seq and why in refused["reason"] and refused["position"] == board
        assert store.moves(store.ranked_run(1, "genius", TODAY).id) == tuple(moves[:1])   # nothing refused is kept
    in_a_run(tmp_path, check)


def test_a_player_in_a_daily_run_cannot_make_a_room(tmp_path):
    async def check(client, token, began, store):
        assert "in a daily run" in await error(client, "create", name="Ann", dice="default", level="any")
    in_a_run(tmp_path, check)


def test_only_numbers_that_are_today_somewhere_are_accepted(tmp_path):
    clock = Clock(TODAY, hour=12)
    assert accepted(clock()) == (TODAY, TODAY + 1)
    assert accepted(Clock(TODAY, hour=5)()) == (TODAY - 1, TODAY)

    async def scenario():
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            for number in (TODAY - 1, TODAY + 2, 99_999):
                assert f"daily #{number} is not today's anywhere (this server takes #330 to #331 now)" == await error(
                    client, "daily", token=token, puzzle="genius", daily=number, ranked=True)
            assert "not today's" in await error(client, "daily", token=token, puzzle="genius", daily=TODAY + 2,
                                                ranked=False)
            assert store.counts()["runs"] == 0
            old = await start(client, token, "macmahon", 10, ranked=False)   # an old day, unranked
            assert old["daily"] == 10 and old["ranked"] is False
            await client.send("leave")
            assert (await start(client, token, "genius", TODAY + 1))["daily"] == TODAY + 1
    run(scenario())


def test_a_macmahon_run_keeps_strict_rules(tmp_path):
    async def check(client, token, began, store):
        await client.send("move", seq=1, move=day_solution(began)[0] + "!")
        assert "strict rules" in (await client.until("refused"))["reason"]
    in_a_run(tmp_path, check, "macmahon")


def test_a_macmahon_run_keeps_its_given_tiles(tmp_path):
    async def check(client, token, began, store):
        start_board = TilePosition.parse(began["start"])
        first_given = next(c for c, v in enumerate(start_board.cells) if v is not None)
        await client.send("move", seq=1, move="-" + start_board.board.cell_name(first_given))
        refused = await client.until("refused")
        assert "is given" in refused["reason"] and refused["position"] == began["start"]
        assert store.ranked_run(1, "macmahon", TODAY).seq == 0
    in_a_run(tmp_path, check, "macmahon")


def test_a_run_faster_than_a_person_is_held_out_of_the_standings(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            bot, bot_token = await player(url, "Bot")
            moves = day_solution(await start(bot, bot_token))
            await play(bot, moves, clock, step=0.001)                  # 9 moves in 9 ms
            done = await bot.until("done")
            assert done["flagged"] is True and done["place"] is None and done["of"] == 0
            assert done["status"] == "held" and done["ms"] < 100
            board = await standings(bot, token=bot_token)
            assert board["total"] == 0 and board["rows"] == []
            assert board["you"] == {"place": None, "ms": done["ms"], "runs": 1, "flagged": True, "status": "held"}
    run(scenario())


def test_quick_hands_after_slow_thinking_are_flagged(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            person, token = await player(url, "Ann")
            moves = day_solution(await start(person, token))
            clock.tick(2.0)                                            # slow thinking, then quick hands:
            await play(person, moves, clock, step=0.1)                 # over 3.6 s, but 100 ms a move
            assert (await person.until("done"))["flagged"] is True
    run(scenario())


def test_groups_show_standings_among_their_members_only(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            clients = {}
            for name in ("Ann", "Bob", "Cy"):
                clients[name] = await player(url, name)
            (ann, ann_token), (bob, bob_token), (cy, cy_token) = clients.values()
            await ann.send("group_create", token=ann_token, name="Family")
            group = await ann.until("group")
            assert group["name"] == "Family" and group["members"] == 1 and len(group["group"]) == 8
            await bob.send("group_join", token=bob_token, group=group["group"])
            assert (await bob.until("group"))["members"] == 2
            for i, (client, token) in enumerate(clients.values()):
                moves = day_solution(await start(client, token))
                await play(client, moves, clock, step=1.0 + i)
                await client.until("done")
            among = await standings(ann, group=group["group"], token=ann_token)
            assert [r["name"] for r in among["rows"]] == ["Ann", "Bob"] and among["total"] == 2
            assert (await standings(cy))["total"] == 3
            assert "members" in await error(cy, "standings", puzzle="genius", daily=TODAY, days=1,
                                            group=group["group"], token=cy_token, offset=0, limit=20)
            assert "no group with that code" == await error(cy, "group_join", token=cy_token, group="ABCDEFGH")
            await bob.send("groups", token=bob_token)
            assert (await bob.until("groups"))["groups"] == [{"group": group["group"], "name": "Family", "members": 2}]
            await bob.send("group_leave", token=bob_token, group=group["group"])
            assert (await bob.until("groups"))["groups"] == []
            assert [r["name"] for r in (await standings(ann, group=group["group"], token=ann_token))["rows"]] == ["Ann"]
    run(scenario())


def test_a_weeks_standings_order_players_by_runs_then_total_time(tmp_path):
    async def scenario():
        clock = Clock(TODAY - 1)
        async with desk(tmp_path, clock) as (server, url, store):
            ann, ann_token = await player(url, "Ann")
            bob, bob_token = await player(url, "Bob")
            for day, who in ((TODAY - 1, [(ann, ann_token, 3.0)]),
                             (TODAY, [(ann, ann_token, 3.0), (bob, bob_token, 1.0)])):
                for client, token, step in who:
                    moves = day_solution(await start(client, token, number=day))
                    await play(client, moves, clock, step=step)
                    await client.until("done")
                clock.tick(86400)
            week = await standings(bob, days=7, token=bob_token)
            assert [(r["place"], r["name"], r["runs"]) for r in week["rows"]] == [(1, "Ann", 2), (2, "Bob", 1)]
            assert week["rows"][0]["ms"] == 2 * 27_000 and week["you"]["runs"] == 1
            assert [r["name"] for r in (await standings(bob))["rows"]] == ["Bob", "Ann"]
    run(scenario())


def test_leaving_a_ranked_run_ends_it(tmp_path):
    async def check(client, token, began, store):
        await client.send("leave")
        assert "is over" in await error(client, "daily", token=token, puzzle="genius", daily=TODAY, ranked=True)
        assert store.ranked_run(1, "genius", TODAY).abandoned
    in_a_run(tmp_path, check)


def test_a_many_row_standings_answer_fits_one_frame(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, _ = await player(url, "Ann")
            for i in range(120):                       # names of 24 three-byte letters
                pid = store.add_player(f"{chr(0x4E00 + i) * 24}", bytes([i]) * 32, "x", 0).id
                r = store.start_run(pid, "genius", TODAY, True, 0)
                store.finish_run(r.id, 5000 + i, False)
            board = await standings(client, limit=100)
            assert board["total"] == 120 and 20 <= len(board["rows"]) < 100
            rest = await standings(client, offset=len(board["rows"]), limit=100)
            assert rest["rows"][0]["place"] == len(board["rows"]) + 1
    run(scenario())


def test_a_server_without_a_database_says_it_keeps_no_standings():
    from tests.net.race import serving

    async def scenario():
        async with serving() as (server, url):
            client = await RaceClient.connect(url)
            assert "keeps no standings" in await error(client, "register", name="Ann")
    run(scenario())


def test_boards_are_made_off_the_event_loop(tmp_path, monkeypatch):
    """While a day's board is being made, the server answers others at once."""
    import threading
    from game.net import daily
    release = threading.Event()
    made = daily.make_board

    def slow(puzzle, number, secret=None):
        release.wait(10)
        return made(puzzle, number, secret)
    monkeypatch.setattr(daily, "make_board", slow)

    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, ann_token = await player(url, "Ann")
            await ann.send("daily", token=ann_token, puzzle="genius", daily=TODAY, ranked=True)
            bob, _ = await player(url, "Bob")                  # answered while Ann's board is made
            assert (await standings(bob))["total"] == 0
            release.set()
            assert (await ann.until("run"))["seq"] == 0
    run(scenario())


async def serve_process(db) -> tuple[asyncio.subprocess.Process, str]:
    """A real `squarewise serve` on 127.0.0.1 (any free port) with the database `db`: (process, url)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "serve", "--port", "0", "--db", str(db),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
    assert line.startswith("squarewise: race server on ws://127.0.0.1:"), line
    return process, line.split()[4]


async def killed(process) -> None:
    process.kill()
    await asyncio.wait_for(process.wait(), 10)


def test_a_server_killed_mid_run_or_just_after_a_finish_loses_no_run(tmp_path):
    """SIGKILL while Bob's ranked run is open and just after finishes: Ann's finished run and
    Bob's moves are in the database; Bob resumes on the restarted server with his board and
    the clock run on; nothing recorded is lost."""
    db = tmp_path / "standings.sqlite3"
    today = daily_number(dt.datetime.now(dt.timezone.utc).date())

    async def scenario():
        process, url = await serve_process(db)
        try:
            ann, ann_token = await player(url, "Ann")
            moves = day_solution(await start(ann, ann_token, number=today))
            await play(ann, moves)
            ann_done = await ann.until("done")
            bob, bob_token = await player(url, "Bob")
            began = await start(bob, bob_token, number=today)
            before = await play(bob, moves[:4])
            await killed(process)
            process, url = await serve_process(db)
            bob = await RaceClient.connect(url)
            resumed = await start(bob, bob_token, number=today)
            assert resumed["seq"] == 4 and resumed["start"] == began["start"]
            board = Position.parse(began["start"])
            for move in moves[:4]:
                board = execute(board, move)
            assert resumed["position"] == board.notation()
            assert resumed["elapsed_ms"] >= before[-1]["ms"]
            await play(bob, moves[4:], first_seq=5)
            bob_done = await bob.until("done")
            await killed(process)
            return ann_done, bob_done
        finally:
            if process.returncode is None:
                await killed(process)

    ann_done, bob_done = run(scenario(), 60)
    store = Store(db)
    try:
        runs = [store.ranked_run(p, "genius", today) for p in (1, 2)]
        assert [r.ms for r in runs] == [ann_done["ms"], bob_done["ms"]]
        assert [r.flagged for r in runs] == [ann_done["flagged"], bob_done["flagged"]]
        first = make_board("genius", today, store.secret).start.notation()      # the server's own deal
        for r in runs:
            check_solved("genius", first, replayed(store, r.id, first))
    finally:
        store.close()


# --- bounds (issue 34): a move cap, a ranked run's day, its board stored, unranked runs never stored,
# today's boards pinned


def test_a_run_takes_at_most_max_run_moves(tmp_path, monkeypatch):
    monkeypatch.setattr(daily_desk, "MAX_RUN_MOVES", 4)

    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, token = await player(url, "Ann")
            moves = day_solution(await start(client, token))
            await play(client, moves[:4])
            await client.send("move", seq=5, move=moves[4])
            refused = await client.until("refused")
            assert refused["seq"] == 5 and refused["reason"] == "a run takes at most 4 moves: leave it"
            assert store.ranked_run(1, "genius", TODAY).seq == 4
    run(scenario())


def test_a_ranked_run_ends_with_its_day(tmp_path):
    """A ranked run lives while its number is today's somewhere: a move after that is refused,
    and the run is over, unplaced."""
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            moves = day_solution(await start(client, token))
            await play(client, moves[:2], clock)
            clock.now = Clock(TODAY + 1, hour=12).now - 0.001     # UTC-12 is still on #330 ...
            await play(client, moves[2:3], clock=None, first_seq=3)
            clock.tick(0.001)                                     # ... and now nowhere is
            await client.send("move", seq=4, move=moves[3])
            refused = await client.until("refused")
            assert "Genius #330 is no longer today's anywhere: the run is over, unplaced" == refused["reason"]
            assert store.ranked_run(1, "genius", TODAY).abandoned
            assert "not today's anywhere" in await error(client, "daily", token=token, puzzle="genius", daily=TODAY,
                                                         ranked=True)
    run(scenario())


def test_a_resume_reads_the_stored_board_without_replaying(tmp_path, monkeypatch):
    played = []
    execute_move = daily_desk.Board.execute

    def counted(self, position, move):
        played.append(move)
        return execute_move(self, position, move)
    monkeypatch.setattr(daily_desk.Board, "execute", counted)

    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, token = await player(url, "Ann")
            began = await start(client, token)
            moves = day_solution(began)
            await play(client, moves[:5])
            await client.close()
            played.clear()
            back = await RaceClient.connect(url)
            resumed = await start(back, token)
            assert played == [] and resumed["seq"] == 5
            assert resumed["position"] == store.ranked_run(1, "genius", TODAY).position
            board = Position.parse(began["start"])
            for move in moves[:5]:
                board = execute(board, move)
            assert resumed["position"] == board.notation()
    run(scenario())


@pytest.mark.parametrize("damage", ["a move that cannot be replayed", "a board that is not the day's"])
def test_a_stored_run_that_cannot_be_loaded_is_refused_in_one_line_losing_nothing(tmp_path, damage):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            lines = []
            server.lines = lines.append
            client, token = await player(url, "Ann")
            run_id = store.start_run(1, "genius", TODAY, True, server.config.clock()).id
            if damage == "a move that cannot be replayed":      # as written by two servers on one database
                store.db.execute("INSERT INTO moves (run, seq, move) VALUES (?, 0, '9-Z:A1')", (run_id,))
                store.db.execute("UPDATE runs SET seq = 1 WHERE id = ?", (run_id,))
            else:
                store.db.execute("UPDATE runs SET seq = 1, position = 'A1A2A3A4A5A6B1' WHERE id = ?", (run_id,))
            kept = store.db.execute("SELECT * FROM runs").fetchall(), store.moves(run_id)
            before = len(lines)
            reason = await error(client, "daily", token=token, puzzle="genius", daily=TODAY, ranked=True)
            assert reason == "your ranked run of Genius #330 cannot be loaded; the server keeps it for its operator"
            assert len(lines[before:]) == 1 and f"ranked run not loaded: \"run {run_id}: " in lines[before]
            assert (store.db.execute("SELECT * FROM runs").fetchall(), store.moves(run_id)) == kept
            assert (await start(client, token, ranked=False))["ranked"] is False    # the connection goes on
    run(scenario())


def test_unranked_runs_are_never_stored(tmp_path):
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            client, token = await player(url, "Ann")
            moves = day_solution(await start(client, token, ranked=False))
            await play(client, moves, clock)
            assert (await client.until("done"))["ranked"] is False
            await start(client, token, puzzle="macmahon", number=3, ranked=False)
            await client.send("leave")
            await start(client, token, ranked=False)
            await client.close()
            assert store.counts()["runs"] == 0 and store.db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 0
    run(scenario())


def test_todays_boards_are_never_dropped_nor_refused_for_old_days(tmp_path, monkeypatch):
    """Old days' boards fill the cache and the maker's queue: today's board is made once, kept,
    and asked while four old ones are being made it is made, not refused busy."""
    import dataclasses
    import threading
    made, release = [], threading.Event()
    today = make_board("genius", TODAY)

    def maker(puzzle, number, secret=None):
        made.append(number)
        if number != TODAY:
            release.wait(10)
        return dataclasses.replace(today, number=number)
    monkeypatch.setattr(daily_desk, "make_board", maker)
    monkeypatch.setattr(daily_desk, "BOARDS_KEPT", 3)

    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, token = await player(url, "Ann")
            assert (await start(ann, token))["seq"] == 0
            await ann.send("leave")
            release.set()
            for number in (10, 11, 12, 13, 14):               # more old days than the cache keeps
                await start(ann, token, number=number, ranked=False)
                await ann.send("leave")
            release.clear()
            others = []
            for number in (20, 21, 22, 23):                    # four old boards being made
                other = await RaceClient.connect(url)
                await other.send("daily", token=token, puzzle="genius", daily=number, ranked=False)
                others.append(other)
            for _ in range(1000):                               # (each asks the reader for the token first)
                if sum(not f.done() for f in server.desk.boards.values()) == 4:
                    break
                await asyncio.sleep(0.01)
            bob, bob_token = await player(url, "Bob")
            await bob.send("daily", token=bob_token, puzzle="genius", daily=TODAY, ranked=True)
            assert (await bob.recv(10))["type"] == "run"       # today's board was kept: answered at once
            await bob.send("leave")
            await bob.send("daily", token=bob_token, puzzle="genius", daily=TODAY + 1, ranked=True)
            release.set()
            assert (await bob.until("run", timeout=10))["daily"] == TODAY + 1
            assert made.count(TODAY) == 1
    run(scenario())


def test_an_open_run_of_database_version_1_gets_its_board_stored_from_one_replay(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            client, token = await player(url, "Ann")
            board = make_board("genius", TODAY)
            moves = day_solution({"puzzle": "genius", "start": board.start.notation(), "daily": TODAY})[:3]
            run_id = store.start_run(1, "genius", TODAY, True, server.config.clock()).id
            store.db.executemany("INSERT INTO moves (run, seq, move) VALUES (?, ?, ?)",
                                 [(run_id, k, m) for k, m in enumerate(moves)])
            store.db.execute("UPDATE runs SET seq = 3, dealt = 0 WHERE id = ?", (run_id,))  # as the migrations leave it
            resumed = await start(client, token)
            expected = board.start
            for move in moves:
                expected = execute(expected, move)
            assert resumed["seq"] == 3 and resumed["position"] == expected.notation()
            assert store.run(run_id).position == expected.notation()
            await play(client, day_solution(resumed)[3:4], first_seq=4)
    run(scenario())
