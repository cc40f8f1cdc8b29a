"""Messages stay inside the window and in the place a scene gives them (issue 10)."""
from __future__ import annotations

import pygame
import pytest

from tests.game.drive import frame

from game.scenes.base import Scene

LONG = ("Tile 12: its left edge is red but the tile to its left shows blue there, and the border of the "
        "board must be white all the way round")


def inside(box: pygame.Rect, size) -> bool:
    return pygame.Rect((0, 0), size).contains(box)


@pytest.mark.parametrize("anchor", [None, (10, 300), (1090, 40), (550, 5000)])
def test_a_long_message_lies_inside_the_window(app, anchor):
    app.push(Scene(app))
    app.toasts.anchor = anchor
    app.toasts.show("an older one")
    app.toasts.show(LONG)
    frame(app)
    boxes = app.toasts.boxes(app.size, app.scale)
    assert boxes and all(inside(box, app.size) for box, _, _ in boxes)
    newest, lines, _ = boxes[0]
    assert len(lines) > 1 and " ".join(lines) == LONG          # wrapped, not cut
    assert app.surface.get_at(newest.center)[:3] != app.palette.background[:3]   # and drawn there


def test_the_smallest_window_keeps_a_long_message_inside(app):
    app.push(Scene(app))
    app.window.size = (800, 560)
    app.frame(1 / 60)
    app.toasts.show(LONG + " " + LONG)
    frame(app)
    assert all(inside(box, app.size) for box, _, _ in app.toasts.boxes(app.size, app.scale))


def test_messages_stay_in_the_area_a_scene_declares(app):
    app.push(Scene(app))
    strip = pygame.Rect(600, 640, 480, 110)
    app.toasts.place(strip)
    for i in range(3):
        app.toasts.show(f"message {i}: " + LONG[:60])
    frame(app)
    boxes = app.toasts.boxes(app.size, app.scale)
    assert boxes and all(strip.contains(box) for box, _, _ in boxes)
    assert "message 2" in boxes[0][1][0]                      # the newest is always shown


def test_a_new_scene_starts_with_the_default_place(app):
    app.push(Scene(app))
    app.toasts.place(pygame.Rect(0, 0, 300, 60))
    app.toasts.anchor = (20, 20)
    app.push(Scene(app))
    assert app.toasts.area is None and app.toasts.anchor is None
