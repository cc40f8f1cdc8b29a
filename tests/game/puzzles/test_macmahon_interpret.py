"""What a command means on a MacMahon board: `interpret(hand, position, command)`, no window.

The board is the empty 4 x 6 board of 3 colours ("4x6x3"); squares are (row, col), A1 = (0, 0)."""
from __future__ import annotations

import pytest

from game.play.commands import OTHER, UNUSED, Changed, Key, Pick, Play, Press, Refused, Release, Slot, Square, Turn
from game.puzzles.macmahon.hand import DIGIT_WAIT, Hand
from game.puzzles.macmahon.interpret import interpret
from solver.macmahon import search
from solver.macmahon.moves import execute
from solver.macmahon.position import Move, Position

EMPTY = Position.parse("4x6x3")
MIDDLE = 8                                         # B3: no edge, so any way round fits an empty board
TILE = 1                                           # tile 2, RWWW: it looks different each way round


def hand_on(position: Position, strict: bool = True) -> Hand:
    hand = Hand()
    hand.fresh(position)
    hand.strict = strict
    return hand


@pytest.fixture(scope="module")
def solved():
    return search.solve(EMPTY)


@pytest.fixture(scope="module")
def given(solved):
    """The solved board with only its first row's first three tiles: a puzzle with tiles given."""
    position = solved
    for cell in range(3, EMPTY.board.size):
        position = position.remove(cell)
    return position.with_givens()


def with_tile(tile: int, rotation: int, cell: int) -> Position:
    return EMPTY.place_unchecked(Move(tile, rotation, cell))


# ---------------------------------------------------------------------- strict and free drops
def test_a_strict_drop_that_breaks_a_rule_is_refused_with_the_engines_reason():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Press(Slot(5)))
    held = hand.held
    outcome = interpret(hand, EMPTY, Release(Square(0, 0)))
    assert outcome == Refused("border must be white on the top edge at A1", "Tile 6", held, seconds=3)


def test_a_free_drop_that_breaks_a_rule_is_played_as_free():
    hand = hand_on(EMPTY, strict=False)
    interpret(hand, EMPTY, Press(Slot(5)))
    assert interpret(hand, EMPTY, Release(Square(0, 0))) == Play("6a@A1!", "Tile 6", "drop", 0)


def test_a_strict_drop_that_fits_is_played(solved):
    first = EMPTY.moves_to(solved)[0]
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Press(Slot(first.tile)))
    outcome = interpret(hand, EMPTY, Release(Square(*divmod(first.cell, 6))))
    assert outcome == Play(first.notation(EMPTY.board), f"Tile {first.tile + 1}", "drop", first.cell)


@pytest.mark.parametrize("strict", [True, False])
def test_a_drop_on_a_taken_cell_is_refused_under_both_rules(strict):
    position = with_tile(TILE, 0, MIDDLE)
    hand = hand_on(EMPTY, strict)
    interpret(hand, position, Press(Slot(2)))
    assert isinstance(interpret(hand, position, Release(Square(1, 2))), Refused)


def clashing_free_landing():
    """Tile 6 carried under free rules, over A1 where it clashes: its landing."""
    hand = hand_on(EMPTY, strict=False)
    interpret(hand, EMPTY, Press(Slot(5)))
    interpret(hand, EMPTY, Release(Square(0, 0), click=True))     # carried
    hand.pointer = 0
    return hand.landing(EMPTY)


def test_the_landing_of_a_free_drop_that_breaks_a_rule_is_allowed():
    landing = clashing_free_landing()
    assert landing.reason is not None and landing.allowed


def test_the_landing_of_a_free_drop_that_breaks_a_rule_marks_the_clash():
    assert clashing_free_landing().clashes


def test_a_placed_tile_dropped_off_the_board_goes_back_to_the_tray():
    position = with_tile(TILE, 0, MIDDLE)
    hand = hand_on(EMPTY)
    interpret(hand, position, Press(Square(1, 2)))
    assert interpret(hand, position, Release(None)) == Play("-B3", "Tile 2", "drop", None)


def test_a_placed_tile_dragged_to_another_cell_moves_there():
    position = with_tile(TILE, 3, MIDDLE)
    hand = hand_on(EMPTY)
    interpret(hand, position, Press(Square(1, 2)))
    outcome = interpret(hand, position, Release(Square(1, 3)))
    after = execute(position, outcome.move)
    assert after.cells[MIDDLE + 1] == (TILE, 3) and after.cells[MIDDLE] is None


# ---------------------------------------------------------------------- turning in place
def test_a_click_on_a_placed_tile_turns_it_a_quarter_where_it_lies():
    position = with_tile(TILE, 0, MIDDLE)
    hand = hand_on(EMPTY)
    interpret(hand, position, Press(Square(1, 2)))
    outcome = interpret(hand, position, Release(Square(1, 2), click=True))
    assert isinstance(outcome, Play) and outcome.sound == "turn"
    assert execute(position, outcome.move).cells[MIDDLE] == (TILE, 1)


