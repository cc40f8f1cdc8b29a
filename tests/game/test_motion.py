"""Motion that sells touch: the held piece lifts, turns round the square under the pointer,
settles or flies home; the win counts up and stamps; the sounds of a filling board."""
from __future__ import annotations

import random

import pytest

from game.puzzles.genius.hand import Held, flipped, turned
from game.scenes.anim import Celebration
from game.scenes.motion import Motion
from solver.genius.pieces import PIECES, orientations
from tests.game.drive import frame, move, press, release


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


def test_motion_lifts_over_its_time_and_rests_when_let_go():
    m = Motion(lambda: True)
    m.hold(True)
    assert m.moving and m.lift == 0.0
    m.update(Motion.LIFT / 2)
    assert 0 < m.lift < 1 and m.moving
    m.update(Motion.LIFT)
    assert m.lift == 1.0 and not m.moving
    m.turned(1)
    assert m.moving and m.turn.value == 90.0
    m.update(Motion.TURN)
    assert m.turn is None and not m.moving
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


def cell_centre(scene, name: str):
    geo = scene.view.layout()["geo"]
    return geo.cell_rect((ord(name[0]) - ord("A")) * 6 + int(name[1]) - 1).center


def test_a_refused_drop_flies_home_and_an_accepted_one_settles_with_its_sounds(genius):
    app = genius.app
    slot = genius.view.layout()["slots"][PIECES.index("1")]
    press(app, slot.center)
    move(app, cell_centre(genius, "A1"))              # a blocker: refused
    release(app, cell_centre(genius, "A1"))
    assert "1" not in genius.position.placed and genius.motion.flight is not None
    assert app.redraw_in() == 0.0
    for _ in range(10):
        frame(app, dt=0.05)
    assert genius.motion.flight is None, "home again"
    press(app, slot.center)
    move(app, cell_centre(genius, "A3"))              # free: accepted
    release(app, cell_centre(genius, "A3"))
    assert "1" in genius.position.placed and genius.motion.glow("1") > 0
    assert app.sounds.played[-2:] == ["drop1", "note1"], "a one-square knock, then the first note"
    for _ in range(10):
        frame(app, dt=0.05)
    assert genius.motion.glow("1") == 0.0


def test_the_win_counts_up_and_stamps_a_new_best():
    import pygame
    c = Celebration(pygame.Rect(0, 0, 300, 300), [(1, 2, 3)], random.Random(1), seconds=42.0, best=True)
    assert c.counted() == 0.0
    c.update(Celebration.COUNT / 2)
    assert 0 < c.counted() < 42.0
    c.update(Celebration.COUNT)
    assert c.counted() == 42.0
    assert {bit[4] for bit in c.bits} == {(1, 2, 3)}, "confetti in the colours given"
    loss = Celebration(pygame.Rect(0, 0, 300, 300), [], random.Random(1), confetti=False)
    assert loss.bits == [] and loss.wave(0, 0) == 0.0


def test_macmahon_confetti_is_in_the_tiles_colours(macmahon):
    from game.draw.tiles import tile_colour
    colours = set(macmahon.kit.confetti())
    assert colours == {tile_colour(macmahon.app.palette, x) for x in "RWB"}


def test_a_loss_to_the_computer_has_a_banner_and_the_softer_sound(app):
    from tests.game.test_mid_end_cases import start_race
    scene, clock = start_race(app, "champion", seed=2)
    clock.now = scene.mode.opponent.finish_time
    frame(app)
    assert scene.mode.outcome == "lost"
    assert "lose" in app.sounds.played and "win" not in app.sounds.played
    lines = scene.result.shown()
    assert lines and "finished first" in lines[0]


from tests.game.test_macmahon_play import macmahon  # noqa: E402,F401  (the fixture)


def test_a_hot_seat_board_just_filled_stays_in_view_before_the_hand_over(app, genius):
    import pygame
    from solver.genius import search
    from tests.game.drive import finish_roll, key, place_by_mouse
    genius.do("race")
    key(app, pygame.K_RETURN)                         # player 1 starts
    finish_roll(app, genius)
    done = search.solve(genius.position)
    for piece in PIECES:
        place_by_mouse(app, genius, piece, done.placed[piece])
    assert genius.mode.hidden and genius.mode.race.turn == 1, "the hand-over has begun"
    assert genius.result.shown() == ["Player 1: 0:00"] and "win" in app.sounds.played
    card = []                                   # whether each frame drawn shows the hand-over card
    draw = genius.view.draw
    genius.view.draw = lambda surface, f: card.append(bool(f.shows.cover) and not f.anims.banner) or draw(surface, f)
    frame(app, dt=1.0)
    assert card and not card[-1], "the full board is still in view"
    frame(app, dt=2.0)
    assert card[-1] and genius.result.shown() == [], "then the hand-over card"
