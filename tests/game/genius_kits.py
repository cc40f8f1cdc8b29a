"""Helpers for the Genius kit, its modes and its view with no window (FakeApp): a kit on a known
board, the Frame its screen would draw, and the commands a drag or the keys make."""
from __future__ import annotations

import random

from game.play.commands import Flip, Key, Pick, Press, Release, Slot, Square, Turn
from game.play.frame import Anims, Frame, Shows
from game.play.session import Won
from solver.genius.pieces import PIECES, orientation_of
from tests.game.fakes import BOARD, FakeApp


def genius_kit(folder, board: str = BOARD, size=(1100, 760), seed: int = 3, animations: bool = False):
    """A Genius kit in Solo mode on `board` (a game ID), on a FakeApp, its effects drained."""
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.play import Solo
    app = FakeApp(folder, size)
    app.settings["animations"] = animations
    kit = GeniusKit(app, random.Random(seed))
    kit.table.seat(Solo(kit.table))
    kit.begin_id(kit.dealer.parse_id(board), {})
    kit.session.take_effects()
    return kit


def frame_of(kit, pointer=(0, 0)) -> Frame:
    """The Frame the play screen builds of the kit (no guide, no celebration, no motion)."""
    s, m = kit.session, kit.session.match
    shows = Shows(**{**kit.mode.shows(), "offers": kit.mode.offers()})
    anims = Anims(None, (), None, kit.roll)
    if m is None:
        return Frame(None, None, s.hand, None, s.status, "", s.paused, s.job, pointer, shows, anims)
    return Frame(m, s.hand.shown(m.position), s.hand, s.hand.landing(m.position), s.status, s.clock_text(),
                 s.paused, s.job, pointer, shows, anims)


def act(kit, action: str) -> list:
    """A named action as the screen runs it on the mode, then the kit (a Replace done at once, the
    puzzle's own effects performed by the kit)."""
    from game.play.commands import Replace
    effects = kit.mode.do(action)
    if effects is None:
        effects = kit.do(action)
    if effects is None:
        effects = kit.session.process(Key(action))
    done = []
    for effect in effects:
        done += (effect.start() or []) if isinstance(effect, Replace) else [effect]
    for effect in done:
        kit.perform(effect)              # the puzzle's own, as the screen hands them on (the dice rolling in)
    return done


def intercepted(kit, command) -> list:
    """The mode's reading of `command` before the puzzle's, its effects handed to the kit (as the
    screen hands them on: the dice rolling in)."""
    effects = kit.mode.intercept(command)
    for effect in effects or []:
        kit.perform(effect)
    return effects


def settle(kit, effects=()) -> list:
    """Answer the jobs run (as the app's frame would) and hand each win (among `effects`, a
    command's, and those the session kept) to the mode: all the effects."""
    kit.app.worker.poll()
    effects = list(effects) + kit.session.take_effects()
    for effect in list(effects):
        if isinstance(effect, Won):
            effects += kit.mode.won(effect.ending) or []
    return effects


def drop(session, piece: str, cells) -> list:
    """Drag `piece` from the tray in its tray orientation turned to fit `cells`, let go there."""
    hand = session.hand
    session.process(Press(Slot(PIECES.index(piece), (0, 0))))
    want = orientation_of(piece, cells)
    for i in range(8):
        if hand.held.orientation == want:
            break
        session.process(Flip() if i == 3 else Turn(1))
    r0, c0 = min(c // 6 for c in cells), min(c % 6 for c in cells)
    return session.process(Release(Square(r0 + hand.held.grab[0], c0 + hand.held.grab[1])))


def pick(piece: str) -> Pick:
    return Pick(PIECES.index(piece) + 1)