def test_the_other_button_turns_a_placed_tile_anticlockwise():
    position = with_tile(TILE, 0, MIDDLE)
    hand = hand_on(EMPTY)
    outcome = interpret(hand, position, Press(Square(1, 2), OTHER))
    assert execute(position, outcome.move).cells[MIDDLE] == (TILE, 3)


def test_the_other_button_turns_the_held_tile_anticlockwise():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Press(Slot(2)))
    assert interpret(hand, EMPTY, Press(Square(1, 2), OTHER)) == Changed("turn", "turned", 3)
    assert hand.held.rotation == 3


def test_a_strict_turn_in_place_that_fits_no_other_way_is_refused():
    corner = with_tile(4, 0, 0)              # tile 5, RRRW, on A1: two edges want white, it has one
    hand = hand_on(EMPTY)
    interpret(hand, corner, Press(Square(0, 0)))
    outcome = interpret(hand, corner, Release(Square(0, 0), click=True))
    assert isinstance(outcome, Refused) and outcome.reason.startswith("fits no other way round here (")


def test_a_free_turn_in_place_turns_even_against_the_rules():
    corner = with_tile(4, 0, 0)
    hand = hand_on(EMPTY, strict=False)
    interpret(hand, corner, Press(Square(0, 0)))
    outcome = interpret(hand, corner, Release(Square(0, 0), click=True))
    assert isinstance(outcome, Play) and execute(corner, outcome.move).cells[0] == (4, 1)


def test_turn_turns_the_tile_at_the_keyboard_cursor():
    position = with_tile(TILE, 0, MIDDLE)
    hand = hand_on(EMPTY)
    hand.keyboard, hand.cursor = True, MIDDLE
    outcome = interpret(hand, position, Turn(1))
    assert execute(position, outcome.move).cells[MIDDLE] == (TILE, 1)


def test_turn_with_nothing_held_off_the_keyboard_is_unused():
    assert interpret(hand_on(EMPTY), with_tile(TILE, 0, MIDDLE), Turn(1)) is UNUSED


# ---------------------------------------------------------------------- the puzzle's given tiles
def test_a_given_tile_cannot_be_picked_up(given):
    hand = hand_on(given)
    interpret(hand, given, Press(Square(0, 0)))
    assert hand.held is None


def test_a_press_on_a_given_tile_says_it_stays_put(given):
    outcome = interpret(hand_on(given), given, Press(Square(0, 0)))
    assert outcome == Changed(toast=f"Tile {given.cells[0][0] + 1} is part of this puzzle and stays put")


def test_a_given_tile_cannot_be_turned(given):
    hand = hand_on(given)
    assert interpret(hand, given, Press(Square(0, 1), OTHER)) is UNUSED


def test_a_given_tile_cannot_be_sent_back(given):
    hand = hand_on(given)
    hand.cursor = 2
    assert interpret(hand, given, Key("drop")) == Changed()


def test_typing_a_given_tiles_number_takes_nothing(given):
    hand = hand_on(given)
    number = given.cells[0][0] + 1
    if number > 9:
        pytest.skip("the given tile's number takes two keys")
    assert interpret(hand, given, Pick(number)) is UNUSED and hand.held is None


# ---------------------------------------------------------------------- typed numbers
def test_a_digit_takes_that_tile():
    hand = hand_on(EMPTY)
    assert interpret(hand, EMPTY, Pick(7)) == Changed("pickup")
    assert hand.held.tile == 6 and hand.held.sticky and hand.keyboard


def test_two_digits_typed_quickly_take_a_two_digit_tile():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Pick(1))
    hand.tick(DIGIT_WAIT / 2)
    interpret(hand, EMPTY, Pick(2))
    assert hand.held.tile == 11


def test_a_second_digit_typed_late_starts_a_new_number():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Pick(1))
    hand.tick(DIGIT_WAIT + 0.1)
    interpret(hand, EMPTY, Pick(2))
    assert hand.held.tile == 1


def test_two_digits_past_the_last_tile_take_the_second_digits_tile():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Pick(3))
    interpret(hand, EMPTY, Pick(5))                 # there is no tile 35
    assert hand.held.tile == 4


def test_another_key_ends_a_number():
    hand = hand_on(EMPTY)
    interpret(hand, EMPTY, Pick(1))
    interpret(hand, EMPTY, Turn(1))
    interpret(hand, EMPTY, Pick(2))
    assert hand.held.tile == 1


def test_a_typed_tile_sends_the_cursor_to_an_empty_cell():
    position = with_tile(0, 0, 0)
    hand = hand_on(EMPTY)
    interpret(hand, position, Pick(2))
    assert hand.cursor == 1
