"""The exact solution count of every roll of the built-in dice sets, indexed by roll number.

The table ships as assets/census/roll_counts.npz: one array per built-in set ("default",
"alternative"), entry n the number of solutions of roll number n (solver/genius/numbers.py).
scripts/make_roll_counts.py makes it with roll_counts.counts (every roll counted by the
engine: about 6 minutes for the default dice, 40 for the alternative on one process);
tests/genius/test_count_table.py checks a sample of entries against fresh counts.
"""
from __future__ import annotations

import io
from functools import lru_cache

import numpy as np

from ..assets import asset_path
from ..atomic import write_bytes_atomic
from ..safe_npz import load_npz
from ..safe_read import read_bytes
from .dice import BUILTIN, DiceSet, builtin

TABLE = ("census", "roll_counts.npz")
MAX_TABLE_BYTES = 4 << 20      # the shipped table is a few hundred kB


def save(tables: dict[str, np.ndarray], path) -> None:
    """Write the tables compressed, each in the smallest unsigned type that holds it, atomically."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **{name: t.astype(np.min_scalar_type(int(t.max()))) for name, t in tables.items()})
    write_bytes_atomic(path, buffer.getvalue())


@lru_cache(maxsize=None)
def _shipped() -> dict[str, np.ndarray]:
    path = asset_path(*TABLE)
    def check(name: str, shape: tuple, dtype: np.dtype) -> str | None:
        if dtype.kind not in "ui" or dtype.itemsize > 8:
            return f"is not a table of counts (type {dtype})"
        rolls = builtin(name).count()
        return None if shape == (rolls,) else f"has the shape {shape}, expected ({rolls},): one count per roll"
    data = read_bytes(path, "roll count table", MAX_TABLE_BYTES)
    arrays = load_npz(data, f"roll count table '{path}'", lambda name: name in BUILTIN, check, 64 << 20)
    return {name: table.astype(np.int64) for name, table in arrays.items()}


def exact_counts(dice_set: DiceSet) -> np.ndarray | None:
    """The shipped counts by roll number if the set has the dice of a built-in set (whatever it
    is called) and the table has that set, else None."""
    name = _builtin_names().get(dice_set.dice)
    return None if name is None else _shipped().get(name)


@lru_cache(maxsize=None)
def _builtin_names() -> dict[tuple, str]:
    return {builtin(name).dice: name for name in BUILTIN}
