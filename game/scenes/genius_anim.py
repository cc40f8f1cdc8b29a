"""Animations of the Genius scene: the dice roll with blockers dropping in, and the win."""
from __future__ import annotations

import math
import random

import pygame

from game.draw.theme import Palette, font, mix
from solver.grid import cell_name


class RollAnimation:
    """Seven dice tumble through their faces, settle one by one on the rolled face, and each
    blocker then drops onto the board. `faces[i]` are die i's faces, `result[i]` its roll."""

    TUMBLE = 0.9     # seconds before the first die settles
    STAGGER = 0.12   # between dice settling
    DROP = 0.35      # a blocker's fall

    def __init__(self, faces: list[tuple[int, ...]], result: tuple[int, ...], rng: random.Random | None = None):
        self.faces = faces
        self.result = result
        self.t = 0.0
        self.rng = rng or random.Random()
        self.shown = [self.rng.choice(f) for f in faces]
        self._next_flip = 0.0

    @property
    def duration(self) -> float:
        return self.TUMBLE + self.STAGGER * (len(self.result) - 1) + self.DROP

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def settle_time(self, i: int) -> float:
        return self.TUMBLE + self.STAGGER * i

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= self._next_flip:
            self._next_flip = self.t + 0.07
            self.shown = [self.rng.choice(f) for f in self.faces]
        for i, face in enumerate(self.result):
            if self.t >= self.settle_time(i):
                self.shown[i] = face

    def die_state(self, i: int) -> tuple[int, float]:
        """(face shown, wobble angle in degrees) of die i now."""
        settled = self.t >= self.settle_time(i)
        angle = 0.0 if settled else 14 * math.sin(self.t * 31 + i * 1.7)
        return self.shown[i], angle

    def drop(self, i: int) -> float:
        """How far blocker i has fallen: 0 (not yet) .. 1 (on the board)."""
        return max(0.0, min(1.0, (self.t - self.settle_time(i)) / self.DROP))

    def finish(self) -> None:
        self.t = self.duration
        self.shown = list(self.result)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int | None, pal: Palette, *,
             angle: float = 0.0, number: int | None = None, settled: bool = True) -> None:
    """A die showing the cell name of its face (or blank)."""
    size = rect.width
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size).inflate(-size // 10, -size // 10)
    colour = (248, 246, 240) if settled else (232, 228, 218)
    pygame.draw.rect(layer, mix(colour, (0, 0, 0), 0.35), body.move(0, max(1, size // 30)), border_radius=size // 6)
    pygame.draw.rect(layer, colour, body, border_radius=size // 6)
    if face is not None:
        image = font(max(9, size // 3), "bold").render(cell_name(face), True, (30, 30, 36))
        layer.blit(image, image.get_rect(center=body.center))
    if number is not None:
        image = font(max(8, size // 7)).render(str(number), True, (120, 120, 128))
        layer.blit(image, image.get_rect(bottomright=(body.right - size // 14, body.bottom - size // 24)))
    if angle:
        layer = pygame.transform.rotate(layer, angle)
    surface.blit(layer, layer.get_rect(center=rect.center))


class Celebration:
    """A burst of confetti in the piece colours, and a wave of light across the board."""

    def __init__(self, area: pygame.Rect, pal: Palette, rng: random.Random | None = None):
        rng = rng or random.Random()
        self.t = 0.0
        self.bits = []
        for _ in range(140):
            angle = rng.uniform(-math.pi, 0)
            speed = rng.uniform(250, 700)
            self.bits.append([area.centerx + rng.uniform(-area.width / 4, area.width / 4), area.centery,
                              math.cos(angle) * speed, math.sin(angle) * speed,
                              rng.choice(pal.pieces), rng.uniform(4, 9)])

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
        return max(0.0, 1.0 - abs(d) / 2.0) if self.t < 2.0 else 0.0

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        for x, y, _, _, colour, size in self.bits:
            s = max(2, int(size * scale))
            pygame.draw.rect(surface, colour, (int(x), int(y), s, s))


def banner(surface: pygame.Surface, area: pygame.Rect, lines: list[str], pal: Palette, scale: float) -> None:
    """A rounded panel with a bold first line over `area`'s centre."""
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
