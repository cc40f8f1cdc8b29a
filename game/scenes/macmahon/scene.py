"""MacMahon Squares: drag the tiles onto the board so touching edges match and the border is white.

A play screen (game/scenes/play.py) of parts: the MacMahon kit (game/scenes/macmahon/kit.py:
the session with its hand and interpret, the view, the boards) and the mode on the board
(game/modes/macmahon/play.py). Every rule comes from `solver.macmahon` through the session.

- strict rules refuse a drop that breaks a rule and show the engine's reason; free rules allow
  it and mark every clashing edge and every border triangle that is not white.
- A game ID is a position's notation; tiles it places are the puzzle's givens and stay put.
- Variants: the 24 tiles on 4 x 6, 3 x 8 or 2 x 12, the 2-colour set on 2 x 3, the 4-colour
  set on 7 x 10 or 5 x 14 (the engine says which have solutions at all).
"""
from __future__ import annotations

import random

from game.play.commands import Replace
from game.scenes.macmahon.kit import MacMahonKit
from game.modes.macmahon.play import Solo
from game.scenes.play import PlayScene
from solver.macmahon.position import Position


class MacMahonScene(PlayScene):
    def __init__(self, app, *, new: bool = False, game_id: str | None = None, variant: str | None = None,
                 solution: Position | None = None, remove: int = 0, note: str = "", daily: int | None = None,
                 level: str | None = None, rng: random.Random | None = None):
        rng = rng or random.Random()
        kit = MacMahonKit(app, rng)
        super().__init__(app, kit, rng)
        kit.table.seat(Solo(kit.table))
        if not new:
            self.resume()
        if solution is not None:
            self.receive(solution=solution, remove=remove, note=note)
        elif game_id:
            self.ask_play_id(game_id, **({"daily": daily, "level": level} if daily else {}))
        elif variant:
            self.perform(kit.dealer.ask_new_game(variant))
        if self.match is None and self.pending is None:
            self.perform(kit.dealer.new_game(app.settings.get("macmahon_variant", "4x6x3")))

    def receive(self, *, solution: Position, remove: int = 0, note: str = "") -> None:
        """A solution from the browser: shown whole (`remove` 0: a finished board, nothing to
        play, nothing recorded), or to play with `remove` tiles taken off it (the rest given),
        both only once the player agrees to abandon a game in progress."""
        dealer = self.kit.dealer
        if remove:
            self.perform([Replace(lambda: dealer.finish_solution(solution, remove, note), "a solution to finish")])
        else:
            self.perform([Replace(lambda: dealer.show_solution(solution, note), "a solution to view")])
