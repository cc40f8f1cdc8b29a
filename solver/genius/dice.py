"""Dice sets: seven dice whose faces are cells; a roll puts one blocker on each die's face.

A die lists its faces; a face may repeat, which weights the roll but adds no new board. The
dice of one set must not share a cell (else a roll could put two blockers on one cell).
Rolls are reproducible everywhere: a seed drives splitmix64 (solver/rng.py), our own 64-bit generator, so the
result never depends on Python's `random` module or the platform.

File format (docs/interfaces.md): {"name": "...", "dice": [["A6", "F1", ...], ...]}.
"""
from __future__ import annotations

import json
from itertools import product
from pathlib import Path
from typing import Callable, Iterator

from ..atomic import write_text_atomic
from ..errors import SquarewiseError, excerpt, one_line
from ..safe_read import read_json
from ..grid import cell_name, parse_cell
from ..rng import MASK64, below, splitmix64  # noqa: F401  (splitmix64: dice.splitmix64 for callers)
from .board import cells_of, mask
from .search import is_solvable

DICE = 7
BUILTIN = ("default", "alternative")
MAX_DICE_BYTES = 1 << 20      # a dice file is a few hundred bytes; refuse anything over 1 MiB
MAX_SHOWN_NAME = 60           # characters of a set's name printed on a terminal

_FACES = {
    # the real game's dice, face by face in the order that numbers the rolls (solver/genius/numbers.py,
    # the same numbers as the web Genius Square); dice 4 and 7 repeat faces, the other five have six
    "default": (
        "A1 C1 D1 D2 E2 F3", "A2 B2 C2 A3 B1 B3", "C3 D3 E3 B4 C4 D4", "E1 F2 F2 B6 A5 A5",
        "A4 B5 C6 C5 D6 F6", "E4 F4 E5 F5 D5 E6", "F1 F1 F1 A6 A6 A6",
    ),
    # Jensen (2023), Theorem 5.3: also always solvable
    "alternative": (
        "A1 B2 C3 D4 E5 F6", "A2 B1 B3 C2 C4", "D3 D5 E4 E6 F5", "D1 E1 E2 F1 F2",
        "A5 A6 B5 B6 C6", "C1 D2 E3 F3 F4", "A3 A4 B4 C5 D6",
    ),
}


class DiceSet:
    """A named set of seven dice, each a tuple of its face cells (0..35)."""

    def __init__(self, name: str, dice):
        self.name = name
        self.dice = tuple(tuple(die) for die in dice)

    @property
    def label(self) -> str:
        """The name as printed (shown_name): a file's name never reaches a terminal raw."""
        return shown_name(self.name)

    def roll(self, seed: int) -> tuple[int, ...]:
        """The seven face cells, in die order, for this seed; the same on every machine.

        >>> from solver.grid import cell_name
        >>> [cell_name(c) for c in builtin("default").roll(7)]
        ['D1', 'A2', 'D4', 'B6', 'C6', 'F4', 'F1']
        """
        state = seed & MASK64
        out = []
        for die in self.dice:
            state, value = splitmix64(state)
            out.append(die[below(value, len(die))])
        return tuple(out)

    def rolls(self) -> Iterator[frozenset[int]]:
        """Every distinct blocker set, each once."""
        distinct = [sorted(set(die)) for die in self.dice]
        for faces in product(*distinct):
            yield frozenset(faces)

    def count(self) -> int:
        """The number of distinct rolls."""
        n = 1
        for die in self.dice:
            n *= len(set(die))
        return n

    def to_json(self) -> dict:
        return {"name": self.name, "dice": [[cell_name(c) for c in die] for die in self.dice]}

    def __eq__(self, other) -> bool:
        return isinstance(other, DiceSet) and (self.name, self.dice) == (other.name, other.dice)

    def __repr__(self) -> str:
        return f"DiceSet({self.name!r}, {self.count()} rolls)"


def shown_name(name: str) -> str:
    """A set's name made safe to print: escape sequences and other control characters escaped
    as in error messages (errors.one_line), cut to MAX_SHOWN_NAME characters."""
    return excerpt(one_line(name), MAX_SHOWN_NAME)


