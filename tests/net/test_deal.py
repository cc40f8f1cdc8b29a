"""A run's board (game/net/deal.py) for any puzzle of the engine's list: this module is the
rules of a made-up puzzle whose daily is a number 0..2 (0 the offline one), and the server's
deal of it, its moves and its stored boards go through the list alone."""
from __future__ import annotations

import sys

import pytest

from game.net import deal
from solver import daily as days
from solver import puzzles
from solver.daily import Day
from solver.errors import IllegalMove, SquarewiseError

NAME = "counters"
NUMBER = 330
SECRET = b"a test's own secret".ljust(32, b".")
KINDS = 3                       # the deals there are: 0 (the offline daily), 1, 2


def daily(day, numbers=None) -> Day:
    return Day(days.number(day), "easy", 0 if numbers is None else next(numbers) % KINDS)


def same_deal(a: Day, b: Day) -> bool:
    return a.start == b.start


def to_place(start) -> int:
    return 7 - start


def run_move(position, move: str):
    if move != "+1":
        raise IllegalMove(f"'{move}' is not +1")
    return position + 1


def run_position(start, notation: str):
    if int(notation) < start:
        raise SquarewiseError("under the day's start")
    return int(notation)


@pytest.fixture(autouse=True)
def counters(monkeypatch):
    monkeypatch.setattr(puzzles, "PUZZLES", puzzles.PUZZLES + (puzzles.Engine(NAME, "Counters", "Counters", __name__),))


def test_the_offline_board_is_the_puzzle_s_daily():
    board = deal.make_board(NAME, NUMBER)
    assert (board.start, board.pieces, board.level, board.dealt) == (0, 7, days.level(days.date_of(NUMBER)), False)


def test_the_server_s_deal_is_the_first_of_its_stream_apart_from_the_offline_daily():
    drawn = [n % KINDS for n, _ in zip(deal.stream(SECRET, NAME, NUMBER), range(deal.DRAWS))]
    board = deal.make_board(NAME, NUMBER, SECRET)
    assert board.dealt and board.start == next(d for d in drawn if d != 0) and board.pieces == 7 - board.start


def test_a_deal_that_is_always_the_offline_daily_is_given_up_in_one_line(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "KINDS", 1)
    with pytest.raises(SquarewiseError, match=f"no deal of {NAME} #{NUMBER} apart from the offline daily in 16 draws"):
        deal.make_board(NAME, NUMBER, SECRET)


def test_a_run_s_moves_are_the_puzzle_s_ranked_moves():
    board = deal.make_board(NAME, NUMBER)
    assert board.execute(board.execute(board.start, "+1"), "+1") == 2
    with pytest.raises(IllegalMove, match="'-1' is not \\+1"):
        board.execute(board.start, "-1")


def test_a_stored_board_is_read_back_by_the_puzzle():
    board = deal.make_board(NAME, NUMBER, SECRET)
    assert board.load(str(board.start + 3)) == board.start + 3
    with pytest.raises(SquarewiseError, match="under the day's start"):
        board.load(str(board.start - 1))
