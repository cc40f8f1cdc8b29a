"""The solution browser as a player uses it (issue 10): a number typed jumps there; a solution
opened over a game in progress is only put on the board once the player agrees."""
from __future__ import annotations

import pygame

from game.scenes.macmahon.browser import BrowserScene
from game.scenes.macmahon.scene import MacMahonScene
from game.scenes.title import TitleScene
from solver.macmahon.position import Move
from tests.game.macmahon_drive import play_position
from tests.game.drive import answer_confirm, frame, key
from tests.game.test_browser import browser  # noqa: F401  (the fixture)
from tests.game.test_typing import click, pump, type_text


def test_typing_a_number_jumps_there(app, browser):
    pygame.event.clear()
    click(app, browser.jump_entry.rect.center)
    assert app.keyboard_owner() is browser.jump_entry
    type_text(app, "4321")
    key(app, pygame.K_RETURN)
    pump(app)
    assert browser.current == 4320
    type_text(app, "9")                      # the field kept the keyboard? then it takes the 9, not the browser
    assert browser.current == 4320 and app.top is browser


def test_digits_typed_on_the_browser_go_to_the_jump_box(app, browser):
    pygame.event.clear()
    assert app.keyboard_owner() is None
    type_text(app, "77")
    pump(app)
    assert app.keyboard_owner() is browser.jump_entry and browser.jump_entry.get_text() == "77"
    key(app, pygame.K_RETURN)
    pump(app)
    assert browser.current == 76


def test_a_solution_opened_over_a_game_in_progress_asks_first(app):
    app.push(TitleScene(app))
    play = MacMahonScene(app, variant="4x6x3")
    app.push(play)
    frame(app)                                     # the screen is shown before the player plays
    play_position(play, play.position.place(Move.parse("1a@A1")))
    started = play.position
    key(app, pygame.K_b)
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    browser = app.top
    assert isinstance(browser, BrowserScene)
    browser.jump(9)
    wanted = browser.position()
    key(app, pygame.K_RETURN)
    assert app.top is play and play.dialog_open
    assert answer_confirm(app, play, yes=False)             # no: the game stays as it was
    assert app.top is play and play.position == started and play.match.can_undo
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    browser = app.top
    browser.jump(9)
    key(app, pygame.K_RETURN)
    assert answer_confirm(app, play, yes=True)
    assert app.top is play and play.position == wanted
