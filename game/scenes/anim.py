"""Animations both puzzles share: the confetti of a win and the banner over the board."""
from __future__ import annotations

import math
import random

import pygame

from game.draw.theme import Palette, font, mix
from game.play.match import format_time


class Celebration:
    """A burst of confetti in the puzzle's colours, a wave of light across the board, the time
    counting up to the result, and a "New best!" stamp when it is one. A loss is told by one
    with no confetti (`confetti=False`): the banner alone."""

    BANNER = 2.5      # seconds the win banner shows with it
    COUNT = 0.9       # seconds the time takes to count up
    STAMP = 0.25      # seconds the stamp takes to land, after the count

    def __init__(self, area: pygame.Rect, colours, rng: random.Random | None = None, *,
                 seconds: float | None = None, best: bool = False, confetti: bool = True):
        rng = rng or random.Random()
        self.t = 0.0
        self.seconds = seconds
        self.best = best
        self.confetti = confetti
        self.bits = []
        for _ in range(140 if confetti else 0):
            angle = rng.uniform(-math.pi, 0)
            speed = rng.uniform(250, 700)
            self.bits.append([area.centerx + rng.uniform(-area.width / 4, area.width / 4), area.centery,
                              math.cos(angle) * speed, math.sin(angle) * speed,
                              rng.choice(list(colours)), rng.uniform(4, 9)])

    @property
    def done(self) -> bool:
        return self.t > 3.0

    def update(self, dt: float) -> None:
        self.t += dt
        for bit in self.bits:
            bit[3] += 900 * dt
            bit[0] += bit[2] * dt
            bit[1] += bit[3] * dt

    def wave(self, row: int, col: int) -> float:
        """0..1: how bright cell (row, col) glows now."""
        d = self.t * 9 - (row + col)
        return max(0.0, 1.0 - abs(d) / 2.0) if self.t < 2.0 and self.confetti else 0.0

    def counted(self) -> float | None:
        """The time shown now as it counts up to `seconds` (None: no time to count)."""
        if self.seconds is None:
            return None
        return self.seconds * min(1.0, 1 - (1 - min(1.0, self.t / self.COUNT)) ** 2)

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        for x, y, _, _, colour, size in self.bits:
            s = max(2, int(size * scale))
            pygame.draw.rect(surface, colour, (int(x), int(y), s, s))

    def draw_stamp(self, surface: pygame.Surface, panel: pygame.Rect, pal: Palette, scale: float) -> None:
        """"New best!" slammed on at the banner's top right corner once the time has counted up."""
        landed = (self.t - self.COUNT) / self.STAMP
        if not self.best or landed <= 0:
            return
        grow = 1.0 + 1.5 * (1 - min(1.0, landed)) ** 2
        label = font(max(10, int(20 * scale)), "bold").render("New best!", True, pal.background)
        pad = int(8 * scale)
        card = pygame.Surface((label.get_width() + 2 * pad, label.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(card, pal.accent, card.get_rect(), border_radius=int(6 * scale))
        card.blit(label, (pad, pad // 2))
        card = pygame.transform.rotozoom(card, 12, grow)
        surface.blit(card, card.get_rect(center=(panel.right - int(10 * scale), panel.top)))


def banner(surface: pygame.Surface, area: pygame.Rect, lines: list[str], pal: Palette,
           scale: float) -> pygame.Rect:
    """A rounded panel with a bold first line over `area`'s centre; returns the panel."""
    big = font(max(14, int(34 * scale)), "bold")
    small = font(max(10, int(18 * scale)))
    images = [big.render(lines[0], True, pal.text)] + [small.render(t, True, pal.text) for t in lines[1:]]
    w = max(i.get_width() for i in images) + int(48 * scale)
    h = sum(i.get_height() for i in images) + int(32 * scale) + int(6 * scale) * (len(images) - 1)
    panel = pygame.Rect(0, 0, w, h)
    panel.center = area.center
    layer = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*mix(pal.panel, (0, 0, 0), 0.2), 235), layer.get_rect(), border_radius=int(14 * scale))
    pygame.draw.rect(layer, pal.accent, layer.get_rect(), max(2, int(3 * scale)), border_radius=int(14 * scale))
    surface.blit(layer, panel)
    y = panel.top + int(16 * scale)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
        y += image.get_height() + int(6 * scale)
    return panel


class Result:
    """What a board says when it ends: lines in a banner over it, with the confetti of a win
    (`celebrate`) or without (`show`: a loss, a race's turn), the time counting up. A win's banner
    stays, as a ranked run's (`show(..., stays=True)`) does: still there once the moment is over,
    until the player acts (`closed_by` a key or a click, a new game: `clear`); the others show
    for a moment."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.celebration: Celebration | None = None
        self.lines: list[str] = []
        self.stays = False

    def celebrate(self, area: pygame.Rect, colours, lines: list[str], seconds: float, best: bool,
                  confetti: bool) -> None:
        self.celebration = Celebration(area, colours, self.rng, seconds=seconds, best=best) if confetti else None
        self.lines, self.stays = lines, confetti        # (Animations off: the status line says it alone)

    def show(self, area: pygame.Rect, lines: list[str], stays: bool = False, again: bool = False) -> None:
        """Show `lines`; `again`: new words for a banner that stays, while it shows (once
        closed, it stays closed)."""
        if again:
            self.lines = lines if self.stays else self.lines
            return
        self.celebration = Celebration(area, (), self.rng, confetti=False)
        self.lines, self.stays = lines, stays

    def clear(self) -> None:
        self.celebration, self.lines, self.stays = None, [], False

    def closed_by(self, event) -> bool:
        """Close a banner that stays on a key or a click; True if `event` is used up by it: a click
        (aimed at the banner, it lifts nothing under it). A key goes on to do what it does (Escape
        leaves, Ctrl+N deals a new game), so a key the banner offers works at the first press."""
        if not self.stays or event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        self.clear()
        return event.type == pygame.MOUSEBUTTONDOWN

    def update(self, dt: float) -> None:
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None

    def shown(self) -> list[str]:
        """The banner's lines while it shows (it shows with the confetti, or stays), else []."""
        c = self.celebration
        if not self.lines or (c is None or c.t >= Celebration.BANNER) and not self.stays:
            return []
        lines = list(self.lines)
        final = format_time(c.seconds) if c is not None and c.seconds is not None else None
        if final and final in lines[0]:                   # the time counts up to the result
            lines[0] = lines[0].replace(final, format_time(c.counted()), 1)
        return lines
