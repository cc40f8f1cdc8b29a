"""game.idle.wait: sleep until the window's queue has an event, or a timeout."""
from __future__ import annotations

import sys

import pygame
import pytest

from game import idle


@pytest.fixture
def window():
    pygame.display.init()
    win = pygame.Window("idle", (100, 100))
    pygame.event.clear()
    yield win
    win.destroy()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the loaded library is found through /proc")
def test_the_sdl_library_pygame_runs_on_is_found(window):
    assert idle.library() is not None


def test_an_event_in_the_queue_ends_the_wait(window):
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=7))
    assert idle.wait(30.0) is True


def test_an_event_that_ended_the_wait_stays_in_the_queue(window):
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=7))
    idle.wait(30.0)
    assert [e.n for e in pygame.event.get(pygame.USEREVENT)] == [7]


def test_an_empty_queue_waits_out_the_timeout(window):
    assert idle.wait(0.01) is False


def test_without_the_library_the_queue_is_still_waited_on(window, monkeypatch):
    monkeypatch.setattr(idle, "_sdl", [None])
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=1))
    assert idle.wait(30.0) is True
    assert idle.wait(0.0) is True, "the event is left for pygame.event.get"
