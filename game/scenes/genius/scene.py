"""The Genius Square screen: roll, play, undo, hint, solve; free mode and the hot-seat race.

A play screen (game/scenes/play.py) of parts: the Genius kit (game/scenes/genius/kit.py: the
session, the view, the dealing of boards) and the mode on the board (game/scenes/genius/
modes.py: solo play, free mode, the hot-seat race, a viewed solution). It opens on the game
kept when the window last closed, or a game ID (a daily), or a new roll.
"""
from __future__ import annotations

import random

from game.play.match import format_time
from game.puzzles.genius.puzzle import GENIUS
from game.scenes.genius.kit import GeniusKit
from game.modes.genius.play import Solo
from game.scenes.play import PlayScene


class GeniusScene(PlayScene):
    def __init__(self, app, *, new: bool = False, game_id: str | None = None, daily: int | None = None,
                 level: str | None = None, rng: random.Random | None = None):
        rng = rng or random.Random()
        kit = GeniusKit(app, rng)
        super().__init__(app, kit, rng)
        kit.table.seat(Solo(kit.table))
        if not new:
            self.resume()
        if game_id:
            self.ask_play_id(game_id, **({"daily": daily, "level": level} if daily else {}))
        if self.match is None and self.pending is None:
            self.perform(kit.dealer.new_roll())

    @staticmethod
    def title_note(app) -> str | None:
        """'continue 1:23' on the title when a game is waiting to be resumed."""
        if not app.storage.exists(GENIUS.autosave):
            return None
        elapsed = app.storage.read(GENIUS.autosave).get("elapsed")
        return f"continue {format_time(elapsed)}" if isinstance(elapsed, (int, float)) else None
