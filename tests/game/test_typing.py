"""Typing goes to the text field or dialog that has the keyboard, never to the game (issue 10)."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tests.game.drive import frame, key, press, release

from game.scenes.base import Scene
from solver.genius import dice
from solver.genius.position import Position


def pump(app, frames: int = 2) -> None:
    """Frames that read pygame's own queue, where pygame-gui posts its events (text entered, ...)."""
    for _ in range(frames):
        app.frame(1 / 60)


def type_text(app, text: str) -> None:
    """Keys as a keyboard makes them: a KEYDOWN with the character, then a TEXTINPUT."""
    for ch in text:
        code = pygame.key.key_code(ch.lower()) if ch.isalnum() else 0
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0),
              pygame.event.Event(pygame.TEXTINPUT, text=ch))


def click(app, pos) -> None:
    press(app, pos)
    release(app, pos)


def other_genius_id() -> str:
    return Position.from_blockers(dice.builtin("default").roll(12345)).notation()


def test_typing_in_the_genius_id_box_plays_no_moves(app, genius):
    pygame.event.clear()
    start = genius.position
    click(app, genius.chrome.id_entry.rect.center)
    assert app.keyboard_owner() is genius.chrome.id_entry
    type_text(app, "5eb")                    # 5 would pick up the 4-I, e would turn it
    assert genius.session.hand.held is None and genius.position == start and app.top is genius
    assert "5eb" in genius.chrome.id_entry.get_text()


def entered(app, genius) -> str:
    """Another roll's game ID typed over what the box held, then Enter: the ID."""
    pygame.event.clear()
    click(app, genius.chrome.id_entry.rect.center)
    type_text(app, "5eb")
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    wanted = other_genius_id()
    type_text(app, wanted)
    assert genius.chrome.id_entry.get_text() == wanted and genius.session.hand.held is None
    key(app, pygame.K_RETURN)
    pump(app)
    return wanted


def test_enter_in_the_genius_id_box_plays_the_id(app, genius):
    wanted = entered(app, genius)
    assert genius.match.game_id == wanted
    assert genius.session.hand.held is None                # Enter submitted the field, it did not pick a piece up


def test_after_enter_in_the_id_box_the_keys_are_the_game_s_again(app, genius):
    entered(app, genius)
    assert app.keyboard_owner() is None
    type_text(app, "5")
    assert genius.session.hand.held is not None and genius.session.hand.held.piece == "4-I"


def test_escape_leaves_the_id_box_not_the_game(app, genius):
    click(app, genius.chrome.id_entry.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is genius and app.keyboard_owner() is None
    key(app, pygame.K_ESCAPE)
    assert app.top is not genius


def test_typing_in_the_macmahon_id_box_goes_to_the_box_alone(app):
    from game.scenes.macmahon.scene import MacMahonScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    frame(app)
    start = scene.position
    click(app, scene.chrome.id_entry.rect.center)
    type_text(app, "b1r")                  # b opens the solution browser, 1 lifts a tile, r turns it
    assert app.top is scene and scene.session.hand.held is None and scene.position == start
    assert "b1r" in scene.chrome.id_entry.get_text()


def open_dialog(app, genius):
    """Ctrl+O: the file dialog, open and holding the keyboard."""
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    assert genius.dialog_open
    dialog = app.keyboard_owner()
    assert isinstance(dialog, pygame_gui.windows.UIFileDialog)
    return dialog


def test_a_file_dialog_takes_the_keys(app, genius):
    dialog = open_dialog(app, genius)
    click(app, dialog.file_path_text_line.rect.center)
    type_text(app, "5e")
    assert genius.session.hand.held is None and "5e" in dialog.file_path_text_line.get_text()


def test_escape_closes_only_the_file_dialog(app, genius):
    open_dialog(app, genius)
    key(app, pygame.K_ESCAPE)
    assert not genius.dialog_open and app.top is genius


class Asking(Scene):
    """A stub scene that asks a yes/no question and counts the keys it hears."""

    def __init__(self, app):
        super().__init__(app)
        self.yes = 0
        self.keys = 0

    def handle_event(self, event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.keys += 1
            return True
        return False


ANSWERS = pytest.mark.parametrize("answer, yes", [(pygame.K_RETURN, 1), (pygame.K_ESCAPE, 0)])


def answered(app, answer) -> Asking:
    """A question asked, an x typed, then `answer`'s key: the asking scene."""
    pygame.event.clear()
    scene = Asking(app)
    app.push(scene)
    scene.confirm("Abandon this game?", lambda: setattr(scene, "yes", scene.yes + 1))
    type_text(app, "x")
    key(app, answer)
    pump(app)
    return scene


@ANSWERS
def test_enter_or_escape_answers_a_dialog(app, answer, yes):
    scene = answered(app, answer)
    assert scene.yes == yes and scene.keys == 0 and not scene.dialog_open and app.top is scene


@ANSWERS
def test_with_the_dialog_answered_the_scene_hears_keys_again(app, answer, yes):
    scene = answered(app, answer)
    key(app, pygame.K_x)
    assert scene.keys == 1                  # with the dialog gone the scene hears keys again
