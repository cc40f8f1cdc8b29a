"""Difficulty levels of Genius Square rolls, and fair draws of a roll of a chosen level.

A roll's level comes from its number of solutions against the quantiles of the solution
counts of all rolls of its dice set: "very hard" up to the 5th percentile, "hard" up to the
25th, "medium" up to the 75th, "easy" above. So about 5%, 20%, 50% and 25% of the distinct
rolls fall in each level (ties at a boundary go to the harder level).

Where the quantiles come from:
- the built-in sets: exact, from the count of every distinct roll by
  `squarewise genius roll-counts --dice NAME --json` (its "percentiles"), copied into EXACT
  below (docs/census.md, docs/genius.md);
- any other set: estimated once per process from the counts of SAMPLE rolls drawn with the
  set's own seeded generator (seed SAMPLE_SEED), so the estimate is the same on every machine.
  About 2 s on a quiet machine; the unsolvable rolls of a custom set are left out of the sample and of every level.

A draw is fair: `roll_at_level` rolls the dice (their own distribution, repeated faces and
all) again and again from a seeded stream and keeps the first roll whose level is the one
asked for; that is rejection sampling, so the roll is distributed over the rolls of the level
exactly as the dice distribute them. Each try is one solution count (a few ms to 40 ms).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

import numpy as np

from ..errors import SquarewiseError
from ..rng import stream
from .dice import DiceSet, builtin
from .search import count_board

LEVELS = ("easy", "medium", "hard", "very hard")
ANY = "any"
CHOICES = LEVELS + (ANY,)
PERCENTILES = (5, 25, 75)  # the upper bounds of "very hard", "hard" and "medium"
# exact 5th, 25th and 75th percentiles over every distinct roll (roll-counts --json)
EXACT = {
    "default": (266.0, 715.0, 2414.0),        # 62,208 rolls
    "alternative": (142.0, 419.0, 1498.0),    # 93,750 rolls (41 minutes on one process)
}
SAMPLE = 200
SAMPLE_SEED = 20260101
MAX_TRIES = 20000
_MEMO_LIMIT = 2_000_000  # counted states kept between tries before the table is cleared


@dataclass(frozen=True)
class Draw:
    """A roll drawn at a level: its blocker cells (die order), solution count, level and tries."""
    faces: tuple[int, ...]
    solutions: int
    level: str
    tries: int


def thresholds(dice_set: DiceSet) -> tuple[float, float, float]:
    """The 5th, 25th and 75th percentiles of the solution counts of the set's rolls: exact for
    the dice of a built-in set (whatever the set is called), else estimated."""
    exact = _exact_by_dice().get(dice_set.dice)
    return exact if exact is not None else _estimated(dice_set.dice)


@lru_cache(maxsize=None)
def _exact_by_dice() -> dict[tuple, tuple[float, float, float]]:
    return {builtin(name).dice: quantiles for name, quantiles in EXACT.items()}


@lru_cache(maxsize=8)
def _estimated(dice: tuple) -> tuple[float, float, float]:
    """The quantiles of SAMPLE seeded rolls of the dice, counted in numeric order of their
    masks with one shared table (as roll_counts does: neighbouring boards share deep states)."""
    dice_set = DiceSet("sample", dice)
    masks = sorted(_mask(dice_set.roll(seed)) for seed in _seeds(SAMPLE_SEED, SAMPLE))
    memo: dict[int, int] = {}
    counts = [n for n in (count_board(m, memo) for m in masks) if n]
    if not counts:
        raise SquarewiseError("no roll of this dice set in the sample is solvable: no levels")
    return tuple(float(q) for q in np.percentile(counts, PERCENTILES))


def level_of(solutions: int, dice_set: DiceSet) -> str | None:
    """The level of a roll with this many solutions among the set's rolls; None if unsolvable."""
    if solutions <= 0:
        return None
    very_hard, hard, medium = thresholds(dice_set)
    if solutions <= very_hard:
        return "very hard"
    if solutions <= hard:
        return "hard"
    if solutions <= medium:
        return "medium"
    return "easy"


def check_level(level: str) -> str:
    """The level named (case and dashes forgiven: 'very-hard'), or SquarewiseError listing them."""
    name = level.strip().lower().replace("-", " ").replace("_", " ")
    if name not in CHOICES:
        raise SquarewiseError(f"unknown level '{level}' (levels: {', '.join(CHOICES)})")
    return name


def _seeds(seed: int, n: int):
    """The first `n` roll seeds of the stream from `seed` (splitmix64, the dice's own generator)."""
    return islice(stream(seed), n)


def _mask(faces) -> int:
    return sum(1 << c for c in faces)


def _count(faces, memo: dict[int, int]) -> int:
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    return count_board(_mask(faces), memo)


def roll_at_level(dice_set: DiceSet, level: str, seed: int) -> Draw:
    """A roll of `level`, the same for the same seed everywhere. 'any' is the seed's own roll
    (DiceSet.roll, as without a level) unless that one is unsolvable, then any solvable roll.

    SquarewiseError if MAX_TRIES rolls bring none of that level (a custom set may have none).
    """
    level = check_level(level)
    memo: dict[int, int] = {}
    if level == ANY:        # the seed's own roll when it is solvable: what `roll` and the game give
        faces = dice_set.roll(seed)
        n = _count(faces, memo)
        if n:
            return Draw(tuple(faces), n, level_of(n, dice_set), 1)
    for tries, roll_seed in enumerate(_seeds(seed, MAX_TRIES), 1):
        faces = dice_set.roll(roll_seed)
        n = _count(faces, memo)
        got = level_of(n, dice_set)
        if got is not None and level in (ANY, got):
            return Draw(tuple(faces), n, got, tries)
    raise SquarewiseError(f"no '{level}' roll of dice set '{dice_set.name}' found in {MAX_TRIES} rolls")
