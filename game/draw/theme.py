"""Colours and fonts: the palettes a player can choose, and the bundled fonts at any size.

Every colour the game draws comes from a `Palette`; every font from `font()`, which loads
the DejaVu faces shipped in `assets/fonts` (never a system font), at one of the few
`TEXT_SIZES` (`text_size(role, scale)`). Piece colours are a list
in tray order, so the drawing code maps "the i-th piece of the puzzle" to a colour without
knowing any piece rules. The colour-blind-safe palette uses the Okabe-Ito colours and adds
a distinct pattern per piece so no piece relies on hue alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from solver.assets import asset_path

Colour = tuple[int, int, int]

PATTERNS = ("none", "dots", "hstripes", "vstripes", "diag", "antidiag", "cross", "ring", "grid")


@dataclass(frozen=True)
class Palette:
    """The colours of one look. `pieces` are in the puzzle's tray order."""
    name: str
    label: str
    background: Colour
    panel: Colour
    board: Colour
    cell: Colour
    grid: Colour
    blocker: Colour
    blocker_mark: Colour
    text: Colour
    dim_text: Colour
    accent: Colour
    legal: Colour
    illegal: Colour
    pieces: tuple[Colour, ...]
    patterns: tuple[str, ...] = field(default=("none",) * 9)
    #: the pieces' colours in words, for hints and refusals (None: the palette tells them by pattern)
    colour_names: tuple[str, ...] | None = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink",
                                            "brown")
    tile_red: Colour = (200, 60, 50)
    tile_white: Colour = (240, 238, 230)
    tile_blue: Colour = (50, 90, 190)

    def piece_colour(self, index: int) -> Colour:
        return self.pieces[index % len(self.pieces)]

    def piece_pattern(self, index: int) -> str:
        return self.patterns[index % len(self.patterns)]


PALETTES: dict[str, Palette] = {
    p.name: p for p in (
        Palette(
            name="classic", label="Classic",
            background=(36, 40, 52), panel=(48, 54, 70), board=(222, 214, 196), cell=(238, 232, 218),
            grid=(170, 160, 140), blocker=(40, 36, 34), blocker_mark=(236, 228, 200),
            text=(236, 236, 240), dim_text=(160, 166, 180), accent=(255, 196, 64),
            legal=(70, 190, 110), illegal=(225, 70, 70),
            pieces=((230, 57, 70), (247, 140, 40), (250, 208, 44), (120, 200, 80), (40, 170, 160),
                    (60, 130, 230), (130, 90, 210), (220, 100, 190), (150, 100, 60)),
        ),
        Palette(
            name="light", label="Light",
            background=(236, 234, 228), panel=(220, 216, 206), board=(200, 190, 170), cell=(250, 248, 242),
            grid=(160, 150, 130), blocker=(30, 30, 36), blocker_mark=(250, 240, 210),
            text=(30, 32, 40), dim_text=(100, 100, 110), accent=(200, 110, 0),
            legal=(30, 150, 70), illegal=(200, 40, 40),
            pieces=((214, 40, 57), (240, 125, 20), (232, 190, 20), (90, 175, 60), (20, 150, 140),
                    (40, 110, 210), (115, 75, 195), (205, 80, 170), (135, 90, 50)),
        ),
        Palette(
            name="colourblind", label="Colour-blind safe",
            background=(30, 32, 40), panel=(46, 50, 62), board=(210, 210, 210), cell=(245, 245, 245),
            grid=(150, 150, 150), blocker=(0, 0, 0), blocker_mark=(255, 255, 255),
            text=(240, 240, 240), dim_text=(170, 170, 170), accent=(240, 228, 66),
            legal=(0, 158, 115), illegal=(213, 94, 0),
            # Okabe-Ito, plus grey and a dark blue; patterns tell them apart without hue.
            pieces=((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178),
                    (213, 94, 0), (204, 121, 167), (140, 140, 140), (60, 60, 140)),
            patterns=PATTERNS, colour_names=None,
        ),
    )
}
DEFAULT_PALETTE = "classic"


def palette(name: str) -> Palette:
    """The palette called `name`, or the default one for an unknown name."""
    return PALETTES.get(name, PALETTES[DEFAULT_PALETTE])


# The few text sizes the game uses (pixels at UI scale 1.0), so screens read alike:
# a scene's title, a heading or a message, body text, and small print (hints, captions).
TEXT_SIZES = {"title": 24, "heading": 18, "body": 15, "small": 13}
SMALLEST_TEXT = 10


def text_size(role: str, scale: float) -> int:
    """The pixel size of text of `role` ('title', 'heading', 'body' or 'small') at UI `scale`."""
    return max(SMALLEST_TEXT, round(TEXT_SIZES[role] * scale))


FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "mono": "DejaVuSansMono.ttf"}


@lru_cache(maxsize=128)
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A bundled font ('regular', 'bold' or 'mono') at `size` pixels (at least 8)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FONT_FILES[style])), max(8, int(size)))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction `t` of the way from `a` to `b`."""
    t = max(0.0, min(1.0, t))
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def contrast_text(bg: Colour) -> Colour:
    """Black or white, whichever reads better on `bg`."""
    r, g, b = bg
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)
