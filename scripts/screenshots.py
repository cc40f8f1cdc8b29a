"""Deterministic screenshots of every screen of the game, as PNGs.

    python scripts/screenshots.py [OUT_DIR]          (default: /tmp/squarewise-shots)
    python scripts/screenshots.py --compare A B      (pixel-compare two such folders)

The run is scripted: SDL's dummy video driver, a 1280 x 800 window, a fresh data folder,
seeded random numbers, fixed frame times and a clock that stands still (so every match
shows the same time), and the player's input sent as key events. Two runs of the same code
give the same bytes, so a refactor that must not change what the player sees is checked by
shooting before and after and comparing (`--compare`); the same shots illustrate the docs.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SQUAREWISE_DATA_DIR"] = tempfile.mkdtemp(prefix="squarewise-shots-")


class StillClock:
    """time.monotonic for the game: stands still, moved on only by the script. Installed before
    the game is imported, so the match timers (whose default clock is bound at import) use it."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


CLOCK = StillClock()
time.monotonic = CLOCK

import random  # noqa: E402

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.app import App  # noqa: E402
from game.screens import entry  # noqa: E402
from game.scenes.settings import SettingsScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.storage import Storage  # noqa: E402

SIZE = (1280, 800)
DT = 1 / 60
GAME_ID = "A1A2A4A6B4D5E1"


def frame(app, *events, dt: float = DT) -> None:
    app.frame(dt, list(events))


def key(app, k, mod=0, char="") -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0))


def keys(app, *names) -> None:
    """Press keys given as pygame key names ('right', 'return', '1', 'f1')."""
    for name in names:
        code = pygame.key.key_code(name)
        key(app, code, char=name if len(name) == 1 else "")


def settle(app, frames: int = 3) -> None:
    """Let background jobs answer and the screen catch up."""
    app.worker.drain(60)
    for _ in range(frames):
        frame(app)
    app.worker.drain(60)
    frame(app)


def shoot(app, out: Path, name: str) -> None:
    frame(app)
    pygame.image.save(app.surface, str(out / f"{name}.png"))
    print(f"{name}.png")


def yes(app, scene) -> None:
    """Answer the scene's open yes/no dialog with its action (Give up, Abandon, ...)."""
    import pygame_gui
    dialog = next(d for d in scene._dialogs if isinstance(d, pygame_gui.windows.UIConfirmationDialog))
    frame(app, pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))


