"""Levels in the game: a won roll's Next puzzle / Harder / Same level offers, and MacMahon's
level boards, driven through the real screens. (Level ten and back to free play, without a
window: tests/game/scenes/test_macmahon_kit_games.py.)"""
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


def drawn(app, scene, before) -> int:
    """Wait for the level draw in the worker and the dice; the new board's level."""
    app.worker.drain(60)
    frame(app)
    finish_roll(app, scene)
    assert scene.match is not before and not scene.match.finished, scene.session.status
    return level_of(dice.builtin("default"), scene.match.start.blockers)


def test_a_win_offers_harder_and_same_level_which_draw_those_levels(app, genius):
    won = level_of(dice.builtin("default"), genius.match.start.blockers)
    assert genius.chrome.offers == {}                       # nothing offered before the win
    win(app, genius)
    offered = ["next_puzzle", "same_level"] + (["harder"] if won < 10 else [])
    assert sorted(genius.chrome.offers) == sorted(offered)
    assert all(button.alive() for button in genius.chrome.offers.values())
    before = genius.match
    key(app, pygame.K_EQUALS)                                # Same level
    assert drawn(app, genius, before) == won and genius.chrome.offers == {}
    if won < 10:
        win(app, genius)
        before = genius.match
        click(app, genius.chrome.offers["harder"])
        assert drawn(app, genius, before) == won + 1


def test_a_won_dailys_next_puzzle_opens_the_daily_puzzles(app):
    today = genius_daily(dt.date(2026, 3, 1))
    app.push(TitleScene(app))
    scene = GeniusScene(app, game_id=today.position.notation(), daily=today.number, level=today.level)
    app.push(scene)
    frame(app)
    win(app, scene)
    assert "next_puzzle" in scene.chrome.offers
    key(app, pygame.K_n)
    frame(app)
    assert isinstance(app.top, DailyScene)


# ---------------------------------------------------------------------- MacMahon levels
def macmahon_scene(app):
    from game.scenes.macmahon.scene import MacMahonScene
    app.push(TitleScene(app))
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    frame(app)
    return scene


def made(app, scene) -> None:
    """Wait for the level board made in the worker."""
    assert scene.session.job is not None and scene.session.job.label.startswith("Making a level")
    app.worker.drain(60)
    frame(app)
    app.worker.drain(60)               # the new board's solvability count
    frame(app)


def test_the_macmahon_level_picker_plays_a_board_with_one_completion_and_records_its_level(app):
    from game.play import records
    from game.puzzles.macmahon.puzzle import MACMAHON
    from solver.macmahon import search
    from tests.validate_macmahon import problems
    scene = macmahon_scene(app)
    assert scene.chrome.menus["level"].label == "Level: free play"
    choose(app, scene, "level", "Level 7")
    made(app, scene)
    start = scene.match.start
    given = [c for c, v in enumerate(start.cells) if v is not None]
    assert 0 < len(given) < start.board.size and scene.match.meta["level"] == "7"
    assert search.completions(start) == 1                  # exactly one way to finish it
    done = search.solve(start)
    assert problems(done.colour_rows(), done.board.colours) == []
    assert all(done.cells[c] == start.cells[c] for c in given)
    assert scene.chrome.menus["level"].label == "Level 7" and MACMAHON.best_key(start, scene.match.meta) == "4x6x3 given"
    scene.do("solve")                                      # (assisted) the game ends and is recorded by level
    app.worker.drain(60)
    for _ in range(400):
        if scene.match.finished:
            break
        frame(app, dt=0.2)
    assert scene.match.finished
    kept = records.games(app.statistics, "macmahon", level="7")
    assert len(kept) == 1 and kept[0]["won"] and kept[0]["assisted"] and kept[0]["key"] == "4x6x3 given"
    assert scene.kit.facts()[1].endswith(": \u2014")       # a win with help sets no best time ...
    records.record_game(app.statistics, "macmahon", "4x6x3", 50.0, True)
    records.record_game(app.statistics, "macmahon", "4x6x3 given", 61.0, True)
    assert scene.kit.facts()[1].endswith(": 1:01")        # ... and the empty board's best is not this one's
    key(app, pygame.K_n, pygame.KMOD_LCTRL)                  # New game: another board of the same level
    made(app, scene)
    assert scene.match.meta["level"] == "7" and scene.match.start != start
    assert search.completions(scene.match.start) == 1


def test_a_macmahon_level_asks_before_abandoning_a_game_in_progress(app):
    from tests.game.drive import answer_confirm
    from tests.game.test_macmahon_feel import drop
    scene = macmahon_scene(app)
    app.settings["macmahon_mode"] = "free"                 # any tile goes anywhere
    drop(app, scene, 0, 0)
    assert scene.session.in_progress()
    before = scene.match
    choose(app, scene, "level", "Level 3")
    making = scene.session.job is not None and scene.session.job.label.startswith("Making")
    assert scene.match is before and not making           # nothing made until the player agrees
    assert answer_confirm(app, scene, yes=False)
    assert scene.match is before and scene.chrome.menus["level"].label == "Level: free play"
    choose(app, scene, "level", "Level 3")
    assert answer_confirm(app, scene, yes=True)
    made(app, scene)
    assert scene.match is not before and scene.match.meta["level"] == "3"
