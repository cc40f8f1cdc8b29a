"""Levels in the game: a won roll's Next puzzle / Harder / Same level offers, and MacMahon's
level boards, driven through the real screens."""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game.scenes.daily import DailyScene
from game.scenes.genius.scene import GeniusScene
from game.scenes.title import TitleScene
from solver.genius import dice, search
from solver.genius.daily import genius_daily
from solver.genius.levels import level_of
from solver.genius.pieces import PIECES
from tests.game.drive import choose, finish_roll, frame, key, place_by_mouse


def click(app, element) -> None:
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def win(app, scene) -> None:
    """Place every piece of an engine solution by mouse; the board is won."""
    done = search.solve(scene.position)
    for piece in PIECES:
        place_by_mouse(app, scene, piece, done.placed[piece])
    assert scene.match.finished and scene.match.meta["result"] == "won"
    frame(app)


def drawn(app, scene) -> int:
    """Wait for the level draw in the worker and the dice; the new board's level."""
    assert scene.job is not None and scene.job.label.startswith("Drawing a level")
    app.worker.drain(60)
    frame(app)
    finish_roll(app, scene)
    assert not scene.match.finished
    return level_of(dice.builtin("default"), scene.match.start.blockers)


def test_a_win_offers_harder_and_same_level_which_draw_those_levels(app, genius):
    won = level_of(dice.builtin("default"), genius.match.start.blockers)
    assert genius.offers.buttons == {}                       # nothing offered before the win
    win(app, genius)
    offered = ["next_puzzle", "same_level"] + (["harder"] if won < 10 else [])
    assert sorted(genius.offers.buttons) == sorted(offered)
    assert all(button.alive() for button in genius.offers.buttons.values())
    key(app, pygame.K_EQUALS)                                # Same level
    assert drawn(app, genius) == won and genius.offers.buttons == {}
    if won < 10:
        win(app, genius)
        click(app, genius.offers.buttons["harder"])
        assert drawn(app, genius) == won + 1


def test_level_ten_offers_no_harder_and_next_puzzle_follows_the_setting(app, genius):
    choose(app, genius, "level", "Level: level 10 (very hard)")
    genius.do("new")
    assert drawn(app, genius) == 10
    win(app, genius)
    assert sorted(genius.offers.buttons) == ["next_puzzle", "same_level"]
    choose(app, genius, "level", "Level: level 2 (easy)")
    click(app, genius.offers.buttons["next_puzzle"])
    assert drawn(app, genius) == 2


def test_a_won_dailys_next_puzzle_opens_the_daily_puzzles(app):
    today = genius_daily(dt.date(2026, 3, 1))
    app.push(TitleScene(app))
    scene = GeniusScene(app, game_id=today.position.notation(), daily=today.number, level=today.level)
    app.push(scene)
    frame(app)
    win(app, scene)
    assert "next_puzzle" in scene.offers.buttons
    key(app, pygame.K_n)
    frame(app)
    assert isinstance(app.top, DailyScene)
