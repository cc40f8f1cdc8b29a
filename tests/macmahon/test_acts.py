"""MacMahon moves as a hand makes them (solver/macmahon/acts.py, the engine's `acts`): each
move's kind, its quarter turns, and its keystrokes (R and Delete on the tile at the cursor;
Enter to pick a placed tile up and to put a tile down; an arrow a square)."""
from __future__ import annotations

from solver.macmahon.position import Position
from solver.puzzles import get

EMPTY = Position.parse("4x6x3")
D6 = frozenset({23})
MOVES = ["2b@A1", "A1>2c@A1", "A1>2c@C3", "-C3", "2a@A1"]


def acts():
    return get("macmahon").acts(EMPTY, MOVES)


def test_each_move_is_a_place_a_turn_a_move_or_a_take_back():
    assert [(a.kind, a.turns) for a in acts()] == [("place", 1), ("turn", 1), ("move", 0), ("back", 0), ("place", 0)]


def test_a_tile_from_the_tray_costs_enter_twice_its_turns_plus_the_arrows_from_a_known_cursor():
    place = acts()[0]
    assert (place.keys(None), place.keys(D6)) == (3, 3 + 3 + 5)    # D6 to A1: three rows, five columns


def test_a_turn_in_place_is_r_on_the_tile_at_the_cursor():
    assert (acts()[1].keys(None), acts()[1].keys(D6)) == (1, 1 + 8)


def test_a_placed_tile_moved_costs_the_arrows_to_it_then_to_its_new_cell():
    move = acts()[2]
    assert (move.keys(None), move.keys(D6)) == (2 + 4, 2 + 8 + 4)  # A1 to C3: four steps


def test_a_take_back_is_delete_on_the_tile_at_the_cursor():
    assert (acts()[3].keys(None), acts()[3].keys(D6)) == (1, 1 + 4)  # D6 to C3: one row, three columns


def test_the_pointer_aims_at_the_macmahon_layout():
    assert (acts()[0].POINT_BITS, acts()[0].DRAG_BITS) == (1.25, 1.14)
