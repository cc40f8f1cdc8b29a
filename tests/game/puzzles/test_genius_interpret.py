"""What a command means on a Genius board: `interpret(hand, position, command)`, no window.

The board is BOARD (blockers A1 A2 A4 A6 B4 D5 E1); squares are (row, col) from A1 = (0, 0)."""
from __future__ import annotations

import pytest

from game.play.commands import (OTHER, UNUSED, Changed, Cursor, Flip, Hover, Key, Pick, Play, Press, Refused,
                                Release, Slot, Square, Turn)
from game.puzzles.genius.hand import flipped
from game.puzzles.genius.interpret import interpret
from solver.genius import search
from solver.genius.moves import execute
from solver.genius.pieces import PIECES, orientation_of, turn
from solver.genius.position import Move, Position
from tests.game.fakes import BOARD, genius_hand

START = Position.parse(BOARD)
CORNER = START.place(Move("3-L", frozenset({28, 29, 34})))     # the green corner (4) on E5 E6 F5


@pytest.fixture
def hand():
    return genius_hand()


def slot(piece: str, grab=(0, 0)) -> Slot:
    return Slot(PIECES.index(piece), grab)


# ---------------------------------------------------------------------- picking up
def test_a_press_on_a_tray_slot_takes_its_piece(hand):
    assert interpret(hand, START, Press(slot("2"))) == Changed("pickup")
    assert (hand.held.piece, hand.held.source, hand.held.sticky) == ("2", "tray", False)


def test_a_press_holds_the_piece_by_the_square_under_the_pointer(hand):
    interpret(hand, START, Press(slot("4-I", (0, 2))))
    assert hand.held.grab == (0, 2)


def test_a_press_on_the_slot_of_a_placed_piece_takes_nothing(hand):
    assert interpret(hand, CORNER, Press(slot("3-L"))) is UNUSED and hand.held is None


def test_a_press_on_a_placed_piece_lifts_it_off_the_board(hand):
    interpret(hand, CORNER, Press(Square(5, 4)))               # F5: the corner's lower square
    assert (hand.held.piece, hand.held.source) == ("3-L", "board")
    assert "3-L" not in hand.shown(CORNER).placed


def test_a_press_on_an_empty_square_or_a_blocker_is_unused(hand):
    assert interpret(hand, START, Press(Square(2, 2))) is UNUSED
    assert interpret(hand, START, Press(Square(0, 0))) is UNUSED
    assert hand.held is None


# ---------------------------------------------------------------------- drag and drop
def test_a_drag_dropped_on_the_board_is_a_move(hand):
    interpret(hand, START, Press(slot("2")))
    interpret(hand, START, Hover(Square(5, 3)))
    outcome = interpret(hand, START, Release(Square(5, 3)))
    assert outcome == Play("2:F4F5", "The orange domino (2)", "drop2", "2")
    assert hand.held is None


def test_the_held_piece_follows_the_pointer(hand):
    interpret(hand, START, Press(slot("2")))
    interpret(hand, START, Hover(Square(5, 3)))
    assert hand.landing(START).cells == (33, 34)


def test_a_drag_dropped_off_the_board_puts_a_tray_piece_back(hand):
    interpret(hand, START, Press(slot("2")))
    assert interpret(hand, START, Release(None)) == Changed("drop") and hand.held is None


def test_a_placed_piece_dragged_off_the_board_goes_back_to_the_tray(hand):
    interpret(hand, CORNER, Press(Square(4, 4)))
    outcome = interpret(hand, CORNER, Release(None))
    assert isinstance(outcome, Play) and outcome.move == "-3-L"


def test_a_placed_piece_dropped_where_it_was_changes_nothing(hand):
    interpret(hand, CORNER, Press(Square(4, 4)))
    assert interpret(hand, CORNER, Release(Square(4, 4))) == Changed("drop")


def test_a_placed_piece_dragged_elsewhere_moves(hand):
    interpret(hand, CORNER, Press(Square(4, 4)))              # held by its top square
    outcome = interpret(hand, CORNER, Release(Square(2, 0)))  # C1
    assert outcome.move == "3-L:C1C2D1"
    assert execute(CORNER, outcome.move).placed["3-L"] == frozenset({12, 13, 18})


# ---------------------------------------------------------------------- clicks
def test_a_click_on_the_tray_carries_the_piece_until_the_next_click(hand):
    interpret(hand, START, Press(slot("2")))
    assert interpret(hand, START, Release(slot("2"), click=True)) == Changed()
    assert hand.held.sticky


