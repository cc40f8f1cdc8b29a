"""Every screen in every state the layout test knows, at 800x560, 1100x760 and 1400x900: no two
widgets or drawn regions overlap, nothing leaves the window, no text is cut, no line of text
runs into another or under a widget, no message covers the board, the tray or a card or leaves
its strip (tests/game/layout_check.py)."""
from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.base import Scene
from tests.game.layout_check import end_race, problems, recording, resize, scripted_race, tour


def test_every_screen_at_every_size_has_nothing_colliding(app):
    found = []
    for state in tour(app):
        found += [f"{state}: {line}" for line in problems(app)]
    assert not found, "\n".join(found)


def crowded_widgets(app) -> str:
    """A screen with two buttons over each other (one label too long for it) and a message over
    its board: what the checker sees."""
    class Crowded(Scene):
        def build_ui(self):
            self.add(pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "One", app.ui))
            self.add(pygame_gui.elements.UIButton(pygame.Rect(90, 10, 40, 30), "A label far too long", app.ui))

        def regions(self):
            return {"board": pygame.Rect(0, 600, 1100, 150)}

    app.push(Crowded(app))
    app.toasts.show("a message", 30)
    app.frame(1 / 60, [])
    return "\n".join(problems(app))


def test_the_checker_sees_an_overlap(app):
    assert "overlaps widget UIButton 'A label far too long'" in crowded_widgets(app)


def test_the_checker_sees_a_cut_label(app):
    assert "text 'A label far too long' is" in crowded_widgets(app)


def test_the_checker_sees_a_covered_region(app):
    assert "covers region board" in crowded_widgets(app)


def crowded_drawing(app) -> str:
    """A screen whose own drawing runs under a button and into itself, and a message too long
    for its strip over a board: what the checker sees."""
    from game.draw import boards, widgets

    class Crowded(Scene):
        def build_ui(self):
            self.add(pygame_gui.elements.UIButton(pygame.Rect(10, 100, 300, 40), "Play it", app.ui))
            app.toasts.place(pygame.Rect(400, 200, 300, 8))

        def draw(self, surface):
            pal = app.palette
            surface.fill(pal.background)
            widgets.text(surface, "help text that runs on", (20, 96), 14, pal.text)           # under the button
            widgets.text(surface, "a blurb, wrapped", (20, 200), 16, pal.text)
            widgets.text(surface, "the keys line under it", (20, 219), 12, pal.dim_text)      # too close
            boards.draw_board(surface, boards.BoardGeometry(420, 120, 20), pal)               # under the message

    with recording(app):
        app.push(Crowded(app))
        app.toasts.show("a message far too long for the strip it is given, so it runs out of it " * 3, 30)
        app.frame(1 / 60, [])
        return "\n".join(problems(app))


def test_the_checker_sees_text_under_a_button(app):
    seen = crowded_drawing(app)
    assert "text 'help text that runs on'" in seen and "runs under widget UIButton 'Play it'" in seen


def test_the_checker_sees_text_run_into_text(app):
    seen = crowded_drawing(app)
    assert "text 'a blurb, wrapped'" in seen and "runs into text 'the keys line under it'" in seen


def test_the_checker_sees_a_message_out_of_its_strip(app):
    assert "leaves its strip" in crowded_drawing(app)


def test_the_checker_sees_a_message_over_a_board(app):
    assert "covers a board" in crowded_drawing(app)


def test_the_frame_left_on_screen_when_a_race_ends_has_nothing_colliding(app):
    """The loop's own turn after the race's last frame: what it leaves on screen (the race
    drawn under the messages placed for the results screen covers a rival's board at 800x560)."""
    from game.scenes.title import TitleScene
    app.settings["animations"] = False
    app.push(TitleScene(app))
    with recording(app):
        resize(app, (800, 560))
        race, client, full = scripted_race(app)
        app.worker.drain()               # (the roll's count: no job left to show)
        app.frame(1 / 60, [])
        end_race(app, race, client, full)
        pygame.event.clear()             # (the wakes of jobs long done: tests run frames by hand)
        app.step()                       # no input: the loop draws again only if something asks it to
        assert problems(app) == []
