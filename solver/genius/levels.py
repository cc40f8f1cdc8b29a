"""Ten difficulty levels of Genius Square rolls, and fair draws of a roll of a chosen level.

The rolls of a dice set are ranked by their exact solution counts, most solutions first and,
among equal counts, lowest roll number first (solver/genius/numbers.py), and cut into ten
equal bands: the roll of rank r (0-based, of N) has level r * 10 // N + 1, so level 1 has the
most solutions and level 10 the fewest. That is the web Genius Square's rule (ties at a band
edge are split by roll number), so for the default dice a level means the same there and here.

A level is told by nine cuts, one per band edge: Cut(solutions, number) of the first roll of
levels 2..10. A roll with s solutions and number n is past a cut when s < cut.solutions, or
s == cut.solutions and n >= cut.number; its level is 1 + the number of cuts it is past.
- built-in dice: the cuts come from the exact count of every roll (count_table.py, shipped);
- any other set: estimated once per process from the counts of SAMPLE rolls drawn with the
  set's own seeded generator (seed SAMPLE_SEED), the same on every machine; an estimated cut
  has number 0, so a count equal to it takes the harder level. Unsolvable rolls are left out
  of the sample and belong to no level.

The four words are groups of levels: easy 1-2, medium 3-7, hard 8-9, very hard 10.

A draw is fair: `roll_at_level` rolls the dice (their own distribution, repeated faces and
all) again and again from a seeded stream and keeps the first roll of the level asked for:
rejection sampling, so within the level each roll comes up as often as the dice make it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

import numpy as np

from ..errors import SquarewiseError
from ..rng import stream
from ..user_number import number_or_none as typed_number
from .count_table import exact_counts
from .dice import DiceSet
from .numbers import number_or_none
from .search import count_board

COUNT = 10                    # levels 1 (most solutions) .. 10 (fewest)
GROUPS = {"easy": (1, 2), "medium": (3, 4, 5, 6, 7), "hard": (8, 9), "very hard": (10,)}
LEVELS = tuple(GROUPS)        # the words, easiest first
ANY = "any"
CHOICES = LEVELS + (ANY,)
SAMPLE = 200
SAMPLE_SEED = 20260101
MAX_TRIES = 20000
_MEMO_LIMIT = 2_000_000       # counted states kept between tries before the table is cleared


class Cut(NamedTuple):
    """The first roll of a level (2..10): its solution count and roll number."""
    solutions: int
    number: int


@dataclass(frozen=True)
class Draw:
    """A roll drawn at a level: its blocker cells (die order), solution count, level 1..10,
    tries, and roll number."""
    faces: tuple[int, ...]
    solutions: int
    level: int
    tries: int
    number: int | None          # None only for a hand-built set whose dice share cells

    @property
    def group(self) -> str:
        """The word of the draw's level: 'easy' .. 'very hard'."""
        return group_of(self.level)


def group_of(level: int) -> str:
    """The word naming the group of levels that `level` (1..10) belongs to."""
    return next(word for word, members in GROUPS.items() if level in members)


