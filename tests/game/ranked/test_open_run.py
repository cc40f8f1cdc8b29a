"""A ranked run left open, known to the Today card without the connection it began on: after
the window was closed (a fresh App on the same data folder) and past midnight while the server
still takes its number; forgotten when `done` comes, when it is given up, and when the server
refuses it. On a fake connection and a fake clock, no window."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest

from game.net import identity
from game.scenes.daily import DailyScene
from game.net.offer import RUN_LEFT, Offer
from game.storage import Storage
from solver import daily
from tests.game.ranked.fake_desk import Clients, run_message

URL = "ws://127.0.0.1:9000/"
TOKEN = "t" * 43
DAY = dt.date(2026, 11, 25)
N = daily.number(DAY)
BUSY = "the server is busy making boards; try again in a moment"    # game/net/daily.py


def label(card, key: str) -> str:
    """The card's server button, as the Today screen asks its offer."""
    return card.offer.label(key, *DailyScene.numbers(card))


def said(card, key: str) -> str:
    """The card's line of the server, as the Today screen asks its offer."""
    return card.offer.said(key, *DailyScene.numbers(card))


def at(day: dt.date, hour: float) -> float:
    """Seconds since the epoch, `hour` hours past the start of `day` in UTC."""
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp() + hour * 3600


class App:
    def __init__(self, folder):
        self.storage = Storage(folder)
        self.settings: dict = {}


def offer_at(folder, now: float) -> tuple[Offer, Clients]:
    clients = Clients()
    return Offer(App(folder), URL, connect=clients, now=lambda: now), clients


def card(offer: Offer, day: dt.date, today: dt.date):
    return SimpleNamespace(day=day, today=today, offer=offer, after_offer=lambda: None,
                           confirm=lambda *a, **k: pytest.fail("a run begun is not asked about again"))


def dealt(folder, puzzle="genius", number=N, now=None) -> tuple[Offer, Clients]:
    """A ranked run of `puzzle` #`number` dealt by the server (the game then closed: nothing left)."""
    identity.remember(folder, URL, TOKEN, "Ann")
    offer, clients = offer_at(folder, now if now is not None else at(DAY, 10))
    offer.play(puzzle, number, ranked=True)
    clients.last.say("run", **run_message(puzzle, "A1A2A4A6B4D5E1", daily=number))
    assert offer.pump() is not None
    return offer, clients


def test_after_a_closed_window_the_card_goes_on_with_the_run(tmp_path):
    dealt(tmp_path)
    offer, clients = offer_at(tmp_path, at(DAY, 20))                   # a fresh App, the same data folder
    today = card(offer, DAY, DAY)
    assert label(today, "genius") == "Go on with the run"
    assert said(today, "genius") == RUN_LEFT
    assert label(today, "macmahon") == "Ranked on 127.0.0.1:9000"
    DailyScene.play_on_server(today, "genius")                         # asked nothing
    assert clients.last.sent == [("daily", {"token": TOKEN, "puzzle": "genius", "daily": N, "ranked": True})]


def test_past_midnight_the_runs_day_goes_on_with_it_while_the_server_takes_it(tmp_path):
    dealt(tmp_path, now=at(DAY, 22))
    tomorrow = DAY + dt.timedelta(days=1)
    offer, clients = offer_at(tmp_path, at(tomorrow, 1))               # past midnight here and in UTC
    today, its_day = card(offer, tomorrow, tomorrow), card(offer, DAY, tomorrow)
    assert label(today, "genius") == "Ranked on 127.0.0.1:9000"     # today's own run: asked
    assert said(today, "genius") == f"your ranked run of #{N} goes on: pick #{N} below"
    assert label(its_day, "genius") == "Go on with the run"
    assert said(its_day, "genius") == RUN_LEFT
    DailyScene.play_on_server(its_day, "genius")
    assert clients.last.sent == [("daily", {"token": TOKEN, "puzzle": "genius", "daily": N, "ranked": True})]
    late, _ = offer_at(tmp_path, at(tomorrow, 12) + 1)                 # no longer today anywhere on Earth
    assert late.open_number("genius") is None
    assert label(card(late, DAY, tomorrow), "genius") == "Its ranked board (unranked)"   # shown once closed
    assert said(card(late, tomorrow, tomorrow), "genius") == ""


def test_done_forgets_the_run(tmp_path):
    offer, clients = dealt(tmp_path)
    clients.last.say("done", ms=44000, ranked=True, flagged=False, place=3, of=41)
    offer.desk.pump()
    assert identity.open_runs(tmp_path, URL) == {} and offer.open_number("genius") is None


def test_giving_up_forgets_the_run(tmp_path):
    offer, clients = dealt(tmp_path)
    offer.desk.leave()
    assert clients.last.sent[-1] == ("leave", {})
    assert identity.open_runs(tmp_path, URL) == {}


def refused_tomorrow(tmp_path):
    """A run dealt today, then tomorrow yesterday's run asked for and refused as over: the offer."""
    dealt(tmp_path)
    tomorrow = DAY + dt.timedelta(days=1)
    offer, clients = offer_at(tmp_path, at(tomorrow, 1))
    offer.refresh(daily.number(tomorrow))
    DailyScene.play_on_server(card(offer, DAY, tomorrow), "genius")
    reason = f"your ranked run of Genius #{N} is over; play it again unranked"
    for _ in range(2):                                                 # the places asked first, answered first
        clients.last.say("standings", total=0, you=None)
    clients.last.say("error", reason=reason)
    offer.pump()
    return offer


def test_a_refusal_of_an_open_run_is_said(tmp_path):
    offer = refused_tomorrow(tmp_path)
    reason = f"your ranked run of Genius #{N} is over; play it again unranked"
    assert offer.line == reason and "genius" not in offer.over      # today's (#N+1) ranked run is still to play


def test_a_refusal_of_an_open_run_forgets_it(tmp_path):
    offer = refused_tomorrow(tmp_path)
    assert identity.open_runs(tmp_path, URL) == {} and offer.open_number("genius") is None


@pytest.mark.parametrize("kind, reason, line", [
    ("lost", "cannot reach ws://127.0.0.1:9000/: Connection refused", "127.0.0.1:9000 is not answering"),
    ("error", BUSY, BUSY)])
def test_a_server_not_answering_or_busy_forgets_nothing(tmp_path, kind, reason, line):
    dealt(tmp_path)
    offer, clients = offer_at(tmp_path, at(DAY, 20))
    offer.play("genius", N, ranked=True)
    clients.last.say(kind, reason=reason)
    offer.pump()
    assert offer.line == line
    assert identity.open_runs(tmp_path, URL) == {"genius": N}
