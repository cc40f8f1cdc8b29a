"""A race server lost mid-race (issue 36, item 3), on a fake clock with fake connections (no
sleeps, no network): the link pings a silent server, counts it gone after SILENT_FOR seconds,
and a try to get back that finds nothing listening means the server stopped: said within 10 s
in the player's words. A race the server ended that way is no result."""
from __future__ import annotations

import pytest

from game.net import race_link as link_module
from game.net.race_link import NOT_ANSWERING, STOPPED, RaceLink
from game.net.refereed import RETRY_FOR
from tests.game.fakes import lines_drawn

STOPPED_WORDS = "The race server stopped. Your board stays playable alone."      # the words
NOTICED = 10.0          # the bound: a lost server is said within this many seconds
BLOCKERS = "A1A2A4A6B4D5E1"


class FakeClient:
    """A ThreadedClient's surface: what was sent and pinged, and messages handed to `poll`."""

    def __init__(self, url="ws://127.0.0.1:8765/", inbox=(), trust=None, wake=None):
        self.url, self.trust, self.wake = url, trust, wake
        self.inbox, self.sent, self.pings, self.closed = list(inbox), [], 0, False

    def send(self, kind, **fields):
        self.sent.append(kind)

    def ping(self):
        self.pings += 1

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def close(self, timeout=3.0):
        self.closed = True


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def racing(clock, tries) -> RaceLink:
    """A link seated in a race; its tries to get back are `tries()` (new FakeClients)."""
    client = FakeClient(inbox=[
        {"type": "connected"},
        {"type": "joined", "room": "ABC234", "seat": 2, "token": "t" * 20},
        {"type": "room", "room": "ABC234", "phase": "racing", "dice": "default", "level": "any", "boards": "hidden",
         "host": 1, "players": []},
        {"type": "race", "race": 1, "blockers": BLOCKERS, "position": BLOCKERS, "elapsed_ms": 0, "seq": 0}])
    link = RaceLink(client, ("join", {"name": "Ann", "room": "ABC234"}), clock=clock)
    link.reconnect = tries
    link.pump()
    assert link.race is not None and link.online
    return link


def until(link: RaceLink, clock: Clock, done, step: float = 0.1) -> float:
    """Frames every `step` seconds of the fake clock until `done()`: the seconds it took."""
    began = clock.now
    for _ in range(int(2 * RETRY_FOR / step)):
        if done():
            return clock.now - began
        clock.now += step
        link.pump()
    raise AssertionError("never")


def refused():
    return FakeClient(inbox=[{"type": "lost", "reason": "cannot reach ws://127.0.0.1:8765/: Connect call failed",
                              "refused": True}])


def test_a_killed_server_is_said_stopped_within_10_s():
    clock = Clock()
    link = racing(clock, refused)
    link.client.inbox.append({"type": "lost", "reason": "the connection to the race server was lost"})
    took = until(link, clock, lambda: link.lost is not None)
    assert link.lost == STOPPED and took <= NOTICED
    assert link.retry is None


def test_a_silent_server_is_pinged():
    clock = Clock()
    link = racing(clock, refused)
    first = link.client
    took = until(link, clock, lambda: first.pings > 0)
    assert took == pytest.approx(link_module.PING_AFTER, abs=0.15)


def test_a_silent_server_is_given_up_within_10_s():
    clock = Clock()
    link = racing(clock, refused)
    first = link.client
    took = until(link, clock, lambda: first.pings > 0)
    took += until(link, clock, lambda: not link.online)                 # no pong: the connection is gone
    assert first.closed and took <= NOTICED
    took += until(link, clock, lambda: link.lost is not None)            # nothing listens there
    assert link.lost == STOPPED and took <= NOTICED


def test_a_server_that_answers_pings_is_kept():
    clock = Clock()
    link = racing(clock, refused)
    answered = 0
    for _ in range(600):                                                 # a minute of silence but pongs
        clock.now += 0.1
        if link.client.pings > answered:                                 # each ping answered once
            answered += 1
            link.client.inbox.append({"type": "pong"})
        link.pump()
    assert link.online and link.lost is None and link.client.pings >= 10


def test_a_server_out_of_reach_is_tried_for_the_seat_keeping_time_then_said():
    clock = Clock()
    link = racing(clock, lambda: FakeClient(inbox=[{"type": "lost", "reason": "no answer from ws://x/"}]))
    link.client.inbox.append({"type": "lost", "reason": "the connection to the race server was lost"})
    until(link, clock, lambda: link.retry is not None)
    took = until(link, clock, lambda: link.lost is not None)
    assert link.lost == NOT_ANSWERING and RETRY_FOR <= took <= RETRY_FOR + 3


def test_the_next_look_is_due_when_a_ping_is():
    clock = Clock()
    link = racing(clock, refused)
    assert link.due_in() == pytest.approx(link_module.PING_AFTER)
    clock.now += link_module.PING_AFTER
    link.pump()
    assert link.client.pings == 1 and 0 < link.due_in() <= link_module.PING_AFTER


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_the_race_screens_status_line_says_it_whole(data_dir, size, monkeypatch):
    """The words wrap to fit the status strip, whole, none cut off (a race shows neither Cancel
    nor Copy result beside them: the whole strip is theirs)."""
    import pygame
    from game.app import App
    from game.draw import widgets
    from game.scenes.genius.view import GeniusView
    from game.storage import Storage
    app = App(size=size, storage=Storage(data_dir))
    area = GeniusView(app, column="rivals").layout()["status"]
    lines = lines_drawn(monkeypatch, widgets)
    box = widgets.text_block(pygame.Surface(app.size), [STOPPED_WORDS], area, app.px(16), (0, 0, 0))
    assert " ".join(lines) == STOPPED_WORDS and area.contains(box)
