"""With a standings server set, the title's Today card says which Play its button is (playtest 2,
finding 22: 'Ranked on HOST' sat right above a Play that opens the offline, unranked daily): the
button reads 'Play unranked' under 'Ranked on HOST', and the line under the buttons says, for the
ringed card, where the ranked run starts (a ranked run left open makes the button the ranked one,
'Go on with the run': tests/game/ranked/test_title_open_run.py). No server: 'Play' as before. The title drawn on a ScreenApp (no
window), the standings server a fake."""
from __future__ import annotations

import datetime as dt

import game.scenes.title as title_module
from game.net import identity
from tests.game.fakes import lines_drawn
from tests.game.ranked.fake_desk import Clients
from tests.game.screen_app import ScreenApp

URL = "ws://127.0.0.1:9000/"
DAY = dt.date(2026, 3, 2)


def shown(tmp_path, monkeypatch, server: str | None):
    """(the cards' lines that name the server, the cards' button texts, the title)."""
    drawn = lines_drawn(monkeypatch, title_module)
    app = ScreenApp(tmp_path)
    if server is not None:
        app.settings["standings_server"] = server
        identity.remember(app.storage.folder, URL, "t" * 43, "Ann")
    scene = title_module.TitleScene(app, today=DAY)
    app.push(scene)
    scene.ask_places(connect=Clients())
    app.worker.poll()                              # the day's puzzles worked out
    app.draw()
    return [line for line in drawn if "Ranked" in line], [b.text for _, b in scene.cards.values()], scene


def test_the_card_says_its_play_is_unranked_pointing_to_the_ranked_one(tmp_path, monkeypatch):
    lines, buttons, scene = shown(tmp_path, monkeypatch, "127.0.0.1:9000")
    assert lines == ["Ranked on 127.0.0.1:9000"] * 2
    assert buttons == ["Play unranked"] * 2
    for _, button in scene.cards.values():
        assert scene.blurbs[button].endswith("; unranked here, the ranked run starts in Daily puzzles")


def test_no_server_plain_play(tmp_path, monkeypatch):
    lines, buttons, scene = shown(tmp_path, monkeypatch, None)
    assert lines == [] and buttons == ["Play"] * 2
    assert not any("unranked" in scene.blurbs[button] for _, button in scene.cards.values())
