"""Fixtures for driving the real game headless: a dummy video driver and a private data folder."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import game.app  # noqa: E402  (imported here so tests/conftest.py counts every window from the first test)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SQUAREWISE_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir):
    from game.app import App
    from game.storage import Storage
    application = App(size=(1100, 760), storage=Storage(data_dir))
    import pygame
    pygame.event.clear()        # window events left by earlier tests' windows (a lost focus would hold clocks)
    application.settings["animations"] = True
    application.settings["howto_seen"] = {"genius": True, "macmahon": True}   # a returning player
    yield application
    application.worker.cancel_all()


@pytest.fixture
def genius(app):
    """A Genius scene on top of the title, on a known board, animations finished."""
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = GeniusScene(app, game_id="A1A2A4A6B4D5E1", rng=random.Random(3))
    app.push(scene)
    app.frame(1 / 60, [])       # the scripted events only, never the window's own queue
    return scene

