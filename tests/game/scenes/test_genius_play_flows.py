"""The Genius screen's flows with no window: a GeniusScene made on a FakeApp with a UI manager,
never shown, played as a player plays it (tests/game/play_scenes.py): a full board records the
time, a save and its load, a typed game ID, a game left while the dice roll. (Moved from
tests/game/test_genius_play.py, one concern each as there.)"""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.puzzles.genius.puzzle import GENIUS
from game.scenes.genius.scene import GeniusScene
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import assert_legal
from tests.game.play_scenes import finish_roll, genius_scene, key, on_top, place, scene_app
from tests.validate_genius import check_position


def solution_of(position):
    done = search.solve(position)
    check_position(done, position.blockers, keep=position.placed)
    return done


def test_complete_the_board_records_the_time(tmp_path):
    genius = genius_scene(tmp_path)
    app = genius.app
    app.settings["animations"] = True                   # (as the App's settings have it)
    done = solution_of(genius.position)
    for piece in PIECES:
        assert not genius.match.finished
        place(genius, piece, done.placed[piece])
        assert_legal(genius.position)
    check_position(genius.position, done.blockers)
    assert genius.match.finished and not genius.match.timer.running
    assert genius.result.celebration is not None
    best = app.statistics["genius"]["best"]["game ID"]
    assert best == pytest.approx(genius.match.elapsed, abs=0.01)
    assert app.storage.statistics()["genius"]["best"]["game ID"] == best
    for _ in range(10):
        genius.update(0.4)
    assert genius.result.celebration is None
    app.pop()
    assert not app.storage.exists(GENIUS.autosave)


def saved_then_replaced(tmp_path):
    """A piece placed 30 s in, saved, then a new game (agreed): (screen, the position saved, its time)."""
    genius = genius_scene(tmp_path)
    place(genius, "4-O", [14, 15, 20, 21])
    genius.match.timer._base += 30            # as if half a minute went by
    saved_at = genius.match.elapsed
    genius.save_to(tmp_path / "mine")
    position = genius.position
    genius.do("new")
    assert len(genius.asked) == 1               # the game in progress is abandoned only when confirmed
    genius.asked.pop()[1]()
    finish_roll(genius)
    assert genius.position != position
    return genius, position, saved_at


def test_a_load_keeps_the_board(tmp_path):
    genius, position, _ = saved_then_replaced(tmp_path)
    assert genius.ask_load(tmp_path / "mine.json")
    assert genius.position == position and genius.match.can_undo


def test_a_load_keeps_the_clock(tmp_path):
    genius, _, saved_at = saved_then_replaced(tmp_path)
    assert genius.ask_load(tmp_path / "mine.json")
    assert genius.match.elapsed >= saved_at - 0.001          # (a save keeps the clock to the millisecond)


def test_a_bad_file_loaded_is_refused_keeping_the_game(tmp_path):
    genius, _, _ = saved_then_replaced(tmp_path)
    app = genius.app
    genius.ask_load(tmp_path / "mine.json")
    position = genius.position
    (tmp_path / "bad.json").write_text("{}")
    assert not genius.ask_load(tmp_path / "bad.json") and "bad.json" in app.toasts.latest
    assert genius.position == position


def typed_id(tmp_path):
    genius = genius_scene(tmp_path)
    genius.chrome.id_entry = SimpleNamespace(get_text=lambda: " a1a2a3a4a5a6b1 ", set_text=lambda text: None)
    genius.do("play_id")                        # (the game ID box, a widget, typed in)
    return genius


def test_a_typed_game_id_plays(tmp_path):
    assert typed_id(tmp_path).match.game_id == "A1A2A3A4A5A6B1"


def test_a_bad_typed_game_id_is_refused(tmp_path):
    genius = typed_id(tmp_path)
    assert not genius.ask_play_id("A1A1")
    assert "Game ID" in genius.app.toasts.latest and genius.match.game_id == "A1A2A3A4A5A6B1"


def test_a_game_left_while_the_dice_roll_resumes_with_a_running_clock(tmp_path):
    app = scene_app(tmp_path)
    app.settings["animations"] = True           # the dice roll in
    scene = on_top(GeniusScene(app, new=True))
    assert scene.kit.roll is not None
    key(scene, pygame.K_ESCAPE)
    assert app.popped == 1
    again = GeniusScene(app)
    assert again.match.start == scene.match.start and again.match.timer.running
