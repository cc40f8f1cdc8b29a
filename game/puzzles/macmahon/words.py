"""MacMahon Squares in words: its hints and its part of the key table (game/play/key_words.py)."""
from __future__ import annotations

from game.play.hints import HintStep
from game.play.key_words import PuzzleKeys
from solver.grid import cell_name

KEYS = PuzzleKeys(frozenset({"mode", "variant", "browse"}), {
    "count": "is this still solvable?", "solve": "solve from here (animated)",
    "place": "place the tile in hand / pick up the tile at the cursor",
    "drop": "put the tile in hand back / take the tile at the cursor to the tray",
    "rotate": "turn clockwise (the tile in hand, or the one at the cursor)",
    "rotate_back": "turn anticlockwise", "next_piece": "hold the next tile of the tray",
    "prev_piece": "hold the previous tile of the tray",
    "numbers": ("1 .. 24", "hold tile number N (type two digits quickly)"),
    "mouse": ("Mouse", "drag tiles; click a placed one to turn it; wheel turns; right button turns anticlockwise")})


def hint_text(hint: HintStep, cols: int = 6) -> str:
    """The words of a MacMahon hint (a solver.macmahon.position.Move: tile 0-based, rotation,
    cell) on a board `cols` wide."""
    tile, rotation, cell = hint.move.tile, hint.move.rotation, hint.move.cell
    if hint.step == 0:
        return f"Place tile {tile + 1} next"
    where = cell_name(cell, cols)
    if hint.step == 1:
        return f"Tile {tile + 1} goes on {where}"
    turns = ("as it lies in the tray", "turned a quarter clockwise", "turned half round",
             "turned a quarter anticlockwise")[rotation]
    return f"Tile {tile + 1} goes on {where}, {turns}"
