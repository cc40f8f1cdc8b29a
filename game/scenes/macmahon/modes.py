"""The ways of playing a MacMahon board, as parts of its screen (game/scenes/mode.py): `Solo` (a
board of a variant, a level, a game ID, a daily, a browser's solution to finish) and `Viewed`
(a finished board from the solution browser, only shown: nothing to undo, restart or pause,
nothing recorded)."""
from __future__ import annotations

from game.scenes.mode import Mode


class Solo(Mode):
    BUTTONS = (("new", "New game"), ("hint", "Hint"), ("undo", "Undo"), ("redo", "Redo"),
               ("restart", "Restart"), ("pause", "Pause"), ("turn", "Turn (R)"))
    GAME_MENU = (("check", "Solvable?"), ("solve", "Solve from here"), ("browse", "Solution browser"),
                 ("save", "Save..."), ("load", "Load..."), ("help", "Keys"), ("menu", "Main menu"))

    def __init__(self, kit):
        super().__init__(kit.app, kit.session)
        self.kit = kit

    def keep(self) -> bool:
        """An untouched board is not worth resuming."""
        m = self.match
        return not m.finished and m.position != m.start

    def shows(self) -> dict:
        return {"subtitle": self.kit.subtitle(), "facts": self.kit.facts()}


class Viewed(Solo):
    name = "view"
    KIND = "view"

    def allows(self, action: str) -> bool:
        return False

    def keep(self) -> bool:
        return False

    def flags(self) -> dict:
        return {name: False for name in ("undo", "redo", "restart", "hint", "solve", "check", "pause", "turn")}

    def win_words(self, ending):
        return None, "", ""
