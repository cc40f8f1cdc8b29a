"""Issue 36, item 7: a ranked run's place is the server's when the player next looks. The place
kept with the run is its place at the finish; a later, faster finisher moves it down. The Today
screen (for the day picked) and the title's card (for today) ask the server as they show, and the
kept place follows its answer (records.set_place), saved. The real App and loop on a fake
connection that wakes the loop as the real one does."""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui
import pytest

import game.net.desk as desk_module
from game.net import identity
from game.play import dailies, records
from game.scenes.daily import DailyScene
from game.scenes.title import TitleScene
from solver import daily
from tests.game.loop_drive import post, run_until, settle, stale_pixels
from tests.game.ranked.fake_desk import WakingClient

URL = "ws://127.0.0.1:9000/"
TODAY = dt.date.today()
N = daily.number(TODAY)


def you(place: int) -> dict:
    return {"place": place, "ms": 44000, "runs": 1, "flagged": False}


@pytest.fixture
def ranked(app, monkeypatch):
    """A name on a standings server and a ranked Genius run of two days ago, finished 3rd."""
    monkeypatch.setattr(desk_module, "ThreadedClient", WakingClient)
    identity.remember(app.storage.folder, URL, "t" * 43, "Ann")
    app.settings["standings_server"] = "127.0.0.1:9000"
    app.settings["animations"] = False
    records.record_game(app.statistics, "genius", records.DAILY, 44.0, True, level="easy", daily=N - 2, place=3)
    app.save_statistics()
    return app


def kept(statistics: dict, number: int) -> int | None:
    """The place in the record of the ranked Genius run of daily `number`, as the file has it."""
    return next((g["place"] for g in statistics["genius"]["games"] if g["daily"] == number and "place" in g), None)


def asked(client, number: int) -> list[str]:
    return [f["puzzle"] for kind, f in client.sent if kind == "standings" and f["daily"] == number]


def test_the_place_of_a_past_days_run_follows_the_server_when_the_day_is_picked(ranked, tmp_path):
    app = ranked
    app.push(TitleScene(app, today=TODAY))
    card = DailyScene(app, today=TODAY)
    app.push(card)
    app.frame(1 / 60, [])
    client = card.offer.desk.client
    for _ in asked(client, N):
        client.say("standings", total=0, you=None)
    settle(app)
    label = card.day_label(TODAY - dt.timedelta(days=2))
    post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=card.day_list, text=label))
    settle(app)
    assert asked(client, N - 2) == ["genius", "macmahon"], "the day's places asked of the server"
    assert dailies.place_words(app.statistics, "genius", N - 2) == "ranked 3rd"    # kept, until the answer
    client.say("standings", total=9, you=you(5))          # two faster finishers since
    client.say("standings", total=4, you=None)
    run_until(app, lambda: kept(app.statistics, N - 2) == 5)
    settle(app)
    saved = app.storage.statistics()
    assert kept(saved, N - 2) == 5, "saved"
    assert dailies.place_words(app.statistics, "genius", N - 2) == "ranked 5th"
    assert records.summary(app.statistics, "genius").played == 1, "one game, its place moved"
    assert stale_pixels(app, tmp_path) == 0


def title_with_a_kept_place(app):
    """A ranked daily kept at 2nd, then the title shown: (title, the card's facts)."""
    records.record_game(app.statistics, "genius", records.DAILY, 50.0, True, level="easy", daily=N, place=2)
    title = TitleScene(app, today=TODAY)
    app.push(title)
    app.frame(1 / 60, [])
    return title, dailies.card(app.statistics, "genius", TODAY)


def test_the_titles_card_says_the_kept_place_before_the_server_answers(ranked):
    title, card = title_with_a_kept_place(ranked)
    assert title.status("genius", card).endswith("· ranked 2nd")


def test_the_titles_card_says_the_servers_place_once_it_answers(ranked):
    app = ranked
    title, card = title_with_a_kept_place(app)
    client = title.offer.desk.client
    client.say("standings", total=12, you=you(4))
    client.say("standings", total=0, you=None)
    run_until(app, lambda: title.offer.places.get("genius"))
    assert title.status("genius", card).endswith("· 4th of 12 today")
    assert kept(app.statistics, N) == 4
