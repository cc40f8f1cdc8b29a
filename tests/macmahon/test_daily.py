"""The MacMahon daily puzzle: a unique completion every day, checked by the independent
validator against the whole solution set; reproducible; fewer givens as the week goes on."""
from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from solver.macmahon.daily import BOARD, EXTRA_GIVENS, macmahon_daily
from solver.macmahon.search import solution_table
from solver.macmahon.symmetry import position_codes
from tests.macmahon.test_count import colour_array
from tests.macmahon.helpers import direct_m
from tests.validate_macmahon import count_agreeing, count_invalid, problems

MONDAY = dt.date(2026, 11, 23)


@pytest.fixture(scope="module")
def solved_boards():
    """Every solution of the classic board as colours, checked to be valid and all distinct."""
    table = solution_table(BOARD)
    boards = colour_array(BOARD, table)
    assert len(table) == 106_624 and count_invalid(boards, 3) == 0
    assert len(np.unique(boards.reshape(len(boards), -1), axis=0)) == len(boards)
    return boards


def solution_index(solution) -> int:
    table = solution_table(BOARD)
    return int(np.flatnonzero((table == position_codes(solution)).all(axis=1))[0])


def givens_of(puzzle):
    return puzzle.colour_rows()


def test_two_weeks_of_dailies_each_has_exactly_one_completion(solved_boards):
    for k in range(14):
        day = MONDAY + dt.timedelta(days=k)
        d = macmahon_daily(day)
        assert d.completions == 1
        assert count_agreeing(solved_boards, givens_of(d.puzzle)) == 1
        assert problems(d.solution.colour_rows(), 3) == []
        # the givens are the solution's own tiles, and the solution is the completion
        for given, solved in zip(d.puzzle.cells, d.solution.cells):
            assert given is None or given == solved
        assert count_agreeing(solved_boards, d.solution.colour_rows()) == 1


def week_of(week: int) -> list:
    return [macmahon_daily(MONDAY + dt.timedelta(days=7 * week + k)) for k in range(7)]


@pytest.mark.parametrize("week", range(3))
def test_sunday_puzzles_have_the_fewest_givens(solved_boards, week):
    sunday = week_of(week)[-1]
    assert sunday.givens == direct_m(solution_table(BOARD), solution_index(sunday.solution))
    rows = givens_of(sunday.puzzle)
    for r in range(BOARD.rows):
        for c in range(BOARD.cols):
            if rows[r][c] is not None:   # take any one given away: more than one completion
                fewer = [row[:] for row in rows]
                fewer[r][c] = None
                assert count_agreeing(solved_boards, fewer) > 1


@pytest.mark.parametrize("week", range(3))
def test_the_week_gives_fewer_tiles_day_by_day(week):
    days = week_of(week)
    assert [d.level for d in days] == ["easy", "easy", "medium", "medium", "hard", "hard", "very hard"]
    assert days[-2].givens > days[-1].givens
    assert EXTRA_GIVENS["easy"] > EXTRA_GIVENS["medium"] > EXTRA_GIVENS["hard"] > 0


def test_the_daily_is_the_same_across_runs():
    a = macmahon_daily(dt.date(2026, 11, 23))
    assert a == macmahon_daily(dt.date(2026, 11, 23))
    # pinned: the same on every machine (splitmix64 seeds and the sorted solution table)
    assert (a.number, a.level, a.puzzle.notation()) == \
        (327, "easy", "4x6x3:..23b.1a./7b..12d22b10c/11b19c24a.8d./.13d....")


def test_the_daily_differs_between_dates():
    first = macmahon_daily(dt.date(2026, 11, 23)).puzzle.notation()
    others = {macmahon_daily(MONDAY + dt.timedelta(days=k)).puzzle.notation() for k in range(1, 15)}
    assert first not in others and len(others) == 14


def test_the_documented_givens_hold_for_the_first_four_weeks():
    """docs/macmahon.md's ranges of tiles given (computed by scripts/daily_givens.py over two
    years) hold for the first four weeks of dailies, whose first Monday (5 January 2026) gives 13
    (the docs once said a Monday gives 9-12: two Mondays of the two years give 13)."""
    import re
    from pathlib import Path
    from solver.macmahon.daily import given_ranges
    docs = " ".join((Path(__file__).resolve().parents[2] / "docs" / "macmahon.md").read_text().split())
    line = re.search(r"givens by level: easy (\d+)-(\d+), medium (\d+)-(\d+), hard (\d+)-(\d+), very hard (\d+)-(\d+); "
                     r"the minimal puzzles under the easy, medium and hard days (\d+)-(\d+)", docs)
    assert line, "the ranges are not in docs/macmahon.md"
    said = [int(n) for n in line.groups()]
    documented = dict(zip(("easy", "medium", "hard", "very hard", "minimal"), zip(said[::2], said[1::2])))
    seen = given_ranges(dt.date(2026, 1, 1), 28)
    assert seen["easy"][1] == 13
    for level, (low, high) in seen.items():
        assert documented[level][0] <= low and high <= documented[level][1], (level, seen[level], documented[level])
