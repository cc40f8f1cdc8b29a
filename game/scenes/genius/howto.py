"""How to play The Genius Square: its page (the registry's `howto`), its rules in a few lines,
its demonstration (a solved roll whose last piece is dragged in, turned and dropped) and the
strip of the nine pieces with the numbers and names that the keys 1-9 and the hints use."""
from __future__ import annotations

import pygame

from game.draw.boards import BoardGeometry, draw_blocker
from game.draw.boards import draw_board as draw_genius_board
from game.draw.pieces import draw_squares
from game.draw.theme import mix, text_size
from game.draw.widgets import text
from game.scenes.howto import DemoFrame, HowToScene, Reference, lerp, pointer
from solver.genius.board import SIZE
from solver.genius.pieces import PIECES, orientation_of, orientations, turn
from solver.genius.position import Position
from solver.genius.solutions import Solutions

DEMO_ROLL = "A1A2A4A6B4D5E1"      # a roll with a known first solution (the engine's order)
DEMO_PIECE = "4-L"                # the piece the demonstration drags, turns and drops

REFERENCE = Reference(
    "The Genius Square",
    "Fill the 6 x 6 board with the nine pieces.",
    ("Seven dice are rolled; each shows a cell, and a blocker goes on it.",
     "The other 29 cells take the nine pieces exactly: no gaps, no overlaps.",
     "Pieces may be turned and flipped. Every roll can be solved.",
     "The clock runs from the roll to the last piece."),
    ("Drag a piece from the tray onto the board; drag it off to take it back.",
     "Wheel or R turns it, right button or F flips it.",
     "Keys 1-9 pick a piece, arrows move it, Enter places it.",
     "H gives a hint, Shift+S solves, F1 lists every key."),
    ("One way (Mode menu): pinned pieces stay put, and exactly one way to place the rest remains.",
     "Its level 1 pins seven pieces, its level 10 the fewest the roll allows. Sunday's daily is one."))


class GeniusDemo:
    """A solved roll with one piece taken off: it is dragged from the tray, turned, dropped."""

    LOOP = 6.0

    def __init__(self):
        start = Position.parse(DEMO_ROLL)
        self.blockers = sorted(start.blockers)
        self.solution = Solutions(start)[0]
        cells = self.solution.placed[DEMO_PIECE]
        final = orientation_of(DEMO_PIECE, cells)
        before = turn(DEMO_PIECE, turn(DEMO_PIECE, turn(DEMO_PIECE, final)))    # one turn short
        self.shapes = (orientations(DEMO_PIECE)[before], orientations(DEMO_PIECE)[final])
        self.cells = sorted(cells)

    def frame(self, t: float) -> DemoFrame:
        t %= self.LOOP
        if t < 0.8:
            return DemoFrame("Every piece but one is on the board", False, 1, (0, 0))
        if t < 2.4:
            return DemoFrame("Drag the last piece from the tray", False, 1, lerp((0, 0), (0.85, 0), (t - 0.8) / 1.6))
        if t < 3.2:
            return DemoFrame("Turn it (wheel or R) until it fits", False, 0, (0.85, 0))
        if t < 3.8:
            return DemoFrame("Drop it on its cells", False, 0, lerp((0.85, 0), (1, 0), (t - 3.2) / 0.6))
        return DemoFrame("The board is full: solved!", True, 0, (1, 0))

    def draw(self, surface, area: pygame.Rect, pal, t: float) -> str:
        board_area = area.copy()
        board_area.width = area.width * 2 // 3
        geo = BoardGeometry.fit(board_area)
        shot = self.frame(t)
        glow = {}
        if shot.placed:
            glow = {c: mix(pal.board, pal.accent, 0.5) for c in range(SIZE * SIZE) if c not in self.blockers}
        draw_genius_board(surface, geo, pal, highlight=glow or None)
        for cell in self.blockers:
            draw_blocker(surface, geo.cell_rect(cell), pal)
        for piece, cells in self.solution.placed.items():
            if piece != DEMO_PIECE or shot.placed:
                i = PIECES.index(piece)
                draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                             pattern=pal.piece_pattern(i))
        if not shot.placed:
            i = PIECES.index(DEMO_PIECE)
            home = (geo.rect.right + geo.cell * 0.6, geo.rect.top + geo.cell)
            target = (geo.x + min(c for _, c in (divmod(x, SIZE) for x in self.cells)) * geo.cell,
                      geo.y + min(r for r, _ in (divmod(x, SIZE) for x in self.cells)) * geo.cell)
            x, y = lerp(home, target, shot.at[0])
            shape = self.shapes[1 - shot.turns]
            draw_squares(surface, shape, (x, y), geo.cell, pal.piece_colour(i), alpha=220 if shot.at[0] else 255,
                         pattern=pal.piece_pattern(i), outline=pal.accent if shot.at[0] else None)
            pointer(surface, (x + geo.cell * 0.5, y + geo.cell * 0.5), geo.cell, pal)
        return shot.step


class GeniusHowTo(HowToScene):
    """The Genius page: with the nine pieces in a strip under the text and the demonstration."""

    puzzle = "genius"
    reference = REFERENCE
    demo_class = GeniusDemo
    strip = 84

    def draw_strip(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The nine pieces in a row, each with its number (the key that picks it) and the name hints use."""
        app, pal = self.app, self.app.palette
        small = text_size("small", app.scale)
        text(surface, "The nine pieces: the number picks one (keys 1-9), the name is what hints call it",
             (area.x, area.y), small, pal.dim_text, max_width=area.width)
        slot = area.width // len(PIECES)
        cell = max(4, min(slot // 5, (area.height - 3 * small) // 2))
        for i, piece in enumerate(PIECES):
            shape = min(orientations(piece), key=lambda o: (max(r for r, _ in o), o))     # lying flat
            rows = max(r for r, _ in shape) + 1
            x = area.x + i * slot + (slot - (max(c for _, c in shape) + 1) * cell) // 2
            y = area.y + round(small * 1.4) + (2 - rows) * cell // 2
            draw_squares(surface, shape, (x, y), cell, pal.piece_colour(i), pattern=pal.piece_pattern(i))
            text(surface, f"{i + 1} · {piece}", (area.x + i * slot + slot // 2, area.bottom), small, pal.text,
                 anchor="midbottom", max_width=slot - app.px(4))
