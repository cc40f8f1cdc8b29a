"""A daily run's screen: a play screen of the run's puzzle (its kit from the game's list) whose
mode is `Ranked` (game/modes/ranked.py: the server's board and clock, no help, leaving or
giving up the run).
"""
from __future__ import annotations

from game.modes.ranked import Ranked
from game.net.desk import Desk
from game.puzzles import registry
from game.scenes.play import PlayScene


class RankedScene(PlayScene):
    """A daily run on a standings server: a play screen of either puzzle whose mode is `Ranked`."""

    def __init__(self, app, *, desk: Desk, rng=None):
        import random
        rng = rng or random.Random()
        kit = registry.get(desk.run["puzzle"]).kit(app, rng)
        kit.caption = f"Squarewise - daily on {desk.host}"
        kit.table.seat(Ranked(kit.table, desk, kit.RUN_BUTTONS))
        super().__init__(app, kit, rng)
        self.perform(kit.mode.begin_run())

    def on_quit(self) -> None:
        """The window closes during a run: the server keeps it (asking again gives it back)."""
