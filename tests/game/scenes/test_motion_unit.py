"""Motion that sells touch, with no window: a refused piece flies home and a dropped one settles
with its sounds, the MacMahon confetti, a loss to the computer, a hot-seat board filled, on the
kits, their modes and Motion/Result (tests/game/widget_app.py, genius_kits.py, genius_laid_out.py).
(Moved from tests/game/test_motion.py, one concern each as there.)"""
from __future__ import annotations

import random

import pygame

from game.play.commands import Banner, Hover, Press, Release
from game.play.session import Won
from game.scenes.anim import Result
from game.scenes.motion import Motion
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.fakes import FakeApp, FakeClock
from tests.game.genius_kits import act, drop, genius_kit, intercepted, settle
from tests.game.genius_laid_out import perform


def cell_centre(kit, name: str):
    geo = kit.view.layout()["geo"]
    return geo.cell_rect((ord(name[0]) - ord("A")) * 6 + int(name[1]) - 1).center


def dragging(tmp_path):
    """A kit with animations and a Motion the effects are performed on: (kit, motion, drag_to)
    where drag_to(cell name) drags the single square from the tray there."""
    kit = genius_kit(tmp_path, animations=True)
    session, view, app = kit.session, kit.view, kit.app
    motion = Motion(lambda: True)
    slot = view.layout()["slots"][PIECES.index("1")].center

    def drag_to(name):
        at = cell_centre(kit, name)
        for command in (Press(view.target_at(slot, session.hand)), Hover(view.target_at(at, session.hand)),
                        Release(view.target_at(at, session.hand))):
            perform(kit, motion, session.process(command), at)
    return kit, motion, drag_to


def test_a_refused_drop_flies_home(tmp_path):
    kit, motion, drag_to = dragging(tmp_path)
    drag_to("A1")                                     # a blocker: refused
    session = kit.session
    assert "1" not in session.position.placed and motion.flight is not None
    assert motion.moving                              # (the screen draws every frame meanwhile)
    for _ in range(10):
        motion.update(0.05)
    assert motion.flight is None, "home again"


def test_an_accepted_drop_settles_with_its_sounds(tmp_path):
    kit, motion, drag_to = dragging(tmp_path)
    session, app = kit.session, kit.app
    drag_to("A3")                                     # free: accepted
    assert "1" in session.position.placed and motion.glow("1") > 0
    assert app.sounds.played[-2:] == ["drop1", "note1"], "a one-square knock, then the first note"
    for _ in range(10):
        motion.update(0.05)
    assert motion.glow("1") == 0.0


def test_macmahon_confetti_is_in_the_tiles_colours(tmp_path):
    from game.draw.tiles import tile_colour
    from tests.game.widget_app import macmahon_kit
    app = FakeApp(tmp_path)
    app.settings["macmahon_mode"] = "strict"
    kit = macmahon_kit(app, "4x6x3")
    colours = set(kit.confetti())
    assert colours == {tile_colour(app.palette, x) for x in "RWB"}


def test_a_loss_to_the_computer_is_a_banner_with_the_softer_sound(tmp_path):
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.versus import Versus
    app = FakeApp(tmp_path)
    clock = FakeClock(0.0)
    kit = GeniusKit(app, random.Random(2), column="rival", clock=clock)
    kit.table.seat(Versus(kit.table, "champion", clock))
    for effect in kit.mode.new_race():
        kit.perform(effect)                           # (the dice rolling in, as the screen hands it on)
    kit.mode.update(0.0)                              # the computer reads the board ...
    app.worker.poll()                                 # ... its plan comes
    assert kit.mode.opponent is not None
    clock.now = kit.mode.opponent.finish_time
    effects = kit.mode.update(1 / 60)
    assert kit.mode.outcome == "lost"
    banners = [e for e in effects if isinstance(e, Banner)]
    assert [b.sound for b in banners] == ["lose"]      # the screen plays the banner's sound
    assert not [e for e in effects + kit.session.take_effects() if isinstance(e, Won)]    # no win's sound
    lines = list(banners[0].lines)
    assert lines and "finished first" in lines[0]


def test_a_hot_seat_board_just_filled_stays_in_view_before_the_hand_over(tmp_path):
    from game.play.commands import Key
    from tests.game.widget_app import frame_of
    kit = genius_kit(tmp_path)
    act(kit, "race")
    intercepted(kit, Key("place"))                  # player 1 starts
    done = search.solve(kit.session.position)
    effects = []
    for piece in PIECES:
        effects += settle(kit, drop(kit.session, piece, sorted(done.placed[piece])))
    assert kit.mode.hidden and kit.mode.race.turn == 1, "the hand-over has begun"
    banners = [e for e in effects if isinstance(e, Banner)]
    assert len(banners) == 1 and banners[0].sound == "win"
    result = Result(random.Random(3))                 # the banner, as the screen shows it
    result.show(kit.view.layout()["geo"].rect, list(banners[0].lines))
    assert result.shown() == ["Player 1: 0:00"]

    def card() -> bool:                               # whether the frame drawn shows the hand-over card
        f = frame_of(kit, banner=tuple(result.shown()))
        kit.view.draw(pygame.Surface(kit.app.size), f)
        return bool(f.shows.cover) and not f.anims.banner

    result.update(1.0)
    assert not card(), "the full board is still in view"
    result.update(2.0)
    assert card() and result.shown() == [], "then the hand-over card"