def tick(app, seconds: float, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        frame(app, dt=dt)


def run(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=SIZE, storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings["animations"] = False
    app.push(TitleScene(app))
    settle(app)
    shoot(app, out, "title")

    app.push(SettingsScene(app))
    settle(app)
    shoot(app, out, "settings")
    app.pop()

    # The Genius Square: a seeded roll, then a known board
    genius = entry("genius")
    app.push(genius.scene(app, new=True, rng=random.Random(7)))
    CLOCK.now += 83           # the clock shows 1:23
    settle(app)
    shoot(app, out, "genius-roll")
    app.pop()

    app.push(genius.scene(app, game_id=GAME_ID, rng=random.Random(3)))
    CLOCK.now += 42
    settle(app)
    keys(app, "1")                          # piece 1 in hand over A1, a blocker
    shoot(app, out, "genius-held-illegal")
    keys(app, "right", "right", "down", "down")
    shoot(app, out, "genius-held-legal")
    keys(app, "f1")
    shoot(app, out, "genius-help")
    keys(app, "f1")
    key(app, pygame.K_d, pygame.KMOD_LCTRL)  # the dice editor
    settle(app)
    shoot(app, out, "dice-editor")
    app.pop()
    settle(app)

    scene = app.top
    scene.do("free")                        # free mode: seven blockers by hand, the engine's verdict
    for move in ("", "right", "right", "down", "right", "down", "down"):
        if move:
            keys(app, move)
        keys(app, "return")
    settle(app)
    shoot(app, out, "genius-free")

    scene.do("race")                        # a race: player 1 gives up, the board goes to player 2
    settle(app)
    keys(app, "return")
    CLOCK.now += 17
    settle(app)
    scene.do("give_up")
    yes(app, scene)
    settle(app)
    shoot(app, out, "genius-race-handover")
    app.pop()

    app.settings["animations"] = True       # the solve and the confetti
    app.push(genius.scene(app, game_id=GAME_ID, rng=random.Random(5)))
    CLOCK.now += 61
    settle(app)
    key(app, pygame.K_s, pygame.KMOD_LSHIFT)
    settle(app)
    tick(app, 4.0)
    shoot(app, out, "genius-solved")
    app.pop()
    app.settings["animations"] = False

    # MacMahon Squares: strict, then free with clashes, the browser
    app.push(entry("macmahon").scene(app, new=True, rng=random.Random(11)))
    settle(app)
    for digit, moves in (("1", ()), ("9", ("right",)), ("4", ("right",)), ("1", ("right",))):
        for m in moves:
            keys(app, m)
        keys(app, digit)
        keys(app, "return")
    CLOCK.now += 95
    keys(app, "down", "2")
    settle(app)
    shoot(app, out, "macmahon-strict")
    keys(app, "f1")
    shoot(app, out, "macmahon-help")
    keys(app, "f1", "backspace", "m")
    for digit in ("2", "3", "5"):
        keys(app, "down", digit, "return")
    settle(app)
    shoot(app, out, "macmahon-free-clashes")
    keys(app, "m", "b")
    settle(app)
    keys(app, "right", "right")
    shoot(app, out, "macmahon-browser")
    app.pop()
    app.pop()
    learning_screens(app, out)
    app.quit()
    pygame.quit()


def sample_statistics(statistics: dict, rng: random.Random) -> None:
    """Seeded games at every level, so the statistics screen has charts to draw."""
    from datetime import datetime, timedelta

    from game.play import records
    start = datetime(2026, 11, 1, 9)
    for puzzle, key, scale, count, levels in (("genius", "default", 4.2, 60, ("easy", "medium", "hard", "very hard")),
                                              ("macmahon", "4x6x3", 6.0, 25, (None, "10"))):
        for i in range(count):
            records.record_game(statistics, puzzle, key, rng.lognormvariate(scale, 0.4), rng.random() < 0.85,
                                level=rng.choice(levels), assisted=rng.random() < 0.1, when=start + timedelta(hours=7 * i))


def learning_screens(app, out: Path) -> None:
    """How to play (mid-demonstration), the statistics with charts, the daily puzzles."""
    from datetime import date

    from game.scenes.daily import DailyScene
    for puzzle, seconds in (("genius", 2.0), ("macmahon", 2.7)):
        app.open(f"howto-{puzzle}")
        app.settings["animations"] = True
        tick(app, seconds, dt=0.1)
        app.settings["animations"] = False
        shoot(app, out, f"howto-{puzzle}")
        app.pop()
    sample_statistics(app.statistics, random.Random(4))
    app.open("stats")
    settle(app)
    shoot(app, out, "stats")
    app.pop()
    app.push(DailyScene(app, today=date(2026, 11, 23)))
    settle(app)
    shoot(app, out, "daily")
    app.pop()


def compare(a: Path, b: Path) -> int:
    """Compare the PNGs of two folders pixel by pixel; exit status 1 if any differ."""
    pygame.init()
    names = sorted(p.name for p in a.glob("*.png"))
    missing = sorted(set(names) ^ {p.name for p in b.glob("*.png")})
    bad = len(missing)
    for name in missing:
        print(f"{name}: in one folder only")
    for name in names:
        if not (b / name).exists():
            continue
        x, y = pygame.image.load(str(a / name)), pygame.image.load(str(b / name))
        if x.get_size() != y.get_size():
            print(f"{name}: sizes {x.get_size()} and {y.get_size()}")
            bad += 1
            continue
        px, py = pygame.image.tobytes(x, "RGB"), pygame.image.tobytes(y, "RGB")
        differ = sum(1 for i in range(0, len(px), 3) if px[i:i + 3] != py[i:i + 3]) if px != py else 0
        print(f"{name}: {differ} differing pixels of {x.get_width() * x.get_height()}")
        bad += differ > 0
    print(f"{len(names)} images, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "--compare":
        sys.exit(compare(Path(args[1]), Path(args[2])))
    if len(args) > 1 or (args and args[0].startswith("-")):      # --help, or a mistake: not a folder name
        print(__doc__.strip().splitlines()[0], __doc__.split("\n\n")[1], sep="\n\n")
        sys.exit(0 if args[:1] in (["-h"], ["--help"]) else 2)
    run(Path(args[0]) if args else Path(tempfile.gettempdir()) / "squarewise-shots")
