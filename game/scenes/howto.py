"""How to play: the goal, the rules and the controls of one puzzle, beside a looping
demonstration drawn with the game's own board, pieces and tiles.

The screen is shared (`HowToScene`); each puzzle's page is a subclass in its own scene package
(game/scenes/P/howto.py, the registry's `howto`) that gives its `Reference`, its demonstration
and, where it has one, a strip under both (the Genius page's nine pieces). The registry opens it
from the title ("How to play": the list's first puzzle) and from a puzzle (F1 twice); "The other
puzzle" goes to the next in the registry's list; "Guided game" plays the guided first game
(game/scenes/guide.py) again. A demonstration is a pure function of the time since the loop
started (`demo.frame(t)`, a `DemoFrame`), so a test can ask what is shown at any moment.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game import keys
from game.draw.theme import text_size
from game.draw.widgets import text, wrap
from game.puzzles import registry
from game.scenes.base import Scene
from game.screens import entry, howto_key

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


@dataclass(frozen=True)
class Reference:
    """What a puzzle's page says on the left: its title, goal, rules, controls and levels."""
    title: str
    goal: str
    rules: tuple[str, ...]
    controls: tuple[str, ...]
    levels: tuple[str, ...] = ()


def lerp(a, b, t: float) -> tuple[float, float]:
    """The point `t` (0..1, held to it) of the way from `a` to `b`."""
    t = max(0.0, min(1.0, t))
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass(frozen=True)
class DemoFrame:
    """What the demonstration shows at one moment."""
    step: str                       # the caption: what the player is doing
    placed: bool                    # the demonstrated piece (tile) is on the board
    turns: int                      # quarter turns still to come before it fits
    at: tuple[float, float]         # where it is, 0..1 from the tray to its cell


def pointer(surface, at, cell: float, pal) -> None:
    """A mouse pointer holding what is dragged."""
    x, y = at
    s = max(8, cell * 0.35)
    arrow = [(x, y), (x, y + s), (x + s * 0.28, y + s * 0.75), (x + s * 0.5, y + s * 1.1),
             (x + s * 0.62, y + s * 1.02), (x + s * 0.42, y + s * 0.68), (x + s * 0.75, y + s * 0.68)]
    pygame.draw.polygon(surface, (250, 250, 250), arrow)
    pygame.draw.polygon(surface, (20, 20, 24), arrow, max(1, round(s / 12)))


class HowToScene(Scene):
    """How to play one puzzle: text on the left, the looping demonstration on the right. A
    puzzle's page (its subclass) says which puzzle, its `reference`, its `demo_class` (LOOP,
    frame(t), draw(surface, area, palette, t) -> the caption) and its `strip`, if any."""

    puzzle: str                 # the puzzle's name in the registry
    reference: Reference
    demo_class: type
    strip = 0                   # the height (design pixels) of a strip under the text and the demonstration

    def __new__(cls, app, puzzle: str | None = None):
        """`HowToScene(app, name)` is that puzzle's page; with no name (the title's How to
        play), the registry's first puzzle's."""
        if cls is HowToScene:
            cls = registry.load(registry.get(puzzle or registry.PUZZLES[0].name).howto)
        return super().__new__(cls)

    def __init__(self, app, puzzle: str | None = None):
        super().__init__(app)
        self.demo = self.demo_class()
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
            names = registry.names()
            following = names[(names.index(self.puzzle) + 1) % len(names)]
            self.app.replace(entry(howto_key(following)).scene(self.app))
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
        strip_h = app.px(self.strip) if self.strip else 0
        area = pygame.Rect(w * 9 // 20 + app.px(10), top, w * 11 // 20 - margin, h - top - app.px(120) - strip_h)
        self.step = self.demo.draw(surface, area, pal, self.clock)
        text(surface, self.step, (area.centerx, area.bottom + app.px(6)), heading, pal.dim_text, anchor="midtop",
             max_width=area.width)
        if strip_h:
            self.draw_strip(surface, pygame.Rect(margin, h - app.px(84) - strip_h, w - 2 * margin, strip_h))

    def draw_strip(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The page's strip under the text and the demonstration (a page with a `strip` draws it)."""

