"""How to play MacMahon Squares: its page (the registry's `howto`), its rules in a few lines and
its demonstration (five tiles of a small board; the sixth dragged in and turned until its edges
match)."""
from __future__ import annotations

import pygame

from game.draw.boards import BoardGeometry
from game.draw.tiles import draw_board as draw_tile_board
from game.draw.tiles import draw_tile, mark_triangle
from game.scenes.howto import DemoFrame, HowToScene, Reference, lerp, pointer

REFERENCE = Reference(
    "MacMahon Squares",
    "Lay all 24 tiles on the 4 x 6 board.",
    ("Each tile is cut into four triangles, each red, white or blue; all 24 tiles are different.",
     "Where two tiles touch, the edge has one colour on both sides.",
     "The border of the board is white: every outer edge is white.",
     "Strict mode refuses a tile that breaks a rule, with the reason; free mode (M) lets it lie "
     "and marks the clash.",
     "Some boards start with tiles given; they stay where they are."),
    ("Drag a tile onto a cell; drag it away to lift it.",
     "Wheel or R turns the tile in hand; the right button turns a placed tile where it lies.",
     "H gives a hint, Shift+S solves, F1 lists every key."),
    ("Levels 1 to 9 give tiles that leave one way to finish; each level gives fewer.",
     "Level 10 is a smallest puzzle: take any given tile away and it has more than one solution. "
     "Sunday's daily is one too."))


# A whole 2 x 3 board with its white border, solved. Each tile is "TRBL"; the demonstrated tile
# goes in the last cell and must be turned once clockwise: "WWBR" becomes "RWWB" (top red under
# the red above it, left blue beside the blue, right and bottom white on the border).
MACMAHON_CORNER = ("WRBW", "WBRR", "WWRB", "BRWW", "RBWR")
MACMAHON_TILE = "WWBR"


class MacMahonDemo:
    """Five tiles of a small board; the sixth is dragged in, turned until its edges match."""

    LOOP = 6.0
    ROWS, COLS = 2, 3

    def frame(self, t: float) -> DemoFrame:
        t %= self.LOOP
        if t < 0.8:
            return DemoFrame("Five tiles down, one to go", False, 1, (0, 0))
        if t < 2.2:
            return DemoFrame("Drag the tile to the free cell", False, 1, lerp((0, 0), (0.8, 0), (t - 0.8) / 1.4))
        if t < 3.0:
            return DemoFrame("Its edges clash: turn it (wheel or R)", False, 1, (0.8, 0))
        if t < 3.6:
            return DemoFrame("Now every touching edge matches", False, 0, (0.8, 0))
        if t < 4.0:
            return DemoFrame("Drop it", False, 0, lerp((0.8, 0), (1, 0), (t - 3.6) / 0.4))
        return DemoFrame("Placed: the edges match on both sides", True, 0, (1, 0))

    @staticmethod
    def colours(turns: int) -> str:
        """The demonstrated tile with `turns` quarter turns still to come (clockwise)."""
        tile = MACMAHON_TILE
        for _ in range(1 - turns):
            tile = tile[-1] + tile[:-1]
        return tile

    def draw(self, surface, area: pygame.Rect, pal, t: float) -> str:
        shot = self.frame(t)
        cell = int(min(area.width / (self.COLS + 2.2), area.height / (self.ROWS + 1.5)))
        geo = BoardGeometry(area.x + cell // 2, area.y + cell // 2, cell, self.ROWS, self.COLS)
        draw_tile_board(surface, geo, pal, labels=False)
        for i, colours in enumerate(MACMAHON_CORNER):
            draw_tile(surface, colours, geo.cell_rect(i), pal)
        last = geo.cell_rect(len(MACMAHON_CORNER))
        colours = self.colours(shot.turns)
        if shot.placed:
            draw_tile(surface, colours, last, pal)
            for side in (0, 3):            # the matched edges: top (against the tile above), left
                mark_triangle(surface, last, side, pal.accent)
            return shot.step
        home = (geo.rect.right + cell * 0.4, geo.rect.top)
        x, y = lerp(home, last.topleft, shot.at[0])
        rect = pygame.Rect(round(x), round(y), cell, cell)
        matched = shot.turns == 0
        draw_tile(surface, colours, rect, pal, alpha=230,
                  outline=(pal.accent if matched else pal.illegal) if shot.at[0] >= 0.8 else None)
        pointer(surface, rect.center, cell, pal)
        return shot.step


class MacMahonHowTo(HowToScene):
    puzzle = "macmahon"
    reference = REFERENCE
    demo_class = MacMahonDemo
