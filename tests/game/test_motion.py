"""Motion that sells touch: the held piece lifts, turns round the square under the pointer,
settles or flies home; the win counts up and stamps. (A drop refused or settled with its sounds,
the MacMahon confetti, a loss to the computer, a hot-seat board filled: tests/game/scenes/test_motion_unit.py.)"""
from __future__ import annotations

import random

import pytest

from game.puzzles.genius.hand import Held, flipped, turned
from game.scenes.anim import Celebration
from game.scenes.motion import Motion
from solver.genius.pieces import PIECES, orientations


def offsets(held: Held) -> set[tuple[int, int]]:
    """The held shape's squares relative to the grabbed one (what stays under the pointer)."""
    g = held.grab
    return {(r - g[0], c - g[1]) for r, c in orientations(held.piece)[held.orientation]}


@pytest.mark.parametrize("piece", PIECES)
def test_a_turn_or_flip_pivots_round_the_grabbed_square(piece):
    for o, shape in enumerate(orientations(piece)):
        for grab in shape:
            held = Held(piece, o, grab, "tray")
            before = offsets(held)
            assert offsets(turned(held)) == {(dc, -dr) for dr, dc in before}, "a quarter turn clockwise"
            assert offsets(turned(held, 3)) == {(-dc, dr) for dr, dc in before}, "a quarter turn back"
            assert offsets(flipped(held)) == {(dr, -dc) for dr, dc in before}, "left to right"


def lifted() -> Motion:
    """A motion held up long enough to be fully lifted."""
    m = Motion(lambda: True)
    m.hold(True)
    m.update(Motion.LIFT / 2)
    m.update(Motion.LIFT)
    return m


def test_motion_lifts_over_its_time():
    m = Motion(lambda: True)
    m.hold(True)
    assert m.moving and m.lift == 0.0
    m.update(Motion.LIFT / 2)
    assert 0 < m.lift < 1 and m.moving
    m.update(Motion.LIFT)
    assert m.lift == 1.0 and not m.moving


def test_a_turn_tweens_over_its_time():
    m = lifted()
    m.turned(1)
    assert m.moving and m.turn.value == 90.0
    m.update(Motion.TURN)
    assert m.turn is None and not m.moving


def test_motion_rests_when_let_go():
    m = lifted()
    m.hold(False)
    m.update(Motion.LIFT * 2)
    assert m.lift == 0.0 and not m.moving


def test_without_animations_nothing_tweens():
    m = Motion(lambda: False)
    m.hold(True)
    assert m.lift == 1.0 and not m.moving
    m.turned(1)
    m.flipped()
    m.settled("4-O")
    assert not m.moving and m.glow("4-O") == 0.0


def new_best() -> Celebration:
    import pygame
    return Celebration(pygame.Rect(0, 0, 300, 300), [(1, 2, 3)], random.Random(1), seconds=42.0, best=True)


def test_the_win_counts_up_to_its_time():
    c = new_best()
    assert c.counted() == 0.0
    c.update(Celebration.COUNT / 2)
    assert 0 < c.counted() < 42.0
    c.update(Celebration.COUNT)
    assert c.counted() == 42.0


def test_the_confetti_is_in_the_colours_given():
    assert {bit[4] for bit in new_best().bits} == {(1, 2, 3)}


def test_a_loss_is_celebrated_with_nothing():
    import pygame
    loss = Celebration(pygame.Rect(0, 0, 300, 300), [], random.Random(1), confetti=False)
    assert loss.bits == [] and loss.wave(0, 0) == 0.0
