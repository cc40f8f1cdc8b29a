"""The pieces a Genius puzzle gives belong to its positions (issue 38 item 3): the notation
writes them ("/2=D1D2") and parsing reads them back, `execute` refuses any move that takes one
away or moves it, every position made from a start keeps them, equality ignores them, and the
search never blames one."""
from __future__ import annotations

import pickle

import pytest

from solver.errors import IllegalMove, SquarewiseError
from solver.genius import search
from solver.genius.moves import describe, execute
from solver.genius.position import Move, Position

ROLL = "A1A2A4A6B4D5E1"
START = ROLL + "/2=D1D2/3-L=B2C1C2"          # two pieces of a solution given (one finish: docs/genius.md)


def test_the_notation_carries_the_givens_both_ways():
    start = Position.parse(START)
    assert start.givens == {"2", "3-L"}
    assert start.notation() == START
    assert Position.parse(start.notation()).givens == start.givens
    played = execute(start, "1:F4")
    assert played.notation() == ROLL + "/1:F4/2=D1D2/3-L=B2C1C2"
    again = Position.parse(played.notation())
    assert again == played and again.givens == {"2", "3-L"} and again.notation() == played.notation()
    assert Position.parse(" a1a2a4a6b4d5e1/2 = d2d1 ").notation() == ROLL + "/2=D1D2"


def test_givens_do_not_change_equality():
    start = Position.parse(START)
    plain = Position.parse(ROLL + "/2:D1D2/3-L:B2C1C2")
    assert start == plain and hash(start) == hash(plain) and not plain.givens


def test_givens_survive_copies():
    start = Position.parse(START)
    assert pickle.loads(pickle.dumps(start)).givens == start.givens
    assert start.place(Move.parse("1:F4")).givens == start.givens


@pytest.mark.parametrize("move, reason", [
    ("-2", "the 2 is given: it stays put"),
    ("3-L:B2B3C2", "the 3-L is given: it stays put"),             # moved (or turned in place)
    ("2:D1D2", "the 2 is given: it stays put"),                   # put where it is: still a move of it
])
def test_execute_refuses_to_take_away_or_move_a_given_piece(move, reason):
    with pytest.raises(IllegalMove, match=reason):
        execute(Position.parse(START), move)


def test_the_player_s_pieces_still_move_freely_beside_the_givens():
    start = Position.parse(START)
    p = execute(execute(start, "1:F4"), "1:F5")
    assert p.placed["1"] == {34}
    assert execute(p, "-1") == start and execute(p, "-1").givens == start.givens
    assert describe(start, p) == "1:F5"


def test_only_a_piece_on_the_board_can_be_given():
    with pytest.raises(SquarewiseError, match="a given piece must be on the board: 4-O is not"):
        Position.parse(ROLL + "/2:D1D2").with_givens(["4-O"])
    assert Position.parse(ROLL + "/1:F4/2:D1D2").with_givens(["2"]).notation() == ROLL + "/1:F4/2=D1D2"


def test_the_search_never_blames_a_given_piece():
    """The 4-O put where no solution keeping the givens has it: the blame is the player's piece,
    and when only a given piece would do, there is none."""
    start = Position.parse(START)
    finish = search.solve(start)
    wrong = next(m for m in (Move("1", frozenset({c})) for c in sorted(start.empty))
                 if m.cells != finish.placed["1"])
    played = start.place(wrong)
    assert search.solve(played) is None
    assert search.blame(played) == "1"
    plain = Position.parse(ROLL + "/2:D1D2/3-L:B2C1C2").place(wrong)
    assert search.blame(plain.with_givens(["1"])) in (None, "2", "3-L")
    assert search.blame(plain.with_givens(["1", "2", "3-L"])) is None
