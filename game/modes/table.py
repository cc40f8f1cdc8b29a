"""`Table`: what a mode plays on, handed to it instead of the screen or its kit: the session,
the puzzle's dealer, the App's services (game/play/services.py), and which mode is on the board.

A screen's kit makes one and keeps its widgets, its view and its animations to itself. Every
match the dealer puts on the board passes `picked` first (the dealer's `on_play`), where the
puzzle's `pick(table, match)` says the mode it is played in (game/modes/<puzzle>/: One way for
a One way puzzle, solo play for a saved game; a race's or a ranked run's mode keeps its board).
"""
from __future__ import annotations

from typing import Callable

from game.play.commands import Rebuild


class Table:
    def __init__(self, session, dealer, services, pick: Callable):
        self.session = session
        self.dealer = dealer
        self.services = services     # the settings, the statistics, the worker, the clipboard
        self.pick = pick             # pick(table, match): the mode a match put on the board is played in
        self.mode = None             # the mode on the board

    def seat(self, mode) -> None:
        """The mode on the board, before its screen is built."""
        self.mode = mode

    def switch(self, mode) -> list:
        """Another mode on the board (its buttons with it)."""
        self.seat(mode)
        return [Rebuild()]

    def picked(self, match) -> None:
        """The mode `match` is played in, on the board (the dealer's `on_play`)."""
        self.mode = self.pick(self, match)
