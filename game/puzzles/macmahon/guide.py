"""MacMahon Squares' guided first game (game/play/guide.py): the engine's first solution of the
4 x 6 board with its bottom right corner taken off: five tiles to place, tile 21 turned three
times on D6."""
from __future__ import annotations

from game.play.guide import HINTED, PLACED, REFUSED, TURNED, GuideGame, Step

GAME = GuideGame("4x6x3:1a2b5b14c7c20c/3b4b6a15d18a./10a22b12a24a../9b8d16c17b..", (
    Step("Pick up tile 21 from the tray and turn it with R or the mouse wheel.", TURNED, 20),
    Step("Drop tile 21 on the ringed corner D6, turned so both its border sides are white.", PLACED, 20, 23),
    Step("Now drop a tile where an edge clashes or on a taken cell: the game refuses it and says why.",
         REFUSED, then="Refused: {reason}. Touching edges match; the border is white."),
    Step("Stuck? Press H for a hint: which tile, then where, then how it is turned.", HINTED,
         then="Each press of H says more (and counts as help). Fill the board to win!"),
))
