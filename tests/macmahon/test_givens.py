"""The tiles a MacMahon puzzle gives belong to its positions (issue 37 item 5): `execute` refuses
any move that takes one away, moves it or turns it in place; every position made from a start
keeps its givens; equality and the notation ignore them."""
from __future__ import annotations

import datetime as dt

import pytest

from solver.errors import IllegalMove, SquarewiseError
from solver.macmahon.daily import macmahon_daily
from solver.macmahon.moves import describe, execute
from solver.macmahon.position import Position

START = "4x6x3:2b...../....../....../......"     # tile 2 turned once on A1


@pytest.mark.parametrize("move", ["-A1", "A1>2b@A2!", "A1>2c@A1!", "A1>2b@A2"])
def test_execute_refuses_a_move_of_a_given_tile(move):
    start = Position.parse(START).with_givens()
    with pytest.raises(IllegalMove, match="the tile on A1 is given"):
        execute(start, move)


def test_a_tile_the_player_placed_goes_back_beside_a_given():
    start = Position.parse(START).with_givens()
    assert execute(execute(start, "7a@C3!"), "-C3") == start


def test_a_tile_the_player_placed_moves_beside_a_given():
    placed = execute(Position.parse(START).with_givens(), "7a@C3!")
    assert execute(placed, "C3>7b@C3!").givens == frozenset({0})


def test_the_same_moves_are_legal_on_the_same_tiles_not_given():
    plain = Position.parse(START)
    assert execute(plain, "-A1") == Position.parse("4x6x3")


def test_positions_made_from_a_start_keep_its_givens():
    start = Position.parse(START).with_givens()
    after = execute(execute(start, "7a@C3!"), "-C3")
    assert after.givens == frozenset({0})
    assert after.notation() == START and describe(start, execute(start, "7a@C3!")) == "7a@C3!"


def test_a_position_with_givens_equals_the_same_tiles_not_given():
    after = execute(execute(Position.parse(START).with_givens(), "7a@C3!"), "-C3")
    assert after == Position.parse(START)


def test_givens_need_tiles():
    with pytest.raises(SquarewiseError, match="no tile to give"):
        Position.parse(START).with_givens({1})


def test_a_daily_puzzles_givens_are_its_tiles():
    made = macmahon_daily(dt.date(2026, 3, 2))
    given = {c for c, v in enumerate(made.puzzle.cells) if v is not None}
    assert made.puzzle.with_givens().givens == given == set(made.puzzle.with_givens(given).givens)
