"""Genius moves as a hand makes them (solver/genius/acts.py, the engine's `acts`): each move's
kind, the fewest turn keys from the way the tray or the board holds the piece, and its
keystrokes (a number, the turns, an arrow a square from the cursor, Enter)."""
from __future__ import annotations

from solver.genius.position import Position
from solver.puzzles import get

ROLL = Position.parse("A1A2A4A6B4D5E1")
A1 = frozenset({0})
MOVES = ["2:D1D2", "2:C1D1", "2:E2E3", "-2", "2:F1F2"]


def acts():
    return get("genius").acts(ROLL, MOVES)


def test_each_move_is_a_place_a_turn_a_move_or_a_take_back():
    assert [(a.kind, a.turns) for a in acts()] == [("place", 0), ("turn", 1), ("move", 1), ("back", 0), ("place", 0)]


def test_a_piece_from_the_tray_costs_a_number_enter_plus_the_arrows_from_a_known_cursor():
    place = acts()[0]
    assert (place.keys(None), place.keys(A1)) == (2, 2 + 3)       # A1 to D1: three rows down


def test_a_placed_piece_moved_costs_the_arrows_from_where_it_was_wherever_the_cursor_is():
    move = acts()[2]
    assert move.keys(None) == move.keys(A1) == 2 + 1 + 2          # a turn, D1 to E2


def test_neither_a_turn_in_place_nor_a_take_back_needs_an_arrow():
    turn, back = acts()[1], acts()[3]
    assert (turn.keys(A1), back.keys(A1)) == (3, 2)


def test_the_pointer_aims_at_the_genius_layout():
    assert (acts()[0].POINT_BITS, acts()[0].DRAG_BITS) == (1.42, 1.43)
