"""Standings ranked in memory: players by runs finished (more first), then total time, then who
got there first; equal runs and time share a place.

A `Ranking` is built once from the store's totals of some days (game/net/store.py `totals`) and
then kept as runs finish (`add`), so a page costs what a page costs: a slice of a sorted list
and a binary search per row for its place, whatever the number of days or players. `Rankings`
is the daily desk's cache of them: built off the event loop, and exact while being built (the
runs finished meanwhile are added once it is in, by their finish numbers).
"""
from __future__ import annotations

import asyncio
from bisect import bisect_left, insort
from collections import OrderedDict
from dataclasses import dataclass

RANKINGS_KEPT = 8           # rankings kept built (the least recently asked goes first)


@dataclass(frozen=True)
class Row:
    place: int | None
    name: str
    ms: int
    runs: int
    flagged: bool = False           # left out of the standings ...
    status: str | None = None       # ... why: 'held' (under review), 'disqualified', 'barred'


class Ranking:
    """The players of some days' ranked, finished, unflagged runs, in standings order. `totals`
    are (player, name, runs, ms, last finish) rows; `mark` is the highest finish number among
    the runs they count (a run finished later has a higher one)."""

    def __init__(self, totals, mark: int = 0):
        self.names = {player: name for player, name, *_ in totals}
        self.of = {player: (-runs, ms, last, player) for player, _, runs, ms, last in totals}
        self.keys = sorted(self.of.values())
        self.mark = mark

    def add(self, player: int, name: str, ms: int, finish: float) -> None:
        """Count one more finished run of `player`: `ms` long, finished at `finish` (seconds)."""
        old = self.of.get(player)
        if old is None:
            key = (-1, ms, finish, player)
        else:
            del self.keys[bisect_left(self.keys, old)]
            key = (old[0] - 1, old[1] + ms, max(old[2], finish), player)
        self.of[player], self.names[player] = key, name
        insort(self.keys, key)

    def _row(self, key) -> Row:
        return Row(1 + bisect_left(self.keys, key[:2]), self.names[key[3]], key[1], -key[0])

    def page(self, offset: int, limit: int) -> tuple[int, list[Row]]:
        """(how many players are placed, the rows from `offset`, at most `limit`)."""
        return len(self.keys), [self._row(key) for key in self.keys[offset:offset + limit]]

    def row(self, player: int | None) -> Row | None:
        """`player`'s row, None if they have no run counted here."""
        key = self.of.get(player)
        return None if key is None else self._row(key)


class Rankings:
    """The rankings of (puzzle, first daily, last daily) asked lately, kept up to date."""

    def __init__(self, kept: int = RANKINGS_KEPT):
        self.kept = kept
        self.cache: OrderedDict[tuple, Ranking] = OrderedDict()
        self.building: dict[tuple, asyncio.Future] = {}
        self.journal: list[tuple] = []      # runs finished while a ranking was being built
        self.generation = 0                 # moved on when runs are dropped: rankings built before are not kept

    def get(self, key: tuple) -> Ranking | None:
        """The ranking of `key` if it is built."""
        ranking = self.cache.get(key)
        if ranking is not None:
            self.cache.move_to_end(key)
        return ranking

    async def ranking(self, key: tuple, build) -> Ranking:
        """The ranking of `key` = (puzzle, first, last): kept, or made by `build()` (a coroutine
        giving a Ranking of the store as it was, off the event loop), once for all who ask meanwhile."""
        ranking = self.get(key)
        if ranking is not None:
            return ranking
        future = self.building.get(key)
        if future is None:
            future = self.building[key] = asyncio.ensure_future(self._build(key, build))
            future.add_done_callback(lambda f: f.cancelled() or f.exception())   # said to whoever awaits it
        return await asyncio.shield(future)

    async def _build(self, key: tuple, build) -> Ranking:
        generation = self.generation
        try:
            ranking = await build()
        finally:
            del self.building[key]
            journal = self.journal
            if not self.building:
                self.journal = []
        for entry in journal:
            self._count(key, ranking, *entry)
        if generation == self.generation:
            self.cache[key] = ranking
            while len(self.cache) > self.kept:
                self.cache.popitem(last=False)
        return ranking

    @staticmethod
    def _count(key: tuple, ranking: Ranking, puzzle: str, daily: int, player: int, name: str, ms: int,
               finish: float, number: int) -> None:
        if key[0] == puzzle and key[1] <= daily <= key[2] and number > ranking.mark:
            ranking.add(player, name, ms, finish)

    def finished(self, puzzle: str, daily: int, player: int, name: str, ms: int, finish: float, number: int) -> None:
        """A ranked run was finished, unflagged, and committed with the finish number `number`."""
        entry = (puzzle, daily, player, name, ms, finish, number)
        for key, ranking in self.cache.items():
            self._count(key, ranking, *entry)
        if self.building:
            self.journal.append(entry)

    def clear(self) -> None:
        """Runs were dropped: forget every ranking (those being built are not kept)."""
        self.cache.clear()
        self.generation += 1
