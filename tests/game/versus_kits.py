"""Helpers for the race against the computer with no window: a Genius kit on a
FakeApp whose mode is `Versus`, its clock a FakeClock, the computer's plan answered as the
app's frame answers the worker's jobs.

    kit, clock = versus_kit(tmp_path, "beginner")     # the race under way, the computer's plan in
    clock.now = 10.0; effects = tick(kit)             # the screen's frame: the mode's update
"""
from __future__ import annotations

import random

from game.play.commands import Replace
from game.play.session import Won
from tests.game.fakes import FakeApp, FakeClock


def versus_kit(folder, level: str, seed: int = 1, size=(1100, 760), settings: dict | None = None, app_type=FakeApp):
    """A race against `level` as VersusScene starts one (game/scenes/genius/versus.py), on a
    FakeApp (`app_type`: WidgetApp to build its widgets): the new race's roll, then the computer's plan delivered."""
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.versus import Versus
    app = app_type(folder, size)
    app.settings.update(settings or {})
    clock = FakeClock(0.0)
    kit = GeniusKit(app, random.Random(seed), column="rival", clock=clock)
    kit.table.seat(Versus(kit.table, level, clock))
    for effect in kit.mode.new_race():
        kit.perform(effect)              # (the dice rolling in, as the screen hands it on)
    plan(kit)
    return kit, clock


def plan(kit) -> None:
    """A new match on the board: the computer reads it (the mode's update), the worker answers."""
    kit.mode.update(0)
    kit.app.worker.poll()
    kit.session.take_effects()
    assert kit.mode.opponent is not None, kit.session.status
    assert kit.match.timer.running and kit.mode.racing


def tick(kit) -> list:
    """One frame of the screen: the mode's update, the session's effects, a win handed to the mode."""
    kit.app.worker.poll()
    effects = kit.mode.update(1 / 60) + kit.session.take_effects()
    for effect in list(effects):
        if isinstance(effect, Won):
            effects += kit.mode.won(effect.ending) or []
    return effects


def performed(kit, effects) -> list:
    """`effects` with each Replace done at once and the puzzle's own handed to the kit (as the
    screen performs them)."""
    done = []
    for effect in effects or []:
        done += (effect.start() or []) if isinstance(effect, Replace) else [effect]
    for effect in done:
        kit.perform(effect)
    return done
