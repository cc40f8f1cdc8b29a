"""The MacMahon solution browser: stepping, jumping, the white-tile filter, playing a solution.
(Its list of classes and the cache, without a window: tests/game/scenes/test_browser_unit.py.)"""
import numpy as np
import pygame
import pytest

from game.scenes.macmahon.browser import BrowserScene
from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon import search
from solver.macmahon.position import Move
from tests.game.macmahon_drive import play_position
from tests.game.drive import frame, key, press
from tests.validate_macmahon import problems

WHITE = "WWWW"


def shown(scene):
    """The solution on show, checked by the independent validator."""
    position = scene.position()
    assert problems(position.colour_rows(), 3) == [], position.notation()
    return position


def same_class(position, number, scene) -> bool:
    """The solution on show belongs to class `number` (its canonical form is that class's)."""
    return search.canonical(position) == search.canonical(scene.classes.position(number))


@pytest.fixture
def browser(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = BrowserScene(app)
    app.push(scene)
    frame(app)
    return scene


def test_step_and_jump(app, browser):
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert browser.current == 2
    key(app, pygame.K_DOWN)
    assert browser.current == 102
    key(app, pygame.K_LEFT)
    assert browser.current == 101
    seen = {shown(browser).notation()}
    browser.jump_entry.set_text("5000")
    browser.do("go")
    assert browser.current == 4999 and shown(browser).notation() not in seen
    browser.do("last")
    assert browser.current == 13327
    key(app, pygame.K_RIGHT)
    assert browser.current == 13327
    browser.do("first")
    assert browser.current == 0
    assert not browser.jump(13329) and "1 to 13,328" in app.toasts.latest
    key(app, pygame.K_c, pygame.KMOD_LCTRL)                 # the game ID of the solution on show
    assert shown(browser).notation() in app.toasts.latest or app.paste_text() == shown(browser).notation()


def test_filter_by_where_the_white_tile_sits(app, browser):
    counts = browser.classes.counts()
    mini = browser.layout()["mini"]
    press(app, mini.cell_rect(7).center)            # B2: inside the border, never the white tile's place
    assert counts[7] == 0 and browser.filter is None
    press(app, mini.cell_rect(2).center)            # A3
    assert browser.filter == 2 and len(browser.order) == counts[2] > 0
    for _ in range(25):
        position = shown(browser)
        assert position.colours_at(2) == WHITE
        assert same_class(position, browser.current, browser)
        key(app, pygame.K_RIGHT)
    # the filter keeps exactly the classes with some image having the white tile on A3
    rng = np.random.default_rng(1)
    inside = set(browser.order.tolist())
    for k in rng.choice(len(browser.classes), 60, replace=False):
        rep = browser.classes.position(int(k))
        images = {rep.cells.index((0, 0))}
        cols, rows = 6, 4
        r, c = divmod(rep.cells.index((0, 0)), cols)
        images |= {r * cols + (cols - 1 - c), (rows - 1 - r) * cols + c, (rows - 1 - r) * cols + (cols - 1 - c)}
        assert (2 in images) == (int(k) in inside)
    key(app, pygame.K_TAB)
    assert browser.filter == 3
    browser.do("any")
    assert browser.filter is None and len(browser.order) == 13328


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
    from game.scenes.registry import entry
    assert entry("macmahon-browser").available() and entry("macmahon").available()
