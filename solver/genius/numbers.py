"""A number for every roll of a dice set: 0 .. count - 1, the same as the web Genius Square's.

Take the dice in their stored order, each with its distinct faces in first-seen order, and
read the number in mixed radix, the first die the fastest: face = faces[n mod size], then
n = n div size. For the default dice (solver/genius/dice.py stores them in the web game's
order) that is `A1 C1 D1 D2 E2 F3` / `A2 B2 C2 A3 B1 B3` / `C3 D3 E3 B4 C4 D4` /
`E1 F2 B6 A5` / `A4 B5 C6 C5 D6 F6` / `E4 F4 E5 F5 D5 E6` / `F1 A6`, numbers 0 to 62,207.

The dice of a set share no cell (dice.from_json refuses a file where they do), so each
blocker set that is a roll has exactly one number and each number one blocker set. A set
whose dice share a cell (possible only by building a DiceSet by hand) has no numbering:
roll_number refuses it rather than choose among several numbers.
"""
from __future__ import annotations

import numbers as _numeric
from typing import TYPE_CHECKING

from ..errors import SquarewiseError
from ..grid import cell_name
from ..user_number import number_or_none as typed_number

if TYPE_CHECKING:
    import numpy as np

    from .dice import DiceSet


def distinct_faces(dice_set: DiceSet) -> tuple[tuple[int, ...], ...]:
    """Each die's distinct faces in first-seen order: the digits of the numbering."""
    return tuple(tuple(dict.fromkeys(die)) for die in dice_set.dice)


def roll_from_number(dice_set: DiceSet, n: int) -> tuple[int, ...]:
    """The blocker cells of roll number `n`, in die order (SquarewiseError if out of range).

    >>> from solver.genius.dice import builtin
    >>> [cell_name(c) for c in roll_from_number(builtin("default"), 41233)]
    ['C1', 'C2', 'D4', 'B6', 'F6', 'F4', 'A6']
    """
    check_number(dice_set, n)
    cells = []
    for faces in distinct_faces(dice_set):
        n, digit = divmod(n, len(faces))
        cells.append(faces[digit])
    return tuple(cells)


def roll_number(dice_set: DiceSet, blockers) -> int:
    """The number of the roll showing these blocker cells (any order); SquarewiseError if they
    are not a roll of the set.

    >>> from solver.genius.dice import builtin
    >>> from solver.grid import parse_cell
    >>> roll_number(builtin("default"), [parse_cell(c) for c in "A6 F4 F6 B6 D4 C2 C1".split()])
    41233
    """
    cells = frozenset(blockers)
    digits = distinct_faces(dice_set)
    if len({c for faces in digits for c in faces}) != sum(map(len, digits)):
        raise SquarewiseError(f"dice set '{dice_set.name}' has dice sharing a cell: its rolls have no numbers")
    n = 0
    for faces in reversed(digits):
        shown = [i for i, c in enumerate(faces) if c in cells]
        if len(shown) != 1:
            break
        n = n * len(faces) + shown[0]
    else:
        if len(cells) == len(digits):
            return n
    raise SquarewiseError(f"{_names(cells)} is not a roll of dice set '{dice_set.name}'")


def number_or_none(dice_set: DiceSet, blockers) -> int | None:
    """roll_number, or None when the blockers are not a roll of the set."""
    try:
        return roll_number(dice_set, blockers)
    except SquarewiseError:
        return None


def check_number(dice_set: DiceSet, n: int) -> int:
    """`n` if it numbers a roll of the set, else SquarewiseError giving the range."""
    if isinstance(n, bool) or not isinstance(n, _numeric.Integral) or not 0 <= n < dice_set.count():
        raise SquarewiseError(f"roll number {n} is out of range: dice set '{dice_set.name}' numbers its "
                              f"rolls 0 to {dice_set.count() - 1:,}")
    return int(n)


def parse_number(text: str) -> int:
    """A roll number as typed in the game's ID field: '41233', '41,233' or '#41,233', by the one
    rule for typed numbers (user_number), spaces around a pasted one forgiven; range not checked."""
    value = typed_number(text.strip(), hash_sign=True)
    if value is None:
        raise SquarewiseError(f"'{text}' is not a roll number (expected digits, like 41233 or #41,233)")
    return value


def label(n: int) -> str:
    """How a roll number is shown: '#41,233'."""
    return f"#{n:,}"


def product_masks(groups) -> np.ndarray:
    """The blocker mask (uint64) of every choice of one cell per group, in product order: the
    first group's cell varies slowest (make-dice's seeded search relies on the order)."""
    import numpy as np        # only here: a one-shot command that names a roll needs no numpy
    masks = np.zeros(1, dtype=np.uint64)
    for cells in groups:
        bits = np.array([1 << c for c in cells], dtype=np.uint64)
        masks = (masks[:, None] | bits[None, :]).ravel()
    return masks


def masks_by_number(dice_set: DiceSet) -> np.ndarray:
    """The blocker mask of every roll, indexed by its number (the last die varies slowest)."""
    return product_masks(reversed(distinct_faces(dice_set)))


def _names(cells) -> str:
    return " ".join(cell_name(c) for c in sorted(cells))
