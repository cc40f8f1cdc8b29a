"""The real loop (App.step) driven as a player's session runs it, and the check of issue 36's
one rule of frames: once the loop would sleep, the frame it leaves on the window is what a full
redraw of the same state shows.

`run_until` turns the loop (sleeping on the window's queue as the game does, woken by a network
message or a finished job) until a condition holds; `settle` turns it until it would sleep with
nothing due and nothing queued (a turn that would sleep ends it, so it never waits);
`stale_pixels` compares the window's last frame with a forced full redraw (the widgets brought
up to date by pygame-gui's updates, by no time, then everything drawn again; no scene is updated,
so nothing new is read from a network or the worker)."""
from __future__ import annotations

import time

import pygame

from game import idle

BOUND = 60.0          # seconds: the longest a session waits for what it expects (never reached when it works)
TURNS = 2000          # turns of the loop a settle may take at most (the fade and animations end long before)
WIDGET_UPDATES = 8    # pygame-gui updates of the forced redraw: each redraws one state of a changed widget
REAL_WAIT = idle.wait


def post(*events) -> None:
    for event in events:
        pygame.event.post(event)


def run_until(app, condition, seconds: float = BOUND) -> None:
    """Turns of the real loop until `condition()` (each may sleep until an event or a due time)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the loop never got there"
        app.step()


def settle(app) -> int:
    """Turns of the loop until it would sleep with nothing due, nothing queued and no job of the
    worker left to deliver (a job under way is waited for: it wakes the loop when it ends).
    Returns the frames drawn."""
    drawn = app.frames
    deadline = time.monotonic() + BOUND
    idle.wait = lambda timeout: bool(pygame.event.peek())      # a turn that would sleep returns at once
    try:
        for _ in range(TURNS):
            if app.step():
                continue
            if not app.worker.jobs:
                return app.frames - drawn
            assert time.monotonic() < deadline, "a job never ended"
            for job in list(app.worker.jobs):
                job.wait(BOUND)
            REAL_WAIT(1.0)              # the job's wake-up, posted just after it ends
    finally:
        idle.wait = REAL_WAIT
    from game import ui_due
    raise AssertionError(f"the loop never went still in {TURNS} turns on {type(app.top).__name__} (due: the "
                         f"scene {app.top.redraw_in()}, the widgets {ui_due.due(app.ui)}, the fade {app.fade.running})")


def frozen_clocks(monkeypatch):
    """Every match clock made from now on runs on one FakeClock (it moves only when told), returned."""
    from game.play.match import Timer
    from game.scenes.genius.versus import VersusScene
    from game.modes.mode import Mode
    from tests.game.fakes import FakeClock
    clock = FakeClock()
    monkeypatch.setattr(Timer.__init__, "__defaults__", (0.0, False, clock))
    monkeypatch.setattr(Mode.__init__, "__defaults__", (clock,))
    monkeypatch.setitem(VersusScene.__init__.__kwdefaults__, "clock", clock)
    return clock


def redraw(app) -> pygame.Surface:
    """A forced full redraw of the state now, on a surface of its own (the window's left as it is)."""
    for _ in range(WIDGET_UPDATES):
        app.ui.update(0.0)
    surface = app.surface.copy()          # (the window's pixel format)
    scene = app.top
    scene.draw(surface)
    app.ui.draw_ui(surface)
    scene.draw_overlay(surface)
    app.toasts.draw(surface, app.palette, app.scale)
    return surface


def stale_pixels(app, save_to=None) -> int:
    """How many pixels of the window's last frame differ from a forced full redraw (0: none).
    With `save_to` (a folder), both pictures are saved there when they differ."""
    shown = app.surface.copy()
    fresh = redraw(app)
    a, b = (pygame.surfarray.array3d(s) for s in (shown, fresh))
    differ = int((a != b).any(axis=2).sum())
    if differ and save_to is not None:
        pygame.image.save(shown, str(save_to / "shown.png"))
        pygame.image.save(fresh, str(save_to / "redrawn.png"))
    return differ
