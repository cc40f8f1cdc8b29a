"""Messages stay inside the window and in the place a scene gives them (issue 10)."""
from __future__ import annotations

import pygame
import pytest

from game.app import _scale_for
from game.draw import theme
from game.draw.widgets import Toasts
from game.scenes.base import Scene
from tests.game.screen_app import fonts

SIZE = (1100, 760)
SCALE = _scale_for(SIZE)          # the UI scale at 1100x760 (1.0)

LONG = ("Tile 12: its left edge is red but the tile to its left shows blue there, and the border of the "
        "board must be white all the way round")


def inside(box: pygame.Rect, size) -> bool:
    return pygame.Rect((0, 0), size).contains(box)


@pytest.mark.parametrize("anchor", [None, (10, 300), (1090, 40), (550, 5000)])
def test_a_long_message_lies_inside_the_window(anchor):
    fonts()
    toasts, palette = Toasts(), theme.palette(theme.DEFAULT_PALETTE)
    toasts.anchor = anchor
    toasts.show("an older one")
    toasts.show(LONG)
    surface = pygame.Surface(SIZE)
    surface.fill(palette.background)
    toasts.draw(surface, palette, SCALE)
    boxes = toasts.boxes(SIZE, SCALE)
    assert boxes and all(inside(box, SIZE) for box, _, _ in boxes)
    newest, lines, _ = boxes[0]
    assert len(lines) > 1 and " ".join(lines) == LONG          # wrapped, not cut
    assert surface.get_at(newest.center)[:3] != palette.background[:3]   # and drawn there


def test_the_smallest_window_keeps_a_long_message_inside():
    from game.app import MIN_SIZE
    fonts()
    toasts = Toasts()
    toasts.show(LONG + " " + LONG)
    boxes = toasts.boxes(MIN_SIZE, _scale_for(MIN_SIZE))
    assert boxes and all(inside(box, MIN_SIZE) for box, _, _ in boxes)


def test_messages_stay_in_the_area_a_scene_declares():
    fonts()
    toasts = Toasts()
    strip = pygame.Rect(600, 640, 480, 110)
    toasts.place(strip)
    for i in range(3):
        toasts.show(f"message {i}: " + LONG[:60])
    boxes = toasts.boxes(SIZE, SCALE)
    assert boxes and all(strip.contains(box) for box, _, _ in boxes)
    assert "message 2" in boxes[0][1][0]                      # the newest is always shown


def test_a_new_scene_starts_with_the_default_place(app):
    app.push(Scene(app))
    app.toasts.place(pygame.Rect(0, 0, 300, 60))
    app.toasts.anchor = (20, 20)
    app.push(Scene(app))
    assert app.toasts.area is None and app.toasts.anchor is None


def test_withdrawing_a_message_takes_that_one_alone():
    toasts = Toasts()
    toasts.show("Bob finished first (1:01): finish your board for a place", 4)
    toasts.show("saved", 4)
    toasts.withdraw("Bob finished first (1:01): finish your board for a place")
    toasts.withdraw("never shown")
    assert [item[0] for item in toasts.items] == ["saved"]
