"""An independent checker for Genius Square solutions (it does not use the search code).

The piece shapes are written out here again, and every orientation is derived by brute force
over the eight symmetries of the square, so a bug in solver.genius cannot hide itself.
"""
from __future__ import annotations

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
