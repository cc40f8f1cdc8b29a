"""A click on a placed piece turns it where it lies and the right button turns it the other
way (a flip in Genius, anticlockwise in MacMahon), in both puzzles, through real mouse events;
a drag still moves it and a click on the tray still carries."""
import pygame
import pytest

from game.play.hints import capital
from solver.genius.pieces import flip, orientation_of, turn
from solver.genius.position import Move
from solver.macmahon.position import Move as TileMove
from tests.game.drive import assert_legal, cell_centre, drag, frame, key, move, place_by_mouse, press, release, slot_of
from tests.game.test_macmahon_play import macmahon, typed  # noqa: F401  (the MacMahon fixture)


def click(app, pos, button=1) -> None:
    move(app, pos)                # the pointer goes there first (a button must be hovered)
    press(app, pos, button)
    release(app, pos, button)
    app.frame(1 / 60)             # a button's press reaches the scene from the event queue


def click_button(app, monkeypatch, button) -> None:
    """A real click on a button: pygame_gui hovers by the pointer's place (none headless)."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)
    frame(app)
    click(app, button.rect.center)


def test_a_click_turns_a_placed_piece_clockwise_round_the_clicked_square(app, genius):
    place_by_mouse(app, genius, "4-L", [14, 20, 26, 27])       # C3 D3 E3 E4: room all round
    before, steps = genius.position, genius.match.index
    click(app, cell_centre(genius, 20))
    cells = genius.position.placed["4-L"]
    assert genius.session.hand.held is None and genius.match.index == steps + 1
    assert orientation_of("4-L", cells) == turn("4-L", orientation_of("4-L", before.placed["4-L"]))
    assert 20 in cells and set(cells) != set(before.placed["4-L"])
    assert_legal(genius.position)
    genius.undo()
    assert genius.position == before


def test_the_right_button_flips_a_placed_piece_and_the_held_one(app, genius):
    place_by_mouse(app, genius, "4-L", [14, 20, 26, 27])
    before = genius.position.placed["4-L"]
    press(app, cell_centre(genius, 20), button=3)
    cells = genius.position.placed["4-L"]
    assert orientation_of("4-L", cells) == flip("4-L", orientation_of("4-L", before)) and 20 in cells
    assert_legal(genius.position)
    press(app, slot_of(genius, "4-T").center)                    # held: the right button flips it
    held = genius.session.hand.held
    press(app, slot_of(genius, "4-T").center, button=3)
    assert genius.session.hand.held.orientation == flip("4-T", held.orientation)


def test_a_turn_that_fits_nowhere_is_refused_with_the_reason(app, genius):
    # the 4-I along C1-C4: A1 and E1 block column 1, the 2 and the 3-I block rows B and D
    for piece, cells in (("2", {7, 8}), ("3-I", {19, 20, 21}), ("4-I", {12, 13, 14, 15})):
        genius.play(genius.position.place(Move(piece, frozenset(cells))))
    before = genius.position
    click(app, cell_centre(genius, 13))
    assert genius.position == before and genius.session.hand.held is None
    name = capital(genius.piece_name("4-I"))
    assert app.toasts.latest.startswith(f"{name}: ") and ("overlaps" in app.toasts.latest or "blocker" in app.toasts.latest)


def test_a_drag_still_moves_and_a_tray_click_still_carries(app, genius):
    place_by_mouse(app, genius, "2", [33, 34])
    drag(app, cell_centre(genius, 33), cell_centre(genius, 31))
    assert genius.position.placed["2"] == frozenset({31, 32})
    click(app, slot_of(genius, "4-T").center)
    assert genius.session.hand.held is not None and genius.session.hand.held.piece == "4-T" and genius.session.hand.held.sticky


def test_macmahon_a_click_turns_clockwise_the_right_button_anticlockwise(app, macmahon):  # noqa: F811
    typed(app, "m")                                  # free mode: every turn lies there; tile 3 is RRWW
    macmahon.play(macmahon.position.place_unchecked(TileMove(2, 0, 7)))
    click(app, cell_centre(macmahon, 7))
    assert macmahon.position.cells[7] == (2, 1) and macmahon.session.hand.held is None
    press(app, cell_centre(macmahon, 7), button=3)
    press(app, cell_centre(macmahon, 7), button=3)
    assert macmahon.position.cells[7] == (2, 3)
    drag(app, cell_centre(macmahon, 7), cell_centre(macmahon, 8))       # a drag still moves it
    assert macmahon.position.cells[8] == (2, 3) and macmahon.position.cells[7] is None
    press(app, macmahon.view.layout()["slots"][0].center)                    # the held tile: anticlockwise
    rotation = macmahon.session.hand.held.rotation
    press(app, macmahon.view.layout()["slots"][0].center, button=3)
    assert macmahon.session.hand.held is not None and macmahon.session.hand.held.rotation == (rotation + 3) % 4


def test_the_turn_and_flip_buttons_act_on_the_carried_piece(app, genius, monkeypatch):
    click(app, slot_of(genius, "4-L").center)                  # carried by a click
    held = genius.session.hand.held
    click_button(app, monkeypatch, genius.chrome.buttons["turn"])
    assert genius.session.hand.held is not None and genius.session.hand.held.orientation == turn("4-L", held.orientation)
    click_button(app, monkeypatch, genius.chrome.buttons["flip"])
    assert genius.session.hand.held.orientation == flip("4-L", turn("4-L", held.orientation))
    key(app, pygame.K_ESCAPE)
    click_button(app, monkeypatch, genius.chrome.buttons["turn"])            # nothing in hand: it says what to do
    assert genius.session.hand.held is None and "Pick up a piece first" in app.toasts.latest


def test_macmahon_turn_button_turns_the_carried_tile(app, macmahon, monkeypatch):  # noqa: F811
    click(app, macmahon.view.layout()["slots"][2].center)
    rotation = macmahon.session.hand.held.rotation
    click_button(app, monkeypatch, macmahon.chrome.buttons["turn"])
    assert macmahon.session.hand.held is not None and macmahon.session.hand.held.rotation == (rotation + 1) % 4


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_the_hand_buttons_overlap_nothing(app, genius, size):
    app.window.size = size
    app.restyle()
    frame(app)
    lay = genius.view.layout()
    pair = [genius.chrome.buttons[n].rect for n in ("turn", "flip")]
    others = [b.rect for n, b in genius.chrome.buttons.items() if n not in ("turn", "flip")]
    others += [m.menu.rect for m in genius.chrome.menus.values()] + list(lay["slots"]) + [lay["status"], lay["messages"]]
    assert all(pygame.Rect(0, 0, *size).contains(r) and r.height >= 20 for r in pair)
    assert not [(a, b) for a in pair for b in others if a.colliderect(b)]
    assert not pair[0].colliderect(pair[1])


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_macmahon_turn_button_overlaps_nothing(app, macmahon, size):  # noqa: F811
    app.window.size = size
    app.restyle()
    frame(app)
    lay = macmahon.view.layout()
    rects = [b.rect for b in macmahon.chrome.buttons.values()] + [m.menu.rect for m in macmahon.chrome.menus.values()]
    rects += [macmahon.variant_menu.rect, lay["messages"], lay["status"]]
    assert "turn" in macmahon.chrome.buttons and pygame.Rect(0, 0, *size).contains(macmahon.chrome.buttons["turn"].rect)
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
