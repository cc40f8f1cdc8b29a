"""Every screen in every state the layout test knows, at 800x560, 1100x760 and 1400x900: no two
widgets or drawn regions overlap, nothing leaves the window, no text is cut, no message covers
the board, the tray or a card (tests/game/layout_check.py)."""
from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.base import Scene
from tests.game.layout_check import problems, tour


def test_every_screen_at_every_size_has_nothing_colliding(app):
    found = []
    for state in tour(app):
        found += [f"{state}: {line}" for line in problems(app)]
    assert not found, "\n".join(found)


def test_the_checker_sees_an_overlap_a_cut_label_and_a_covered_region(app):
    class Crowded(Scene):
        def build_ui(self):
            self.add(pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "One", app.ui))
            self.add(pygame_gui.elements.UIButton(pygame.Rect(90, 10, 40, 30), "A label far too long", app.ui))

        def regions(self):
            return {"board": pygame.Rect(0, 600, 1100, 150)}

    app.push(Crowded(app))
    app.toasts.show("a message", 30)
    app.frame(1 / 60, [])
    seen = "\n".join(problems(app))
    assert "overlaps widget UIButton 'A label far too long'" in seen
    assert "text 'A label far too long' is" in seen
    assert "covers region board" in seen
