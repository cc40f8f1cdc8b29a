"""The ways of playing a MacMahon board, as parts of its screen (game/modes/mode.py): `Solo` (a
board of a variant, a level, a game ID, a daily, a browser's solution to finish; after a win,
the offers) and `Viewed` (a finished board from the solution browser, only shown: nothing to
undo, restart or pause, nothing recorded)."""
from __future__ import annotations

from game.modes.mode import Mode, WinOffers
from solver.macmahon.levels import COUNT


class Solo(WinOffers, Mode):
    TOP_LEVEL = COUNT
    BUTTONS = (("new", "New game"), ("hint", "Hint"), ("undo", "Undo"), ("redo", "Redo"),
               ("restart", "Restart"), ("pause", "Pause"), ("turn", "Turn (R)"))
    GAME_MENU = (("check", "Solvable?"), ("solve", "Solve from here"), ("browse", "Solution browser"),
                 ("save", "Save..."), ("load", "Load..."), ("help", "Keys"), ("menu", "Main menu"))

    def __init__(self, table):
        super().__init__(table.services, table.session)
        self.table = table

    def keep(self) -> bool:
        """An untouched board is not worth resuming."""
        m = self.match
        return not m.finished and m.position != m.start

    def do(self, action: str) -> list | None:
        if action in ("next_puzzle", "harder", "same_level"):
            return self.take_offer(action)
        return None

    def shows(self) -> dict:
        return {"subtitle": self.table.dealer.subtitle(strict(self.table)), "facts": self.table.dealer.facts()}

    def won_level(self) -> int | None:
        return self.table.dealer.level()

    def next_board(self, level: int | None) -> list:
        """A board of `level` (None: the Level picker's last choice, a level or free play)."""
        dealer = self.table.dealer
        level = level or dealer.chosen_level()
        return dealer.ask_level(level) if level else dealer.ask_new_game(dealer.board.header)


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


def strict(table) -> bool:
    """The rules in force: the setting's, or strict where the mode takes no other (a ranked run)."""
    return getattr(table.mode, "STRICT", False) or table.services.settings.get("macmahon_mode", "strict") == "strict"


def mode_for(table, match):
    """The mode a match put on the MacMahon screen is played in: a viewed solution's or solo
    play (a mode of its own, a ranked run's, keeps the board)."""
    if table.mode is None or table.mode.name in ("play", "view"):
        return Viewed(table) if match.meta.get("kind") == "view" else Solo(table)
    return table.mode
