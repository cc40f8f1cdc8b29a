"""An independent check of a solved MacMahon board, written apart from the solver.

It works from colours only: `rows` is a list of rows, each cell a 4-letter string of the
colours after rotation (top, right, bottom, left), as `macmahon solve --json` prints them.
It does not import solver.macmahon.search.
"""
from __future__ import annotations

from itertools import product


def all_tiles(colours: int) -> set[str]:
    """Every colouring of the four triangles, reduced to its smallest rotation (by letters)."""
    letters = "WRBGYOPC"[:colours]
    return {_least_rotation("".join(c)) for c in product(letters, repeat=4)}


def _least_rotation(tile: str) -> str:
    return min(tile[i:] + tile[:i] for i in range(4))


def problems(rows: list[list[str]], colours: int, border: str = "W") -> list[str]:
    """Everything wrong with the solved board `rows`; an empty list when it is a solution."""
    out = []
    height, width = len(rows), len(rows[0]) if rows else 0
    if any(len(r) != width for r in rows):
        return ["rows of different lengths"]
    cells = [c for r in rows for c in r]
    if any(c is None or len(c) != 4 for c in cells):
        return ["an empty or malformed cell"]
    used = [_least_rotation(c) for c in cells]
    wanted = all_tiles(colours)
    if len(set(used)) != len(used):
        out.append("a tile is used twice")
    if set(used) != wanted:
        out.append(f"tiles used {len(set(used))} distinct, the set has {len(wanted)}")
    for r in range(height):
        for c in range(width):
            t, rt, b, lf = rows[r][c]
            if r == 0 and t != border:
                out.append(f"top border at row {r} col {c}")
            if r == height - 1 and b != border:
                out.append(f"bottom border at row {r} col {c}")
            if c == 0 and lf != border:
                out.append(f"left border at row {r} col {c}")
            if c == width - 1 and rt != border:
                out.append(f"right border at row {r} col {c}")
            if c + 1 < width and rt != rows[r][c + 1][3]:
                out.append(f"right edge mismatch at row {r} col {c}")
            if r + 1 < height and b != rows[r + 1][c][0]:
                out.append(f"bottom edge mismatch at row {r} col {c}")
    return out


def is_solution(rows: list[list[str]], colours: int, border: str = "W") -> bool:
    return not problems(rows, colours, border)


def count_invalid(boards, colours: int, border: int = 0) -> int:
    """How many of many solved boards break a rule, checked with numpy.

    `boards` has shape (N, rows, cols, 4): colour indices (0 = W, 1 = R, ...) of top, right,
    bottom, left of every cell. Same rules as `problems`.
    """
    import numpy as np

    b = np.asarray(boards, np.int64)
    n, height, width, _ = b.shape
    bad = np.zeros(n, bool)
    bad |= (b[:, 0, :, 0] != border).any(axis=1) | (b[:, -1, :, 2] != border).any(axis=1)
    bad |= (b[:, :, 0, 3] != border).any(axis=1) | (b[:, :, -1, 1] != border).any(axis=1)
    bad |= (b[:, :, :-1, 1] != b[:, :, 1:, 3]).any(axis=(1, 2))
    bad |= (b[:, :-1, :, 2] != b[:, 1:, :, 0]).any(axis=(1, 2))
    # each cell's tile as the smallest of its four rotations, read as a base-`colours` number
    weights = colours ** np.arange(3, -1, -1)
    turns = [np.roll(b, -k, axis=3) @ weights for k in range(4)]
    tiles = np.min(np.stack(turns), axis=0).reshape(n, -1)
    def value(look):
        return sum(colours ** (3 - i) * "WRBGYOPC".index(ch) for i, ch in enumerate(look))

    wanted = np.array(sorted(min(value(t[k:] + t[:k]) for k in range(4)) for t in all_tiles(colours)))
    bad |= (np.sort(tiles, axis=1) != wanted).any(axis=1) if tiles.shape[1] == len(wanted) else True
    return int(bad.sum())


def count_agreeing(boards, givens) -> int:
    """How many solved boards agree with every given cell's colours.

    `boards` as for count_invalid (N, rows, cols, 4) colour indices; `givens` rows of cells,
    each a 4-letter colour string (top, right, bottom, left) or None where nothing is given.
    With `boards` the whole solution set, this is the number of completions of the givens.
    """
    import numpy as np

    b = np.asarray(boards, np.int64)
    keep = np.ones(len(b), bool)
    for r, row in enumerate(givens):
        for c, cell in enumerate(row):
            if cell is not None:
                want = np.array(["WRBGYOPC".index(ch) for ch in cell])
                keep &= (b[:, r, c, :] == want).all(axis=1)
    return int(keep.sum())
