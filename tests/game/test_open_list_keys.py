"""An open drop-down list takes the keys (playtest: Enter went to the board behind an open
list and lifted a tile off a won board): Up, Down and Enter pick, Escape closes the list; no key
reaches the screen behind it. One real window, the App's own dispatch."""
from __future__ import annotations

import time

import pygame
import pytest

from game.draw import theme
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.game.drive import key
from tests.game.test_typing import click, pump


def settings(app) -> SettingsScene:
    app.push(TitleScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    return scene


def opened(app, menu) -> None:
    click(app, menu.rect.center)
    pump(app)
    assert app.keyboard_owner() is menu


def test_escape_closes_only_the_open_list(app):
    scene = settings(app)
    before = scene.palette_menu.selected_option
    opened(app, scene.palette_menu)
    key(app, pygame.K_ESCAPE)
    pump(app)
    assert app.top is scene and app.keyboard_owner() is None
    assert scene.palette_menu.selected_option == before


def test_the_list_s_keys_pick_the_next_choice(app):
    scene = settings(app)
    labels = [p.label for p in theme.PALETTES.values()]
    shown = scene.palette_menu.selected_option
    shown = shown[0] if isinstance(shown, tuple) else shown
    opened(app, scene.palette_menu)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    pump(app, 3)
    chosen = labels[labels.index(shown) + 1]
    assert app.top is scene and app.keyboard_owner() is None
    assert theme.PALETTES[app.settings["palette"]].label == chosen



def level_picker_opened(app, puzzle):
    """The puzzle's screen (no animations: no dice rolling in to take the first key), then
    Shift+L: (screen, the Level menu)."""
    app.settings["animations"] = False
    app.push(TitleScene(app))
    app.open(puzzle)
    pump(app)
    scene = app.top
    key(app, pygame.K_l, pygame.KMOD_SHIFT)
    pump(app)
    return scene, scene.chrome.menus["level"].menu


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_shift_l_opens_the_level_picker(app, puzzle):
    _, menu = level_picker_opened(app, puzzle)
    assert app.keyboard_owner() is menu


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_the_keys_choose_a_level_in_the_level_picker(app, puzzle):
    scene, menu = level_picker_opened(app, puzzle)
    labels = [option[0] for option in menu.options_list]
    before = menu.selected_option[0]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    deadline = time.monotonic() + 60                  # (MacMahon's level board: dealt by a worker)
    while shown(scene) == before and time.monotonic() < deadline:
        pump(app)
        time.sleep(0.01)
    assert app.keyboard_owner() is None and app.top is scene
    assert shown(scene) == labels[labels.index(before) + 2]


def shown(scene) -> str:
    """The Level picker's choice (the menu may have been made anew)."""
    return scene.chrome.menus["level"].menu.selected_option[0]
