"""How much work one Genius drop and one frame with a piece held take, counted in calls.

    python benchmarks/trace_play.py

Headless (SDL's dummy driver): a Genius board, the monomino picked up from the tray and held
over an empty cell. Under a profiler that sees every Python call into the project's own files
(game/, solver/) it counts
- the drop: the mouse-up event handled by the screen (calls, files, and re-entries: a call
  into a file the path had already left);
- one frame with the piece held (update, draw and the overlay): calls, and how often it asks
  where the piece would land (`target` / `aim`), checks a move (`Position.check`) and lays the
  screen out (`layout`).
The script drives the screen only through events and `layout()`, so the same file measures an
older checkout too (the before and after figures of a restructuring).
"""
from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SQUAREWISE_DATA_DIR"] = tempfile.mkdtemp(prefix="squarewise-trace-")
ROOT = Path(os.environ.get("SQUAREWISE_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.scenes.registry import entry  # noqa: E402
from game.storage import Storage  # noqa: E402

BOARD = "A1A2A4A6B4D5E1"
OURS = (str(ROOT / "game"), str(ROOT / "solver"))


class Trace:
    """Every call into the project's files while it is on: (file, function) in order."""

    def __init__(self):
        self.calls: list[tuple[str, str]] = []

    def __enter__(self):
        sys.setprofile(self._seen)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)

    def _seen(self, frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(OURS):
            self.calls.append((os.path.relpath(frame.f_code.co_filename, ROOT), frame.f_code.co_name))

    def files(self) -> int:
        return len({f for f, _ in self.calls})

    def reentries(self) -> int:
        """Calls that enter a file the path had already left."""
        seen, last, count = set(), None, 0
        for f, _ in self.calls:
            if f != last:
                count += f in seen
                seen.add(f)
                last = f
        return count

    def named(self, *names: str) -> int:
        return sum(n for (f, name), n in Counter(self.calls).items() if name in names)

    def checks(self) -> int:
        return sum(n for (f, name), n in Counter(self.calls).items()
                   if name == "check" and f.endswith(os.path.join("genius", "position.py")))


def main() -> None:
    app = App(size=(1100, 760), storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings["animations"] = False
    app.settings["howto_seen"] = {"genius": True, "macmahon": True}
    scene = entry("genius").scene(app, game_id=BOARD)
    app.push(scene)
    app.frame(1 / 60)
    lay = scene.layout()
    slot = lay["slots"][0]                                # the monomino "1"
    cell = lay["geo"].cell_rect(5 * 6 + 5).center         # F6, empty on this board
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=slot.center)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell, rel=(0, 0), buttons=(1, 0, 0))])
    app.frame(1 / 60)
    with Trace() as held:
        app.frame(1 / 60)
    with Trace() as dropped:
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cell))
    assert "1" in scene.match.position.placed, "the drop did not place the piece"
    print(f"one Genius drop (mouse up): {len(dropped.calls)} calls through {dropped.files()} files, "
          f"{dropped.reentries()} re-entries")
    print(f"one frame with a piece held: {len(held.calls)} calls; where it lands asked "
          f"{held.named('target', 'aim')}x, Position.check {held.checks()}x, layout {held.named('layout')}x")
    app.worker.cancel_all()


if __name__ == "__main__":
    main()
