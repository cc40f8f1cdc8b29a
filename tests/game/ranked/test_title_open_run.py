"""Issue 36, item 2: the title's Today card says a ranked run is left open on the standings
server and its button goes on with it; Play on a daily whose ranked run is open asks first.
The real App and loop, the server a fake connection that wakes the loop as the real one does."""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui
import pytest

import game.net.desk as desk_module
from game.net import identity
from game.scenes.daily import DailyScene
from game.scenes.genius.scene import GeniusScene
from game.net.offer import GO_ON, RUN_OPEN, RUN_OPEN_BEFORE
from game.scenes.ranked.run import RankedScene
from game.scenes.title import TitleScene
from solver import daily
from tests.game.loop_drive import post, run_until, settle, stale_pixels
from tests.game.ranked.fake_desk import WakingClient, run_message

URL = "ws://127.0.0.1:9000/"
TOKEN = "t" * 43
TODAY = dt.date.today()
N = daily.number(TODAY)


def pressed(button) -> pygame.event.Event:
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)


@pytest.fixture
def server(app, monkeypatch):
    """A standings server set, a name there, and a ranked Genius run of today's daily left open."""
    monkeypatch.setattr(desk_module, "ThreadedClient", WakingClient)
    identity.remember(app.storage.folder, URL, TOKEN, "Ann")
    identity.keep_run(app.storage.folder, URL, "genius", N)
    app.settings["standings_server"] = "127.0.0.1:9000"
    app.settings["animations"] = False
    return app


def title_of(app) -> TitleScene:
    """The title, its places asked of the server and answered (none yet)."""
    title = TitleScene(app, today=TODAY)
    app.push(title)
    app.frame(1 / 60, [])
    answer_places(title.offer)
    settle(app)
    return title


def answer_places(offer, you=None) -> None:
    """The server's answers to the places the screen asked for as it showed (one per puzzle)."""
    for _ in range(sum(kind == "standings" for kind, _ in offer.desk.client.sent) - offer.desk.client.answered):
        offer.desk.client.say("standings", total=5 if you else 0, you=you)
    offer.desk.client.answered = sum(kind == "standings" for kind, _ in offer.desk.client.sent)


def test_the_title_card_says_the_run_is_open(server, tmp_path):
    app = server
    title = title_of(app)
    _, button = title.cards["genius"]
    assert button.text == GO_ON and button.is_enabled
    assert title.status("genius", None) == RUN_OPEN
    assert title.cards["macmahon"][1].text in ("Play unranked", "Play again unranked")   # the other puzzle's as ever
    assert stale_pixels(app, tmp_path) == 0


def gone_on_with(app):
    """The title card's button pressed, until the offer asks for the run: (title, its client)."""
    title = title_of(app)
    post(pressed(title.cards["genius"][1]))
    run_until(app, lambda: title.offer.starting == "genius")
    return title, title.offer.desk.client


def test_the_title_card_s_button_goes_on_with_the_run(server):
    app = server
    _, client = gone_on_with(app)
    assert client.sent[-1] == ("daily", {"token": TOKEN, "puzzle": "genius", "daily": N, "ranked": True})
    client.say("run", **run_message("genius", "A1A2A4A6B4D5E1", daily=N, seq=3, elapsed_ms=61000))
    run_until(app, lambda: isinstance(app.top, RankedScene))
    assert app.top.match.meta["kind"] == "ranked" and app.top.match.meta["daily"] == N


def test_a_run_done_is_no_longer_open_on_the_title(server, tmp_path):
    app = server
    title, client = gone_on_with(app)
    client.say("run", **run_message("genius", "A1A2A4A6B4D5E1", daily=N, seq=3, elapsed_ms=61000))
    run_until(app, lambda: isinstance(app.top, RankedScene))
    client.say("done", puzzle="genius", daily=N, ranked=True, ms=90000, place=2, of=5, flagged=False)
    run_until(app, lambda: app.top.match.ended)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    run_until(app, lambda: app.top is title)
    answer_places(title.offer, {"place": 2, "ms": 90000, "runs": 1, "flagged": False})
    settle(app)
    assert title.cards["genius"][1].text in ("Play unranked", "Play again unranked") and title.open_run("genius") is None
    assert identity.open_runs(app.storage.folder, URL) == {}
    assert stale_pixels(app, tmp_path) == 0


def test_a_run_of_the_day_before_is_named_on_todays_card(server):
    app = server
    identity.keep_run(app.storage.folder, URL, "genius", N - 1)
    title = title_of(app)
    title.offer.now = lambda: dt.datetime.combine(TODAY, dt.time(1), dt.timezone.utc).timestamp()
    title.refresh_cards()
    assert title.status("genius", None) == RUN_OPEN_BEFORE.format(number=N - 1)
    post(pressed(title.cards["genius"][1]))
    run_until(app, lambda: title.offer.starting == "genius")
    assert title.offer.desk.client.sent[-1][1]["daily"] == N - 1


def test_the_title_says_the_servers_refusal(server):
    app = server
    title = title_of(app)
    post(pressed(title.cards["genius"][1]))
    run_until(app, lambda: title.offer.starting == "genius")
    title.offer.desk.client.say("error", reason="your ranked run of this daily is over")
    run_until(app, lambda: title.offer.starting is None)
    settle(app)
    assert any("over" in item[0] for item in app.toasts.items)
    assert title.cards["genius"][1].text in ("Play unranked", "Play again unranked")   # forgotten: refused


def test_play_on_a_daily_whose_ranked_run_is_open_asks_first(server):
    app = server
    app.push(TitleScene(app, today=TODAY))
    card = DailyScene(app, today=TODAY)
    app.push(card)
    app.frame(1 / 60, [])
    answer_places(card.offer)
    settle(app)
    post(pressed(card.buttons[("play", "genius")]))
    run_until(app, lambda: card.dialog_open)
    assert app.top is card, "asked first: nothing opened yet"
    dialog = next(d for d in card._dialogs if d.alive())
    post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))
    run_until(app, lambda: isinstance(app.top, GeniusScene))
    assert app.top.match.meta["daily"] == N
    assert identity.open_runs(app.storage.folder, URL) == {"genius": N}       # the ranked run stays open
    app.pop()
    settle(app)
    post(pressed(card.buttons[("play", "macmahon")]))                          # no run open: no question
    run_until(app, lambda: app.top is not card)
    assert not card.dialog_open


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_the_cards_button_says_go_on_with_the_run_whole(server, size):
    """It was cut to 'Go on with the run' less its last letters in a 150 px button."""
    from tests.game.layout_check import resize, text_problems
    app = server
    title = title_of(app)
    resize(app, size)
    assert title.cards["genius"][1].text == GO_ON
    assert text_problems(app) == []
