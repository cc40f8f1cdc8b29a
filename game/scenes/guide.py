"""The guided first game on screen: its steps (game/play/guide.py: the data each puzzle writes
and the checks) shown on a card in the screen's message strip, with Skip.

A `Guide` is a part the play screen owns (`PlayScene.guide`, None when no guide runs). The
first launch of a puzzle starts it (App.open); How to play's "Guided game" plays it again.
"""
from __future__ import annotations

import pygame

from game.draw.marks import ring
from game.draw.theme import text_size
from game.draw.widgets import text, wrap
from game.play.guide import GuideGame, Steps


class Guide(Steps):
    """The steps of a guided game (game/play/guide.py) and their card, with Skip."""

    def __init__(self, game: GuideGame, name=str):
        super().__init__(game, name)
        self.skip_rect = pygame.Rect(0, 0, 0, 0)

    def press(self, pos) -> bool:
        """A click: on Skip, the guide ends; True if it was used."""
        if self.step is not None and self.skip_rect.collidepoint(pos):
            self.skip()
            return True
        return False

    # ------------------------------------------------------------------ drawing
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
