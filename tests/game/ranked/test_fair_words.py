"""What a player is told of fair play (issue 35): a held run is under review (the result, the
Today card, the standings), why a run is left out, yesterday's ranked board offered unranked
once its window has closed, and the rules of ranked dailies on How to play (what the server
checks, what it cannot)."""
from __future__ import annotations

import datetime as dt

import pygame

from game.net import identity
from game.net.daily import last_moment
from game.scenes.howto import RANKED, HowToScene
from game.net.desk import server_url
from game.modes.ranked import done_words
from game.scenes.ranked.standings import StandingsScene, place_words
from game.scenes.title import TitleScene
from solver import daily
from tests.game.screen_app import ScreenApp
from tests.game.ranked.fake_desk import Clients

SERVER = "127.0.0.1:9000"


def test_a_held_run_is_under_review():
    done = {"puzzle": "genius", "daily": 330, "ranked": True, "ms": 2100, "place": None, "of": 4, "flagged": True,
            "status": "held"}
    assert done_words(done).startswith("Under review")


def test_a_run_left_out_says_why():
    answer = {"total": 4, "you": {"place": None, "ms": 2100, "runs": 1, "flagged": True, "status": "disqualified"}}
    assert place_words(answer, False) == "Your run is left out: disqualified by the operator"
    assert place_words({**answer, "you": {**answer["you"], "status": "barred"}}, False).endswith("barred from the "
                                                                                                 "standings")


def test_yesterdays_standings_offer_its_ranked_board_once_its_window_has_closed(tmp_path):
    app = ScreenApp(tmp_path)
    app.settings["standings_server"] = SERVER
    identity.remember(app.storage.folder, server_url(SERVER), "t" * 43, "Ann")
    today = dt.date(2026, 11, 26)
    app.push(TitleScene(app))
    scene = app.push(StandingsScene(app, connect=Clients(), today=today))
    closes = last_moment(daily.number(today) - 1)
    scene.now = lambda: closes - 1                          # yesterday is still today somewhere: not shown
    scene.act("day=yesterday")
    offer = dict(scene.order)["unranked"]
    assert not offer.visible and not offer.is_enabled
    scene.now = lambda: closes
    scene.act("day=yesterday")
    assert offer.visible and offer.is_enabled and offer.text == "Play it unranked"
    scene.act("day=today")
    assert not offer.visible
    scene.act("unranked")
    shown = app.scenes[-1]
    assert type(shown).__name__ == "DailyScene" and shown.day == today - dt.timedelta(days=1)


def test_how_to_play_says_the_limits_of_what_a_ranked_run_proves(tmp_path):
    app = ScreenApp(tmp_path)
    scene = app.push(HowToScene(app, "genius"))
    scene.do("ranked")
    assert scene.ranked and scene.buttons["ranked"].text == "The puzzle"
    said = " ".join(line for _, lines in RANKED for line in lines)
    assert "a bot that imitates both a person's pace and rhythm cannot be told apart" in said
    assert "the floor of a person's hands is what bounds it" in said
    assert "held for review" in said and "Who chose the moves" in said
    scene.draw(pygame.Surface(app.size))                   # the sections fit the column's drawing
