"""The Genius all-solutions stepper: opened by key, counts in the worker, steps through
solutions that each pass the independent validator, starts at the player's own. On a ScreenApp
(no window): keys, presses and a typed number go to the screen; the count is answered inline."""
import pygame
import pygame_gui
import pytest

from game.scenes.genius.all_solutions import AllSolutionsScene
from game.scenes.title import TitleScene
from solver.genius.position import Position
from solver.genius.solutions import Solutions
from tests.game import screen_app as headless
from tests.game.screen_app import ScreenApp
from tests.validate_genius import check_position

ROLL = "A3A6B5C3D1E5F2"          # a very hard roll: 215 solutions


@pytest.fixture
def app(tmp_path):
    return ScreenApp(tmp_path)


def key(app, k) -> None:
    headless.key(app, k)
    app.draw()


def open_stepper(app, **options):
    app.push(TitleScene(app))
    app.open("genius-solutions", game_id=ROLL, **options)
    scene = app.top
    assert isinstance(scene, AllSolutionsScene)
    app.worker.poll()                  # the count, made inline
    app.draw()
    return scene


def test_step_through_every_solution_of_a_roll(app):
    scene = open_stepper(app)
    total = len(Solutions(Position.parse(ROLL)))
    assert len(scene.solutions) == total == 215 and scene.index == 0
    assert not scene.buttons["prev"].is_enabled
    seen = set()
    for _ in range(5):
        check_position(scene.shown, Position.parse(ROLL).blockers)
        seen.add(scene.shown)
        key(app, pygame.K_RIGHT)
    assert scene.index == 5 and len(seen) == 5
    key(app, pygame.K_DOWN)
    assert scene.index == 105
    key(app, pygame.K_END)
    assert scene.index == total - 1 and not scene.buttons["next"].is_enabled
    check_position(scene.shown, Position.parse(ROLL).blockers)
    headless.press(app, scene.buttons["first"])
    assert scene.index == 0
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.jump, text="42"))
    assert scene.index == 41
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.jump, text="x"))
    assert scene.index == 41 and "number" in app.toasts.latest
    scene.back()                                   # (Escape, as the App hands it on)
    assert isinstance(app.top, TitleScene)


def test_the_players_solution_is_shown_first(app):
    mine = Solutions(Position.parse(ROLL))[137]
    scene = open_stepper(app, found=mine.notation())
    assert scene.index == 137 and scene.shown == mine


def test_a_bad_game_id_says_so(app):
    app.push(TitleScene(app))
    app.open("genius-solutions", game_id="Z9")
    app.worker.poll()
    app.draw()
    assert app.top.problem.startswith("Game ID:") and app.top.solutions is None
    key(app, pygame.K_RIGHT)                       # nothing to step through, nothing breaks
