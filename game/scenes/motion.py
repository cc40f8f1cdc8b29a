"""`Motion`: the short movements that make a held piece feel held, owned by a play screen.

A held piece (or MacMahon tile) lifts a little, with a shadow; a turn or a flip plays as a
quick tween round the square under the pointer; an accepted drop settles with a glow; a
refused one flies back where it came from with a small shake. Everything obeys the
Animations setting (off: no tween starts, the lift is instant), and `moving` tells the app's
loop to keep drawing frames only while something moves.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame


def ease_out(t: float) -> float:
    """0..1 to 0..1, fast at first and gentle at the end."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class Tween:
    """A value going from `start` to `end` over `seconds`, eased out."""

    def __init__(self, seconds: float, start: float = 0.0, end: float = 1.0):
        self.seconds, self.start, self.end = seconds, start, end
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.seconds)

    @property
    def done(self) -> bool:
        return self.t >= self.seconds

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * ease_out(self.progress)


class Motion:
    """The held item's lift, turn and flip, the settle of a drop, and a refused item's flight home."""

    LIFT = 0.12        # seconds to lift a piece when it is picked up
    TURN = 0.14        # seconds a quarter turn or a flip takes to show
    SETTLE = 0.35      # seconds a dropped piece glows as it settles
    FLY = 0.35         # seconds a refused piece takes to fly home
    RAISE = 0.08       # how much larger a lifted piece is drawn

    def __init__(self, enabled: Callable[[], bool]):
        self.enabled = enabled
        self.lift = 0.0                        # 0: resting, 1: held up
        self.holding = False
        self.turn: Tween | None = None         # degrees still to turn (counter-clockwise, towards 0)
        self.flip: Tween | None = None         # the width of a flipped piece, from edge-on to flat
        self.settle: tuple[object, Tween] | None = None          # what settles (a piece, a cell)
        self.flight: tuple[pygame.Surface, tuple, tuple, Tween] | None = None   # image, from, to
        self._image: tuple | None = None       # (key, the held item's layer): drawn once per key
        self._picture: tuple | None = None     # (look, picture, shadow): reused while nothing moves

    # --- what happened ----------------------------------------------------------------
    def hold(self, holding: bool) -> None:
        """Whether something is in hand now (it lifts, or rests)."""
        if holding and not self.holding:
            self.turn = self.flip = None
        self.holding = holding
        if not self.enabled():
            self.lift = 1.0 if holding else 0.0

    def turned(self, quarter_turns: int) -> None:
        """The held item turned `quarter_turns` clockwise (3: one counter-clockwise)."""
        if self.enabled():
            self.turn = Tween(self.TURN, 90.0 if quarter_turns % 4 == 1 else -90.0, 0.0)

    def flipped(self) -> None:
        if self.enabled():
            self.flip = Tween(self.TURN, 0.1, 1.0)

    def settled(self, what) -> None:
        """`what` (a piece, a cell) has just been put down and accepted."""
        if self.enabled():
            self.settle = (what, Tween(self.SETTLE, 1.0, 0.0))

    def refused(self, image: pygame.Surface, start, end) -> None:
        """An item drawn as `image` (centred on the pointer) was refused at `start`: it flies to `end`."""
        if self.enabled():
            self.flight = (image, tuple(start), tuple(end), Tween(self.FLY))

    def act(self, kind: str, arg, flight) -> None:
        """A motion effect (game/play/commands.py Motion): 'turned' (quarter turns), 'flipped',
        'settled' (what), 'refused' (the held item; `flight(held)`: its image, start and end)."""
        if kind == "turned":
            self.turned(arg)
        elif kind == "flipped":
            self.flipped()
        elif kind == "settled" and arg is not None:
            self.settled(arg)
        elif kind == "refused" and arg is not None:
            self.refused(*flight(arg))

    def stop(self) -> None:
        """A new position or game: nothing is on its way anywhere."""
        self.turn = self.flip = self.settle = self.flight = None

    # --- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        target = 1.0 if self.holding else 0.0
        step = dt / self.LIFT
        self.lift = min(target, self.lift + step) if self.lift < target else max(target, self.lift - step)
        for tween in (self.turn, self.flip, self.settle and self.settle[1], self.flight and self.flight[3]):
            if tween is not None:
                tween.update(dt)
        if self.turn is not None and self.turn.done:
            self.turn = None
        if self.flip is not None and self.flip.done:
            self.flip = None
        if self.settle is not None and self.settle[1].done:
            self.settle = None
        if self.flight is not None and self.flight[3].done:
            self.flight = None

    @property
    def moving(self) -> bool:
        """Whether a frame now would differ from the last one with nothing else happening."""
        lifting = self.lift != (1.0 if self.holding else 0.0)
        return lifting or any(x is not None for x in (self.turn, self.flip, self.settle, self.flight))

    def glow(self, what) -> float:
        """0..1: how brightly `what` glows as it settles (0 unless it was the last thing put down)."""
        return self.settle[1].value if self.settle is not None and self.settle[0] == what else 0.0

    # --- drawing ----------------------------------------------------------------------
    def draw_held(self, surface: pygame.Surface, key, make: Callable[[], pygame.Surface], pointer,
                  shadow: int) -> None:
        """The held item lifted, turned and flipped as the tweens say, with a shadow `shadow`
        pixels below and right. `make()` draws it on a layer whose middle is the grabbed
        square's (so it turns round the square under the pointer); it is asked again only when
        `key` changes, and the lifted picture is reused while nothing moves."""
        scale = round(1.0 + self.RAISE * self.lift, 3)
        angle = round(self.turn.value, 1) if self.turn is not None else 0.0
        width = round(self.flip.value, 2) if self.flip is not None else 1.0
        look = (key, scale, angle, width, round(shadow * self.lift))
        if self._picture is None or self._picture[0] != look:
            if self._image is None or self._image[0] != key:
                self._image = (key, make())
            self._picture = (look, *self._lifted(self._image[1], scale, angle, width))
        _, picture, dark = self._picture
        if dark is not None:
            offset = look[-1]
            surface.blit(dark, dark.get_rect(center=(pointer[0] + offset, pointer[1] + offset)))
        surface.blit(picture, picture.get_rect(center=pointer))

    def _lifted(self, image: pygame.Surface, scale: float, angle: float, width: float):
        """(the picture, its shadow or None) of `image` scaled, turned and squeezed to `width`."""
        picture = image
        if width != 1.0:
            picture = pygame.transform.smoothscale(picture, (max(1, round(picture.get_width() * width)),
                                                             picture.get_height()))
        if angle:
            picture = pygame.transform.rotozoom(picture, angle, scale)
        elif scale != 1.0:
            w, h = picture.get_size()
            picture = pygame.transform.smoothscale(picture, (round(w * scale), round(h * scale)))
        dark = None
        if self.lift > 0:
            dark = picture.copy()
            dark.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)     # black, see-through
        return picture, dark

    def draw_flight(self, surface: pygame.Surface, scale: float) -> None:
        """A refused item on its way home: a short shake where it was let go, then the flight."""
        if self.flight is None:
            return
        image, start, end, tween = self.flight
        p = tween.progress
        shake = math.sin(p * 40) * (1 - p) * 8 * scale if p < 0.35 else 0.0
        go = ease_out(max(0.0, (p - 0.3) / 0.7))
        x = start[0] + (end[0] - start[0]) * go + shake
        y = start[1] + (end[1] - start[1]) * go
        picture = pygame.transform.rotozoom(image, 0, 1.0 - 0.4 * go)
        picture.set_alpha(round(255 * (1 - 0.5 * go)))
        surface.blit(picture, picture.get_rect(center=(round(x), round(y))))
