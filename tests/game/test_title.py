"""The title: what a puzzle is shows where it covers no button, at launch or ever (issue 10)."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.screens import title_puzzles
from game.scenes.title import TitleScene
from tests.game.screen_app import ScreenApp


def covering(app, scene):
    """Tooltips (or anything else pygame-gui floats) that overlap a title button."""
    buttons = [b.rect for b, _ in scene.choices]
    floats = [s for s in app.ui.get_sprite_group().sprites() if isinstance(s, pygame_gui.elements.UITooltip)]
    return [f for f in floats if f.alive() and any(f.rect.colliderect(b) for b in buttons)]


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1280, 800)])
def test_no_tooltip_covers_a_button_when_the_pointer_starts_over_one(tmp_path, monkeypatch, size):
    app = ScreenApp(tmp_path, size)              # the title's pygame-gui widgets in a manager of their own
    scene = app.push(TitleScene(app))
    for button, _ in scene.choices[:len(title_puzzles())]:
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda at=button.rect.center: at)
        for _ in range(30):                       # 3 s under the pointer: longer than any tooltip delay
            app.frame(0.1)
        assert covering(app, scene) == []
        assert scene.blurb() == title_puzzles()[0].blurb      # the ringed one's: a pointer that never moved
        #                                                     moves no highlight (playtest 2, finding 20)


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1280, 800)])
def test_the_blurb_has_its_own_place_inside_the_window(tmp_path, size):
    app = ScreenApp(tmp_path, size)
    scene = app.push(TitleScene(app))
    app.draw()
    assert scene.blurb() == title_puzzles()[0].blurb                     # the highlighted puzzle, at launch
    assert pygame.Rect((0, 0), app.size).contains(scene.blurb_area)
    assert not any(scene.blurb_area.colliderect(b.rect.inflate(app.px(10), app.px(10))) for b, _ in scene.choices)
    before = app.surface.subsurface(scene.blurb_area).copy()
    scene.move(1)
    app.draw()
    assert scene.blurb() == title_puzzles()[1].blurb
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.surface.subsurface(scene.blurb_area), "RGB")


def test_the_pointer_moves_the_one_highlight(tmp_path):
    app = ScreenApp(tmp_path)
    scene = app.push(TitleScene(app))
    genius = next(b for b, _ in scene.choices if b.text == "The Genius Square")
    assert scene.choices[scene.selected][0] is not genius
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=genius.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.choices[scene.selected][0] is genius


@pytest.mark.parametrize("size", [(800, 560), (1100, 760)])
def test_a_long_message_on_the_title_covers_no_button(tmp_path, size):
    app = ScreenApp(tmp_path, size)
    scene = app.push(TitleScene(app))
    app.toasts.show("settings.json: not valid JSON (Expecting property name enclosed in double quotes: line 1 "
                    "column 2 (char 1)); using defaults (old file kept as settings.json.corrupt-1)", 8)
    app.draw()
    boxes = app.toasts.boxes(app.size, app.scale)
    assert boxes and pygame.Rect((0, 0), app.size).contains(boxes[0][0])
    assert not any(box.colliderect(b.rect) for box, _, _ in boxes for b, _ in scene.choices)
