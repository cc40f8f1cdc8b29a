"""Counting and listing every solution of a board by meeting in the middle.

The board (in scan coordinates, see scan.py) is cut into a left half of `wl` columns and a
right half of `wr = w - wl`. Seen in a left-right mirror (which mirrors every tile, and the
mirrored set is the same set), the right half is itself a left half of width `wr`. So one
dynamic programme enumerates left halves, and a solution is a pair of half-boards that
agree on the colours of the middle seam and use complementary sets of tiles.

The dynamic programme fills cells column by column, top to bottom. A state packs, in one
int64, the used-tile bitmask, the right-hand colour of the last filled cell of every row
and the bottom colour of the last filled cell; states reached in several ways are merged
and counted (numpy sorting). A state is dropped when the unused tiles can no longer cover
the cells left on the border (tiles with a border-coloured side) or the corners.

Listing solutions keeps every layer, marks backwards the states that lead to a matched
half-board, then walks forwards along marked states only, so the work is proportional to
the number of half-boards that belong to solutions. The work is split by the colours of
the top two cells of the seam, one chunk per colour pair, spread over processes.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import SquarewiseError
from ..parallel import run_chunks
from .position import Board
from .scan import Scan, scan_for

MAX_STATE_BITS = 63


@dataclass(frozen=True)
class Layout:
    """Bit positions in a packed state."""
    ntiles: int
    h: int
    bits: int

    @property
    def full(self) -> int:
        return (1 << self.ntiles) - 1

    def prof(self, r: int) -> int:
        return self.ntiles + r * self.bits

    @property
    def down(self) -> int:
        return self.ntiles + self.h * self.bits


def _layout(scan: Scan) -> Layout:
    lay = Layout(scan.ntiles, scan.h, scan.bits)
    if lay.down + scan.bits > MAX_STATE_BITS:
        raise SquarewiseError(f"counting the {scan.board.header} board is not supported "
                              f"(too many tiles for the packed search)")
    return lay


class Stepper:
    """Extends states by one cell: every fitting orientation of every unused tile."""

    def __init__(self, scan: Scan, width: int, seam: tuple[int, ...]):
        self.scan, self.width, self.seam = scan, width, seam
        self.lay = _layout(scan)
        n = scan.board.colours
        border = scan.border
        colours = scan.orient_colours
        has_border = (colours == border)
        adjacent = has_border & np.roll(has_border, 1, axis=1)
        self.white_mask = self._mask(has_border.any(axis=1))
        self.corner_mask = self._mask(adjacent.any(axis=1))
        self.white_total = int(np.bitwise_count(np.int64(self.white_mask)))
        self.corner_total = int(np.bitwise_count(np.int64(self.corner_mask)))
        cells = [(r, c) for c in range(scan.w) for r in range(scan.h)]
        border_cells = [scan.border_sides(r, c) > 0 for r, c in cells]
        corner_cells = [scan.corner_like(r, c) for r, c in cells]
        self.need_white = [sum(border_cells[k:]) for k in range(len(cells) + 1)]
        self.need_corner = [sum(corner_cells[k:]) for k in range(len(cells) + 1)]
        self.n = n
        self._candidates = {}

    def _mask(self, flags: np.ndarray) -> int:
        mask = 0
        for o, flag in enumerate(flags):
            if flag:
                mask |= 1 << int(self.scan.orient_tile[o])
        return mask

    def candidates(self, r: int, c: int) -> list[list[int]]:
        """Per key top*n+left, the orientations that may go on scan cell (r, c)."""
        if (r, c) in self._candidates:
            return self._candidates[(r, c)]
        scan, border = self.scan, self.scan.border
        out = [[] for _ in range(self.n * self.n)]
        for o, (t, rt, b, lf) in enumerate(scan.orient_colours.tolist()):
            if r == self.scan.h - 1 and b != border:
                continue
            if c == scan.w - 1 and rt != border:
                continue
            if c == self.width - 1 and r < len(self.seam) and rt != self.seam[r]:
                continue
            out[t * self.n + lf].append(o)
        self._candidates[(r, c)] = out
        return out

    def step(self, states: np.ndarray, k: int, parents: bool = False):
        """Children of `states` after filling the k-th cell of the scan order.

        Returns (children, parent index, orientation) without merging duplicates.
        """
        scan, lay, n = self.scan, self.lay, self.n
        c, r = divmod(k, scan.h)
        cmask = (1 << scan.bits) - 1
        top = (states >> lay.down) & cmask if r > 0 else np.full(len(states), scan.border, np.int64)
        left = (states >> lay.prof(r)) & cmask if c > 0 else np.full(len(states), scan.border, np.int64)
        key = top * n + left
        order = np.argsort(key, kind="stable")
        bounds = np.searchsorted(key[order], np.arange(n * n + 1))
        clear = np.int64(~((cmask << lay.prof(r)) | (cmask << lay.down)))
        cands = self.candidates(r, c)
        tiles = scan.orient_tile
        colours = scan.orient_colours
        out_s, out_p, out_o = [], [], []
        for kv in range(n * n):
            lo, hi = bounds[kv], bounds[kv + 1]
            if lo == hi or not cands[kv]:
                continue
            idx = order[lo:hi]
            sub = states[idx]
            base = sub & clear
            for o in cands[kv]:
                tile = int(tiles[o])
                free = ((sub >> tile) & 1) == 0
                if not free.any():
                    continue
                _, rt, b, _ = colours[o]
                add = (1 << tile) | (int(rt) << lay.prof(r)) | ((int(b) if r < scan.h - 1 else 0) << lay.down)
                out_s.append(base[free] | np.int64(add))
                if parents:
                    out_p.append(idx[free])
                    out_o.append(np.full(int(free.sum()), o, np.int16))
        if not out_s:
            empty = np.zeros(0, np.int64)
            return empty, empty, np.zeros(0, np.int16)
        children = np.concatenate(out_s)
        keep = self._feasible(children, k + 1)
        children = children[keep]
        if not parents:
            return children, None, None
        return children, np.concatenate(out_p)[keep], np.concatenate(out_o)[keep]

    def _feasible(self, states: np.ndarray, filled: int) -> np.ndarray:
        """Whether the unused tiles can still cover the border cells and corners left."""
        used_white = np.bitwise_count(states & np.int64(self.white_mask))
        used_corner = np.bitwise_count(states & np.int64(self.corner_mask))
        return ((self.white_total - used_white.astype(np.int64) >= self.need_white[filled])
                & (self.corner_total - used_corner.astype(np.int64) >= self.need_corner[filled]))


def merge(states: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sorted distinct states with their summed counts."""
    if len(states) == 0:
        return states, counts
    order = np.argsort(states)
    states, counts = states[order], counts[order]
    starts = np.flatnonzero(np.r_[True, states[1:] != states[:-1]])
    return states[starts], np.add.reduceat(counts, starts)


