"""The fewest givens of every roll of a dice set (`genius min-pieces --all`).

A board's eight images under the square's symmetries need the same number of givens (a
pinning set's image pins the image), so each symmetry class of the set's rolls is searched
once, in the image that COST predicts the cheapest to sweep. Classes are cut into chunks,
searched on all cores (parallel.run_chunks) in rounds, each round saved to the checkpoint
(counts.Checkpoint: one uint32 array per chunk). The report then names rolls by their
numbers and maps examples back from the searched image to the roll.

COST: the sweep's size (shares.py: about 5,000 states for a bare roll, most in rows C-D)
depends on where the blockers lie in its cell order, by a factor of two between the images
of one board. log(states) is fitted by least squares as a sum of one weight per blocker
cell on the 8 images of 1,200 classes of the default dice (benchmarks/min_pieces.py
--orientations measures it): a blocker in the board's corners or first and last rows costs
most, one in rows B-D least. Searching the image of the least predicted cost sweeps 1.07
times the states of the best image (the smallest mask, census.canonical: 1.21 times).
The choice changes the time, never an answer.
"""
from __future__ import annotations

import hashlib
import statistics
import time
from typing import Callable

import numpy as np

from ..grid import cell_name, symmetries
from ..parallel import default_jobs, run_chunks
from . import census, counts
from .board import SIZE, cells_of
from .dice import DiceSet
from .min_pieces import moves, placed, search
from .numbers import masks_by_number
from .pieces import PIECES
from .position import Move, Position
from .search import solve
from .shares import tables as shares_tables

CHUNK = 256                  # classes per chunk of work (about 0.5-1 s on one core)
ROUND = 16                   # chunks per process between two checkpoint saves
MOST = len(PIECES) - 1       # eight givens always leave one finish
NONE = 0xFFFFFFFF
RECORD = 3 + MOST            # per class: pieces (NONE: no solution), solutions, singles, an example's ids
SHOWN = 10                   # rolls of the largest figure given with an example
COST = np.array([[1.09, 0.75, 0.69, 0.67, 0.70, 1.09],
                 [0.69, 0.43, 0.59, 0.56, 0.38, 0.61],
                 [0.54, 0.52, 0.48, 0.45, 0.47, 0.46],
                 [0.48, 0.50, 0.50, 0.55, 0.60, 0.57],
                 [0.66, 0.68, 0.81, 0.85, 0.83, 0.85],
                 [1.03, 0.90, 0.99, 1.02, 0.99, 1.08]]).ravel()


class Checkpoint(counts.Checkpoint):
    """Finished chunks' records, as counts.Checkpoint keeps units."""
    KIND = "genius-min-pieces"
    WHAT = "min-pieces"


def cheapest(boards: np.ndarray) -> np.ndarray:
    """The image of each board (blocker masks) that COST predicts the cheapest to sweep."""
    images = np.stack([census.image(boards, g) for g in range(len(symmetries(SIZE, SIZE)))])
    cost = np.zeros(images.shape)
    for cell, weight in enumerate(COST):
        cost += ((images >> np.uint64(cell)) & np.uint64(1)) * weight
    return images[np.argmin(cost, axis=0), np.arange(len(boards))]


def chunk_records(boards) -> np.ndarray:
    """The records of a chunk of class boards (a worker's job), flat uint32."""
    boards = np.asarray(boards, dtype=np.uint64)
    out = np.full((len(boards), RECORD), NONE, np.uint32)
    for row, found in zip(out, search(boards, np.zeros(len(boards), np.uint64))):
        row[1:3] = found.solutions, found.singles
        if found.pieces is not None:
            row[0] = found.pieces
            row[3:3 + len(found.sets[0])] = found.sets[0]
    return out.ravel()


