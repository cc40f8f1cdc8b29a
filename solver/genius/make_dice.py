"""Make new dice sets whose every roll is solvable, and prove it.

The rule for a made set: seven dice whose distinct cells partition the 36 cells with the real
game's sizes 2, 4, 6, 6, 6, 6, 6 (62,208 rolls); die 1's two cells share one checkerboard
colour and die 2's four cells the other, so no roll has all seven blockers on one colour.
Each die gets `faces` faces (at least 6); a die with fewer cells repeats them in turn
(2 cells on 6 faces: a b a b a b), as the real dice do.

The search is a min-conflicts local search over such partitions: a candidate's unsolvable
rolls are looked up at once in the census's set of unsolvable boards (a sorted numpy array
of every image of every unsolvable orbit representative); a random cell of a random bad roll
is swapped with a random cell of another die (colours kept on dice 1 and 2); a swap that
makes more rolls unsolvable is undone, and a run that stalls restarts. When no roll is bad
any more, every roll is decided again by the engine's own search (dice.verify), so the
printed set never rests on the cache alone.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import SquarewiseError
from . import census, dice
from .board import CELLS, DARK_CELLS, LIGHT_CELLS, cells_of, is_dark
from .roll_counts import product_masks

SIZES = (2, 4, 6, 6, 6, 6, 6)
MIN_FACES, MAX_FACES = max(SIZES), 60
STALL = 400        # swaps without a new best before a restart
MAX_CANDIDATES = 200_000


def unsolvable_boards(cache=None) -> np.ndarray:
    """Every unsolvable board (sorted uint64 masks), from the census cache's representatives."""
    reps = census.load_unsolvable(cache)
    return np.unique(np.concatenate([census.image(reps, g) for g in range(8)]))


def bad_rolls(groups, bad_boards: np.ndarray) -> np.ndarray:
    """The masks of the rolls that are unsolvable boards."""
    masks = product_masks(groups)
    if not len(bad_boards):
        return masks[:0]
    at = np.searchsorted(bad_boards, masks).clip(max=len(bad_boards) - 1)
    return masks[bad_boards[at] == masks]


def faces_of(cells, faces: int) -> list[int]:
    """A die's faces: its cells repeated in turn up to `faces` faces."""
    return [cells[i % len(cells)] for i in range(faces)]


@dataclass
class Made:
    dice_set: dice.DiceSet
    candidates: int        # partitions whose rolls were looked up
    rejected: int          # of those, the ones with an unsolvable roll
    restarts: int
    search_seconds: float
    verify_seconds: float

    def stats(self, seed: int) -> dict:
        return {"seed": seed, "rolls": self.dice_set.count(), "candidates": self.candidates,
                "rejected": self.rejected, "restarts": self.restarts,
                "search_seconds": round(self.search_seconds, 2), "verify_seconds": round(self.verify_seconds, 2)}

    def summary(self, seed: int) -> str:
        return (f"seed {seed}: {self.candidates} candidate sets looked up, {self.rejected} rejected, "
                f"{self.restarts} restarts, search {self.search_seconds:.1f} s; all "
                f"{self.dice_set.count()} rolls verified solvable by search in {self.verify_seconds:.1f} s")


def _start(rng: random.Random) -> list[list[int]]:
    one, two = (DARK_CELLS, LIGHT_CELLS) if rng.random() < 0.5 else (LIGHT_CELLS, DARK_CELLS)
    die1 = rng.sample(one, SIZES[0])
    die2 = rng.sample(two, SIZES[1])
    rest = [c for c in range(CELLS) if c not in die1 and c not in die2]
    rng.shuffle(rest)
    groups = [die1, die2]
    for size in SIZES[2:]:
        groups.append(rest[:size])
        rest = rest[size:]
    return groups


def _swap(groups, masks: np.ndarray, rng: random.Random) -> tuple[int, int, int, int]:
    """Swap a cell of a random bad roll with a cell of another die; returns (die, index, die, index)."""
    owner = {c: (d, i) for d, cells in enumerate(groups) for i, c in enumerate(cells)}
    roll = int(masks[rng.randrange(len(masks))])
    cell = rng.choice(cells_of(roll))
    d1, i1 = owner[cell]
    colour = is_dark(cell)
    while True:
        d2 = rng.randrange(len(groups))
        if d2 == d1:
            continue
        i2 = rng.randrange(len(groups[d2]))
        other = groups[d2][i2]
        if (d1 < 2 or d2 < 2) and is_dark(other) != colour:
            continue  # dice 1 and 2 keep their colour
        groups[d1][i1], groups[d2][i2] = other, cell
        return d1, i1, d2, i2


def search_partition(rng: random.Random, bad_boards: np.ndarray, cancelled=None) -> tuple[list[list[int]], int, int, int]:
    """(groups, candidates, rejected, restarts): a partition with no unsolvable roll per the cache.

    Every partition whose rolls are looked up is a candidate; one with an unsolvable roll is rejected.
    """
    candidates = rejected = restarts = 0

    def look_up(groups):
        nonlocal candidates, rejected
        if candidates >= MAX_CANDIDATES or (cancelled and cancelled()):
            raise SquarewiseError(f"no always-solvable dice found in {candidates} candidates")
        found = bad_rolls(groups, bad_boards)
        candidates += 1
        rejected += len(found) > 0
        return found

    while True:
        groups = _start(rng)
        bad = look_up(groups)
        best, stall = len(bad), 0
        while len(bad) and stall <= STALL:
            d1, i1, d2, i2 = _swap(groups, bad, rng)
            trial = look_up(groups)
            if len(trial) > len(bad):
                groups[d1][i1], groups[d2][i2] = groups[d2][i2], groups[d1][i1]
            else:
                bad = trial
            stall = 0 if len(bad) < best else stall + 1
            best = min(best, len(bad))
        if not len(bad):
            return groups, candidates, rejected, restarts
        restarts += 1


def check_faces(faces: int) -> None:
    if not MIN_FACES <= faces <= MAX_FACES:
        raise SquarewiseError(f"--faces must be between {MIN_FACES} and {MAX_FACES} "
                              f"(a die must hold up to {MIN_FACES} cells), got {faces}")


def make(seed: int, faces: int = 6, cache=None, jobs: int | None = None,
         progress: Callable[[int, int], None] | None = None, cancelled=None) -> Made:
    """A new always-solvable dice set from `seed`, verified roll by roll with the engine's search."""
    check_faces(faces)
    bad_boards = unsolvable_boards(cache)
    rng = random.Random(seed)
    start = time.perf_counter()
    groups, candidates, rejected, restarts = search_partition(rng, bad_boards, cancelled)
    searched = time.perf_counter() - start
    groups = [sorted(cells) for cells in groups]
    made = dice.DiceSet(f"made-{seed}", [faces_of(cells, faces) for cells in groups])
    start = time.perf_counter()
    wrong = dice.verify(made, jobs=jobs, progress=progress, cancelled=cancelled)
    if wrong is None:
        raise SquarewiseError("cancelled")
    if wrong:
        raise SquarewiseError(f"the census cache is wrong: {len(wrong)} rolls it calls solvable are not "
                              f"(regenerate it with: squarewise genius census --save {census.CACHE_NAME})")
    return Made(made, candidates, rejected, restarts, searched, time.perf_counter() - start)
