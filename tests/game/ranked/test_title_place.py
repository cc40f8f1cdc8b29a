"""The title's Today cards say the place of today's ranked run, asked of the standings server
when the title shows; no server or no name there: no question asked. Fakes, no window."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from game.net import identity
from game.scenes.title import TitleScene
from solver import daily
from tests.game.fakes import FakeApp
from tests.game.ranked.fake_desk import Clients

URL = "ws://127.0.0.1:9000/"
DAY = dt.date(2026, 3, 1)


def title(tmp_path, server: str | None, named: bool):
    app = FakeApp(tmp_path)
    if server is not None:
        app.settings["standings_server"] = server
    if named:
        identity.remember(app.storage.folder, URL, "t" * 43, "Ann")
    clients = Clients()
    scene = TitleScene(app, today=DAY)
    scene.ask_places(connect=clients)
    return scene, clients


def test_a_card_says_the_place_of_todays_ranked_run(tmp_path):
    scene, clients = title(tmp_path, "127.0.0.1:9000", named=True)
    asked = [(k, f["puzzle"], f["daily"]) for k, f in clients.last.sent]
    assert asked == [("standings", "genius", daily.number(DAY)), ("standings", "macmahon", daily.number(DAY))]
    clients.last.say("standings", total=41, you={"place": 3, "ms": 44000, "runs": 1, "flagged": False})
    clients.last.say("standings", total=7, you=None)
    scene.update(0.0)
    card = SimpleNamespace(status="solved in 0:44", place="")
    assert scene.status("genius", card) == "solved in 0:44 · 3rd of 41 today"
    assert scene.status("macmahon", SimpleNamespace(status="not played yet", place="")) == "not played yet"
    assert scene.ranked_line() == "Ranked on 127.0.0.1:9000"       # which is which: the card's puzzle is offline
    scene.on_quit()
    assert clients.last.closed


def test_no_server_or_no_name_there_asks_nothing(tmp_path):
    for server, named, line in ((None, True, ""), ("127.0.0.1:9000", False, "Ranked on 127.0.0.1:9000"),
                                ("127.0.0.1:9000/ABC234", True, "")):
        scene, clients = title(tmp_path / str(len(server or "") + named), server, named)
        assert scene.offer is None and clients.made == []
        assert scene.status("genius", SimpleNamespace(status="solved in 0:44", place="")) == "solved in 0:44"
        assert scene.ranked_line() == line            # a server and no name yet: said all the same
