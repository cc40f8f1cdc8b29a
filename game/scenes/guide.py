"""The guided first game: a short game in which the player does three or four things the
game checks ("drag the red square here", "turn this piece", "this drop is refused: here is
why", "press H when stuck"), shown on a card in the screen's message strip, with Skip.

A `Guide` is a part the play screen owns (`PlayScene.guide`, None when no guide runs): the
steps are data (`Step`, in `GAMES` with the game each is written for), and the guide checks
the current one against what the screen hands it each frame (the session's position, the
hand's held item, the hints asked) and the refusals it is told of. The first launch of a
puzzle starts it (App.open); How to play's "Guided game" plays it again.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.draw.marks import ring
from game.draw.theme import text_size
from game.draw.widgets import text, wrap

PLACED, TURNED, REFUSED, HINTED = "placed", "turned", "refused", "hinted"
DONE_SHOWS = 8.0          # seconds the last card stays once every step is done


@dataclass(frozen=True)
class Step:
    """One thing to do. `check` says how the game sees it done: PLACED (`item` lies on `cell`),
    TURNED (`item` held and turned), REFUSED (a drop the rules refuse), HINTED (a hint asked)."""
    ask: str
    check: str
    item: str | int | None = None     # the Genius piece's name or the MacMahon tile's index
    cell: int | None = None           # the cell ringed on the board
    then: str = ""                    # said once it is done ({reason}: the rules' words)


@dataclass(frozen=True)
class GuideGame:
    game_id: str                      # the board the steps are written for
    steps: tuple[Step, ...]


# The Genius roll How to play shows; its first solution has the 1 on F4 (cell 33).
GENIUS_GUIDE = GuideGame("A1A2A4A6B4D5E1", (
    Step("Drag {piece} from the tray onto the ringed cell F4.", PLACED, "1", 33),
    Step("Pick up {piece} and turn it with R or the mouse wheel.", TURNED, "4-L"),
    Step("Now drop a piece on a blocker or on another piece: the game refuses it and says why.", REFUSED,
         then="Refused: {reason}. A piece goes on free cells only."),
    Step("Stuck? Press H for a hint: which piece, then where, then how it lies.", HINTED,
         then="Each press of H says more (and counts as help). Fill the board to win!"),
))

# The engine's first solution of the 4 x 6 board with its bottom right corner taken off: five
# tiles to place, tile 21 turned three times on D6.
MACMAHON_GUIDE = GuideGame("4x6x3:1a2b5b14c7c20c/3b4b6a15d18a./10a22b12a24a../9b8d16c17b..", (
    Step("Pick up tile 21 from the tray and turn it with R or the mouse wheel.", TURNED, 20),
    Step("Drop tile 21 on the ringed corner D6, turned so both its border sides are white.", PLACED, 20, 23),
    Step("Now drop a tile where an edge clashes or on a taken cell: the game refuses it and says why.",
         REFUSED, then="Refused: {reason}. Touching edges match; the border is white."),
    Step("Stuck? Press H for a hint: which tile, then where, then how it is turned.", HINTED,
         then="Each press of H says more (and counts as help). Fill the board to win!"),
))

GAMES = {"genius": GENIUS_GUIDE, "macmahon": MACMAHON_GUIDE}


def lies_on(position, item, cell: int) -> bool:
    """Whether `item` (a Genius piece's name, a MacMahon tile's index) lies on `cell`."""
    placed = getattr(position, "placed", None)
    if placed is not None:                            # Genius: piece -> cells
        return cell in placed.get(item, ())
    there = position.cells[cell]                      # MacMahon: (tile, rotation) or None
    return there is not None and there[0] == item


def held_turn(held) -> tuple[object, int] | None:
    """(item, how it is turned) of the held Genius piece or MacMahon tile; None for nothing held."""
    if held is None:
        return None
    return (held.piece, held.orientation) if hasattr(held, "piece") else (held.tile, held.rotation)


class Guide:
    """The steps of one puzzle's guided game and how far the player is."""

    def __init__(self, game: GuideGame, name=str):
        self.game = game
        self.name = name                 # a step's item in the player's words, as the hints say it
        self.index = 0
        self.said = ""                   # what the last step done taught
        self.first_turn: tuple | None = None    # the held item as first seen in a TURNED step
        self.left = DONE_SHOWS           # seconds the card shows once all is done
        self.skip_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.game.steps

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def over(self) -> bool:
        """Every step done (or skipped) and the last card gone."""
        return self.step is None and self.left <= 0

    def _done(self, reason: str = "") -> None:
        self.said = self.step.then.format(reason=reason.rstrip("."))
        self.index += 1
        self.first_turn = None

    # ------------------------------------------------------------------ checks
    def observe(self, position, held, hints: int, dt: float = 0.0) -> None:
        """Check the current step against the board, the hand and the hints asked."""
        step = self.step
        if step is None:
            self.left -= dt
        elif step.check == PLACED and lies_on(position, step.item, step.cell):
            self._done()
        elif step.check == HINTED and hints > 0:
            self._done()
        elif step.check == TURNED:
            now = held_turn(held)
            if now is None or now[0] != step.item:
                self.first_turn = None
            elif self.first_turn is None:
                self.first_turn = now
            elif now != self.first_turn:
                self._done()

    def refused(self, reason: str) -> None:
        """The rules refused a drop, for `reason`."""
        if self.step is not None and self.step.check == REFUSED:
            self._done(reason)

    def skip(self) -> None:
        self.index = len(self.steps)
        self.left = 0.0

    def press(self, pos) -> bool:
        """A click: on Skip, the guide ends; True if it was used."""
        if self.step is not None and self.skip_rect.collidepoint(pos):
            self.skip()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def words(self) -> str:
        step = self.step
        if step is None:
            return f"{self.said} How to play (F1 twice) has the rules."
        ask = step.ask.format(piece=self.name(step.item)) if "{piece}" in step.ask else step.ask
        head = f"First game, step {self.index + 1} of {len(self.steps)}: {ask}"
        return f"{self.said} {head}" if self.said else head

    def _lines(self, app, strip: pygame.Rect) -> tuple:
        """(text size, padding, Skip's width, wrapped lines, line height) of the card in `strip`."""
        size = text_size("small", app.scale)
        pad = app.px(8)
        skip_w = app.px(56) if self.step is not None else 0
        return size, pad, skip_w, wrap(self.words(), size, strip.width - 2 * pad - skip_w), round(size * 1.3)

    def card(self, app, strip: pygame.Rect) -> pygame.Rect:
        """The card's rect in `strip` (the screen's message strip): low on the screen it grows upwards."""
        _size, pad, _skip, lines, line_h = self._lines(app, strip)
        card = pygame.Rect(strip.x, strip.y, strip.width, len(lines) * line_h + 2 * pad)
        if strip.centery > app.size[1] // 2:
            card.bottom = strip.bottom
        return card

    def draw(self, surface: pygame.Surface, app, strip: pygame.Rect, geo) -> None:
        """The card in `strip` (the screen's message strip) and the step's cell ringed on the board."""
        pal = app.palette
        step = self.step
        if step is not None and step.cell is not None:
            ring(surface, geo.cell_rect(step.cell), pal.accent, max(3, geo.cell // 10))
        size, pad, skip_w, lines, line_h = self._lines(app, strip)
        card = self.card(app, strip)
        app.toasts.reserve(card)
        pygame.draw.rect(surface, pal.panel, card, border_radius=app.px(8))
        pygame.draw.rect(surface, pal.accent, card, 2, border_radius=app.px(8))
        for i, line in enumerate(lines):
            text(surface, line, (card.x + pad, card.y + pad + i * line_h), size, pal.text)
        if step is not None:
            self.skip_rect = pygame.Rect(card.right - skip_w - pad // 2, card.y + pad // 2, skip_w, line_h + pad)
            pygame.draw.rect(surface, pal.panel, self.skip_rect, border_radius=app.px(4))
            pygame.draw.rect(surface, pal.accent, self.skip_rect, 1, border_radius=app.px(4))
            text(surface, "Skip", self.skip_rect.center, size, pal.accent, anchor="center", style="bold")
