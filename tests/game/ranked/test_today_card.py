"""The Today screen with a standings server, as two strangers met it: the server's one line
(a refusal, 'Asking ... for the board...') in a place of its own, and a ranked run left open
on the screen's connection set aside (not given up) when another run is asked for."""
from __future__ import annotations

import pytest

from game.net import identity
from game.scenes.daily import DailyScene
from game.net.offer import Offer
from game.scenes.title import TitleScene
from game.storage import Storage
from tests.game.screen_app import ScreenApp
from tests.game.ranked.fake_desk import Clients, run_message

URL = "ws://127.0.0.1:9000/"


class App:
    def __init__(self, folder):
        self.settings: dict = {}
        self.storage = Storage(folder)


def test_another_run_asked_sets_the_open_one_aside_on_a_new_connection(tmp_path):
    """The server holds one run a connection ('already in a daily run: leave it first'): the
    Genius run left with Escape waits on the server, the MacMahon one goes on a new connection."""
    clients = Clients()
    offer = Offer(App(tmp_path), URL, connect=clients)
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    offer.play("genius", 60, ranked=True)
    clients.last.say("run", **run_message("genius", "A1A2A4A6B4D5E1"))
    assert offer.pump() is not None and offer.on_desk("genius")
    first = clients.last
    offer.play("macmahon", 60, ranked=True)
    assert len(clients.made) == 2 and first.closed and ("leave", {}) not in first.sent
    assert clients.last.sent == [("daily", {"token": "t" * 43, "puzzle": "macmahon", "daily": 60, "ranked": True})]
    assert not offer.on_desk("genius") and offer.desk.retry is None


@pytest.mark.parametrize("size", [(800, 560), (1100, 760)])
def test_the_servers_line_covers_no_other_text(tmp_path, monkeypatch, size):
    import game.scenes.daily as daily_module
    app = ScreenApp(tmp_path, size)
    app.settings["standings_server"] = "127.0.0.1:9000"
    app.push(TitleScene(app))
    scene = app.push(DailyScene(app))
    scene.offer.desk.client.close()
    scene.offer.line = "already in a daily run: leave it first"
    drawn = []
    real = daily_module.text

    def text(surface, line, *args, **options):
        drawn.append((line, real(surface, line, *args, **options)))
        return drawn[-1][1]
    monkeypatch.setattr(daily_module, "text", text)
    app.draw()
    mine = next(rect for line, rect in drawn if line == scene.offer.line)
    assert mine.bottom <= scene.day_list.rect.top
    assert not [line for line, rect in drawn if line != scene.offer.line and rect.colliderect(mine)]


def test_the_ranked_question_says_a_run_begun_goes_on(tmp_path):
    """With no run kept here (begun on another computer, say) the question says that asking
    gives a run begun back (the server does), its clock having run."""
    import datetime as dt
    from types import SimpleNamespace
    asked = []
    offer = Offer(App(tmp_path), URL, connect=Clients())
    today = dt.date(2026, 11, 25)
    card = SimpleNamespace(day=today, today=today, offer=offer, after_offer=lambda: None,
                           confirm=lambda question, *a, **k: asked.append(question))
    DailyScene.play_on_server(card, "genius")
    assert len(asked) == 1 and "goes on where it was, its clock too" in asked[0]
