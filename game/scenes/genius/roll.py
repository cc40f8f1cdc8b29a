"""The Genius dice roll: seven dice tumble, settle, and the blockers drop onto the board."""
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
