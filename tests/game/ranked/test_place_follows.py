"""Playtest 2, item 6: a won ranked run's board kept "1st of 1 · 0:44" after a faster player
finished (the Daily screen said "2nd of 2 today"). While the run's screen shows, its place
follows the standings: looked up now and then (game/modes/place.py), never two questions at
once, at gaps that double. A real server on 127.0.0.1 with a real database file; the looks on
a fake clock. And on the real screen (a fake connection that wakes the loop): the banner that
stays takes the new words, and the window sleeps until the next look."""
from __future__ import annotations

import pygame
import pytest

from game.modes import place
from game.modes.ranked import CLOSE
from game.play.commands import Banner
from tests.game.loop_drive import post, run_until, settle
from tests.game.ranked.test_done_banner import done  # noqa: F401  (the fixture)
from tests.game.test_ranked_client import play_run, take_name, world, worlds  # noqa: F401  (fixtures)
from tests.net.desk import TODAY, Clock


def standings_asked(p) -> list[dict]:
    """Every `standings` the player's clients send from now on."""
    asked: list[dict] = []
    for client in p.clients:
        send = client.send
        client.send = lambda kind, send=send, **fields: (kind == "standings" and asked.append(fields),
                                                         send(kind, **fields))[1]
    return asked


def test_a_won_runs_place_follows_a_faster_finisher_while_the_screen_shows(world):
    server, clock, player = world
    ann = player("Ann")
    take_name(ann, "genius", "Ann")
    mode, session, won = play_run(ann, "genius", clock, step=6.0)          # 0:54
    assert mode.won(won.ending)[0].lines[0].startswith("1st of 1 · ")
    looks = Clock()
    mode.watch.clock, mode.watch.next = looks, looks() + place.FIRST       # (the looks on a fake clock)
    bob = player("Bob")
    take_name(bob, "genius", "Bob")
    play_run(bob, "genius", clock, step=4.0)                               # 0:36: faster
    asked = standings_asked(ann)
    looks.tick(place.FIRST - 1)
    assert mode.update(0.0) == [] and asked == [], "no look before its time"
    assert mode.redraw_in() == pytest.approx(1.0), "the window sleeps until the look"
    looks.tick(1)
    effects = []
    ann.until(lambda: effects, lambda: effects.extend(mode.update(0.0)))
    banner = next(e for e in effects if isinstance(e, Banner))
    assert banner.again and banner.lines[0].startswith("2nd of 2 · 0:54") and banner.lines[1] == CLOSE
    assert session.status.startswith("2nd of 2 · ")
    assert ann.app.statistics["genius"]["games"][-1]["place"] == 2, "the record follows"
    assert len(asked) == 1 and asked[0]["daily"] == TODAY and asked[0]["limit"] == 1
    for _ in range(3):                                                     # the same place: nothing new
        looks.tick(mode.redraw_in())
        ann.until(lambda: mode.watch.asking is False and mode.redraw_in() > 0, lambda: mode.update(0.0))
    assert len(asked) == 4


def test_the_looks_double_their_gap_one_at_a_time():
    class Desk:
        def __init__(self):
            self.asked = []

        def ask(self, kind, on_answer, on_error, **fields):
            self.asked.append((on_answer, on_error))
    desk, looks = Desk(), Clock()
    watch = place.PlaceWatch(desk, "genius", TODAY, "t" * 43, clock=looks)
    times = []
    for _ in range(60 * 60):                                              # an hour, second by second
        looks.tick(1)
        watch.pump()
        watch.pump()                                                      # (a second frame: no second ask)
        if len(desk.asked) > len(times):
            times.append(looks())
            desk.asked[-1][0]({"total": 1, "you": {"place": 1, "flagged": False}})
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert gaps[:5] == [10, 20, 40, 80, 160] and set(gaps[5:]) == {place.MOST}
    assert len(times) == 16


def a_new_place_heard(done, total: int) -> None:
    """The place's next look made, and the server's answer: place total - 40, of `total`."""
    client = done.mode.desk.client
    asked = sum(kind == "standings" for kind, _ in client.sent)
    done.mode.watch.next = 0                                               # the look is due
    run_until(done.app, lambda: sum(kind == "standings" for kind, _ in client.sent) == asked + 1)
    client.say("standings", total=total, you={"place": total - 40, "ms": 44000, "runs": 1, "flagged": False})


def looks_held(done) -> None:
    settle(done.app)
    done.mode.watch.clock, done.mode.watch.next = (lambda: 0.0), place.FIRST     # (the looks held)


def test_the_watch_sleeps_until_its_first_look(done):
    looks_held(done)
    assert done.app.redraw_in() == place.FIRST


def test_the_banner_on_screen_takes_the_new_place(done):
    looks_held(done)
    a_new_place_heard(done, 45)
    run_until(done.app, lambda: done.frame().anims.banner[0] == "5th of 45 · 0:44")
    assert "5th of 45" in done.session.status


def test_a_banner_the_player_closed_stays_closed_when_the_place_moves(done):
    looks_held(done)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))     # closed by the player
    settle(done.app)
    a_new_place_heard(done, 46)
    run_until(done.app, lambda: "6th of 46" in done.session.status)
    assert done.frame().anims.banner == ()
