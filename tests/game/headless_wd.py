"""Helpers for the Genius feel, play, shared-screen and motion tests without a window (branch wd):
a Genius kit laid out as its screen lays it out (tests/game/headless_wa.py's recorded widgets),
the buttons' enabled flags as the screen works them out, and a solve played step by step as the
screen's frame plays it."""
from __future__ import annotations

import random

from tests.game.headless_wa import WidgetApp, built_chrome, genius_kit


def laid_out(folder, monkeypatch, size=(1100, 760), board: str = "A1A2A4A6B4D5E1", seed: int = 3):
    """(kit, chrome): a Genius kit in Solo mode on `board` on a WidgetApp of `size`, and the widgets
    its `build` places (recorded, never made)."""
    app = WidgetApp(folder, size)
    kit = genius_kit(app, monkeypatch, board, random.Random(seed))
    kit.session.take_effects()
    return kit, built_chrome(kit)


def enabled(kit) -> dict:
    """Button name -> enabled, as PlayScene.refresh works it out (a name left out is enabled)."""
    s = kit.session
    allows = kit.mode.allows("pause") and kit.allows("pause")
    return {"pause": s.paused or allows, **kit.flags(), **kit.mode.flags()}


def play_solve(kit, every: float = 0.25, steps: int = 60, each=None) -> list:
    """The solve under way played as the screen's frame plays it (one move every `every` seconds,
    frames of 0.1 s); `each(kit)` after every frame. The effects the session kept."""
    effects = []
    kit.app.worker.poll()
    for _ in range(steps):
        kit.session.step_solve(0.1, every)
        effects += kit.session.take_effects()
        if each is not None:
            each(kit)
    return effects
