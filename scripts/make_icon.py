"""Write assets/icons/squarewise.ico (Windows) and squarewise.icns (macOS) for build.spec,
and squarewise-48/-128/-256.png for the Linux desktop entry (game/desktop.py).

The design is the one of assets/icons/squarewise.png (64 x 64, drawn by the game): a 3 x 3
Genius board with a red domino, a green single, a blue L, a yellow domino and a blocker in
the middle. It is redrawn here from its measurements, so the large sizes (256 for Windows,
up to 1024 for macOS) are sharp instead of an upscaled 64-pixel image. Both containers hold
PNG images, which Windows Vista+ and macOS 10.7+ read. Run from the repository root:

    .venv/bin/python scripts/make_icon.py
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"

# Measured on the 64-pixel original, in its pixels.
BACKGROUND, BACKGROUND_RADIUS = (222, 214, 196), 10
MARGIN, CELL, GAP, CELL_RADIUS = 5, 17, 1, 4
LIGHT, BLOCKER, BLOCKER_RADIUS = (238, 232, 218), (40, 36, 34), 7
RED, GREEN, BLUE, YELLOW = (230, 57, 70), (120, 200, 80), (60, 130, 230), (250, 208, 44)
BOARD = [[RED, RED, GREEN],          # rows top to bottom; None is the blocker's cell
         [BLUE, None, YELLOW],
         [BLUE, BLUE, YELLOW]]

PNG_SIZES = (48, 128, 256)           # beside the 64-pixel original, for the hicolor icon theme
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
              b"ic10": 1024, b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}


def draw(size: int, supersample: int = 4) -> pygame.Surface:
    """The icon at `size` x `size`, drawn large and scaled down for smooth edges."""
    big = size * supersample
    unit = big / 64
    s = pygame.Surface((big, big), pygame.SRCALPHA)

    def rect(x, y, w, h):
        return pygame.Rect(round(x * unit), round(y * unit), round(w * unit), round(h * unit))

    pygame.draw.rect(s, BACKGROUND, rect(0, 0, 64, 64), border_radius=round(BACKGROUND_RADIUS * unit))
    for r, row in enumerate(BOARD):
        for c, colour in enumerate(row):
            x, y = MARGIN + c * (CELL + GAP), MARGIN + r * (CELL + GAP)
            pygame.draw.rect(s, colour or LIGHT, rect(x, y, CELL, CELL), border_radius=round(CELL_RADIUS * unit))
            if colour is None:
                centre = ((x + CELL / 2) * unit, (y + CELL / 2) * unit)
                pygame.draw.circle(s, BLOCKER, centre, BLOCKER_RADIUS * unit)
    return pygame.transform.smoothscale(s, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (size -> PNG bytes)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size          # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns(images: dict[bytes, bytes]) -> bytes:
    """An ICNS file of PNG elements (OSType -> PNG bytes)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def difference_from_original() -> float:
    """Mean absolute channel difference between the redraw and the original at 64 pixels."""
    original = pygame.image.load(str(ICONS / "squarewise.png"))
    redraw = draw(64)
    total = sum(abs(a - b) for x in range(64) for y in range(64)
                for a, b in zip(original.get_at((x, y)), redraw.get_at((x, y))))
    return total / (64 * 64 * 4)


def main() -> int:
    pngs = {size: png_bytes(draw(size)) for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES.values()) | set(PNG_SIZES))}
    (ICONS / "squarewise.ico").write_bytes(ico({size: pngs[size] for size in ICO_SIZES}))
    (ICONS / "squarewise.icns").write_bytes(icns({kind: pngs[size] for kind, size in ICNS_TYPES.items()}))
    for size in PNG_SIZES:
        (ICONS / f"squarewise-{size}.png").write_bytes(pngs[size])
    print(f"wrote {ICONS / 'squarewise.ico'}, {ICONS / 'squarewise.icns'} and squarewise-{{{','.join(map(str, PNG_SIZES))}}}.png; "
          f"mean difference from squarewise.png at 64 px: {difference_from_original():.1f} / 255")
    return 0


if __name__ == "__main__":
    sys.exit(main())
