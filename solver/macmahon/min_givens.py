"""The fewest givens that fix a MacMahon solution.

A *given* is a tile on a cell with its turn, as it lies in a solution (with `rotation=False`:
the tile and the cell only). A set of givens is a *proper puzzle* when exactly one solution
contains them all; m(s) is the size of the smallest proper puzzle taken from solution s.

Two exact methods, sharing only the table of solutions:
- `fixed_by_subsets` (level by level, all solutions at once): for every set P of k cells,
  the solutions are grouped by their givens on P (numpy bincount of a key per solution);
  a solution alone in its group is fixed by k givens. m(s) is the first k that fixes s.
  Every k-subset is tried, so "not fixed by k - 1" is an exhaustive proof. Only one set per
  orbit under the board's cell symmetries is counted; the others follow by mapping the
  solutions (`solution_maps`), since agreement on P is agreement on g(P) after g.
- `smallest_puzzles` (one solution): G is proper exactly when it meets the cells where s
  differs from every other solution t, so m(s) is the size of the smallest hitting set of
  those difference sets. Only solutions agreeing with s on at least k cells can contain k
  givens of s; an exact branch search (branch on the smallest set not yet hit) finds every
  hitting set of size k, or proves there is none.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..parallel import run_chunks
from .position import Board, Position
from .search import solution_table
from .symmetry import group, position_from_codes

EMPTY = 255
LEVELS = 4             # subset sizes counted for all solutions at once; beyond, one search per class
CHUNKS = 24            # pieces of one level's subsets for the worker processes


def given_values(table: np.ndarray, rotation: bool = True) -> np.ndarray:
    """Per solution and cell, what a given fixes: the code (tile and turn) or the tile alone."""
    return table if rotation else table // 4


def dense(values: np.ndarray) -> tuple[np.ndarray, int]:
    """(per cell, a row of each solution's value ranked among the values seen in that cell;
    the most values seen in one cell), so that keys of k cells fit below base**k."""
    ranks = np.empty(values.shape[::-1], np.int64)
    for cell in range(values.shape[1]):
        _, ranks[cell] = np.unique(values[:, cell], return_inverse=True)
    return ranks, int(ranks.max()) + 1


def subset_orbits(board: Board, k: int) -> list[tuple[int, ...]]:
    """One k-set of cells per orbit under the board's cell symmetries (the smallest, sorted)."""
    perms = {tuple(int(c) for c in perm) for _, perm, _ in group(board)}
    out = []
    for subset in itertools.combinations(range(board.size), k):
        if all(tuple(sorted(perm[c] for c in subset)) >= subset for perm in perms):
            out.append(subset)
    return out


