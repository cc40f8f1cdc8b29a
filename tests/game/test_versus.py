"""Races against the computer on the screen, driven by a scripted clock (never real time): a
race opened from the Genius screen, the menus. (A race won by dragging the pieces, and lost by
giving up, a new race or leaving: tests/game/scenes/test_genius_kit_versus_win.py; the level
menu, every dice set and the computer's board's place: tests/game/scenes/test_genius_kit_versus.py.)
The race's rules (the computer finishing first, a stopped clock stopping it, the records per
level) are tested without a window in tests/game/play/test_versus_mode.py."""
import random
import time

import pygame

from game.scenes.genius.scene import GeniusScene
from game.scenes.genius.versus import VersusScene
from game.screens import title_puzzles
from game.scenes.title import TitleScene
from tests.game.drive import frame, key


class Clock:
    """The match clock's time source, moved by the test."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def start_race(app, level, seed=1):
    """A versus scene on top of the title with the computer's plan in hand (the worker's job)."""
    app.settings["animations"] = False
    clock = Clock()
    app.push(TitleScene(app))
    scene = VersusScene(app, level=level, rng=random.Random(seed), clock=clock)
    app.push(scene)
    wait_for_plan(app, scene)
    return scene, clock


def wait_for_plan(app, scene):
    frame(app)                                         # a new match on the board: the computer reads it
    deadline = time.monotonic() + 30
    while scene.mode.opponent is None:
        assert time.monotonic() < deadline, "the computer's plan never came"
        frame(app)
    assert scene.match.timer.running and scene.mode.racing


def test_the_genius_scene_opens_a_race(app, genius):
    genius.do("versus")
    assert isinstance(app.top, VersusScene)
    assert "genius-versus" not in [e.key for e in title_puzzles()]     # opened from the Genius scene, not the title


def test_the_genius_scene_gets_its_own_game_back_after_a_race(app, genius):
    before = genius.match
    genius.do("versus")
    key(app, pygame.K_ESCAPE)
    assert app.top is genius and genius.match is before and isinstance(genius, GeniusScene)


def test_the_versus_menus_open(app):
    from tests.game.macmahon_drive import open_every_menu
    scene, _ = start_race(app, "club")
    assert set(scene.chrome.menus) == {"game", "level"}
    open_every_menu(app, scene)
