"""How to play: the goal, the rules and the controls of one puzzle, beside a looping
demonstration drawn with the game's own board, pieces and tiles.

One scene for both puzzles (`HowToScene(app, puzzle=...)`); the registry opens it from the
title ("How to play") and from a puzzle (F1 twice); "Guided game" plays the guided first game
(game/scenes/guide.py) again. The Genius page shows the nine pieces with the names and
numbers that hints and the keys 1-9 use. The demonstrations are pure
functions of the time since the loop started (`GeniusDemo.frame(t)`, `MacMahonDemo.frame(t)`),
so a test can ask what is shown at any moment.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game import keys
from game.draw.boards import BoardGeometry, draw_blocker
from game.draw.boards import draw_board as draw_genius_board
from game.draw.pieces import draw_squares
from game.draw.theme import mix, text_size
from game.draw.tiles import draw_board as draw_tile_board
from game.draw.tiles import draw_tile, mark_triangle
from game.draw.widgets import text, wrap
from game.scenes.base import Scene
from game.screens import entry
from solver.genius.pieces import PIECES, orientation_of, orientations, turn
from solver.genius.position import Position
from solver.genius.solutions import Solutions

SIZE = 6
RANKED = (    # the ranked dailies on a standings server: what the server checks, what it cannot, what its operator can do
    ("Ranked dailies", (
        "A standings server deals its own board for each day's ranked run, from a secret only it holds: nobody "
        "sees it before its clock starts. It is as hard as the day's puzzle by the same rules, but another board.",
        "One ranked run a day per puzzle; no hints, no Solve; the clock is the server's.")),
    ("What the server checks", (
        "Every move is legal, by the engine; the time is its own clock's; the board was unseen before the clock; "
        "one run per player and day.",
        "A run faster than a person's hands can make its moves is held for review: shown as under review, "
        "not placed.")),
    ("What it cannot check", (
        "Who chose the moves. A run's rhythm (moves too even, no pause, nothing taken back) is flagged for its "
        "operator, never held; a bot that imitates both a person's pace and rhythm cannot be told apart, and the "
        "floor of a person's hands is what bounds it.",
        "The operator may accept a held run, disqualify a run, or bar a name; every decision is kept.")),
)
DEMO_ROLL = "A1A2A4A6B4D5E1"      # a roll with a known first solution (the engine's order)
DEMO_PIECE = "4-L"                # the piece the demonstration drags, turns and drops


@dataclass(frozen=True)
class Reference:
    title: str
    goal: str
    rules: tuple[str, ...]
    controls: tuple[str, ...]
    levels: tuple[str, ...] = ()


REFERENCES = {
    "genius": Reference(
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
         "Its level 1 pins seven pieces, its level 10 the fewest the roll allows. Sunday's daily is one.")),
    "macmahon": Reference(
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
         "Sunday's daily is one too.")),
}


def _lerp(a, b, t: float) -> tuple[float, float]:
    t = max(0.0, min(1.0, t))
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass(frozen=True)
class DemoFrame:
    """What the demonstration shows at one moment."""
    step: str                       # the caption: what the player is doing
    placed: bool                    # the demonstrated piece (tile) is on the board
    turns: int                      # quarter turns still to come before it fits
    at: tuple[float, float]         # where it is, 0..1 from the tray to its cell


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
            return DemoFrame("Drag the last piece from the tray", False, 1, _lerp((0, 0), (0.85, 0), (t - 0.8) / 1.6))
        if t < 3.2:
            return DemoFrame("Turn it (wheel or R) until it fits", False, 0, (0.85, 0))
        if t < 3.8:
            return DemoFrame("Drop it on its cells", False, 0, _lerp((0.85, 0), (1, 0), (t - 3.2) / 0.6))
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
            r0, c0 = divmod(self.cells[0], SIZE)
            home = (geo.rect.right + geo.cell * 0.6, geo.rect.top + geo.cell)
            target = (geo.x + min(c for _, c in (divmod(x, SIZE) for x in self.cells)) * geo.cell,
                      geo.y + min(r for r, _ in (divmod(x, SIZE) for x in self.cells)) * geo.cell)
            x, y = _lerp(home, target, shot.at[0])
            shape = self.shapes[1 - shot.turns]
            draw_squares(surface, shape, (x, y), geo.cell, pal.piece_colour(i), alpha=220 if shot.at[0] else 255,
                         pattern=pal.piece_pattern(i), outline=pal.accent if shot.at[0] else None)
            _pointer(surface, (x + geo.cell * 0.5, y + geo.cell * 0.5), geo.cell, pal)
        return shot.step


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
            return DemoFrame("Drag the tile to the free cell", False, 1, _lerp((0, 0), (0.8, 0), (t - 0.8) / 1.4))
        if t < 3.0:
            return DemoFrame("Its edges clash: turn it (wheel or R)", False, 1, (0.8, 0))
        if t < 3.6:
            return DemoFrame("Now every touching edge matches", False, 0, (0.8, 0))
        if t < 4.0:
            return DemoFrame("Drop it", False, 0, _lerp((0.8, 0), (1, 0), (t - 3.6) / 0.4))
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
        x, y = _lerp(home, last.topleft, shot.at[0])
        rect = pygame.Rect(round(x), round(y), cell, cell)
        matched = shot.turns == 0
        draw_tile(surface, colours, rect, pal, alpha=230,
                  outline=(pal.accent if matched else pal.illegal) if shot.at[0] >= 0.8 else None)
        _pointer(surface, rect.center, cell, pal)
        return shot.step


def _pointer(surface, at, cell: float, pal) -> None:
    """A mouse pointer holding what is dragged."""
    x, y = at
    s = max(8, cell * 0.35)
    arrow = [(x, y), (x, y + s), (x + s * 0.28, y + s * 0.75), (x + s * 0.5, y + s * 1.1),
             (x + s * 0.62, y + s * 1.02), (x + s * 0.42, y + s * 0.68), (x + s * 0.75, y + s * 0.68)]
    pygame.draw.polygon(surface, (250, 250, 250), arrow)
    pygame.draw.polygon(surface, (20, 20, 24), arrow, max(1, round(s / 12)))


DEMOS = {"genius": GeniusDemo, "macmahon": MacMahonDemo}


class HowToScene(Scene):
    """How to play one puzzle: text on the left, the looping demonstration on the right."""

    puzzle = "macmahon"

    def __init__(self, app, puzzle: str | None = None):
        super().__init__(app)
        self.puzzle = puzzle or self.puzzle
        self.reference = REFERENCES[self.puzzle]
        self.demo = DEMOS[self.puzzle]()
        self.clock = 0.0
        self.step = ""
        self.buttons: dict = {}
        self.ranked = False         # the left column says the rules of ranked dailies instead

    @property
    def caption(self) -> str:
        return f"Squarewise - how to play {self.reference.title}"

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        bh, gap = app.px(44), app.px(16)
        bw = min(app.px(200), (w - app.px(160) - 4 * gap) // 5)     # five buttons in a row, the first wider
        y = h - bh - app.px(24)
        x = app.px(40)
        for name, label in (("play", f"Play {self.reference.title}"), ("guide", "Guided game"),
                            ("other", "The other puzzle"), ("ranked", "The puzzle" if self.ranked else "Ranked dailies"),
                            ("back", "Back (Esc)")):
            width = bw + (app.px(80) if name == "play" else 0)
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, y, width, bh), label, app.ui))
            x += width + gap
        app.toasts.place(pygame.Rect(app.px(20), y - app.px(60), w - app.px(40), app.px(56)))

    def handle_event(self, event) -> bool:
        if self.run_pressed(event):
            return True
        if keys.action(event) == "place":
            self.do("play")
            return True
        return False

    def do(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "ranked":
            self.ranked = not self.ranked
            self.on_resize()
        elif name == "other":
            self.app.replace(HowToScene(self.app, "genius" if self.puzzle == "macmahon" else "macmahon"))
        elif name in ("play", "guide"):
            below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
            if isinstance(below, entry(self.puzzle).scene_class()):
                self.app.pop()                 # shown over the puzzle (F1 twice)
            else:
                below = entry(self.puzzle).scene(self.app)
                self.app.replace(below)
            if name == "guide":
                below.start_guide()

    def redraw_in(self) -> float | None:
        return 0.0 if self.app.settings.get("animations", True) else None

    def update(self, dt: float) -> None:
        if self.app.settings.get("animations", True):
            self.clock += dt
        else:
            self.clock = self.demo.LOOP - 0.01      # no animation: the finished picture

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        margin = app.px(40)
        text(surface, f"How to play {self.reference.title}", (margin, app.px(24)), text_size("title", app.scale) + app.px(6),
             pal.text, style="bold")
        column = w * 9 // 20 - margin
        y = app.px(76)
        body, heading = text_size("body", app.scale), text_size("heading", app.scale)
        text(surface, self.reference.goal, (margin, y), heading, pal.accent, style="bold", max_width=column)
        y += round(heading * 1.9)
        sections = RANKED if self.ranked else (("Rules", self.reference.rules), ("Controls", self.reference.controls),
                                               ("Levels", self.reference.levels))
        for title, lines in sections:
            if not lines:
                continue
            text(surface, title, (margin, y), heading, pal.text, style="bold")
            y += round(heading * 1.5)
            for line in lines:
                for i, part in enumerate(wrap(line, body, column - app.px(18))):
                    text(surface, ("• " if i == 0 else "   ") + part, (margin, y), body, pal.text)
                    y += round(body * 1.4)
            y += round(body * 0.8)
        top = app.px(76)
        pieces_h = app.px(84) if self.puzzle == "genius" else 0
        area = pygame.Rect(w * 9 // 20 + app.px(10), top, w * 11 // 20 - margin, h - top - app.px(120) - pieces_h)
        self.step = self.demo.draw(surface, area, pal, self.clock)
        text(surface, self.step, (area.centerx, area.bottom + app.px(6)), heading, pal.dim_text, anchor="midtop",
             max_width=area.width)
        if pieces_h:
            self.draw_pieces(surface, pygame.Rect(margin, h - app.px(84) - pieces_h, w - 2 * margin, pieces_h))

    def draw_pieces(self, surface: pygame.Surface, area: pygame.Rect) -> None:
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


class GeniusHowTo(HowToScene):
    puzzle = "genius"


class MacMahonHowTo(HowToScene):
    puzzle = "macmahon"
