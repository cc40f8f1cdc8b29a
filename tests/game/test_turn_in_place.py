"""Turning in place through real mouse events: the right button flips a placed piece, a drag
still moves it and a click on the tray still carries. (The Turn and Flip buttons' actions on the
carried piece: tests/game/scenes/test_genius_kit_games.py and test_macmahon_kit_games.py; where the
hand's buttons sit, clear of everything: tests/game/scenes/test_hand_buttons_layout.py; what a
click or the right button means is tested on `interpret`: tests/game/puzzles/
test_genius_interpret.py and test_macmahon_interpret.py.)"""

from solver.genius.pieces import flip, orientation_of
from tests.game.drive import assert_legal, cell_centre, drag, move, place_by_mouse, press, release, slot_of


def click(app, pos, button=1) -> None:
    move(app, pos)                # the pointer goes there first (a button must be hovered)
    press(app, pos, button)
    release(app, pos, button)
    app.frame(1 / 60)             # a button's press reaches the scene from the event queue


def test_the_right_button_flips_a_placed_piece_where_it_lies(app, genius):
    place_by_mouse(app, genius, "4-L", [14, 20, 26, 27])
    before = genius.position.placed["4-L"]
    press(app, cell_centre(genius, 20), button=3)
    cells = genius.position.placed["4-L"]
    assert orientation_of("4-L", cells) == flip("4-L", orientation_of("4-L", before)) and 20 in cells
    assert_legal(genius.position)


def test_the_right_button_flips_the_held_piece(app, genius):
    press(app, slot_of(genius, "4-T").center)
    held = genius.session.hand.held
    press(app, slot_of(genius, "4-T").center, button=3)
    assert genius.session.hand.held.orientation == flip("4-T", held.orientation)


def test_a_drag_of_a_placed_piece_still_moves_it(app, genius):
    place_by_mouse(app, genius, "2", [33, 34])
    drag(app, cell_centre(genius, 33), cell_centre(genius, 31))
    assert genius.position.placed["2"] == frozenset({31, 32})


def test_a_tray_click_still_carries_the_piece(app, genius):
    click(app, slot_of(genius, "4-T").center)
    assert genius.session.hand.held is not None and genius.session.hand.held.piece == "4-T" and genius.session.hand.held.sticky
