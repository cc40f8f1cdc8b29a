"""Make docs/screenshots/pick-turn-drop.gif: a Genius piece picked up, turned and dropped,
from real frames of the game drawn headless (the pointer is drawn in, as SDL leaves it out).

    .venv/bin/pip install -e '.[docs]'        # Pillow writes the GIF (never needed to play)
    .venv/bin/python scripts/make_demo_gif.py [--out FILE] [--size 1100x760]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SQUAREWISE_DATA_DIR", tempfile.mkdtemp(prefix="squarewise-gif-"))

import pygame  # noqa: E402

GAME_ID = "A1A2A4A6B4D5E1"      # a known roll (the tests' board)
PIECE = "4-L"
STEP = 1 / 25                   # seconds per frame of the picture (25 frames a second)
POINTER = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]


def draw_pointer(surface: pygame.Surface, at) -> None:
    """An arrow pointer with its tip at `at`."""
    points = [(at[0] + x, at[1] + y) for x, y in POINTER]
    pygame.draw.polygon(surface, (255, 255, 255), points)
    pygame.draw.polygon(surface, (0, 0, 0), points, 2)


def landing_square(scene) -> tuple[int, int]:
    """A board square where the held piece (as it is held now) may go."""
    for row in range(6):
        for col in range(6):
            found = scene.hand.aim(scene.position, (row, col))
            if found is not None and found.cells is not None and found.reason is None:
                return row, col
    raise SystemExit("make_demo_gif: the piece fits nowhere on the demo board")


def record(size: tuple[int, int]) -> list[pygame.Surface]:
    from game.app import App
    from game.scenes.genius.scene import GeniusScene
    from solver.genius.pieces import PIECES

    app = App(size=size)
    app.settings["animations"] = True
    scene = GeniusScene(app, game_id=GAME_ID)
    app.push(scene)
    app.frame(1 / 60)
    lay = scene.layout()
    board, slot = lay["geo"].rect, lay["slots"][PIECES.index(PIECE)]
    crop = board.union(lay["tray"]).inflate(app.px(40), app.px(200)).clip(app.surface.get_rect())
    frames: list[pygame.Surface] = []
    pointer = list(slot.center)

    def shoot(events=(), count: int = 1) -> None:
        for _ in range(count):
            app.frame(STEP, list(events))
            events = ()
            shot = app.surface.copy()
            draw_pointer(shot, pointer)
            frames.append(shot.subsurface(crop).copy())

    def glide(to, seconds: float) -> None:
        start, n = tuple(pointer), max(1, round(seconds / STEP))
        for k in range(1, n + 1):
            f = k / n
            f = f * f * (3 - 2 * f)
            pointer[:] = [round(start[0] + (to[0] - start[0]) * f), round(start[1] + (to[1] - start[1]) * f)]
            shoot([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pointer), rel=(0, 0), buttons=(1, 0, 0))])

    shoot(count=12)
    shoot([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=tuple(pointer))], count=6)
    glide((lay["tray"].centerx, lay["tray"].bottom + app.px(40)), 0.6)    # turned off the board: no snapping
    shoot(count=4)
    for _ in range(2):                     # two quarter turns (R), each a short tween
        shoot([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)], count=8)
    row, col = landing_square(scene)
    glide(lay["geo"].cell_rect(row * 6 + col).center, 0.7)
    shoot(count=4)
    shoot([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=tuple(pointer))], count=14)
    glide((pointer[0] + app.px(60), pointer[1] + app.px(40)), 0.3)
    shoot(count=12)
    if PIECE not in scene.position.placed:
        raise SystemExit("make_demo_gif: the piece was not placed")
    app.quit()
    return frames


def write_gif(frames: list[pygame.Surface], out: Path, width: int) -> None:
    from PIL import Image
    images = []
    for surface in frames:
        w, h = surface.get_size()
        small = pygame.transform.smoothscale(surface, (width, round(h * width / w)))
        image = Image.frombytes("RGB", small.get_size(), pygame.image.tobytes(small, "RGB"))
        images.append(image.quantize(colors=64, method=Image.Quantize.MEDIANCUT))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.gif")
    images[0].save(tmp, save_all=True, append_images=images[1:], duration=round(STEP * 1000), loop=0,
                   optimize=True, disposal=1)
    tmp.replace(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "pick-turn-drop.gif")
    parser.add_argument("--size", default="1100x760", help="the window the frames are drawn in (WxH)")
    parser.add_argument("--width", type=int, default=400, help="the picture's width in pixels")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    frames = record(size)
    write_gif(frames, args.out, args.width)
    print(f"{args.out}: {len(frames)} frames, {args.out.stat().st_size} bytes")
    pygame.quit()


if __name__ == "__main__":
    main()
