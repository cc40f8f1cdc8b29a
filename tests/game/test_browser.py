"""The MacMahon solution browser: playing a solution, from the title or the play screen. (Its list
of classes and the cache, without a window: tests/game/scenes/test_browser_unit.py; stepping,
jumping and the white-tile filter: tests/game/scenes/test_browser_flows.py.)"""
import pygame
import pytest

from game.scenes.macmahon.browser import BrowserScene
from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon.position import Move
from tests.game.macmahon_drive import play_position
from tests.game.drive import frame, key
from tests.validate_macmahon import problems


def shown(scene):
    """The solution on show, checked by the independent validator."""
    position = scene.position()
    assert problems(position.colour_rows(), 3) == [], position.notation()
    return position


@pytest.fixture
def browser(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = BrowserScene(app)
    app.push(scene)
    frame(app)
    return scene


def test_play_a_solution_from_the_title(app, browser):
    browser.jump(42)
    wanted = shown(browser)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MacMahonScene) and scene.position == wanted
    assert scene.match.finished and scene.match.meta["assisted"]


def test_play_a_solution_from_the_play_scene(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    play = MacMahonScene(app, variant="4x6x3")
    app.push(play)
    play.do("browse")
    frame(app)
    browser = app.top
    assert isinstance(browser, BrowserScene)
    browser.jump(7)
    wanted = shown(browser)
    browser.do("play")
    frame(app)
    assert app.top is play and play.position == wanted and len(app.scenes) == 2


def test_a_game_in_progress_is_only_replaced_when_confirmed(app):
    import pygame_gui
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    play = MacMahonScene(app, variant="4x6x3")
    app.push(play)
    frame(app)                                     # the screen is shown before the player plays
    play_position(play, play.position.place(Move.parse("1a@A1")))
    play.do("browse")
    browser = app.top
    browser.jump(9)
    wanted = shown(browser)
    key(app, pygame.K_RETURN)
    assert app.top is play and play.dialog_open                 # the play screen asks first
    dialog = next(iter(play._dialogs))
    frame(app, pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))
    assert app.top is play and play.position == wanted
    assert app.statistics["macmahon"]["games"][-1]["won"] is False      # the game it replaced: lost


def test_the_title_offers_the_browser():
    from game.screens import entry
    assert entry("macmahon-browser").available() and entry("macmahon").available()
