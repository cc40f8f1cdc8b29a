"""Helpers for the Genius feel, play, shared-screen and motion tests without a window:
a Genius kit laid out as its screen lays it out (tests/game/widget_app.py's recorded widgets),
the buttons' enabled flags as the screen works them out, and a solve played step by step as the
screen's frame plays it."""
from __future__ import annotations

import random

from tests.game.widget_app import WidgetApp, built_chrome, genius_kit


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


class Shown:
    """A widget as PlayChrome.refresh sets it (its label, enabled or not, shown or hidden; an
    entry's text), recorded: pygame-gui widgets need a window's pixel format to be made."""

    def __init__(self, rect=None, text: str = ""):
        self.rect, self.text = rect, text
        self.is_enabled = self.visible = True
        self.is_focused = False

    def set_text(self, text: str) -> None:
        self.text = text

    def get_text(self) -> str:
        return self.text

    def enable(self) -> None:
        self.is_enabled = True

    def disable(self) -> None:
        self.is_enabled = False

    def show(self) -> None:
        self.visible = True

    def hide(self) -> None:
        self.visible = False


def shown_chrome(kit, laid):
    """A PlayChrome holding `laid`'s widgets (widget_app.LaidOut) as recorded `Shown` ones."""
    from game.scenes.play_chrome import PlayChrome
    chrome = PlayChrome(None, kit.TOOLTIPS)
    chrome.buttons = {name: Shown(b.rect, b.text) for name, b in laid.buttons.items()}
    chrome.id_entry = Shown(laid.id_entry.rect) if laid.id_entry is not None else None
    chrome.cancel = Shown(laid.cancel.rect, "Cancel") if laid.cancel is not None else None
    return chrome


def refresh(kit, chrome) -> None:
    """What PlayScene.refresh shows on the widgets now."""
    s = kit.session
    chrome.refresh(enabled(kit), paused=s.paused, busy=s.jobs.running, shown_id=kit.shown_id())


def perform(kit, motion, effects, pointer=(0, 0)) -> None:
    """The sounds and motions among `effects`, as PlayScene.perform does them: a sound played, a
    motion to `motion` (a refused piece flies from `pointer` to its home)."""
    from game.play.commands import Motion, Sound
    for effect in effects:
        if isinstance(effect, Sound):
            kit.app.sounds.play(effect.name)
        elif isinstance(effect, Motion):
            motion.act(effect.kind, effect.arg, lambda held: (
                kit.view.held_image(held, False), pointer, kit.view.home_of(held, frame_of_kit(kit))))


def frame_of_kit(kit, pointer=(0, 0)):
    from tests.game.genius_kits import frame_of
    return frame_of(kit, pointer)
