"""Issue 11's last wiring with no window: a race against the computer ignores the Genius level,
an abandoned game is lost, on a Genius kit and its modes (tests/game/genius_kits.py). (Moved from
tests/game/test_learn_finish.py, one concern each as there.)"""
from __future__ import annotations

import random

from solver.genius import search
from tests.game.fakes import FakeApp, FakeClock
from tests.game.genius_kits import act, drop, genius_kit


def test_a_race_against_the_computer_rolls_any_roll_whatever_the_genius_level(tmp_path):
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.versus import Versus
    app = FakeApp(tmp_path)
    app.settings["genius_level"] = "very hard"
    kit = GeniusKit(app, random.Random(3), column="rival")
    kit.table.seat(Versus(kit.table, None, FakeClock()))
    kit.mode.new_race()                              # (as the race's screen starts)
    assert kit.match is not None and "level" not in kit.match.meta


def one_piece_down(tmp_path):
    """A Genius game in progress: one piece of a solution placed."""
    kit = genius_kit(tmp_path)
    done = search.solve(kit.session.position)
    drop(kit.session, "1", sorted(done.placed["1"]))
    return kit


def games(kit) -> list:
    return kit.app.statistics.get("genius", {}).get("games", [])


def test_a_genius_game_kept_when_asked_records_nothing(tmp_path):
    kit = one_piece_down(tmp_path)
    assert kit.mode.in_progress()                                 # New (F2) asks first; kept: nothing recorded
    assert games(kit) == []


def test_an_abandoned_genius_game_is_recorded_as_lost(tmp_path):
    kit = one_piece_down(tmp_path)
    before = len(games(kit))
    kit.mode.leave()                                              # abandoned, agreed (PlayScene.replace_game)
    kit.session.abandon()
    act(kit, "new")
    assert len(games(kit)) == before + 1
    lost = games(kit)[-1]
    assert lost["won"] is False and lost["key"] == "game ID"