def forward(stepper: Stepper, cancelled=None) -> list[tuple[np.ndarray, np.ndarray]]:
    """Every layer (distinct states, number of ways) of the programme over `stepper.width` columns."""
    states, counts = np.zeros(1, np.int64), np.ones(1, np.int64)
    layers = [(states, counts)]
    for k in range(stepper.width * stepper.scan.h):
        if cancelled and cancelled():
            return []
        children, parent, _ = stepper.step(states, k, parents=True)
        states, counts = merge(children, counts[parent])
        layers.append((states, counts))
    return layers


def _lookup(sorted_states: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(index, found) of every key in a sorted array."""
    pos = np.searchsorted(sorted_states, keys)
    pos = np.minimum(pos, max(len(sorted_states) - 1, 0))
    found = (sorted_states[pos] == keys) if len(sorted_states) else np.zeros(len(keys), bool)
    return pos, found


def _permute_bits(masks: np.ndarray, perm: np.ndarray, nbits: int) -> np.ndarray:
    """Masks with bit i moved to bit perm[i], byte by byte through lookup tables."""
    out = np.zeros(len(masks), np.int64)
    for lo in range(0, nbits, 8):
        table = np.zeros(256, np.int64)
        for value in range(256):
            moved = 0
            for j in range(8):
                if value >> j & 1 and lo + j < nbits:
                    moved |= 1 << int(perm[lo + j])
            table[value] = moved
        out |= table[(masks >> lo) & 255]
    return out


def partners(scan: Scan, states: np.ndarray) -> np.ndarray:
    """For final left-half states, the mirrored right-half state each one needs."""
    lay = _layout(scan)
    full = np.int64(lay.full)
    rest = _permute_bits(~states & full, scan.mirror_tile, lay.ntiles)
    return rest | (states & ~full)


def _marked_paths(stepper: Stepper, layers, useful_final: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every path (orientation per cell) from the empty state to a marked final state."""
    useful = [None] * len(layers)
    useful[-1] = useful_final
    for k in range(len(layers) - 2, -1, -1):
        children, parent, _ = stepper.step(layers[k][0], k, parents=True)
        pos, found = _lookup(layers[k + 1][0], children)
        hit = found & useful[k + 1][pos]
        marks = np.zeros(len(layers[k][0]), bool)
        marks[parent[hit]] = True
        useful[k] = marks
    paths = np.zeros((1, 0), np.int16)
    states = np.zeros(1, np.int64)
    for k in range(len(layers) - 1):
        children, parent, orient = stepper.step(states, k, parents=True)
        pos, found = _lookup(layers[k + 1][0], children)
        hit = found & useful[k + 1][pos]
        paths = np.hstack([paths[parent[hit]], orient[hit][:, None]])
        states = children[hit]
    return paths, states


def _chunk(args):
    """Count (and optionally list) the solutions whose seam starts with the given colours."""
    board, seam, listing = args
    scan = scan_for(board)
    wl = (scan.w + 1) // 2
    wr = scan.w - wl
    left = Stepper(scan, wl, seam)
    left_layers = forward(left)
    right, right_layers = (left, left_layers) if wr == wl else (Stepper(scan, wr, seam), None)
    if right_layers is None:
        right_layers = forward(right)
    lstates, lcounts = left_layers[-1]
    rstates, rcounts = right_layers[-1]
    pos, found = _lookup(rstates, partners(scan, lstates))
    total = int((lcounts[found] * rcounts[pos[found]]).sum())
    if not listing:
        return total
    if total == 0:
        return np.zeros((0, board.size), np.uint8)
    r_marks = np.zeros(len(rstates), bool)
    r_marks[pos[found]] = True
    if wr == wl:
        paths, states = _marked_paths(left, left_layers, found | r_marks)
        lpaths, lst, rpaths, rst = paths, states, paths, states
    else:
        lpaths, lst = _marked_paths(left, left_layers, found)
        rpaths, rst = _marked_paths(right, right_layers, r_marks)
    return _join(scan, lpaths, lst, rpaths, rst, wl, total)


def _join(scan: Scan, lpaths, lst, rpaths, rst, wl: int, total: int) -> np.ndarray:
    """Boards (tile*4 + rotation per real cell) from every matching pair of half-boards."""
    order = np.argsort(rst, kind="stable")
    rst, rpaths = rst[order], rpaths[order]
    want = partners(scan, lst)
    lo = np.searchsorted(rst, want, "left")
    hi = np.searchsorted(rst, want, "right")
    reps = hi - lo
    assert int(reps.sum()) == total
    left_rows = np.repeat(np.arange(len(lst)), reps)
    starts = np.repeat(lo - np.cumsum(reps) + reps, reps)
    right_rows = starts + np.arange(len(left_rows))
    h, w = scan.h, scan.w
    scan_orients = np.zeros((len(left_rows), h * w), np.int64)
    for c in range(w):
        for r in range(h):
            if c < wl:
                scan_orients[:, c * h + r] = lpaths[left_rows, c * h + r]
            else:
                mirrored = rpaths[right_rows, (w - 1 - c) * h + r]
                scan_orients[:, c * h + r] = scan.mirror_orient[mirrored]
    codes = scan.orient_tile * 4 + scan.orient_rotation
    boards = np.zeros((len(left_rows), scan.board.size), np.uint8)
    for c in range(w):
        for r in range(h):
            boards[:, scan.scan_cell(r, c)] = codes[scan_orients[:, c * h + r]]
    return boards


def _chunks(board: Board, listing: bool):
    scan = scan_for(board)
    n, k = board.colours, min(2, scan.h)
    seams = [()]
    for _ in range(k):
        seams = [s + (colour,) for s in seams for colour in range(n)]
    return [(board, seam, listing) for seam in seams]


def count_solutions(board: Board, jobs=None, progress=None, cancelled=None) -> int | None:
    """The number of distinct coloured boards that solve `board` (None if cancelled)."""
    results = run_chunks(_chunk, _chunks(board, False), jobs, progress, cancelled)
    return None if results is None else sum(results)


def all_solutions(board: Board, jobs=None, progress=None, cancelled=None) -> np.ndarray | None:
    """Every solution as rows of tile*4 + rotation per cell (row-major), sorted; None if cancelled."""
    results = run_chunks(_chunk, _chunks(board, True), jobs, progress, cancelled)
    if results is None:
        return None
    boards = np.concatenate(results) if results else np.zeros((0, board.size), np.uint8)
    if len(boards) == 0:
        return boards
    return boards[np.lexsort(boards.T[::-1])]
