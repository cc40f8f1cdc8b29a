"""MacMahon's side of a server's ranked runs (solver/macmahon/ranked.py, through the engine's
list): a deal is the offline daily when it finishes in the same solution class, a stored run's
board is read back with the day's givens, and a run's moves keep the strict rules."""
from __future__ import annotations

import datetime as dt

import pytest

from solver import rng
from solver.daily import Day
from solver.errors import IllegalMove, SquarewiseError
from solver.macmahon.daily import macmahon_daily
from solver.macmahon.position import Move
from solver.macmahon.symmetry import group, position_codes, position_from_codes
from solver.puzzles import get

ENGINE = get("macmahon")
DAY = dt.date(2026, 11, 26)            # a Thursday: medium, some tiles given
OFFLINE = ENGINE.daily(DAY)


def given(solution, cells) -> Day:
    """A daily-like start: `solution` with only the tiles on `cells` left, given."""
    kept = solution
    for cell in set(range(solution.board.size)) - set(cells):
        kept = kept.remove(cell)
    return Day(0, "easy", kept.with_givens())


def test_a_daily_drawn_from_other_numbers_is_the_puzzles_own_draw_with_its_givens():
    made = ENGINE.daily(DAY, rng.stream(12345)).start
    own = macmahon_daily(DAY, rng.stream(12345)).puzzle
    assert made == own and made.givens == frozenset(c for c, v in enumerate(own.cells) if v is not None)


def test_a_daily_drawn_from_other_numbers_is_another_deal():
    assert not ENGINE.same_deal(ENGINE.daily(DAY, rng.stream(12345)), OFFLINE)


def test_a_puzzle_giving_other_tiles_of_the_daily_s_finish_is_the_same_deal():
    solution = macmahon_daily(DAY).solution
    others = sorted(set(range(solution.board.size)) - OFFLINE.start.givens)[:8]
    assert ENGINE.same_deal(given(solution, others), OFFLINE)


def test_the_daily_turned_or_mirrored_is_the_same_deal():
    solution = macmahon_daily(DAY).solution
    board = solution.board
    assert len(group(board)) == 8
    for label, perm, code_map in group(board)[1:]:
        codes = position_codes(solution)
        image = codes.copy()
        image[perm] = code_map[codes]
        turned = position_from_codes(board, image)
        assert turned != solution, label
        assert ENGINE.same_deal(given(turned, [perm[c] for c in OFFLINE.start.givens]), OFFLINE), label


def test_a_stored_run_s_board_is_read_back_with_the_day_s_givens():
    start = OFFLINE.start
    cell = start.board.cell_name(min(start.givens))
    loaded = ENGINE.run_position(start, start.notation())
    assert loaded.givens == start.givens
    with pytest.raises(IllegalMove, match=f"the tile on {cell} is given"):
        ENGINE.run_move(loaded, f"-{cell}")


def test_a_stored_board_with_a_given_tile_taken_away_is_not_the_day_s():
    start = OFFLINE.start
    with pytest.raises(SquarewiseError, match="its board or given tiles are not the day's"):
        ENGINE.run_position(start, start.remove(min(start.givens)).notation())


def a_finishing_move() -> str:
    """A move of the daily's finish onto its first empty cell, as the strict rules write it."""
    solution = macmahon_daily(DAY).solution
    cell = min(set(range(solution.board.size)) - OFFLINE.start.givens)
    return Move(*solution.cells[cell], cell).notation(solution.board)


def test_a_ranked_run_s_move_under_free_rules_is_refused():
    with pytest.raises(IllegalMove, match=r"a daily run keeps the strict rules: colours must match \(no '!' moves\)"):
        ENGINE.run_move(OFFLINE.start, a_finishing_move() + "!")


def test_a_ranked_run_s_strict_move_is_the_engine_s():
    move = a_finishing_move()
    assert ENGINE.run_move(OFFLINE.start, move) == ENGINE.execute(OFFLINE.start, move)
