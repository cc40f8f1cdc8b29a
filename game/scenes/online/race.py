"""A race online's screen: a play screen of the raced puzzle whose mode is `Online`
(game/modes/online.py: the rules of a race online, the rivals' boards, leaving and the results).
"""
from __future__ import annotations

from game.modes.online import Online
from game.net.race_link import RACED, RaceLink
from game.puzzles import registry
from game.scenes.play import PlayScene


class OnlineRaceScene(PlayScene):
    """A race online: a play screen whose mode is `Online`."""

    def __init__(self, app, *, link: RaceLink):
        kit = registry.get(RACED.name).kit(app, None, column="rivals")     # the raced puzzle's
        kit.caption = "Squarewise - Race online"
        super().__init__(app, kit)
        kit.rng = self.rng
        kit.table.seat(Online(kit.table, link))
        self.link = link
        self.perform(kit.mode.begin_race())
