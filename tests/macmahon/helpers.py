"""Shared helpers for the MacMahon tests (no solver search code here)."""
from __future__ import annotations

import itertools

import numpy as np

from tests.validate_macmahon import all_tiles, problems


def least(tile: str) -> str:
    return min(tile[i:] + tile[:i] for i in range(4))


def assert_solution(position) -> None:
    """A solved Position, checked by the independent validator."""
    rows = position.colour_rows()
    found = problems(rows, position.board.colours, position.board.border)
    assert not found, found


def brute_completions(rows: list[list[str | None]], colours: int, border: str = "W") -> set[tuple]:
    """Every completion of a partly coloured board (None = empty), by a plain search that
    knows only the rules: each tile of the set once up to rotation, border colour outside,
    matching edges. Returns the completed boards as tuples of cell colours, row-major."""
    height, width = len(rows), len(rows[0])
    cells = [c for r in rows for c in r]
    unused = all_tiles(colours) - {least(c) for c in cells if c is not None}
    looks = {t: sorted({t[i:] + t[:i] for i in range(4)}) for t in unused}
    empty = [i for i, c in enumerate(cells) if c is None]
    out = set()

    def fits(i: int, tile: str) -> bool:
        r, c = divmod(i, width)
        t, rt, b, lf = tile
        sides = [(r - 1, c, t, 2), (r, c + 1, rt, 3), (r + 1, c, b, 0), (r, c - 1, lf, 1)]
        for rr, cc, mine, across in sides:
            if not (0 <= rr < height and 0 <= cc < width):
                if mine != border:
                    return False
            else:
                other = cells[rr * width + cc]
                if other is not None and other[across] != mine:
                    return False
        return True

    def go(k: int) -> None:
        if k == len(empty):
            out.add(tuple(cells))
            return
        i = empty[k]
        for tile in list(unused):
            unused.remove(tile)
            for look in looks[tile]:
                if fits(i, look):
                    cells[i] = look
                    go(k + 1)
                    cells[i] = None
            unused.add(tile)

    go(0)
    return out


def direct_m(values: np.ndarray, s: int) -> int:
    """m(s) by counting, for every k-subset of cells, the solutions that agree with s on it."""
    equal = values == values[s]
    for k in range(1, values.shape[1] + 1):
        near = equal[equal.sum(axis=1) >= k]           # rows agreeing on fewer cells hold no k-subset
        for subset in itertools.combinations(range(values.shape[1]), k):
            if near[:, subset].all(axis=1).sum() == 1:
                return k
    raise AssertionError
