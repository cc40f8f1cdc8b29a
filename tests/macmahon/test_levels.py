"""MacMahon levels: tiles given with exactly one completion (the engine's count and the
independent validator agree), fewer givens level by level, the empty board at the top."""
from __future__ import annotations

import pytest

from solver.errors import SquarewiseError
from solver.macmahon import search
from solver.macmahon.levels import COUNT, FEW, check_level, macmahon_level_board
from tests.macmahon.test_daily import solved_boards  # noqa: F401  (the fixture)
from tests.validate_macmahon import count_agreeing, problems

SEEDS = (1, 2, 20260101)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_level_below_the_top_has_exactly_one_completion(solved_boards, seed):  # noqa: F811
    for level in range(1, COUNT):
        board = macmahon_level_board(level, seed)
        assert board.completions == 1 == search.completions(board.puzzle)
        assert count_agreeing(solved_boards, board.puzzle.colour_rows()) == 1       # the validator's count
        assert problems(board.solution.colour_rows(), 3) == []                      # and its rules
        for given, solved in zip(board.puzzle.cells, board.solution.cells):
            assert given is None or given == solved
        completed = search.solve(board.puzzle, method="dfs")        # the depth-first search agrees
        assert completed.cells == board.solution.cells


@pytest.mark.parametrize("seed", SEEDS)
def test_empty_cells_grow_with_the_level_and_the_givens_nest(solved_boards, seed):  # noqa: F811
    boards = [macmahon_level_board(level, seed) for level in range(1, COUNT + 1)]
    empty = [b.empty for b in boards]
    assert empty[0] == FEW and empty[-1] == 24
    assert all(a < b for a, b in zip(empty, empty[1:])), empty
    for easier, harder in zip(boards, boards[1:]):
        assert all(h is None or h == e for e, h in zip(easier.puzzle.cells, harder.puzzle.cells))
    # level COUNT - 1 is minimal: without any one of its givens the completion is no longer unique
    rows = boards[-2].puzzle.colour_rows()
    for r, row in enumerate(rows):
        for c, given in enumerate(row):
            if given is not None:
                fewer = [line[:] for line in rows]
                fewer[r][c] = None
                assert count_agreeing(solved_boards, fewer) > 1


def test_the_top_level_is_the_empty_board_with_all_its_solutions():
    top = macmahon_level_board(COUNT, 5)
    assert top.givens == 0 and top.completions == 106_624
    assert problems(top.solution.colour_rows(), 3) == []


def test_boards_are_reproducible_and_seeds_differ():
    assert macmahon_level_board(4, 9) == macmahon_level_board(4, 9)
    assert len({macmahon_level_board(4, seed).puzzle.notation() for seed in range(6)}) == 6
    # pinned: the same on every machine (splitmix64 and the sorted solution table)
    assert macmahon_level_board(4, 9).puzzle.notation() == "4x6x3:9c11c..1a2c/10a15a.19d8d16b/23a12c..../.14a5d17b4b."


@pytest.mark.parametrize("level", [0, COUNT + 1, -3, True, 2.0])
def test_a_level_that_does_not_exist_is_refused(level):
    with pytest.raises(SquarewiseError, match=f"levels: 1..{COUNT}"):
        check_level(level)
    with pytest.raises(SquarewiseError):
        macmahon_level_board(level, 1)

