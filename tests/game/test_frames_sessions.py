"""Issue 36, item 1, the general check: over a scripted session of every screen, played through
the real loop (App.step) from the title by the events a player makes (clicks on buttons and
menus, keys), each time the loop would sleep the frame it left on the window is the frame a
forced full redraw of the same state draws (tests/game/loop_drive.py). The clocks stand still
(a fake clock for every match and the title's countdown), so a second ticking between the two
pictures never differs them; with the Animations setting off and on (the fade between screens,
the title's ripple, the dice rolling in, a win's confetti: the loop draws them to their end)."""
from __future__ import annotations

import datetime as dt
import random

import pygame
import pygame_gui
import pytest

from game.scenes.howto import HowToScene
from game.scenes.title import TitleScene
from tests.game.loop_drive import frozen_clocks, post, run_until, settle, stale_pixels


def pressed(button) -> pygame.event.Event:
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos) -> list:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]


def chosen(menu, entry: str) -> pygame.event.Event:
    """A pick from a play screen's menu (game/scenes/action_menu.py) of the entry with key `entry`."""
    label = next(label for k, label in menu.entries if k == entry)
    return pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.menu, text=label)


def agreed(scene) -> pygame.event.Event:
    """The player's yes to the question `scene` asks."""
    dialog = next(d for d in scene._dialogs if d.alive())
    return pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog)


class Session:
    """A player's session: each step posts events, lets the loop run until it would sleep, and
    checks the frame it left (the step's name in the failure)."""

    def __init__(self, app, folder):
        self.app, self.folder = app, folder
        self.checked = 0
        self.trail: list = []

    def step(self, name: str, *events) -> None:
        post(*events)
        settle(self.app)
        self.trail.append((name, [type(x).__name__ for x in self.app.scenes]))
        assert stale_pixels(self.app, self.folder) == 0, f"{name}: the loop left a stale frame on {type(self.app.top).__name__}"
        self.checked += 1

    def animated(self, name: str, screen: type, *events) -> None:
        """A step onto a screen that animates for as long as it shows (How to play's demonstration,
        Animations on): the loop never sleeps there, so there is no frame left to check; with
        Animations off it is checked as any other."""
        if not self.app.settings["animations"]:
            self.step(name, *events)
            return
        post(*events)
        run_until(self.app, lambda: isinstance(self.app.top, screen) and not self.app.fade.running)

    def agree_if_asked(self, name: str) -> None:
        """Yes to the question on show, if the screen asks one (a new roll abandoning a game in progress)."""
        if self.app.top.dialog_open:
            self.step(name, agreed(self.app.top))

    def title_button(self, words: str):
        return next(button for button, _ in self.app.top.choices if button.text == words)

    def open(self, words: str) -> None:
        self.step(f"the title's {words}", pressed(self.title_button(words)))

    def back(self, name: str) -> None:
        self.step(f"Escape from {name}", key(pygame.K_ESCAPE))

    def leave(self, name: str) -> None:
        """Escape until the screen on top is another (a held piece, a job or a mode goes first)."""
        scene = self.app.top
        for _ in range(3):
            self.back(name)
            if self.app.top is not scene:
                return
        raise AssertionError(f"Escape never left {name}")


@pytest.fixture
def still_clocks(monkeypatch):
    return frozen_clocks(monkeypatch)


@pytest.mark.parametrize("animations", [False, True])
def test_every_screen_leaves_the_frame_a_full_redraw_draws(app, still_clocks, tmp_path, animations):
    app.settings["animations"] = animations
    title = TitleScene(app)
    title.now = lambda: dt.datetime(2026, 3, 2, 12, 0, 30)
    app.push(title)
    app.frame(1 / 60, [])
    s = Session(app, tmp_path)
    s.step("the title")
    s.step("the title: Down, Down, Up", key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_UP))
    s.step("the title: the pointer on a button", motion(s.title_button("Statistics").rect.center))

    s.open("The Genius Square")
    genius = app.top
    genius.rng = random.Random(7)
    for name, k, mod in (("Tab", pygame.K_TAB, 0), ("turn", pygame.K_r, 0), ("flip", pygame.K_f, 0),
                         ("pick up", pygame.K_RETURN, 0), ("cursor", pygame.K_RIGHT, 0), ("put back", pygame.K_BACKSPACE, 0),
                         ("hint", pygame.K_h, 0), ("pause", pygame.K_p, 0), ("resume", pygame.K_p, 0),
                         ("the key table", pygame.K_F1, 0), ("any key closes it", pygame.K_SPACE, 0),
                         ("a new roll", pygame.K_n, pygame.KMOD_LCTRL)):
        s.step(f"Genius: {name}", key(k, mod))
    s.agree_if_asked("Genius: Abandon this game? yes")
    s.step("Genius: Undo's button", pressed(genius.chrome.buttons["undo"]))
    s.step("Genius: the dice editor", key(pygame.K_d, pygame.KMOD_LCTRL))
    assert type(app.top).__name__ == "DiceEditorScene", s.trail
    s.leave("the dice editor")
    s.animated("Genius: How to play (F1 twice)", HowToScene, key(pygame.K_F1), key(pygame.K_F1))
    s.back("How to play The Genius Square")
    s.step("Genius: vs computer", chosen(genius.chrome.menus["mode"], "versus"))
    s.step("vs computer: Tab", key(pygame.K_TAB))
    s.leave("vs computer")
    s.step("Genius: Free mode", chosen(genius.chrome.menus["mode"], "free"))
    s.step("Free mode: a click on the board", *click(genius.view.layout()["geo"].rect.center))
    s.leave("Genius")

    s.open("MacMahon Squares")
    for name, k in (("Tab", pygame.K_TAB), ("turn", pygame.K_r), ("pick up", pygame.K_RETURN),
                    ("cursor", pygame.K_DOWN), ("put down", pygame.K_RETURN), ("undo", pygame.K_u), ("hint", pygame.K_h)):
        s.step(f"MacMahon: {name}", key(k))
    s.leave("MacMahon Squares")

    s.open("MacMahon solution browser")
    for name, k in (("next", pygame.K_RIGHT), ("100 on", pygame.K_DOWN), ("back", pygame.K_LEFT)):
        s.step(f"the browser: {name}", key(k))
    s.leave("the browser")

    s.animated("the title's How to play", HowToScene, pressed(s.title_button("How to play")))
    s.animated("How to play: Right", HowToScene, key(pygame.K_RIGHT))
    s.back("How to play")

    s.open("Daily puzzles")
    s.step("Daily puzzles: the pointer on Play", motion(app.top.buttons[("play", "genius")].rect.center))
    s.leave("Daily puzzles")

    s.open("Statistics")
    for name, k in (("MacMahon", pygame.K_RIGHT), ("a level", pygame.K_DOWN), ("another", pygame.K_DOWN),
                    ("Genius", pygame.K_LEFT)):
        s.step(f"Statistics: {name}", key(k))
    s.leave("Statistics")

    s.open("Settings")
    s.leave("Settings")
    s.open("Standings")
    s.leave("Standings")
    assert isinstance(app.top, TitleScene) and s.checked >= 45
