"""The race against the computer's screen: a Genius play screen whose mode is `Versus`
(game/modes/genius/versus.py), with the computer's small board beside the player's.
"""
from __future__ import annotations

import random
import time

from game.modes.genius.versus import Versus
from game.scenes.genius.kit import GeniusKit
from game.scenes.play import PlayScene


class VersusScene(PlayScene):
    """The race against the computer: a play screen whose mode is `Versus`."""

    def __init__(self, app, *, level: str | None = None, rng: random.Random | None = None, clock=time.monotonic):
        rng = rng or random.Random()
        kit = GeniusKit(app, rng, column="rival", clock=clock)
        kit.caption = "Squarewise - The Genius Square against the computer"
        super().__init__(app, kit, rng)
        kit.table.seat(Versus(kit.table, level, clock))
        self.perform(kit.mode.new_race())
