"""Solution counts of every roll of a dice set, their distribution, and a difficulty label.

Each roll is counted with the engine's search.count_board, one table of counted states per
chunk of rolls. The rolls are taken in numeric order of their masks, so neighbouring boards
differ in their first cells and meet in the same deep states (a state is the set of free
cells, whatever the board), which is where the shared table pays.
"""
from __future__ import annotations

import statistics
from functools import lru_cache
from typing import Callable

import numpy as np

from ..grid import cell_name
from ..parallel import chunked, run_chunks
from .board import cells_of
from .dice import DiceSet, builtin, shown_name
from .levels import LEVELS, group_of, level_for, thresholds
from .numbers import product_masks
from .search import count_board

CHUNK = 1024
HARDEST = 10  # rolls listed as the hardest
PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)


def count_chunk(masks) -> list[int]:
    """The solution count of every board of a chunk (a worker's job), one table for the chunk."""
    memo: dict[int, int] = {}
    return [count_board(int(m), memo) for m in masks]


def roll_masks(dice_set: DiceSet) -> np.ndarray:
    """The blocker masks of every distinct roll, in numeric order."""
    return np.unique(product_masks([sorted(set(die)) for die in dice_set.dice]))


def counts(dice_set: DiceSet, jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
           cancelled=None) -> tuple[np.ndarray, np.ndarray] | None:
    """(roll masks, solution counts) for every distinct roll; None if cancelled."""
    masks = roll_masks(dice_set)
    parts = run_chunks(count_chunk, chunked(masks.tolist(), CHUNK), jobs, progress, cancelled)
    if parts is None:
        return None
    return masks, np.array([n for part in parts for n in part], dtype=np.int64)


LABELS = ("impossible",) + tuple(reversed(LEVELS))


def difficulty_label(solution_count: int) -> str:
    """A word for how hard a board of the default dice is, from its number of solutions alone:
    the group of its level (levels.py; a count equal to a level's first count takes the harder
    level, as the roll number that would break the tie is not known here)."""
    level = level_for(solution_count, None, _default_cuts())
    return "impossible" if level is None else group_of(level)


@lru_cache(maxsize=None)
def _default_cuts():
    return thresholds(builtin("default"))


def _names(mask: int) -> list[str]:
    return [cell_name(c) for c in cells_of(mask)]


def summary(dice_set: DiceSet, jobs: int | None = None, progress=None, cancelled=None) -> dict | None:
    """The distribution of solution counts over the rolls, as a JSON-ready dict."""
    done = counts(dice_set, jobs, progress, cancelled)
    return None if done is None else describe(dice_set.name, *done)


def describe(name: str, masks: np.ndarray, n: np.ndarray) -> dict:
    """The summary of the solution counts `n` of the rolls `masks`."""
    order = np.lexsort((masks, n))
    edges = [0, 1, 10, 100, 300, 1000, 3000, 10000, 30000, 100000]
    hist = np.histogram(n, bins=edges + [max(int(n.max()) + 1, edges[-1] + 1)])[0]
    return {
        "dice": name, "rolls": int(len(n)), "total_solutions": int(n.sum()),
        "min": int(n.min()), "median": float(statistics.median(n.tolist())), "max": int(n.max()),
        "mean": round(float(n.mean()), 1),
        "percentiles": {str(p): float(q) for p, q in zip(PERCENTILES, np.percentile(n, PERCENTILES))},
        "hardest": [{"blockers": _names(int(masks[i])), "solutions": int(n[i])} for i in order[:HARDEST]],
        "easiest": {"blockers": _names(int(masks[order[-1]])), "solutions": int(n[order[-1]])},
        "histogram": [{"from": lo, "below": hi, "rolls": int(k)}
                      for lo, hi, k in zip(edges, edges[1:] + [None], hist)],
        "labels": {label: int(sum(1 for x in n.tolist() if difficulty_label(x) == label)) for label in LABELS},
    }


def text(report: dict) -> str:
    """The summary as readable lines."""
    lines = [f"{shown_name(report['dice'])}: {report['rolls']:,} rolls, {report['total_solutions']:,} solutions in all",
             f"solutions per roll: min {report['min']:,}, median {report['median']:,.0f}, "
             f"mean {report['mean']:,}, max {report['max']:,}",
             "hardest rolls (fewest solutions):"]
    lines += [f"  {h['solutions']:>6,}  {' '.join(h['blockers'])}" for h in report["hardest"]]
    lines.append(f"easiest: {report['easiest']['solutions']:,}  {' '.join(report['easiest']['blockers'])}")
    lines.append("histogram (solutions per roll):")
    width = max(h["rolls"] for h in report["histogram"]) or 1
    for h in report["histogram"]:
        span = f"{h['from']:,}.." + (f"{h['below'] - 1:,}" if h["below"] else "")
        lines.append(f"  {span:>14} {h['rolls']:>7,} {'#' * round(40 * h['rolls'] / width)}")
    lines.append("labels: " + ", ".join(f"{k} {v:,}" for k, v in report["labels"].items()))
    return "\n".join(lines)
