"""Solve, hint, blame, count and classify MacMahon positions.

Two engines answer "how does this position go on?":
- the *solution table*: every solution of the board as numpy rows of codes (see
  symmetry.py). For the 4 x 6 board it is rebuilt from the 13,328 shipped class
  representatives (assets/macmahon/4x6x3.classes) in a few tens of milliseconds; for other
  boards of at most 3 colours it is listed by the meet-in-the-middle search (halves.py) the
  first time it is needed. A position is then solvable exactly when some row agrees with
  every placed tile, which numpy checks for all rows at once.
- a depth-first search for boards too large to list (4 colours and more): the most
  constrained cell first, candidates looked up by the colours the neighbours require,
  symmetric tiles' repeated rotations removed, a bitmask of used tiles.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from .halves import all_solutions
from .position import Board, Move, Position
from .scan import transpose_colours
from .store import load_asset
from .symmetry import canonical, canonical_codes, look_codes, orbit_rows, position_codes, position_from_codes
from .tiles import COLOUR_LETTERS, looks

__all__ = ["solve", "hint", "blame", "count", "census", "canonical", "solution_classes",
           "class_index", "solution_table", "is_solvable", "completions", "finish", "search_work"]

TABLE_MAX_COLOURS = 3   # boards with more colours have too many tiles to list
EMPTY = 255

_tables: dict[Board, np.ndarray] = {}


class Cancelled(Exception):
    """Raised inside the depth-first search when the caller cancels."""


# ----------------------------------------------------------------------------- solution table

def _from_transposed(board: Board) -> np.ndarray | None:
    """The table of a board taller than wide, from the shipped classes of its transpose."""
    other = Board(board.cols, board.rows, board.colours, board.border)
    reps = load_asset(other)
    if reps is None:
        return None
    rows = orbit_rows(other, reps)
    table, other_looks = look_codes(board), looks(other.colours)
    code_map = np.zeros(len(other.tiles) * 4, np.uint8)
    for code in range(len(other.tiles) * 4):
        code_map[code] = table[transpose_colours(other_looks[code // 4][code % 4])]
    perm = [c * board.cols + r for r in range(other.rows) for c in range(other.cols)]
    out = np.empty_like(rows)
    out[:, perm] = code_map[rows]
    return out[np.lexsort(out.T[::-1])]


def solution_table(board: Board, jobs: int | None = 1, progress=None, cancelled=None) -> np.ndarray | None:
    """Every solution of `board` as sorted rows of codes, or None if the board is too large
    to list (or the listing was cancelled). Computed once per process."""
    if board in _tables:
        return _tables[board]
    if board.colours > TABLE_MAX_COLOURS:
        return None
    reps = load_asset(board)
    if reps is not None:
        table = orbit_rows(board, reps)
    else:
        table = _from_transposed(board)
        if table is None:
            table = all_solutions(board, jobs=jobs, progress=progress, cancelled=cancelled)
            if table is None:
                return None
    _tables[board] = table
    return table


def completions(position: Position) -> int | None:
    """How many solutions keep every tile of `position` where it is (the board's solution
    count when it is empty), from the solution table; None when the board has no table."""
    table = solution_table(position.board)
    return None if table is None else int(_matches(table, position_codes(position)).sum())


def finish(position: Position) -> Position | None:
    """The first solution (in the table's order) that keeps every tile of `position` where it
    is: a unique puzzle's one finish. None when none does, or the board has no table."""
    table = solution_table(position.board)
    rows = None if table is None else table[_matches(table, position_codes(position))]
    return None if rows is None or not len(rows) else position_from_codes(position.board, rows[0])


def _matches(table: np.ndarray, codes: np.ndarray) -> np.ndarray:
    placed = np.flatnonzero(codes != EMPTY)
    if len(placed) == 0:
        return np.ones(len(table), bool)
    return (table[:, placed] == codes[placed]).all(axis=1)


# ----------------------------------------------------------------------------- depth-first search

@lru_cache(maxsize=None)
def _orientations(board: Board) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(tile, rotation, colour indices) for every distinct look of every tile."""
    by_code = sorted((code, look) for look, code in look_codes(board).items())
    return tuple((code // 4, code % 4, look) for code, look in by_code)


class _Lookup(dict):
    """Candidates by required colours. A key is sum((colour + 1) * base**side) over the sides
    top, right, bottom, left, with 0 for a side whose colour is still free. For each key it
    also knows the bitmask of tiles that fit and whether the cell needs one border-coloured
    triangle (`needs_one`) or two adjacent ones (`needs_two`). A dict of the keys seen, each
    worked out when first asked (`__missing__`): the search's look-ups stay in C."""

    def __init__(self, board: Board):
        super().__init__()
        self.orients = _orientations(board)
        self.base = board.colours + 1
        self.border = COLOUR_LETTERS.index(board.border)
        self.one_mask = self.two_mask = 0
        for t, _, c in self.orients:
            if self.border in c:
                self.one_mask |= 1 << t
            if any(c[s] == c[(s + 1) % 4] == self.border for s in range(4)):
                self.two_mask |= 1 << t

    def __missing__(self, key: int) -> tuple[list, int, bool, bool]:
        want = [(key // self.base ** side) % self.base - 1 for side in range(4)]
        fits = [(t, 1 << t, k, c) for t, k, c in self.orients
                if all(w < 0 or w == have for w, have in zip(want, c))]
        mask = 0
        for _, bit, _, _ in fits:
            mask |= bit
        white = [w == self.border for w in want]
        found = self[key] = (fits, mask, any(white), any(white[s] and white[(s + 1) % 4] for s in range(4)))
        return found


@lru_cache(maxsize=None)
def _lookup(board: Board) -> _Lookup:
    return _Lookup(board)


def _dfs(position: Position, cancelled: Callable[[], bool] | None = None,
         work: list[int] | None = None) -> Position | None:
    """A completion by depth-first search, or None if none exists; Cancelled if cancelled.
    The number of search nodes visited is appended to `work` if given.

    Each step fills the empty cell with the fewest fitting unused tiles (ties: Feldman's
    order), so a cell nothing fits ends the branch at once. A branch also ends when fewer
    unused tiles have a border-coloured triangle than empty cells need one (the border, and
    cells next to a white triangle), or likewise for two adjacent ones (corners)."""
    board = position.board
    if position.clashes():
        return None
    lookup = _lookup(board)
    size = board.size
    keys = [0] * size
    neighbours = []   # per cell: (neighbour, my side facing it, the weight of that side in its key)
    for cell in range(size):
        near = []
        for side in range(4):
            other = board.neighbour(cell, side)
            if other is None:
                keys[cell] += (lookup.border + 1) * lookup.base ** side
            else:
                near.append((other, side, lookup.base ** ((side + 2) % 4)))
        neighbours.append(tuple(near))
    cells = list(position.cells)
    free = (1 << len(board.tiles)) - 1
    tile_looks = looks(board.colours)
    for cell, v in enumerate(position.cells):
        if v is not None:
            look = tile_looks[v[0]][v[1]]
            free &= ~(1 << v[0])
            for other, side, weight in neighbours[cell]:
                keys[other] += (look[side] + 1) * weight
    empty = _cell_order(position)
    demand = [sum(lookup[keys[c]][2] for c in empty), sum(lookup[keys[c]][3] for c in empty)]
    nodes = [0]

    def shift(cell: int, look, sign: int) -> None:
        """Add (sign 1) or take back (sign -1) the colours of `look` on `cell` in its
        empty neighbours' keys, keeping the demand counts right."""
        for other, side, weight in neighbours[cell]:
            if cells[other] is not None:
                continue
            _, _, one, two = lookup[keys[other]]
            keys[other] += sign * (look[side] + 1) * weight
            _, _, one2, two2 = lookup[keys[other]]
            demand[0] += one2 - one
            demand[1] += two2 - two

    def go(free: int) -> bool:
        if not empty:
            return True
        nodes[0] += 1
        if cancelled and nodes[0] & 1023 == 0 and cancelled():
            raise Cancelled
        if (free & lookup.one_mask).bit_count() < demand[0] or (free & lookup.two_mask).bit_count() < demand[1]:
            return False
        best, fewest = -1, size * 4 + 1
        for i, cell in enumerate(empty):
            n = (lookup[keys[cell]][1] & free).bit_count()
            if n < fewest:
                best, fewest = i, n
                if n <= 1:
                    break
        if fewest == 0:
            return False
        cell = empty[best]
        empty[best] = empty[-1]
        empty.pop()
        fits, _, one, two = lookup[keys[cell]]
        demand[0] -= one
        demand[1] -= two
        for t, bit, k, look in fits:
            if not free & bit:
                continue
            cells[cell] = (t, k)
            shift(cell, look, 1)
            if go(free & ~bit):
                return True
            shift(cell, look, -1)
        cells[cell] = None
        demand[0] += one
        demand[1] += two
        empty.append(cell)
        empty[best], empty[-1] = empty[-1], empty[best]
        return False

    found = go(free)
    if work is not None:
        work.append(nodes[0])
    return Position(board, tuple(cells)) if found else None


def _cell_order(position: Position) -> list[int]:
    """The empty cells in Feldman's order: the four corners, the bottom row, the top row, the
    left and right sides, then the inside column by column (the border is the most
    constrained, and its tiles decide the most). The search breaks ties in this order."""
    rows, cols = position.board.rows, position.board.cols
    R, C = rows - 1, cols - 1
    corners = [R * cols, R * cols + C, C, 0]
    bottom = [R * cols + c for c in range(1, C)]
    top = [c for c in range(C - 1, 0, -1)]
    left = [r * cols for r in range(1, R)]
    right = [r * cols + C for r in range(R - 1, 0, -1)]
    inside = [r * cols + c for c in range(1, C) for r in range(1, R)]
    order = dict.fromkeys(corners + bottom + top + left + right + inside)
    return [c for c in order if position.cells[c] is None]


# ----------------------------------------------------------------------------- the public API

def solve(position: Position, cancelled: Callable[[], bool] | None = None, *,
          method: str = "auto") -> Position | None:
    """A completion of `position`, or None when none exists (or the search was cancelled).

    method: "table" (listed solutions), "dfs" (depth-first search) or "auto" (the table
    when the board can be listed, else the search).

    >>> solve(Position.parse("4x6x3")).is_solved
    True
    >>> solve(Position.parse("4x6x3:....../..1a.../....../......")) is None  # WWWW inside
    True
    """
    table = solution_table(position.board, cancelled=cancelled) if method != "dfs" else None
    if table is not None:
        hits = np.flatnonzero(_matches(table, position_codes(position)))
        return position_from_codes(position.board, table[hits[0]]) if len(hits) else None
    try:
        return _dfs(position, cancelled)
    except Cancelled:
        return None


def search_work(position: Position) -> int:
    """How many nodes the depth-first search visits to complete `position` (or to prove it
    has no completion), counted to the end: how much search its completion needs."""
    work: list[int] = []
    _dfs(position, None, work)
    return work[0]


def is_solvable(position: Position, cancelled=None) -> bool:
    """Whether some solution extends `position`."""
    return solve(position, cancelled) is not None


def hint(position: Position, cancelled: Callable[[], bool] | None = None) -> Move | None:
    """A move that belongs to some completion, or None if there is none.

    With the solution table the hint is the empty cell whose tile is the most certain
    (the same in the largest share of the completions), so it helps the most.

    >>> hint(Position.parse("4x6x3")).notation()
    '3b@A1'
    """
    board = position.board
    table = solution_table(board, cancelled=cancelled)
    if table is None:
        done = solve(position, cancelled)
        if done is None:
            return None
        cell = next((c for c in range(board.size) if position.cells[c] is None), None)
        return None if cell is None else Move(*done.cells[cell], cell)
    codes = position_codes(position)
    rows = table[_matches(table, codes)]
    empty = np.flatnonzero(codes == EMPTY)
    if len(rows) == 0 or len(empty) == 0:
        return None
    best = None
    for cell in empty:
        counts = np.bincount(rows[:, cell], minlength=len(board.tiles) * 4)
        code = int(counts.argmax())
        if best is None or counts[code] > best[0]:
            best = (int(counts[code]), code, int(cell))
    _, code, cell = best
    return Move(code // 4, code % 4, cell)


def blame(position: Position, cancelled: Callable[[], bool] | None = None) -> int | None:
    """A placed cell whose tile, taken back, makes the position solvable again; None if the
    position is solvable already or no single cell will do (or the search was cancelled)."""
    board = position.board
    table = solution_table(board, cancelled=cancelled)
    placed = [c for c, v in enumerate(position.cells) if v is not None]
    if table is None:
        if solve(position, cancelled) is not None:
            return None
        clashing = {cell for cell, _ in position.clashes()}
        suspects = sorted(placed, key=lambda c: (c not in clashing, -c))
        return next((c for c in suspects if solve(position.remove(c), cancelled) is not None), None)
    codes = position_codes(position)
    if not placed or _matches(table, codes).any():
        return None
    wrong = table[:, placed] != codes[placed]
    single = wrong.sum(axis=1) == 1
    if not single.any():
        return None
    culprits = np.array(placed)[wrong[single].argmax(axis=1)]
    cells, counts = np.unique(culprits, return_counts=True)
    return int(cells[counts.argmax()])


def census(board: Board, jobs: int | None = None, progress=None, cancelled=None) -> dict | None:
    """Solutions, classes and how many classes have each orbit size (None if cancelled).

    Always lists the solutions afresh (it never reads the shipped classes)."""
    table = all_solutions(board, jobs=jobs, progress=progress, cancelled=cancelled)
    if table is None:
        return None
    _tables[board] = table
    canon, sizes = canonical_codes(board, table)
    reps, first = np.unique(canon, axis=0, return_index=True)
    class_sizes = {int(s): int(k) for s, k in zip(*np.unique(sizes[first], return_counts=True))}
    assert sum(s * k for s, k in class_sizes.items()) == len(table)
    return {"solutions": int(len(table)), "classes": int(len(reps)), "class_sizes": class_sizes,
            "representatives": reps}


def count(board: Board, jobs: int | None = None, progress=None) -> tuple[int, int]:
    """(solutions, classes): distinct coloured boards, and boards up to the symmetry group.

    >>> count(Board(1, 1, 1), jobs=1)  # one colour: the one tile WWWW on one cell
    (1, 1)
    """
    result = census(board, jobs, progress)
    return result["solutions"], result["classes"]


def solution_classes(board: Board, jobs: int | None = None, progress=None) -> list[Position]:
    """One canonical solution per class, in lexicographic order of their codes (stable)."""
    reps = load_asset(board)
    if reps is None:
        reps = census(board, jobs, progress)["representatives"]
    return [position_from_codes(board, row) for row in reps]


def class_index(position: Position) -> int | None:
    """The place of a solved position's class in solution_classes(board), or None if the
    position is not a solution (lets a browser say "class k of N")."""
    if not position.is_solved:
        return None
    board = position.board
    reps = load_asset(board)
    if reps is None:
        reps = census(board)["representatives"]
    target = position_codes(canonical(position))
    at = int(np.searchsorted(_as_bytes(reps), _as_bytes(target[None, :])[0]))
    return at if at < len(reps) and (reps[at] == target).all() else None


def _as_bytes(rows: np.ndarray) -> np.ndarray:
    """Rows of uint8 as single byte strings, which compare lexicographically."""
    rows = np.ascontiguousarray(rows, np.uint8)
    return rows.view(np.dtype((np.void, rows.shape[1]))).ravel()
