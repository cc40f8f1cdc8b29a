"""Tilings of one half of the Genius Square board (three rows of 18 cells), by dynamic programming.

The board is cut between rows C and D. Every piece of a tiling belongs to the half holding its
lowest cell (in board order, A1 first); a piece of the upper half may reach below the cut. The
tilings of a half are built cell by cell in that order, as numpy arrays of states, each state
one uint64 key with a multiplicity (the number of ways to reach it):

    bits  0..35  filled cells, relative to the half's first cell (the upper half's pieces may
                 fill cells of the lower half: its overflow; the lower half keeps a tag there)
    bits 36..53  the half's holes (blocker cells), or their number when hole sets are not kept
    bits 54..62  the pieces used (bit i = PIECES[i])

At each cell, the states whose lowest empty cell it is either take a blocker there or a
placement of an unused piece whose lowest cell it is; equal keys are then merged. A state
whose 18 cells are all filled is finished.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .pieces import PIECES, placements
from .board import mask

HALF = 18
HOLES, USED = np.uint64(36), np.uint64(54)
FIELD = np.uint64((1 << HALF) - 1)
LOW36 = np.uint64((1 << 36) - 1)
SLICE = 1 << 19  # states expanded at once (bounds the memory of one step)


@lru_cache(maxsize=None)
def _moves(lo: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """For each cell c of the half starting at cell `lo`: (piece bits, placement masks relative
    to lo) of every placement whose lowest cell is lo + c."""
    by_cell: list[list[tuple[int, int]]] = [[] for _ in range(HALF)]
    for i, piece in enumerate(PIECES):
        for cells in placements(piece):
            if lo <= min(cells) < lo + HALF:
                by_cell[min(cells) - lo].append((1 << i, mask(cells) >> lo))
    return tuple((np.array([b for b, _ in x], dtype=np.uint64), np.array([m for _, m in x], dtype=np.uint64))
                 for x in by_cell)


def lowest_empty(keys: np.ndarray) -> np.ndarray:
    """The lowest empty cell of the half in each key (HALF when all 18 are filled)."""
    filled = keys & FIELD
    return np.minimum(np.bitwise_count((~filled & (filled + np.uint64(1))) - np.uint64(1)), HALF).astype(np.int64)


def merge(keys: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Equal keys made one, their weights added; sorted by key."""
    order = np.argsort(keys)
    keys, weights = keys[order], weights[order]
    first = np.empty(len(keys), dtype=bool)
    first[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    at = np.flatnonzero(first)
    return keys[at], (np.add.reduceat(weights, at) if len(at) else weights)


def tile_half(starts: np.ndarray, lo: int, max_holes: int, hole_from: int = 0,
              keep_holes: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(keys, weights) of the finished states reachable from the `starts` keys (weight 1 each).

    The half holds cells lo..lo+17. A blocker may go on a cell c >= hole_from of the half
    while the state has fewer than `max_holes`; with keep_holes=False the hole field counts
    the blockers instead of naming them (far fewer states, for finding which states exist).
    """
    moves = _moves(lo)
    pending: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in range(HALF + 1)]
    _file(pending, np.asarray(starts, dtype=np.uint64), np.ones(len(starts)))
    for c in range(HALF):
        if not pending[c]:
            continue
        keys, weights = merge(*map(np.concatenate, zip(*pending[c])))
        pending[c] = []
        bits, masks = moves[c]
        cell = np.uint64(1 << c)
        hole = (cell << HOLES) if keep_holes else (np.uint64(1) << HOLES)
        for s in range(0, len(keys), SLICE):
            k, w = keys[s:s + SLICE], weights[s:s + SLICE]
            if c >= hole_from:
                field = (k >> HOLES) & FIELD
                room = (np.bitwise_count(field) if keep_holes else field) < max_holes
                _file(pending, (k[room] | cell) + hole, w[room])
            fit = ((k[:, None] & masks[None, :]) == 0) & (((k >> USED)[:, None] & bits[None, :]) == 0)
            row, col = np.nonzero(fit)
            _file(pending, k[row] | masks[col] | (bits[col] << USED), w[row])
    if not pending[HALF]:
        return np.zeros(0, dtype=np.uint64), np.zeros(0)
    return merge(*map(np.concatenate, zip(*pending[HALF])))


def _file(pending, keys: np.ndarray, weights: np.ndarray) -> None:
    """Put each state in the list of its lowest empty cell."""
    cells = lowest_empty(keys)
    for c in np.unique(cells):
        here = cells == c
        pending[c].append((keys[here], weights[here]))


def holes(keys: np.ndarray) -> np.ndarray:
    return (keys >> HOLES) & FIELD


def used(keys: np.ndarray) -> np.ndarray:
    return keys >> USED


def beyond(keys: np.ndarray) -> np.ndarray:
    """Bits 18..35 of the filled field: the upper half's overflow, or the lower half's tag."""
    return (keys & LOW36) >> np.uint64(HALF)
