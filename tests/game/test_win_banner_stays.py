"""A win's banner stays until the player acts (playtest 2, finding 16: a win without a new best
was gone in about 1.5 s), by the rule of the ranked run's banner (tests/game/ranked/test_done_banner.py):
a click closes it and lifts nothing, a key closes it and does what it does (Ctrl+N deals at the
first press), a new game clears it. The real screen; the board filled through the session."""
from __future__ import annotations

import pygame

from game.scenes.anim import Celebration
from solver.genius import search
from tests.game.drive import finish_roll, frame, key, press


def win(app, scene) -> None:
    finish_roll(app, scene)
    for move in scene.position.moves_to(search.solve(scene.position)):
        scene.session.move(move.notation())
    frame(app)
    assert scene.match.finished and scene.frame().anims.banner


def long_after(app) -> None:
    for _ in range(round((Celebration.BANNER + 2) * 60)):      # long past the confetti and the count-up
        frame(app)


def test_the_win_banner_stays_long_after_the_confetti(app, genius):
    win(app, genius)
    shown = genius.frame().anims.banner
    assert shown[0].startswith("Solved in ")
    long_after(app)
    assert genius.frame().anims.banner == shown
    assert app.redraw_in() is None or app.redraw_in() > 0, "a banner that stays is still"


def test_a_click_only_closes_it(app, genius):
    win(app, genius)
    long_after(app)
    placed = dict(genius.position.placed)
    press(app, genius.view.layout()["geo"].rect.center)       # on the banner, over a placed piece
    assert genius.frame().anims.banner == ()
    assert genius.session.hand.held is None and genius.position.placed == placed


def test_ctrl_n_deals_at_the_first_press_closing_it(app, genius):
    win(app, genius)
    long_after(app)
    old = genius.match
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert genius.frame().anims.banner == () and genius.match is not old