def test_the_next_click_puts_a_carried_piece_down(hand):
    interpret(hand, START, Press(slot("2")))
    interpret(hand, START, Release(slot("2"), click=True))
    interpret(hand, START, Hover(Square(5, 3)))
    outcome = interpret(hand, START, Press(Square(5, 3)))
    assert isinstance(outcome, Play) and outcome.move == "2:F4F5"


def test_releasing_a_carried_piece_does_nothing(hand):
    interpret(hand, START, Press(slot("2")))
    interpret(hand, START, Release(slot("2"), click=True))
    assert interpret(hand, START, Release(Square(5, 3))) is UNUSED and hand.held.sticky


def test_a_click_on_a_placed_piece_turns_it_where_it_lies(hand):
    interpret(hand, CORNER, Press(Square(4, 4)))
    outcome = interpret(hand, CORNER, Release(Square(4, 4), click=True))
    assert isinstance(outcome, Play) and outcome.sound == "turn" and hand.held is None
    turned = execute(CORNER, outcome.move).placed["3-L"]
    assert turned != CORNER.placed["3-L"] and 28 in turned       # still on the square clicked


def test_a_click_turns_a_placed_piece_clockwise_round_the_clicked_square(hand):
    placed = START.place(Move("4-L", frozenset({14, 20, 26, 27})))      # C3 D3 E3 E4: room all round
    interpret(hand, placed, Press(Square(3, 2)))                         # D3
    outcome = interpret(hand, placed, Release(Square(3, 2), click=True))
    cells = execute(placed, outcome.move).placed["4-L"]
    assert orientation_of("4-L", cells) == turn("4-L", orientation_of("4-L", placed.placed["4-L"]))
    assert 20 in cells


def test_a_click_on_a_placed_piece_that_fits_no_way_turned_is_refused(hand):
    boxed = START.place(Move("2", frozenset({33, 34})))          # the domino on F4 F5, the bottom row,
    boxed = boxed.place(Move("1", frozenset({27})))               # the single square above F4 (E4)
    boxed = boxed.place(Move("3-L", frozenset({28, 29, 35})))     # and the corner above F5 (E5 E6 F6)
    interpret(hand, boxed, Press(Square(5, 3)))
    outcome = interpret(hand, boxed, Release(Square(5, 3), click=True))
    assert isinstance(outcome, Refused) and outcome.item == "The orange domino (2)"


# ---------------------------------------------------------------------- turning and flipping
def test_turn_turns_the_held_piece(hand):
    interpret(hand, START, Press(slot("3-L")))
    before = hand.held.orientation
    assert interpret(hand, START, Turn(1)) == Changed("turn", "turned", 1)
    assert hand.held.orientation != before and hand.orient["3-L"] == hand.held.orientation


def test_turn_with_nothing_held_is_unused(hand):
    assert interpret(hand, START, Turn(1)) is UNUSED


def test_flip_with_nothing_held_is_unused(hand):
    assert interpret(hand, START, Flip()) is UNUSED


def test_the_other_button_flips_the_held_piece(hand):
    interpret(hand, START, Press(slot("4-L")))
    want = flipped(hand.held).orientation
    assert interpret(hand, START, Press(Square(2, 2), OTHER)) == Changed("flip", "flipped")
    assert hand.held.orientation == want


def test_the_other_button_flips_a_placed_piece_where_it_lies(hand):
    placed = START.place(Move("4-L", frozenset({7, 13, 19, 20})))        # B2 C2 D2 D3
    outcome = interpret(hand, placed, Press(Square(2, 1), OTHER))        # on C2
    assert isinstance(outcome, Play) and outcome.sound == "flip"
    assert execute(placed, outcome.move).placed["4-L"] == frozenset({7, 13, 19, 18})    # B2 C2 D2 D1


def test_a_turned_piece_stays_turned_in_the_tray(hand):
    interpret(hand, START, Press(slot("3-L")))
    interpret(hand, START, Turn(1))
    turned = hand.held.orientation
    interpret(hand, START, Release(None))
    interpret(hand, START, Press(slot("3-L")))
    assert hand.held.orientation == turned


# ---------------------------------------------------------------------- the keyboard
def test_cursor_keys_move_the_cursor(hand):
    interpret(hand, START, Cursor(1, 0))
    assert hand.cursor == (1, 0) and hand.keyboard


def test_the_cursor_stops_at_the_edge(hand):
    interpret(hand, START, Cursor(1, 0))
    interpret(hand, START, Cursor(0, -1))
    assert hand.cursor == (1, 0) and hand.keyboard


