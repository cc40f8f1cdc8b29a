"""The short cross-fade between screens: the picture of the screen left fades out over the first
frames of the next, in DURATION seconds (the App starts it when its top scene changes, with the
Animations setting on). It holds a copy of the window's picture only while it runs, so a still
screen costs nothing.
"""
from __future__ import annotations

import pygame

DURATION = 0.15      # seconds: under 0.2 s, so a player never waits on it


class Fade:
    def __init__(self):
        self.picture: pygame.Surface | None = None
        self.age = 0.0

    @property
    def running(self) -> bool:
        return self.picture is not None

    def start(self, shown: pygame.Surface) -> None:
        """The screen changes: what `shown` shows now (a fade under way included) fades out."""
        self.picture = shown.copy()
        self.age = 0.0

    def stop(self) -> None:
        self.picture = None

    def draw(self, surface: pygame.Surface, dt: float) -> None:
        """Over the new screen's frame: the old picture, less opaque each frame (eased), then nothing."""
        if self.picture is None:
            return
        left = 1.0 - self.age / DURATION
        if left <= 0 or self.picture.get_size() != surface.get_size():
            self.stop()
            return
        self.picture.set_alpha(round(255 * left * left))
        surface.blit(self.picture, (0, 0))
        self.age += dt
