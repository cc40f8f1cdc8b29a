"""The Genius Square's guided first game (game/play/guide.py): the roll How to play shows; its
first solution has the 1 on F4 (cell 33)."""
from __future__ import annotations

from game.play.guide import HINTED, PLACED, REFUSED, TURNED, GuideGame, Step

GAME = GuideGame("A1A2A4A6B4D5E1", (
    Step("Drag {piece} from the tray onto the ringed cell F4.", PLACED, "1", 33),
    Step("Pick up {piece} and turn it with R or the mouse wheel.", TURNED, "4-L"),
    Step("Now drop a piece on a blocker or on another piece: the game refuses it and says why.", REFUSED,
         then="Refused: {reason}. A piece goes on free cells only."),
    Step("Stuck? Press H for a hint: which piece, then where, then how it lies.", HINTED,
         then="Each press of H says more (and counts as help). Fill the board to win!"),
))