def test_a_number_key_takes_that_piece_to_carry(hand):
    assert interpret(hand, START, Pick(5)) == Changed("pickup")
    assert hand.held.piece == "4-I" and hand.held.sticky and hand.keyboard


def test_number_keys_beyond_the_pieces_are_unused(hand):
    assert interpret(hand, START, Pick(0)) is UNUSED and hand.held is None


def test_enter_puts_the_held_piece_down_at_the_cursor(hand):
    interpret(hand, START, Pick(2))
    hand.cursor = (5, 3)
    outcome = interpret(hand, START, Key("place"))
    assert isinstance(outcome, Play) and outcome.move == "2:F4F5"


def test_enter_on_a_placed_piece_takes_it(hand):
    hand.cursor = (5, 4)
    assert interpret(hand, CORNER, Key("place")) == Changed("pickup")
    assert (hand.held.piece, hand.held.source, hand.held.sticky) == ("3-L", "board", True)


def test_enter_on_an_empty_square_does_nothing(hand):
    hand.cursor = (2, 2)
    assert interpret(hand, START, Key("place")) == Changed() and hand.held is None


def test_delete_on_a_placed_piece_sends_it_back(hand):
    hand.cursor = (4, 5)
    outcome = interpret(hand, CORNER, Key("drop"))
    assert outcome == Play("-3-L", "The green corner (4)")


def test_delete_while_holding_lets_go(hand):
    interpret(hand, START, Pick(1))
    assert interpret(hand, START, Key("drop")) == Changed() and hand.held is None


def test_escape_lets_go_of_the_held_piece(hand):
    interpret(hand, START, Pick(1))
    assert interpret(hand, START, Key("back")) == Changed() and hand.held is None


def test_escape_with_nothing_held_is_unused(hand):
    assert interpret(hand, START, Key("back")) is UNUSED


def test_tab_takes_the_next_piece_left_in_the_tray(hand):
    interpret(hand, CORNER, Key("next_piece"))
    assert hand.held.piece == "1"
    interpret(hand, CORNER, Key("next_piece"))
    interpret(hand, CORNER, Key("next_piece"))
    assert hand.held.piece == "3-I"
    interpret(hand, CORNER, Key("next_piece"))
    assert hand.held.piece == "4-I"                   # the corner is on the board: skipped


def test_shift_tab_goes_round_the_other_way(hand):
    interpret(hand, START, Key("prev_piece"))
    assert hand.held.piece == "4-O"


def test_a_keyboard_drop_that_is_refused_leaves_no_piece_to_fly_home(hand):
    interpret(hand, START, Pick(1))
    hand.cursor = (0, 0)
    outcome = interpret(hand, START, Key("place"))
    assert isinstance(outcome, Refused) and outcome.home is None


# ---------------------------------------------------------------------- refusals, in the player's words
def test_a_drop_on_a_blocker_is_refused_with_the_square(hand):
    interpret(hand, START, Press(slot("1")))
    outcome = interpret(hand, START, Release(Square(0, 0)))
    assert outcome.reason == "on a blocker at A1" and outcome.item == "The red single square (1)"


def test_an_overlap_names_the_other_piece_as_the_player_sees_it(hand):
    interpret(hand, CORNER, Press(slot("2")))
    outcome = interpret(hand, CORNER, Release(Square(4, 4)))
    assert isinstance(outcome, Refused)
    assert outcome.reason == "overlaps the green corner (4) at E5"


def test_a_refused_drag_flies_home_to_where_it_was_held(hand):
    interpret(hand, START, Press(slot("1")))
    held = hand.held
    outcome = interpret(hand, START, Release(Square(0, 0)))
    assert outcome.home == held and hand.held is None


def test_a_piece_partly_off_the_board_is_refused(hand):
    interpret(hand, START, Press(slot("4-I")))               # held by its first square, lying flat
    outcome = interpret(hand, START, Release(Square(5, 4)))  # F5: F5 F6 and two squares past the edge
    assert isinstance(outcome, Refused) and outcome.reason == "off the board"


# ---------------------------------------------------------------------- a finished board
@pytest.fixture(scope="module")
def finished():
    return search.solve(START)


def test_a_finished_board_lets_nothing_be_picked_up(hand, finished):
    assert interpret(hand, finished, Press(Square(5, 5))) is UNUSED
    assert interpret(hand, finished, Pick(1)) is UNUSED
    hand.cursor = (5, 5)
    assert interpret(hand, finished, Key("place")) is UNUSED and hand.held is None


def test_a_finished_board_takes_no_delete(hand, finished):
    hand.cursor = (5, 5)
    assert interpret(hand, finished, Key("drop")) is UNUSED
