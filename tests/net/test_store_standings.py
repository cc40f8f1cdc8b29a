"""Standings ranked in memory (game/net/ranking.py) and kept as runs finish (issue 34, "Standings
cost what a page costs"): the same order and places as built from the store at any moment, a
ranking built once for every page after it, and the runs finished while it was being built
counted once."""
from __future__ import annotations

import asyncio
import random
import threading

from game.net.ranking import Ranking
from game.net.store import Store
from tests.net.desk import TODAY, Clock, day_solution, desk, play, player, standings, start
from tests.net.race import run


def fill(store: Store, rng: random.Random, players: int, days: range, share: float = 0.7) -> list:
    """Players with ranked runs on some of `days` (a few flagged, equal times often): their ids."""
    ids = [store.add_player(f"P{n}", bytes([n % 256, n // 256]) * 16, "x", 1.0).id for n in range(players)]
    for daily in days:
        for pid in ids:
            if rng.random() < share:
                started = rng.choice((100.0, 200.0, 300.0))
                run_id = store.start_run(pid, "genius", daily, True, started).id
                store.finish_run(run_id, rng.choice((5000, 6000, 7000, 8000)), rng.random() < 0.05)
    return ids


def test_a_ranking_kept_as_runs_finish_is_the_ranking_built_afresh(tmp_path):
    """Pages, places (ties shared), each player's row: a ranking built from the store, then told
    of every run finished after it, equals one built again from the store, for 1 and 7 days."""
    rng = random.Random(34)
    store = Store(tmp_path / "s.sqlite3")
    ids = fill(store, rng, 60, range(TODAY - 6, TODAY))
    kept = {days: store.totals("genius", TODAY - days + 1, TODAY) for days in (1, 7)}
    for pid in rng.sample(ids, 40):                 # today's runs, finished one by one
        started, ms = rng.choice((100.0, 200.0)), rng.choice((5000, 6000, 7000))
        run_id = store.start_run(pid, "genius", TODAY, True, started).id
        number = store.finish_run(run_id, ms, False)
        for ranking in kept.values():
            ranking.add(pid, f"P{pid - 1}", ms, started + ms / 1000)
            assert ranking.mark < number
    for days, ranking in kept.items():
        fresh = store.totals("genius", TODAY - days + 1, TODAY)
        assert ranking.keys == fresh.keys
        assert ranking.page(0, 100) == fresh.page(0, 100) and ranking.page(17, 5) == fresh.page(17, 5)
        assert [ranking.row(p) for p in ids] == [fresh.row(p) for p in ids]
        total, rows = fresh.page(0, 100)
        assert total == len(rows) > 20 and rows[0].place == 1
        for before, after in zip(rows, rows[1:]):      # the order, and equal runs and time share a place
            assert (-before.runs, before.ms) <= (-after.runs, after.ms)
            assert (after.place == before.place) == ((before.runs, before.ms) == (after.runs, after.ms))
    store.close()


def four_runners() -> Ranking:
    return Ranking([(1, "Ann", 2, 9000, 50.0), (2, "Bob", 2, 9000, 40.0), (3, "Cy", 3, 20000, 60.0),
                    (4, "Dee", 1, 1000, 10.0)])


def test_places_follow_the_rules_with_ties_to_the_first_finisher():
    ranking = four_runners()
    assert ranking.page(0, 10) == (4, [ranking.row(3), ranking.row(2), ranking.row(1), ranking.row(4)])
    assert [(r.place, r.name, r.runs, r.ms) for r in ranking.page(0, 10)[1]] == [
        (1, "Cy", 3, 20000), (2, "Bob", 2, 9000), (2, "Ann", 2, 9000), (4, "Dee", 1, 1000)]
    assert ranking.row(None) is None


def test_a_finished_run_moves_its_player_up_at_once():
    ranking = four_runners()
    ranking.add(4, "Dee", 2000, 70.0)            # a second run: Dee ahead of Ann and Bob (less time)
    assert ranking.row(4).place == 2 and ranking.row(1).place == 3


def test_a_31_day_ranking_is_kept_up_to_date_from_one_build(tmp_path, monkeypatch):
    """Two 31-day standings cost one build; a run finished after it shows at once, without another."""
    built = []
    totals = Store.totals

    def counted(self, *args):
        built.append(args)
        return totals(self, *args)
    monkeypatch.setattr(Store, "totals", counted)

    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            fill(store, random.Random(1), 30, range(TODAY - 30, TODAY))
            client, token = await player(url, "Ann")
            first = await standings(client, days=31, token=token, limit=100)
            again = await standings(client, days=31, token=token, offset=5, limit=5)
            assert len(built) == 1 and first["total"] == 30 and again["rows"] == first["rows"][5:10]
            assert first["you"] is None
            moves = day_solution(await start(client, token))
            await play(client, moves, clock)
            done = await client.until("done")
            after = await standings(client, days=31, token=token, limit=100)
            assert len(built) == 1 and after["total"] == 31
            assert after["you"] == {"place": next(r["place"] for r in after["rows"] if r["name"] == "Ann"),
                                    "ms": done["ms"], "runs": 1, "flagged": False, "status": "placed"}
            reference = store.standings("genius", TODAY, days=31, limit=100)
            assert [(r["place"], r["name"], r["ms"], r["runs"]) for r in after["rows"]] == \
                [(r.place, r.name, r.ms, r.runs) for r in reference[1]]
    run(scenario())


def test_runs_finished_while_a_ranking_is_built_are_counted_once(tmp_path, monkeypatch):
    """The ranking is read from the store, then held back; meanwhile Bob finishes today's run.
    The answer (and every one after) counts Bob's run exactly once."""
    read, release = threading.Event(), threading.Event()
    totals = Store.totals

    def held(self, *args):
        ranking = totals(self, *args)
        read.set()
        release.wait(10)
        return ranking
    monkeypatch.setattr(Store, "totals", held)

    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            ann, ann_token = await player(url, "Ann")
            bob, bob_token = await player(url, "Bob")
            moves = day_solution(await start(ann, ann_token))
            await play(ann, moves, clock)
            await ann.until("done")
            await ann.send("standings", puzzle="genius", daily=TODAY, days=7, group=None, token=None, offset=0,
                           limit=20)
            assert await asyncio.to_thread(read.wait, 10)
            await start(bob, bob_token)
            await play(bob, moves, clock, step=2.0)
            await bob.until("done")
            release.set()
            week = await ann.until("standings")
            assert [(r["name"], r["runs"]) for r in week["rows"]] == [("Ann", 1), ("Bob", 1)]
            assert [(r["name"], r["runs"]) for r in (await standings(bob, days=7))["rows"]] == [("Ann", 1), ("Bob", 1)]
    run(scenario())
