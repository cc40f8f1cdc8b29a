"""What a player saw before the play session existed, one test each (the mid-end issue's nine
cases), driven through the real screens headless. (Without a window: cases 5 and 9, the race
against the computer, in tests/game/scenes/test_genius_kit_versus.py; cases 2 and 4's MacMahon
games in tests/game/scenes/test_macmahon_kit_games.py; cases 1 and 4's Genius games in
tests/game/scenes/test_genius_kit_games.py.)"""
from __future__ import annotations

import random

from game.play import records
from game.scenes.genius.scene import GeniusScene
from game.scenes.macmahon.scene import MacMahonScene
from game.scenes.title import TitleScene
from tests.game.drive import answer_confirm, frame
from tests.game.fakes import FakeClock
from tests.validate_macmahon import problems

BOARD = "A1A2A4A6B4D5E1"


def start_race(app, level, seed=1):
    """A race against the computer on top of the title, the computer's plan in hand, its clock a
    fake (for tests/game/test_motion.py)."""
    import time
    from game.scenes.genius.versus import VersusScene
    app.settings["animations"] = False
    clock = FakeClock(0.0)
    app.push(TitleScene(app))
    scene = VersusScene(app, level=level, rng=random.Random(seed), clock=clock)
    app.push(scene)
    deadline = time.monotonic() + 30
    while scene.mode.opponent is None:
        assert time.monotonic() < deadline, "the computer's plan never came"
        app.worker.drain(30)
        frame(app)
    return scene, clock


def test_3_the_browser_offers_a_solution_to_view_or_to_finish(app):
    app.push(TitleScene(app))
    app.open("macmahon-browser")
    browser = app.top
    app.worker.drain(30)
    frame(app)
    browser.jump(9)
    wanted = browser.position()
    browser.do("play_part")                  # 8 tiles to place: a game, the rest given
    play = app.top
    assert isinstance(play, MacMahonScene) and play.match.meta["kind"] == "play"
    assert sum(v is None for v in play.position.cells) == 8 and not play.match.finished
    assert all(wanted.cells[c] == v for c, v in enumerate(play.position.cells) if v is not None)
    play.do("browse")
    app.worker.drain(30)
    frame(app)
    app.top.jump(9)
    app.top.do("play")                       # view: nothing to play, so nothing to abandon either
    assert app.top is play and play.match.finished and play.match.meta["kind"] == "view"
    assert problems(play.position.colour_rows(), 3) == []
    assert app.statistics.get("macmahon", {}).get("played", 0) == 0


def test_6_a_game_id_at_start_asks_before_it_abandons_the_kept_game(app):
    app.push(TitleScene(app))
    first = GeniusScene(app, game_id=BOARD, rng=random.Random(2))
    app.push(first)
    first.session.move("1:F6")
    app.pop()                                # left: kept for next time
    scene = GeniusScene(app, game_id="A1B1C1D1E1F1F2", rng=random.Random(2))
    assert scene.position.notation() == BOARD + "/1:F6"       # the kept game, resumed ...
    app.push(scene)
    assert scene.dialog_open                                  # ... and a question before it goes
    assert answer_confirm(app, scene, yes=True)
    assert scene.position.notation() == "A1B1C1D1E1F1F2"
    assert records.summary(app.statistics, "genius").lost == 1


def test_6_the_daily_play_button_asks_before_it_abandons_a_game(app):
    app.push(TitleScene(app))
    first = GeniusScene(app, game_id=BOARD, rng=random.Random(2))
    app.push(first)
    first.session.move("1:F6")
    app.pop()                                # back on the title, the game kept
    app.open("genius", game_id="A1B1C1D1E1F1F2", daily=5)
    scene = app.top
    assert scene.dialog_open and scene.position.notation() == BOARD + "/1:F6"
    assert answer_confirm(app, scene, yes=False)
    assert scene.position.notation() == BOARD + "/1:F6"
