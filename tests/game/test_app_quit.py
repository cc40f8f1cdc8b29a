"""What closes the window: Quit on the title, Ctrl+Q and the close box do; Escape never does."""
from __future__ import annotations

import pygame

from game.scenes.title import TitleScene
from tests.game.drive import frame, key


def title_with_game(app):
    title = TitleScene(app)
    app.push(title)
    app.open("genius", new=True)
    frame(app)
    return title


def test_two_quick_escapes_from_a_game_leave_the_title_open(app):
    title = title_with_game(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.running and app.top is title


def test_escape_on_a_lone_title_keeps_it(app):
    title = TitleScene(app)
    app.push(title)
    key(app, pygame.K_ESCAPE)
    assert app.running and app.scenes == [title]


def test_popping_the_last_scene_keeps_it(app):
    title = TitleScene(app)
    app.push(title)
    app.pop()
    assert app.running and app.scenes == [title]


def test_ctrl_q_in_a_game_quits(app):
    title_with_game(app)
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running


def test_plain_q_in_a_game_does_not_quit(app):
    title_with_game(app)
    key(app, pygame.K_q)
    assert app.running


def test_the_close_box_quits(app):
    title_with_game(app)
    frame(app, pygame.event.Event(pygame.WINDOWCLOSE))
    assert not app.running


def test_the_title_s_quit_button_quits(tmp_path):
    """The button asks the App to quit (App.quit itself: Ctrl+Q and the close box above)."""
    from tests.game.screen_app import ScreenApp, press
    app = ScreenApp(tmp_path)
    title = app.push(TitleScene(app))
    button = next(b for b, _ in title.choices if b.text == "Quit")
    assert not app.quitting
    press(app, button)
    assert app.quitting
