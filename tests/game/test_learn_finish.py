"""Issue 11's last wiring, driven by scripted events: the other solutions after a Genius win,
How to play from F1, escalating hints, the difficulty of a new roll, an abandoned game lost."""
import pygame

from game.scenes.genius.all_solutions import AllSolutionsScene
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import frame, key, place_by_mouse


def win(app, genius) -> None:
    done = search.solve(genius.position)
    for piece in PIECES:
        place_by_mouse(app, genius, piece, done.placed[piece])
    frame(app)
    assert genius.match.finished


def test_after_a_win_l_opens_the_rolls_other_solutions_with_the_players_own_first(app, genius):
    genius.match.meta["solutions"] = 12
    win(app, genius)
    assert any("the other 11 solutions" in line and "L" in line for line in genius.win_banner())
    key(app, pygame.K_l)
    stepper = app.top
    assert isinstance(stepper, AllSolutionsScene)
    app.worker.drain(30)
    frame(app)
    assert stepper.shown == genius.match.position             # the player's own solution first
    key(app, pygame.K_ESCAPE)
    assert app.top is genius


def test_l_does_nothing_before_the_win(app, genius):
    key(app, pygame.K_l)
    assert app.top is genius
