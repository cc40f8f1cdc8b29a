"""The MacMahon solution browser's list without a window (game/scenes/macmahon/browser.py): a
BrowserScene made on a FakeApp, never shown. It opens at once with every class from the shipped
file; without that file the list is computed once (in the fake worker) and cached. (Stepping,
jumping, the filter and playing a solution through keys and clicks: tests/game/test_browser.py.)"""
from __future__ import annotations

import numpy as np
import pygame

from game.scenes.macmahon import browser as browser_module
from game.scenes.macmahon.browser import BrowserScene
from solver.macmahon import classes as classes_module
from solver.macmahon import search
from solver.macmahon.classes import cache_file
from solver.macmahon.position import Board
from solver.macmahon.store import classes_to_bytes, load_asset
from tests.game.widget_app import WidgetApp
from tests.game.test_browser import shown


def test_opens_at_once_with_every_class(tmp_path):
    browser = BrowserScene(WidgetApp(tmp_path))
    assert browser.job is None and len(browser.classes) == len(load_asset(Board())) == 13328
    assert browser.classes.solutions == 106624
    assert browser.current == 0 and "Solution 1 of 13,328" == browser.info_line()
    first = shown(browser)
    assert search.canonical(first) == first


def computed_once(tmp_path, monkeypatch):
    """A browser opened with no shipped list: (app, the screen, the shipped classes)."""
    app = WidgetApp(tmp_path)
    monkeypatch.setattr(classes_module, "load_asset", lambda board: None)
    reps = load_asset(Board())
    # the listing itself (the engine's census) takes ~20 s and is tested with the engine;
    # here a stand-in job returns the same classes so the caching is what is tested
    monkeypatch.setattr(browser_module, "compute_classes", _classes_bytes)
    return app, BrowserScene(app), reps


def test_without_the_shipped_file_the_list_is_computed(tmp_path, monkeypatch):
    app, first, reps = computed_once(tmp_path, monkeypatch)
    assert first.classes is None and first.job is not None
    first.draw(pygame.Surface(app.size))           # the waiting screen draws
    app.worker.poll()                               # the job's answer, as in a frame
    assert first.classes is not None and len(first.classes) == len(reps)


def test_a_computed_list_is_cached(tmp_path, monkeypatch):
    app, _, reps = computed_once(tmp_path, monkeypatch)
    app.worker.poll()
    assert cache_file(app.storage.folder, Board()).is_file()
    second = BrowserScene(app)
    assert second.job is None and np.array_equal(second.classes.reps, reps)


def _classes_bytes(header, progress=None):
    return classes_to_bytes(Board.parse(header), load_asset(Board.parse(header)))
