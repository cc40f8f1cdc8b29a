"""Screenshots of the screens that grow with the window, at 800x560, 1100x760 and 1400x900: the
MacMahon board (free play, a level-10 board, a won level board with its offers), How to play
MacMahon, the title with each entry's line under its buttons, the solution browser, The Genius
Square, the race against the computer and a race online against three opponents of long names
(on a scripted connection: no network) with the race over. Run under Xvfb, a real window:

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python scripts/size_shots.py OUT_DIR

Each picture's collisions by the layout test's checker (tests/game/layout_check.py) are printed;
`--docs` also writes docs/screenshots/macmahon-level10.png (the level-10 board at 1100x760).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))                   # (the layout test's checker and scripted race)
SIZES = ((800, 560), (1100, 760), (1400, 900))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", action="store_true", help="also write docs/screenshots/macmahon-level10.png")
    args = parser.parse_args()
    os.environ.setdefault("SQUAREWISE_DATA_DIR", tempfile.mkdtemp(prefix="squarewise-sizes-"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from game.app import App
    from game.scenes.macmahon.scene import MacMahonScene
    from game.scenes.title import TitleScene
    from game.storage import Storage
    from tests.game import layout_check as check

    args.out.mkdir(parents=True, exist_ok=True)
    app = App(size=SIZES[0], storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings.update(animations=False, howto_seen={"genius": True, "macmahon": True})
    app.push(TitleScene(app))

    def shoot(name: str, sizes=SIZES) -> None:
        for size in sizes:
            check.resize(app, size)
            check.frame(app)
            path = args.out / f"{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(app.surface, str(path))
            for line in check.problems(app):
                print(f"{path.name}: {line}")

    with check.recording(app):
        app.top.selected = 8                     # Standings: the longest line under the buttons
        shoot("title-standings")
        app.top.selected = 0
        scene = MacMahonScene(app, new=True, rng=random.Random(7))
        app.push(scene)
        shoot("macmahon-free-play")
        scene.do("level=10")
        check.settle(app, lambda: scene.match.meta.get("level") == "10")
        shoot("macmahon-level10")
        scene.do("level=6")
        check.settle(app, lambda: scene.match.meta.get("level") == "6")
        scene.do("solve")
        check.settle(app, lambda: scene.match.finished and not scene.session.solve_queue)
        shoot("macmahon-won-offers")
        app.pop()
        for key in ("howto-macmahon", "macmahon-browser", "genius", "genius-versus"):
            app.open(key)
            check.settle(app, lambda: app.worker.busy == [])
            shoot(key)
            app.pop()
        for size in SIZES:
            check.resize(app, size)
            race, client, full = check.scripted_race(app)
            check.end_race(app, race, client, full)
            check.frame(app)
            app.top.back()                        # from the results back to the board
            check.frame(app)
            shoot("race-online-over", [size])
            app.toasts.items.clear()
            app.pop()
    app.worker.cancel_all()
    if args.docs:
        shutil.copy(args.out / "macmahon-level10-1100x760.png", ROOT / "docs" / "screenshots" / "macmahon-level10.png")


if __name__ == "__main__":
    main()
