"""Levels in the game: a won roll's Next puzzle / Harder / Same level offers, and MacMahon's
level boards, driven through the real screens. (Without a window: a won daily's Next puzzle in
tests/game/scenes/test_genius_kit_games.py; the level picker's board and its record, level ten
and back to free play in tests/game/scenes/test_macmahon_kit_games.py.)"""
from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.title import TitleScene
from solver.genius import dice, search
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


def won_level(app, genius) -> int:
    """The board on show won: its level."""
    won = level_of(dice.builtin("default"), genius.match.start.blockers)
    win(app, genius)
    return won


def test_a_win_offers_the_next_games(app, genius):
    assert genius.chrome.offers == {}                       # nothing offered before the win
    won = won_level(app, genius)
    offered = ["next_puzzle", "same_level"] + (["harder"] if won < 10 else [])
    assert sorted(genius.chrome.offers) == sorted(offered)
    assert all(button.alive() for button in genius.chrome.offers.values())


def test_same_level_draws_a_board_of_the_level_won(app, genius):
    won = won_level(app, genius)
    before = genius.match
    key(app, pygame.K_EQUALS)                                # Same level
    assert drawn(app, genius, before) == won and genius.chrome.offers == {}


def test_harder_draws_a_board_of_the_level_above(app, genius):
    won = won_level(app, genius)
    if won < 10:                                             # (level 10 offers no harder)
        before = genius.match
        click(app, genius.chrome.offers["harder"])
        assert drawn(app, genius, before) == won + 1


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


def won_macmahon_level_3(app):
    """A MacMahon board of level 3 solved with Solve, as frames play it: the screen."""
    scene = macmahon_scene(app)
    choose(app, scene, "level", "Level 3")
    made(app, scene)
    assert scene.chrome.offers == {}
    scene.do("solve")
    for _ in range(400):                                   # the solve played move by move, as frames do
        if scene.match.finished and not scene.session.solve_queue:
            break
        frame(app)
        app.worker.drain(1)
    assert scene.match.finished and scene.match.meta["result"] == "won"
    frame(app)
    return scene


def test_a_won_macmahon_level_shows_its_offers_in_the_empty_tray(app):
    scene = won_macmahon_level_3(app)
    assert sorted(scene.chrome.offers) == ["harder", "next_puzzle", "same_level"]
    lay = scene.view.layout()
    for button in scene.chrome.offers.values():
        assert button.alive() and lay["tray"].contains(button.rect)      # where the (empty) tray was
        assert not button.rect.colliderect(lay["geo"].rect)


def test_the_harder_key_after_a_won_macmahon_level_makes_the_next(app):
    scene = won_macmahon_level_3(app)
    key(app, pygame.K_RIGHTBRACKET)                        # Harder
    made(app, scene)
    assert scene.match.meta["level"] == "4" and scene.chrome.offers == {}
