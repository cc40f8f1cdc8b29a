"""The Genius Square's side of a server's ranked runs (solver/genius/ranked.py, through the
engine's list): a deal is the offline daily when its blockers are the same up to turning or
mirroring the board, a stored run's board must be of the day's roll and givens, and a run's
moves are the engine's."""
from __future__ import annotations

import datetime as dt

import pytest

from solver import rng
from solver.daily import Day
from solver.errors import IllegalMove, SquarewiseError
from solver.genius.daily import genius_daily
from solver.genius.position import Position
from solver.puzzles import get

ENGINE = get("genius")
DAY = dt.date(2026, 11, 26)            # a Thursday
ROLL = "A1A2A4A6B4D5E1"
START = ROLL + "/2=D1D2/3-L=B2C1C2"     # two pieces given (tests/genius/test_givens.py)


def roll(blockers) -> Day:
    return Day(0, "easy", Position.from_blockers(blockers))


def test_a_daily_drawn_from_other_numbers_is_the_puzzles_own_draw():
    assert ENGINE.daily(DAY, rng.stream(12345)).start == genius_daily(DAY, rng.stream(12345)).position


def test_a_daily_drawn_from_other_numbers_is_another_deal():
    assert not ENGINE.same_deal(ENGINE.daily(DAY, rng.stream(12345)), ENGINE.daily(DAY))


@pytest.mark.parametrize("image", [
    lambda r, c: (r, 5 - c),            # mirrored
    lambda r, c: (c, 5 - r),            # a quarter turn
    lambda r, c: (5 - r, 5 - c),        # a half turn
    lambda r, c: (c, r),                # mirrored on the diagonal
])
def test_the_daily_turned_or_mirrored_is_the_same_deal(image):
    offline = ENGINE.daily(DAY)
    moved = [image(*divmod(cell, 6)) for cell in offline.start.blockers]
    other = roll(r * 6 + c for r, c in moved)
    assert other.start != offline.start and ENGINE.same_deal(other, offline)


def test_a_roll_with_one_blocker_moved_is_another_deal():
    offline = ENGINE.daily(DAY)
    blockers = sorted(offline.start.blockers)
    free = next(c for c in range(36) if c not in blockers)
    assert not ENGINE.same_deal(roll(blockers[1:] + [free]), offline)


def test_a_stored_run_s_board_is_read_back_with_its_givens():
    start = Position.parse(START)
    played = ENGINE.run_move(start, "1:F4")
    loaded = ENGINE.run_position(start, played.notation())
    assert loaded == played and loaded.givens == start.givens
    with pytest.raises(IllegalMove, match="the 2 is given: it stays put"):
        ENGINE.run_move(loaded, "-2")


def test_a_stored_board_of_another_roll_is_not_the_day_s():
    with pytest.raises(SquarewiseError, match="its blockers are not the day's"):
        ENGINE.run_position(Position.parse(START), "A1A2A4A6B4D5E2")


@pytest.mark.parametrize("stored", [ROLL, ROLL + "/2=D1D2", ROLL + "/2:D1D2/3-L=B2C1C2"])
def test_a_stored_board_without_the_day_s_given_pieces_is_not_the_day_s(stored):
    with pytest.raises(SquarewiseError, match="its given pieces are not the day's"):
        ENGINE.run_position(Position.parse(START), stored)