def builtin(name: str) -> DiceSet:
    """One of the built-in sets: 'default' (the real game's dice) or 'alternative' (Jensen's)."""
    if name not in _FACES:
        raise SquarewiseError(f"no built-in dice set '{name}' (built-in: {', '.join(BUILTIN)})")
    return DiceSet(name, [[parse_cell(f) for f in die.split()] for die in _FACES[name]])


def from_json(document, source: str) -> DiceSet:
    """A dice set from a parsed JSON document; errors name `source`, the die and the face."""
    if not isinstance(document, dict) or not isinstance(document.get("dice"), list):
        raise SquarewiseError(f"dice file '{source}': expected an object with a \"dice\" list")
    dice = document["dice"]
    if len(dice) != DICE:
        raise SquarewiseError(f"dice file '{source}': needs {DICE} dice, found {len(dice)}")
    name = document.get("name", _text_of(Path(source).stem))
    if not isinstance(name, str):
        raise SquarewiseError(f"dice file '{source}': \"name\" must be a string")
    owner: dict[int, int] = {}
    out = []
    for d, die in enumerate(dice, 1):
        if not isinstance(die, list) or not die:
            raise SquarewiseError(f"dice file '{source}': die {d} has no faces (expected a list of cells)")
        faces = []
        for f, face in enumerate(die, 1):
            if not isinstance(face, str):
                raise SquarewiseError(f"dice file '{source}': die {d} face {f} ({face!r}) is not a cell name")
            try:
                cell = parse_cell(face)
            except SquarewiseError as exc:
                raise SquarewiseError(f"dice file '{source}': die {d} face {f}: {exc}") from None
            if owner.setdefault(cell, d) != d:
                raise SquarewiseError(f"dice file '{source}': die {d} face {f} ({face}) is also on die {owner[cell]}")
            faces.append(cell)
        out.append(faces)
    return DiceSet(name, out)


def _text_of(file_name: str) -> str:
    """A file name as valid text: bytes that were not UTF-8 (lone surrogates here) become U+FFFD."""
    try:
        raw = file_name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = file_name.encode("utf-8", "surrogatepass")
    return raw.decode("utf-8", "replace")


def load(path) -> DiceSet:
    """A dice set from a JSON file; SquarewiseError naming the file, the die and the face."""
    return from_json(read_json(path, "dice file", MAX_DICE_BYTES), str(path))


def dumps(dice_set: DiceSet) -> str:
    """The set as the text of a dice file: one die per line."""
    doc = dice_set.to_json()
    dice = ",\n".join("    " + json.dumps(die) for die in doc["dice"])
    return f'{{\n  "name": {json.dumps(doc["name"])},\n  "dice": [\n{dice}\n  ]\n}}\n'


def save(dice_set: DiceSet, path) -> None:
    """Write the set as JSON atomically (solver.atomic)."""
    write_text_atomic(path, dumps(dice_set))


def resolve(name_or_path: str) -> DiceSet:
    """A built-in set by name, else the set in the JSON file at that path."""
    if name_or_path in BUILTIN:
        return builtin(name_or_path)
    return load(name_or_path)


def _unsolvable_masks(masks: list[int]) -> list[int]:
    """The blocker masks in the chunk whose boards cannot be tiled (a worker's job)."""
    known: dict[int, bool] = {}
    return [m for m in masks if not is_solvable(m, known)]


def verify(dice_set: DiceSet, jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None, chunk: int = 1296) -> list[frozenset[int]] | None:
    """The rolls of the set that cannot be solved (empty: every roll is solvable), on `jobs` processes.

    Returns None if `cancelled()` turned true.
    """
    masks = [mask(roll) for roll in dice_set.rolls()]
    from ..parallel import chunked, run_chunks       # a pool only where one runs
    results = run_chunks(_unsolvable_masks, chunked(masks, chunk), jobs, progress, cancelled)
    if results is None:
        return None
    return [frozenset(cells_of(m)) for part in results for m in part]
