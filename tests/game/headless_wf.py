"""Helpers for the guided first game with no window (branch wf): a kit started on a guide's
game as PlayScene.start_guide starts it, and the screen's frame as it feeds the guide (its
checks against the session's position, hand and hints; a refusal told to it)."""
from __future__ import annotations

import random

from game.play.commands import Refused, Sound
from game.scenes.guide import GAMES, Guide
from tests.game.fakes import FakeApp


def guided_kit(folder, puzzle: str, size=(1100, 760)):
    """(kit, guide): a `puzzle` kit in Solo mode on a FakeApp, begun on its guide's game as a
    lesson (PlayScene.start_guide), and the Guide the screen would own."""
    app = FakeApp(folder, size)
    if puzzle == "genius":
        from game.scenes.genius.kit import GeniusKit as Kit
        from game.scenes.genius.modes import Solo
    else:
        from game.scenes.macmahon.kit import MacMahonKit as Kit
        from game.scenes.macmahon.modes import Solo
    kit = Kit(app, random.Random(3))
    kit.mode = Solo(kit)
    game = GAMES[puzzle]
    kit.begin_id(kit.session.puzzle.parse(game.game_id), {"kind": "lesson"})
    kit.session.take_effects()
    return kit, Guide(game, getattr(kit.session.hand, "name", str))


def feed(kit, guide, effects=(), dt: float = 0.0) -> None:
    """One frame of the screen for the guide: the jobs answered, the sounds played and the
    refusals told (PlayScene.perform), then the step checked (PlayScene.update)."""
    kit.app.worker.poll()
    for effect in list(effects) + kit.session.take_effects():
        if isinstance(effect, Sound):
            kit.app.sounds.play(effect.name)
        elif isinstance(effect, Refused):
            guide.refused(effect.reason)
    match = kit.session.match
    guide.observe(match.position, kit.session.hand.held, match.meta.get("hints", 0), dt)
