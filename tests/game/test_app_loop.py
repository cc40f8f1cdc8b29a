"""The loop (App.step) sleeps on the window's queue until an event or a due time, and any part
wakes it by posting an event."""
from __future__ import annotations

import threading

import pygame
import pytest

from game import app as app_module, idle

BOUND = 30.0            # seconds: the longest a test waits for what it expects (never reached when it works)


@pytest.fixture
def still(app, monkeypatch):
    """The title with nothing due (no animations, its lookups done, its Today countdown held
    still: the loop must wake for the event, not for the next minute), an empty queue, and a
    loop that would sleep BOUND seconds; `entered` is set once the loop is asleep."""
    from game.scenes.title import TitleScene
    app.settings["animations"] = False
    title = TitleScene(app)
    monkeypatch.setattr(title, "redraw_in", lambda: None)
    app.push(title)
    app.worker.drain()
    app.frame(1 / 60, [])
    pygame.event.clear()
    assert app.redraw_in() is None
    monkeypatch.setattr(app_module, "NAP", BOUND)
    entered = threading.Event()
    real = idle.wait

    def wait(timeout):
        entered.set()
        return real(timeout)
    monkeypatch.setattr(idle, "wait", wait)
    app.entered = entered
    return app


def test_a_wake_posted_from_another_thread_runs_a_frame(still):
    threading.Thread(target=lambda: still.entered.wait(BOUND) and still.wake(), daemon=True).start()
    drawn = still.frames
    assert still.step() is True and still.frames == drawn + 1


def answering(still) -> list:
    """A job that answers 42 once the loop sleeps: the answers delivered."""
    seen = []
    still.worker.submit("answer", lambda job: still.entered.wait(BOUND) and 42, lambda job: seen.append(job.result))
    return seen


def test_a_finished_job_wakes_the_sleeping_loop(still):
    answering(still)
    assert still.redraw_in() is None, "a job no screen shows asks for no redraws while it runs"
    assert still.step() is True


def test_a_job_that_woke_the_loop_is_delivered(still):
    seen = answering(still)
    still.step()
    assert seen == [42]


def test_a_shown_job_is_redrawn_for_its_progress_while_it_runs(app):
    go = threading.Event()
    job = app.worker.submit("search", lambda job: go.wait(BOUND), shown=True)
    assert app.redraw_in() == app_module.PROGRESS
    go.set()
    assert job.wait(BOUND)
    assert app.redraw_in() is None


def test_a_wake_event_reaches_no_scene(still, monkeypatch):
    seen = []
    monkeypatch.setattr(still.top, "handle_event", lambda event: seen.append(event.type) or False)
    still.frame(1 / 60, [pygame.event.Event(app_module.WAKE)])
    assert seen == []


def test_wake_after_the_window_is_closed_is_harmless(app):
    pygame.display.quit()
    app.wake()
