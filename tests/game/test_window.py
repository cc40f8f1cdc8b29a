"""The window: the top scene hears when the player can or cannot play it; it never gets too small."""
from __future__ import annotations

import pygame

from tests.game.drive import frame

from game.app import MIN_SIZE
from game.scenes.base import Scene


class Watching(Scene):
    """A stub scene that records what `on_focus` tells it."""

    def __init__(self, app):
        super().__init__(app)
        self.told: list[bool] = []

    def on_focus(self, active: bool) -> None:
        self.told.append(active)


def window_event(app, kind) -> None:
    frame(app, pygame.event.Event(kind, window=app.window))


def test_the_top_scene_hears_each_change_in_whether_the_window_is_playable(app):
    below, scene = Watching(app), Watching(app)
    app.push(below)
    app.push(scene)
    window_event(app, pygame.WINDOWFOCUSLOST)
    assert scene.told == [False] and not app.active
    window_event(app, pygame.WINDOWMINIMIZED)          # still not playable: nothing new to say
    window_event(app, pygame.WINDOWFOCUSGAINED)
    assert scene.told == [False]
    window_event(app, pygame.WINDOWRESTORED)
    assert scene.told == [False, True] and app.active
    window_event(app, pygame.WINDOWHIDDEN)
    window_event(app, pygame.WINDOWSHOWN)
    window_event(app, pygame.WINDOWFOCUSGAINED)        # already focused: no news
    assert scene.told == [False, True, False, True]
    assert below.told == []                            # only the top scene is told


def test_the_base_scene_ignores_focus_changes(app):
    app.push(Scene(app))
    window_event(app, pygame.WINDOWFOCUSLOST)
    window_event(app, pygame.WINDOWFOCUSGAINED)
    assert app.running and app.active


def test_a_resize_below_the_minimum_is_undone(app):
    app.push(Scene(app))
    app.window.minimum_size = (1, 1)       # as when no window manager enforces the minimum
    pygame.event.clear()
    app.window.size = (600, 400)
    app.frame(1 / 60)                      # reads the resize events from pygame's queue
    assert app.size == app.window.size == MIN_SIZE
    assert app.ui.window_resolution == MIN_SIZE


def test_a_resize_above_the_minimum_is_kept(app):
    app.push(Scene(app))
    pygame.event.clear()
    app.window.size = (900, 700)
    app.frame(1 / 60)
    assert app.size == (900, 700) == app.ui.window_resolution
