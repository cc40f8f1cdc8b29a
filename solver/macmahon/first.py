"""The first solution, in the solution table's order, that keeps a position's tiles: what
search.solve answers for a board with shipped classes, found without numpy or the table.

The table (search.solution_table) lists the images of the shipped class representatives,
class by class and, within a class, in the order of the group (identity first). Solution
(k, g) is representative k seen through group element g: cell c of the representative goes
to perm[c] with code map[code]. It keeps a tile of code v on cell d exactly when the
representative has, on cell inverse_perm[d], the one code that g maps to v. So for each g
the first k is the first class whose columns hold the wanted codes on those cells, found by
leapfrogging through the columns with bytes.find; the answer is the smallest (k, g).
"""
from __future__ import annotations

from .codes import EMPTY, codes_of, group_actions, image, position_from_codes
from .position import Board, Position
from .store import asset_columns


def has_classes(board: Board) -> bool:
    """True if the board's classes are shipped, so first_completion can answer."""
    return asset_columns(board) is not None


def first_completion(position: Position) -> Position | None:
    """search.solve(position) for a board with shipped classes: the first completion in table
    order, or None if no solution keeps the position's tiles."""
    board = position.board
    count, raw = asset_columns(board)
    column = [raw[c * count:(c + 1) * count] for c in range(board.size)]
    placed = [(d, v) for d, v in enumerate(codes_of(position)) if v != EMPTY]
    best = None
    for g, (_, perm, code_map) in enumerate(group_actions(board)):
        back: dict[int, int] = {}            # the normal code (the smallest of its look) g maps to each code
        for code, seen in enumerate(code_map):
            back.setdefault(seen, code)
        source = {cell: c for c, cell in enumerate(perm)}
        wants = [(column[source[d]], bytes([back[v]])) for d, v in placed]
        k = _first_row(wants, count if best is None else best[0])      # a later g must come first
        if k is not None:
            best = (k, g)
    if best is None:
        return None
    k, g = best
    _, perm, code_map = group_actions(board)[g]
    return position_from_codes(board, image(perm, code_map, [column[c][k] for c in range(board.size)]))


def _first_row(wants: list[tuple[bytes, bytes]], stop: int) -> int | None:
    """The smallest k < stop with column[k] == code for every (column, code) of `wants`."""
    k = 0
    while True:
        agreed = True
        for column, code in wants:
            at = column.find(code, k, stop)
            if at < 0:
                return None
            if at != k:
                k, agreed = at, False
        if agreed:
            return k if k < stop else None
