"""How much of the game one Genius drop runs through, counted in calls.

    python benchmarks/trace_play.py [--held]

Headless (SDL's dummy driver): a Genius board; the monomino is pressed in the tray, moved over
an empty cell and released there, each event handed to `App.dispatch` (a frame runs between
them, untraced, as in the real loop). A profiler (sys.setprofile) sees every Python call into
the project's own files (game/, solver/). For the drop itself, the mouse-up that puts the
piece down (what the figures of earlier restructurings measured), it prints

    drop: N calls, F files, R scene-file re-entries

- N: the calls into the project's files;
- F: the distinct project files those calls are in;
- R: the calls that enter a file under game/scenes/ which the path had already left (a screen
  and its parts handing the drop back and forth); calls within one file do not count,
and the same three figures for the whole gesture (press, move, release), with E: every call
into a scene file from a frame in another file.

With --held it also prints what one frame with the piece held costs (update, draw and the
overlay): calls, how often it asks where the piece would land (`target` / `aim`), checks a
move (`Position.check`) and lays the screen out (`layout`). The script drives the screen only
through events and its layout, so the same file measures an older checkout too
(SQUAREWISE_ROOT=that checkout).
"""
from __future__ import annotations

import argparse
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
from game.screens import entry  # noqa: E402
from game.storage import Storage  # noqa: E402

BOARD = "A1A2A4A6B4D5E1"
OURS = (str(ROOT / "game"), str(ROOT / "solver"))
SCENES = str(ROOT / "game" / "scenes") + os.sep


class Trace:
    """Every call into the project's files while it is on: (file, function), in order, and the
    calls into a scene file from a frame in another file."""

    def __init__(self):
        self.calls: list[tuple[str, str]] = []
        self.scene_entries = 0
        self.reentries = 0
        self._left: set[str] = set()           # scene files the path has been in and left
        self._last: str | None = None

    def __enter__(self):
        sys.setprofile(self._seen)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)

    def _seen(self, frame, event, arg):
        if event != "call":
            return
        path = frame.f_code.co_filename
        if not path.startswith(OURS):
            return
        self.calls.append((os.path.relpath(path, ROOT), frame.f_code.co_name))
        caller = frame.f_back.f_code.co_filename if frame.f_back is not None else None
        self.scene_entries += path.startswith(SCENES) and caller != path
        if path != self._last:
            self.reentries += path.startswith(SCENES) and path in self._left
            if self._last is not None:
                self._left.add(self._last)
            self._last = path

    def files(self) -> int:
        return len({f for f, _ in self.calls})

    def named(self, *names: str) -> int:
        return sum(n for (f, name), n in Counter(self.calls).items() if name in names)

    def checks(self) -> int:
        return sum(n for (f, name), n in Counter(self.calls).items()
                   if name == "check" and f.endswith(os.path.join("genius", "position.py")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held", action="store_true", help="also count one frame with the piece held")
    args = parser.parse_args()
    app = App(size=(1100, 760), storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings["animations"] = False
    app.settings["howto_seen"] = {"genius": True, "macmahon": True}
    scene = entry("genius").scene(app, game_id=BOARD)
    app.push(scene)
    app.frame(1 / 60, [])
    lay = scene.view.layout() if hasattr(scene, "view") else scene.layout()
    slot = lay["slots"][0]                                # the monomino "1"
    cell = lay["geo"].cell_rect(5 * 6 + 5).center         # F6, empty on this board
    gesture = Trace()
    drop = Trace()
    held = Trace()
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=slot.center),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=cell, rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cell)):
        with gesture:
            if event.type == pygame.MOUSEBUTTONUP:
                with drop:
                    app.dispatch(event)
                sys.setprofile(gesture._seen)
            else:
                app.dispatch(event)
        if event.type == pygame.MOUSEMOTION and args.held:
            app.frame(1 / 60, [])
            with held:
                app.frame(1 / 60, [])
        else:
            app.frame(1 / 60, [])
    assert "1" in scene.match.position.placed, "the drop did not place the piece"
    gesture.calls += drop.calls
    print(f"drop: {len(drop.calls)} calls, {drop.files()} files, {drop.reentries} scene-file re-entries")
    print(f"press, move and drop: {len(gesture.calls)} calls, {gesture.files()} files, {gesture.reentries} "
          f"scene-file re-entries, {gesture.scene_entries + drop.scene_entries} calls into a scene file from another")
    if args.held:
        print(f"one frame with a piece held: {len(held.calls)} calls; where it lands asked "
              f"{held.named('target', 'aim')}x, Position.check {held.checks()}x, layout {held.named('layout')}x")
    app.worker.cancel_all()


if __name__ == "__main__":
    main()
