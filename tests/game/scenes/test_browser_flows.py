"""The MacMahon solution browser's stepping, jumping and white-tile filter without a window: a
BrowserScene made on a FakeApp with a UI manager (tests/game/widget_app.py), never shown, fed
the key and click events a player makes. (Moved from tests/game/test_browser.py, one concern each
as there; playing a solution, which goes to another screen, stays there.)"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pygame

from game.scenes.macmahon.browser import BrowserScene
from tests.game.widget_app import WidgetApp
from solver.macmahon import search
from tests.game.test_browser import shown

WHITE = "WWWW"


def same_class(position, number, scene) -> bool:
    """The solution on show belongs to class `number` (its canonical form is that class's)."""
    return search.canonical(position) == search.canonical(scene.classes.position(number))


def key(browser, code: int, mod: int = 0) -> None:
    browser.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))


def press(browser, pos) -> None:
    browser.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def test_the_arrow_keys_step_through_the_solutions(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    key(browser, pygame.K_RIGHT)
    key(browser, pygame.K_RIGHT)
    assert browser.current == 2
    key(browser, pygame.K_DOWN)
    assert browser.current == 102
    key(browser, pygame.K_LEFT)
    assert browser.current == 101


def test_go_jumps_to_the_number_typed(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    seen = {shown(browser).notation()}
    browser.jump_entry = SimpleNamespace(get_text=lambda: "5000")     # the jump box (a widget), typed in
    browser.do("go")
    assert browser.current == 4999 and shown(browser).notation() not in seen


def test_last_goes_to_the_last_solution_where_the_steps_stop(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    browser.do("last")
    assert browser.current == 13327
    key(browser, pygame.K_RIGHT)
    assert browser.current == 13327


def test_first_goes_to_the_first_solution(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    browser.do("last")
    browser.do("first")
    assert browser.current == 0


def test_a_jump_beyond_the_solutions_is_refused_with_their_range(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    assert not browser.jump(13329) and "1 to 13,328" in browser.app.toasts.latest


def test_ctrl_c_copies_the_game_id_of_the_solution_on_show(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    app = browser.app
    key(browser, pygame.K_c, pygame.KMOD_LCTRL)                 # the game ID of the solution on show
    assert app.copied == shown(browser).notation() and app.toasts.latest == "Game ID copied"


def test_filter_by_where_the_white_tile_sits(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    counts = browser.classes.counts()
    mini = browser.layout()["mini"]
    press(browser, mini.cell_rect(7).center)        # B2: inside the border, never the white tile's place
    assert counts[7] == 0 and browser.filter is None
    press(browser, mini.cell_rect(2).center)        # A3
    assert browser.filter == 2 and len(browser.order) == counts[2] > 0
    for _ in range(25):
        position = shown(browser)
        assert position.colours_at(2) == WHITE
        assert same_class(position, browser.current, browser)
        key(browser, pygame.K_RIGHT)
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
    key(browser, pygame.K_TAB)
    assert browser.filter == 3
    browser.do("any")
    assert browser.filter is None and len(browser.order) == 13328
