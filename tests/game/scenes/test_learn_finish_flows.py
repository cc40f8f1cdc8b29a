"""F1 and How to play, and a first roll drawn at a level, on play screens with no window: a
GeniusScene or MacMahonScene made on a FakeApp with a UI manager, never shown, fed the keys a
player presses (tests/game/play_scenes.py). (Moved from tests/game/test_learn_finish.py, one
concern each as there.)"""
from __future__ import annotations

import random

import pygame

from tests.game.play_scenes import finish_roll, genius_scene, key, on_top, scene_app


def test_f1_twice_opens_how_to_play_for_the_puzzle(tmp_path):
    genius = genius_scene(tmp_path)
    key(genius, pygame.K_F1)
    assert genius.show_help and genius.app.opened == []
    key(genius, pygame.K_F1)
    assert not genius.show_help
    assert genius.app.opened == [("howto-genius", {})]


def test_f1_then_another_key_only_closes_the_key_table(tmp_path):
    genius = genius_scene(tmp_path)
    key(genius, pygame.K_F1)
    key(genius, pygame.K_x)
    assert not genius.show_help and genius.app.opened == []


def test_f1_twice_in_macmahon_opens_its_how_to_play(tmp_path):
    from game.scenes.macmahon.scene import MacMahonScene
    scene = on_top(MacMahonScene(scene_app(tmp_path), rng=random.Random(3)))
    key(scene, pygame.K_F1)
    key(scene, pygame.K_F1)
    assert scene.app.opened == [("howto-macmahon", {})]


def test_a_genius_scene_opened_at_a_level_draws_its_first_roll_before_showing_a_board(tmp_path):
    from game.scenes.genius.scene import GeniusScene
    app = scene_app(tmp_path)
    app.settings["genius_level"] = "easy"
    scene = on_top(GeniusScene(app, new=True))
    assert scene.match is None and scene.session.job is not None
    for k in (pygame.K_h, pygame.K_u, pygame.K_1, pygame.K_c):
        key(scene, k)                                   # nothing to act on yet, and nothing breaks
    app.worker.poll()
    scene.update(0.0)
    finish_roll(scene)
    assert scene.match.meta["level"] == "easy"