def solution_maps(board: Board, table: np.ndarray) -> np.ndarray:
    """(group order, solutions): row g holds the index of the image under g of each solution."""
    def rows(codes: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(codes).view(f"V{board.size}").ravel()

    order = np.argsort(rows(table))
    ordered = rows(table)[order]
    out = np.empty((len(group(board)), len(table)), np.int64)
    for g, (_, perm, code_map) in enumerate(group(board)):
        image = np.empty_like(table)
        image[:, perm] = code_map[table]
        out[g] = order[np.searchsorted(ordered, rows(image))]
    return out


def fixed_by_subsets(ranks: np.ndarray, base: int, subsets) -> np.ndarray:
    """Per solution, whether its givens on one of `subsets` are shared by no other solution
    (`ranks`, `base`: dense)."""
    fixed = np.zeros(ranks.shape[1], bool)
    for subset in subsets:
        key = ranks[subset[0]].copy()
        for cell in subset[1:]:
            key *= base
            key += ranks[cell]
        counts = np.bincount(key, minlength=base ** len(subset))
        fixed |= counts[key] == 1
    return fixed


class DifferenceSets:
    """Per solution s of a table of given values, the cells where s differs from each other
    solution, as masks, found through an index of the solutions by (cell, value)."""

    def __init__(self, values: np.ndarray):
        self.values = values
        self.count, self.size = values.shape
        self.order = [np.argsort(values[:, c], kind="stable") for c in range(self.size)]
        self.starts = [np.searchsorted(values[self.order[c], c], np.arange(257)) for c in range(self.size)]
        self.shifts = np.arange(0, self.size, 8, dtype=np.int64)

    def near(self, s: int) -> tuple[np.ndarray, np.ndarray]:
        """(the solutions t != s agreeing with s on some cell, on how many cells each)."""
        index = np.concatenate([self.order[c][self.starts[c][v]:self.starts[c][v + 1]]
                                for c, v in enumerate(self.values[s])])
        agree = np.bincount(index, minlength=self.count)
        agree[s] = 0
        near = np.flatnonzero(agree)
        return near, agree[near]

    def differences(self, s: int, others: np.ndarray) -> np.ndarray:
        """The masks of the cells where each of `others` differs from s."""
        packed = np.packbits(self.values[others] != self.values[s], axis=1, bitorder="little")
        return np.bitwise_or.reduce(packed.astype(np.int64) << self.shifts, axis=1)


def _hitting_sets(sets: np.ndarray, chosen: int, forbidden: int, budget: int):
    """Yield every set of cells, `chosen` plus at most `budget` more (none of `forbidden`),
    that meets each of `sets` (masks); each once."""
    sets = sets[(sets & chosen) == 0]
    if len(sets) == 0:
        yield chosen
        return
    if budget == 0:
        return
    free = sets & ~forbidden
    if budget == 1:
        common = int(np.bitwise_and.reduce(free))
        while common:
            bit = common & -common
            common ^= bit
            yield chosen | bit
        return
    branch = int(free[int(np.bitwise_count(free).argmin())])
    while branch:
        bit = branch & -branch
        branch ^= bit
        yield from _hitting_sets(sets, chosen | bit, forbidden, budget - 1)
        forbidden |= bit


def smallest_puzzles(diffs: DifferenceSets, s: int, lower: int = 1, limit: int | None = None
                     ) -> tuple[int | None, list[int]]:
    """(m(s), the proper puzzles of that size as masks of cells, all or the first `limit`)
    for solution `s`, given that none smaller than `lower` exists; (None, []) when no set of
    givens fixes s (another solution has the same givens on every cell)."""
    near, agree = diffs.near(s)
    if (agree == diffs.size).any():
        return None, []
    for k in range(lower, diffs.size + 1):
        sets = diffs.differences(s, near[agree >= k])     # fewer than k agreeing cells cannot hold k givens
        found = list(itertools.islice(_hitting_sets(sets, 0, 0, k), limit))
        if found:
            return k, found
    raise AssertionError("the whole solution is always a proper puzzle")


def cells_of(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def puzzle_position(board: Board, row: np.ndarray, mask: int) -> Position:
    """The solution `row` with only the cells of `mask` given."""
    codes = np.full(board.size, EMPTY, np.uint8)
    cells = cells_of(mask)
    codes[cells] = row[cells]
    return position_from_codes(board, codes)


@dataclass(frozen=True)
class MinGivens:
    """m for every solution (0 where no set of givens fixes it) and one proper puzzle of the
    minimum size per class that reaches it."""
    rotation: bool
    m: np.ndarray
    classes: np.ndarray            # per solution, the index of the first solution of its orbit
    examples: tuple[Position, ...]

    @property
    def minimum(self) -> int | None:
        found = self.m[self.m > 0]
        return int(found.min()) if len(found) else None

    def distribution(self, over_classes: bool = False) -> dict[int, int]:
        """m -> how many solutions (or classes) have it (0: none can be fixed)."""
        m = self.m[np.unique(self.classes)] if over_classes else self.m
        values, counts = np.unique(m, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}


@lru_cache(maxsize=2)
def _diffs(board: Board, rotation: bool) -> DifferenceSets:
    return DifferenceSets(given_values(solution_table(board), rotation))


@lru_cache(maxsize=2)
def _ranks(board: Board, rotation: bool) -> tuple[np.ndarray, int]:
    return dense(given_values(solution_table(board), rotation))


def _count(job: tuple[Board, bool, list[tuple[int, ...]]]) -> np.ndarray:
    """(board, rotation, subsets) -> fixed_by_subsets on the cached ranks."""
    board, rotation, subsets = job
    return fixed_by_subsets(*_ranks(board, rotation), subsets)


def _search(job: tuple[Board, bool, np.ndarray]) -> list[int]:
    """(board, rotation, solutions none of whose LEVELS givens fix) -> m of each (0: none)."""
    board, rotation, solutions = job
    return [smallest_puzzles(_diffs(board, rotation), int(s), LEVELS + 1, limit=1)[0] or 0 for s in solutions]


def min_givens(board: Board = Board(), rotation: bool = True, jobs: int | None = 1,
               progress=None, cancelled=None) -> MinGivens | None:
    """m(s) for every solution of `board`: subsets of up to LEVELS cells counted for all
    solutions, then one exact search per class still unfixed. `progress(done, total)` counts
    chunks of work. None if cancelled."""
    table = solution_table(board)
    maps = solution_maps(board, table)
    classes = maps.min(axis=0)
    _ranks(board, rotation)
    diffs = _diffs(board, rotation)          # both built before the workers fork, which then share them
    m = np.zeros(len(table), np.int8)
    stage = [0]

    def run(func, jobs_list):
        steps = LEVELS + 1
        report = None if progress is None else (
            lambda d, t: progress(stage[0] * CHUNKS + CHUNKS * d // max(t, 1), steps * CHUNKS))
        found = run_chunks(func, jobs_list, jobs=jobs, progress=report, cancelled=cancelled)
        stage[0] += 1
        return found

    for k in range(1, LEVELS + 1):
        found = run(_count, [(board, rotation, part) for part in _split(subset_orbits(board, k))])
        if found is None:
            return None
        fixed = np.logical_or.reduce(found)[maps].any(axis=0)       # a subset's images fix the images
        m[(m == 0) & fixed] = k
    reps = np.unique(classes[m == 0])
    found = run(_search, [(board, rotation, part) for part in _split(reps)])
    if found is None:
        return None
    for rep, size in zip(reps, itertools.chain.from_iterable(found)):
        m[classes == rep] = size
    examples = []
    minimum = int(m[m > 0].min()) if (m > 0).any() else None
    for rep in np.unique(classes[m == minimum]) if minimum else ():
        _, masks = smallest_puzzles(diffs, int(rep), minimum, limit=1)
        examples.append(puzzle_position(board, table[rep], masks[0]))
    return MinGivens(rotation, m, classes, tuple(examples))


def _split(items) -> list:
    """`items` in at most CHUNKS pieces, none empty."""
    step = max(1, -(-len(items) // CHUNKS))
    return [items[i:i + step] for i in range(0, len(items), step)]