def classes(dice_set: DiceSet) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the mask of every roll by number, its class's index, the class boards): a class board is
    the image of the class that is searched (cheapest); they are sorted, so that neighbouring
    boards share their last rows (and the sweeps their dead states)."""
    rolls = masks_by_number(dice_set)
    reps, index = np.unique(census.canonical(rolls), return_inverse=True)
    boards = cheapest(reps)
    order = np.argsort(boards)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return rolls, rank[index], boards[order]


def survey(dice_set: DiceSet, jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
           checkpoint=None, resume: bool = False, cancelled: Callable[[], bool] | None = None) -> dict | None:
    """The report over every roll of the set (None if cancelled)."""
    start = time.perf_counter()
    jobs = jobs or default_jobs()
    rolls, index, boards = classes(dice_set)
    chunks = [boards[i:i + CHUNK] for i in range(0, len(boards), CHUNK)]
    identity = {"boards": hashlib.sha256(boards.tobytes()).hexdigest()[:20], "chunk": CHUNK, "record": RECORD}
    state = Checkpoint(checkpoint, identity, [len(c) * RECORD for c in chunks], resume)
    todo = [i for i in range(len(chunks)) if i not in state.done]
    shares_tables()              # built once, before the workers fork
    per_round = jobs * ROUND
    for first in range(0, len(todo), per_round):
        batch = todo[first:first + per_round]
        step = (lambda done, _t, base=len(chunks) - len(todo) + first: progress(base + done, len(chunks))) \
            if progress else None
        results = run_chunks(chunk_records, [chunks[i] for i in batch], jobs, step, cancelled)
        if results is None:
            return None
        state.done.update(zip(batch, results))
        state.save()
    if progress and not todo:
        progress(len(chunks), len(chunks))
    records = np.concatenate([state.done[i] for i in range(len(chunks))]).reshape(-1, RECORD)
    report = describe(dice_set, rolls, index, boards, records)
    report.update(jobs=jobs, resumed_chunks=state.resumed, seconds=round(time.perf_counter() - start, 1))
    return report


def describe(dice_set: DiceSet, rolls: np.ndarray, index: np.ndarray, boards: np.ndarray, records: np.ndarray) -> dict:
    """The distribution over rolls and classes, the largest figure and its rolls, an example per figure."""
    pieces = records[:, 0].astype(np.int64)
    per_roll = pieces[index]
    solved = per_roll != NONE
    values = sorted(set(per_roll[solved].tolist()))
    solutions = records[index, 1].astype(np.int64)
    top = max(values) if values else None
    firsts = [int(np.flatnonzero(per_roll == v)[0]) for v in values]
    tops = np.flatnonzero(per_roll == top)[:SHOWN].tolist() if values else []
    return {
        "dice": dice_set.name, "rolls": len(rolls), "classes": len(boards),
        "unsolvable": int((~solved).sum()),
        "distribution": {str(v): int((per_roll == v).sum()) for v in values},
        "classes_distribution": {str(v): int((pieces == v).sum()) for v in values},
        "solutions": {str(v): _spread(solutions[per_roll == v]) for v in values},
        "maximum": None if top is None else {"pieces": top, "rolls": int((per_roll == top).sum()),
                                              "numbers": np.flatnonzero(per_roll == top).tolist()},
        "examples": [example(int(n), int(rolls[n]), int(boards[index[n]]), records[index[n]])
                     for n in sorted(set(firsts + tops))],
    }


def _spread(values: np.ndarray) -> dict:
    return {"min": int(values.min()), "median": float(statistics.median(values.tolist())), "max": int(values.max())}


def example(number: int, roll: int, searched, record: np.ndarray) -> dict:
    """Roll `number`'s example: its class's pinning set moved from the searched image onto the roll."""
    back = _back(roll, int(searched))
    given = tuple(Move(m.piece, frozenset(back[c] for c in m.cells))
                  for m in moves([int(q) for q in record[3:] if q != NONE]))
    board = Position.from_blockers(cells_of(roll))
    puzzle = placed(board, given)
    finish = solve(puzzle)
    return {"number": number, "blockers": [cell_name(c) for c in cells_of(roll)], "solutions": int(record[1]),
            "pieces": int(record[0]), "given": [m.notation() for m in given], "puzzle": puzzle.notation(),
            "finish": finish.notation()}


def _back(roll: int, image: int) -> list[int]:
    """The cell map from an image of the roll back to the roll (the inverse of the symmetry
    that takes the roll to that image)."""
    for g, (_, perm) in enumerate(symmetries(SIZE, SIZE)):
        if int(census.image(np.array([roll], np.uint64), g)[0]) == image:
            back = [0] * len(perm)
            for cell, image in enumerate(perm):
                back[image] = cell
            return back
    raise AssertionError("a roll is one of its representative's images")
