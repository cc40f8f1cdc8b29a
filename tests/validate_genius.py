"""An independent checker for Genius Square solutions (it does not use the search code).

The piece shapes are written out here again, and every orientation is derived by brute force
over the eight symmetries of the square, so a bug in solver.genius cannot hide itself.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

SHAPES = {  # each piece drawn as rows of '#'
    "1": ["#"],
    "2": ["##"],
    "3-I": ["###"],
    "3-L": ["#.", "##"],
    "4-I": ["####"],
    "4-L": ["#.", "#.", "##"],
    "4-T": ["###", ".#."],
    "4-S": [".##", "##."],
    "4-O": ["##", "##"],
}


def _canon(points):
    points = list(points)
    r0 = min(r for r, _ in points)
    c0 = min(c for _, c in points)
    return frozenset((r - r0, c - c0) for r, c in points)


def _all_orientations(drawing):
    base = [(r, c) for r, line in enumerate(drawing) for c, ch in enumerate(line) if ch == "#"]
    maps = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
            lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r)]
    return {_canon(f(r, c) for r, c in base) for f in maps}


LEGAL = {piece: _all_orientations(drawing) for piece, drawing in SHAPES.items()}


def check_solution(blockers, placed, keep=None) -> None:
    """Assert that `placed` (piece -> cells) tiles the board around `blockers` with all nine pieces.

    `keep`, if given, is a piece -> cells mapping that the solution must contain unchanged.
    """
    blockers = set(blockers)
    assert len(blockers) == 7 and all(0 <= b < 36 for b in blockers), f"bad blockers {sorted(blockers)}"
    placed = {p: sorted(cells) for p, cells in dict(placed).items()}
    assert sorted(placed) == sorted(SHAPES), f"pieces used: {sorted(placed)}"
    covered = []
    for piece, cells in placed.items():
        assert all(isinstance(c, int) and 0 <= c < 36 for c in cells), f"{piece} off the board: {cells}"
        assert len(set(cells)) == len(cells), f"{piece} repeats a cell"
        assert _canon(divmod(c, 6) for c in cells) in LEGAL[piece], f"{piece} has a wrong shape: {cells}"
        covered += cells
    assert len(covered) == len(set(covered)), "pieces overlap"
    assert set(covered) == set(range(36)) - blockers, "pieces do not cover exactly the free cells"
    for piece, cells in (keep or {}).items():
        assert sorted(cells) == placed[piece], f"{piece} was moved"


def check_position(position, blockers=None, keep=None) -> None:
    """check_solution on a solver Position (duck-typed: .blockers and .placed)."""
    if blockers is not None:
        assert set(position.blockers) == set(blockers), "the blockers changed"
    check_solution(position.blockers, position.placed, keep)


# ---- an independent count of completions, and the fewest pieces by brute force ------------------
# (issue 38: the figure of `genius min-pieces` and its examples are checked against these; they
# use only the shapes above, never solver.genius)

def _anchored():
    """For each cell, per piece number (SHAPES order), the masks of the piece's placements whose
    first cell (in board order) is that cell, from the orientations in LEGAL."""
    out = [[] for _ in range(36)]
    for number, piece in enumerate(SHAPES):
        for cell in range(36):
            row, col = divmod(cell, 6)
            masks = []
            for shape in LEGAL[piece]:
                top = min(shape)
                spots = [(row + r - top[0], col + c - top[1]) for r, c in shape]
                if all(0 <= r < 6 and 0 <= c < 6 for r, c in spots):
                    masks.append(sum(1 << (r * 6 + c) for r, c in spots))
            if masks:
                out[cell].append((number, 1 << number, tuple(masks)))
    return out


ANCHORED = _anchored()
NAMES = tuple(SHAPES)
FULL = (1 << 36) - 1
LEFT = sum(1 << (r * 6 + c) for r in range(6) for c in range(5))     # cells with a right neighbour
MONO = 1 << NAMES.index("1")


def _walk(filled: int, used: int, limit=None) -> list[tuple]:
    """Every completion of the state as a tuple of (piece number, mask), or the first `limit`:
    fill the first empty cell with every unused piece that fits there, remembering the states
    (cells filled, pieces used) found to have no way to finish, and skipping a placement that
    leaves an empty cell no piece can fill (no empty neighbour, and the single square used or
    another such cell)."""
    found: list[tuple] = []
    path: list = []
    dead: set = set()
    done = (1 << len(NAMES)) - 1

    def extend(filled, used):
        if filled == FULL:
            if used == done:
                found.append(tuple(path))
            return
        state = filled | used << 36
        if state in dead:
            return
        before = len(found)
        for number, bit, masks in ANCHORED[(~filled & (filled + 1)).bit_length() - 1]:
            if used & bit:
                continue
            for m in masks:
                if m & filled:
                    continue
                free = FULL & ~(filled | m)
                alone = (free & ~(((free & LEFT) << 1) | ((free >> 1) & LEFT) | (free << 6) | (free >> 6))).bit_count()
                if alone > 1 or alone and (used | bit) & MONO:
                    continue
                path.append((number, m))
                extend(filled | m, used | bit)
                path.pop()
                if limit is not None and len(found) >= limit:
                    return
        if len(found) == before:
            dead.add(state)

    extend(filled, used)
    return found


def _mask(cells) -> int:
    return sum(1 << c for c in set(cells))


def _start(blockers, placed) -> tuple[int, int]:
    filled = _mask(blockers)
    for cells in placed.values():
        filled |= _mask(cells)
    return filled, sum(1 << NAMES.index(p) for p in placed)


def completions(blockers, placed=None, limit=None) -> list[dict]:
    """Every way to finish the board (piece -> sorted cells) that keeps the pieces in `placed`, or
    the first `limit` of them (an exhaustive search of its own, on the shapes above)."""
    placed = {p: sorted(cells) for p, cells in dict(placed or {}).items()}
    return [{**placed, **{NAMES[n]: [c for c in range(36) if m >> c & 1] for n, m in done}}
            for done in _walk(*_start(blockers, placed), limit)]


def check_pins(blockers, given, placed=None, finish=None) -> None:
    """Assert that the given pieces (piece -> cells), added to `placed`, leave exactly one way to
    finish (`finish`, if given, is it), and that no smaller set of them does."""
    placed = dict(placed or {})
    given = {p: sorted(c) for p, c in dict(given).items()}
    done = completions(blockers, {**placed, **given}, limit=2)
    assert len(done) == 1, f"{len(done)} completions (limit 2) with {given}"
    check_solution(blockers, done[0], keep={**placed, **given})
    if finish is not None:
        assert done[0] == {p: sorted(c) for p, c in dict(finish).items()}, "another finish"
    names = sorted(given)
    for size in range(len(names)):
        for subset in combinations(names, size):
            fewer = {p: given[p] for p in subset}
            assert len(completions(blockers, {**placed, **fewer}, limit=2)) == 2, f"{fewer} pins already"


def fewest_pieces(blockers, placed=None) -> int | None:
    """The fewest more pieces, placed as in one solution, that leave one finish, by brute force:
    every solution listed, then its k-sets of pieces counted for k = 0, 1, 2, ... until one set
    lies in a single solution (None when there is no solution)."""
    sets = [tuple(sorted(done)) for done in _walk(*_start(blockers, dict(placed or {})))]
    if not sets:
        return None
    for k in range(len(sets[0]) + 1):
        seen = Counter(sub for s in sets for sub in combinations(s, k)) if k != 1 else Counter(p for s in sets for p in s)
        if 1 in seen.values():
            return k
    raise AssertionError("all pieces of a solution always pin it")


def fewest_own_pieces(blockers, solution) -> int:
    """The fewest of a solution's own pieces that no other solution of its board holds all of, by
    brute force: every solution listed, then the sets of its pieces tried by size."""
    mine = {(NAMES.index(p), _mask(c)) for p, c in dict(solution).items()}
    shared = [sum(1 << n for n, m in done if (n, m) in mine) for done in _walk(_mask(blockers), 0)]
    whole = (1 << len(NAMES)) - 1
    assert whole in shared, "not a solution of its board"
    others = [s for s in shared if s != whole]
    for size in range(len(NAMES) + 1):
        for subset in combinations(range(len(NAMES)), size):
            held = sum(1 << n for n in subset)
            if not any(s & held == held for s in others):
                return size
    raise AssertionError("all its pieces always pin a solution")
