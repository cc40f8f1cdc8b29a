"""An empty game ID box and Enter (or Play) says what a game ID is and where to find one, on the
status line, and the box shows the game's own ID again (playtest 2, finding 11's last part).
Typed as a player types: the box cleared with Ctrl+A and Backspace, then Enter."""
from __future__ import annotations

import pygame
import pytest

from game.play import key_words
from tests.game.drive import frame, key, press, release
from tests.game.test_typing import pump


def empty_box_and_enter(app, scene) -> None:
    pygame.event.clear()
    entry = scene.chrome.id_entry
    press(app, entry.rect.center)
    release(app, entry.rect.center)
    assert app.keyboard_owner() is entry
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    key(app, pygame.K_BACKSPACE)
    assert entry.get_text() == ""
    key(app, pygame.K_RETURN)
    pump(app)


def said(scene) -> str:
    return scene.frame().status


def test_an_empty_genius_id_says_what_a_game_id_is(app, genius):
    start = genius.match.game_id
    empty_box_and_enter(app, genius)
    words = said(genius)
    assert "game ID" in words and key_words.describe("copy") in words and "paste" in words, words
    assert genius.match.game_id == start and genius.chrome.id_entry.get_text() == start


@pytest.mark.parametrize("button", [False, True])
def test_an_empty_macmahon_id_says_it_too(app, button):
    from game.scenes.macmahon.scene import MacMahonScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    frame(app)
    start = scene.match.game_id
    if button:                                   # the Play button beside an emptied box
        scene.chrome.id_entry.set_text("")
        centre = scene.chrome.buttons["play_id"].rect.center
        press(app, centre)
        release(app, centre)
        pump(app)
    else:
        empty_box_and_enter(app, scene)
    assert "game ID" in said(scene) and key_words.describe("copy") in said(scene), said(scene)
    assert scene.match.game_id == start and scene.chrome.id_entry.get_text() == scene.kit.shown_id()