def band_edges(total: int) -> list[int]:
    """The ranks (0-based, most solutions first) where levels 2..10 begin among `total` rolls."""
    return [-(-k * total // COUNT) for k in range(1, COUNT)]


def rank_order(solutions: np.ndarray) -> np.ndarray:
    """Roll numbers ranked: most solutions first, lower number first among equal counts."""
    return np.lexsort((np.arange(len(solutions)), -np.asarray(solutions, dtype=np.int64)))


def levels_by_number(solutions: np.ndarray) -> np.ndarray:
    """The level (1..10) of every roll, given the solution count of every roll by number."""
    order = rank_order(solutions)
    out = np.empty(len(order), dtype=np.int8)
    out[order] = np.arange(len(order)) * COUNT // len(order) + 1
    return out


def thresholds(dice_set: DiceSet) -> tuple[Cut, ...]:
    """The nine cuts of the set's levels: exact for the dice of a built-in set (whatever the set
    is called), else estimated from a sample."""
    exact = exact_counts(dice_set)
    return _exact_cuts(dice_set.dice) if exact is not None else _estimated(dice_set.dice)


@lru_cache(maxsize=4)
def _exact_cuts(dice: tuple) -> tuple[Cut, ...]:
    counts = exact_counts(DiceSet("exact", dice))
    order = rank_order(counts)
    return tuple(Cut(int(counts[order[r]]), int(order[r])) for r in band_edges(len(counts)))


@lru_cache(maxsize=8)
def _estimated(dice: tuple) -> tuple[Cut, ...]:
    """Cuts from the counts of SAMPLE seeded rolls, counted in numeric order of their masks
    with one shared table (as roll_counts does: neighbouring boards share deep states)."""
    dice_set = DiceSet("sample", dice)
    masks = sorted(_mask(dice_set.roll(seed)) for seed in _seeds(SAMPLE_SEED, SAMPLE))
    memo: dict[int, int] = {}
    counts = sorted((n for n in (count_board(m, memo) for m in masks) if n), reverse=True)
    if not counts:
        raise SquarewiseError("no roll of this dice set in the sample is solvable: no levels")
    return tuple(Cut(counts[min(r, len(counts) - 1)], 0) for r in band_edges(len(counts)))


def level_for(solutions: int, number: int | None, cuts) -> int | None:
    """The level of a roll with this solution count and roll number (None: not a numbered roll,
    a count equal to a cut takes the harder level); None if it has no solution."""
    if solutions <= 0:
        return None
    return 1 + sum(solutions < cut.solutions
                   or (solutions == cut.solutions and (number is None or number >= cut.number)) for cut in cuts)


def level_of(dice_set: DiceSet, blockers, solutions: int | None = None) -> int | None:
    """The level (1..10) of the board with these blockers among the set's rolls; None if it
    has no solution. The count is looked up (built-in dice), taken from `solutions`, or counted."""
    number = number_or_none(dice_set, blockers)
    exact = exact_counts(dice_set)
    if exact is not None and number is not None:
        solutions = int(exact[number])
    elif solutions is None:
        solutions = count_board(_mask(blockers), {})
    return level_for(solutions, number, thresholds(dice_set))


def check_level(level) -> str | int:
    """The level named: 1..10 (an int or its digits), a word (case and dashes forgiven:
    'very-hard') or 'any'; SquarewiseError listing them otherwise."""
    value = typed_number(str(level))            # the one rule for typed numbers
    if value is not None and 1 <= value <= COUNT:
        return value
    name = str(level).strip().lower().replace("-", " ").replace("_", " ")
    if name not in CHOICES:
        raise SquarewiseError(f"unknown level '{level}' (levels: 1..{COUNT}, {', '.join(CHOICES)})")
    return name


def members(level) -> tuple[int, ...]:
    """The levels 1..10 that a level choice stands for ('any': all of them)."""
    level = check_level(level)
    if level == ANY:
        return tuple(range(1, COUNT + 1))
    return (level,) if isinstance(level, int) else GROUPS[level]


def _seeds(seed: int, n: int):
    """The first `n` roll seeds of the stream from `seed` (splitmix64, the dice's own generator)."""
    return islice(stream(seed), n)


def _mask(faces) -> int:
    return sum(1 << c for c in set(faces))


def roll_at_level(dice_set: DiceSet, level, seed: int) -> Draw:
    """A roll of `level` (1..10, a word for a group of levels, or 'any'), the same for the same
    seed everywhere. 'any' is the seed's own roll (DiceSet.roll, as without a level) unless that
    one is unsolvable, then any solvable roll.

    SquarewiseError if MAX_TRIES rolls bring none of that level (a custom set may have none).
    """
    wanted = members(level)
    cuts = thresholds(dice_set)
    exact = exact_counts(dice_set)
    memo: dict[int, int] = {}

    def count(faces, number) -> int:
        if exact is not None:
            return int(exact[number])
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        return count_board(_mask(faces), memo)

    if check_level(level) == ANY:        # the seed's own roll when it is solvable: what `roll` and the game give
        faces = dice_set.roll(seed)
        number = number_or_none(dice_set, faces)
        n = count(faces, number)
        if n:
            return Draw(tuple(faces), n, level_for(n, number, cuts), 1, number)
    for tries, roll_seed in enumerate(_seeds(seed, MAX_TRIES), 1):
        faces = dice_set.roll(roll_seed)
        number = number_or_none(dice_set, faces)
        n = count(faces, number)
        got = level_for(n, number, cuts)
        if got in wanted:
            return Draw(tuple(faces), n, got, tries, number)
    raise SquarewiseError(f"no level '{level}' roll of dice set '{dice_set.name}' found in {MAX_TRIES} rolls")

