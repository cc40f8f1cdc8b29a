"""Play whole One way games in a real window under Xvfb, as a player would: with the mouse (the
mode picker, a drag from the tray, the wheel to turn, the right button to flip, a drop on the
board) and with the keyboard (a number key picks a piece, R and F turn and flip, the arrows move
it, Enter puts it down), taking screenshots on the way. The window is driven by xdotool; a copy
of the game under SDL's dummy driver, fed the same input, says where each piece is held and
where the pointer or the cursor must go (no guessing from pixels).

    Xvfb :31 -screen 0 1600x1000x24 &
    DISPLAY=:31 .venv/bin/python scripts/one_way_play.py --size 800x560 --out /tmp/shots [--menu X,Y] [--level N]

`--menu X,Y`: where the mode picker's "One way" entry shows once the picker is open (the
window's own pixels; printed by a first run with `--look`, which stops with the picker open).
Prints each step, and whether each game ended won, with its time as the window shows it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout


def shot(path: Path) -> None:
    subprocess.run(["import", "-window", "root", "-crop", f"{SIZE[0]}x{SIZE[1]}+{ORIGIN[0]}+{ORIGIN[1]}",
                    str(path)], check=True)
    print("shot", path)


def click(pos, button: int = 1) -> None:
    xdo("mousemove", str(ORIGIN[0] + pos[0]), str(ORIGIN[1] + pos[1]))
    time.sleep(0.15)
    xdo("click", str(button))
    time.sleep(0.25)


def key(*names: str) -> None:
    for name in names:
        xdo("key", name)
        time.sleep(0.12)


def clipboard() -> str:
    return subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True).stdout.strip()


def wait_for(condition, seconds: float = 30.0, what: str = "") -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


class Mirror:
    """The same game under the dummy driver: the layout and the hand the window has."""

    def __init__(self, size, folder: Path):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        from game.app import App
        from game.scenes.genius.scene import GeniusScene
        from game.storage import Storage
        self.app = App(size=size, storage=Storage(folder))
        self.app.settings.update(animations=False, howto_seen={"genius": True, "macmahon": True})
        from game.scenes.title import TitleScene
        self.app.push(TitleScene(self.app))          # (as `--genius` opens: the title under the board)
        self.scene = GeniusScene(self.app, new=True)
        self.app.push(self.scene)
        self.frame()

    def frame(self, *events) -> None:
        self.app.frame(1 / 60, list(events))

    def play(self, notation: str) -> None:
        kit = self.scene.kit
        kit.begin_id(kit.dealer.parse_id(notation), {})
        kit.session.take_effects()
        self.frame()

    @property
    def hand(self):
        return self.scene.session.hand


def by_mouse(mirror: Mirror, piece: str, cells) -> None:
    """Drag `piece` from the tray; the wheel turns it, the right button flips it; drop on `cells`."""
    import pygame
    from solver.genius.pieces import PIECES, orientation_of
    view = mirror.scene.view
    slot = view.layout()["slots"][PIECES.index(piece)].center
    xdo("mousemove", str(ORIGIN[0] + slot[0]), str(ORIGIN[1] + slot[1]))
    time.sleep(0.1)
    xdo("mousedown", "1")
    mirror.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=slot))
    off = (slot[0] + 25, slot[1])
    xdo("mousemove", str(ORIGIN[0] + off[0]), str(ORIGIN[1] + off[1]))
    mirror.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=off, rel=(25, 0), buttons=(1, 0, 0)))
    want = orientation_of(piece, cells)
    for i in range(8):
        if mirror.hand.held.orientation == want:
            break
        if i == 3:
            xdo("click", "3")
            mirror.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=off),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=off))
        else:
            xdo("click", "4")
            mirror.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                            precise_y=1.0))
        time.sleep(0.12)
    assert mirror.hand.held.orientation == want, (piece, mirror.hand.held)
    r0, c0 = min(c // 6 for c in cells), min(c % 6 for c in cells)
    gr, gc = mirror.hand.held.grab
    target = view.layout()["geo"].cell_rect((r0 + gr) * 6 + c0 + gc).center
    xdo("mousemove", str(ORIGIN[0] + target[0]), str(ORIGIN[1] + target[1]))
    mirror.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    time.sleep(0.15)
    xdo("mouseup", "1")
    mirror.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=target))
    time.sleep(0.3)
    assert mirror.scene.position.placed.get(piece) == frozenset(cells), (piece, mirror.scene.position)


def by_keys(mirror: Mirror, piece: str, cells) -> None:
    """The piece's number key, R and F to turn it, the arrows to move it, Enter to put it down."""
    import pygame
    from solver.genius.pieces import PIECES, orientation_of

    def press(name: str, k: int) -> None:
        key(name)
        mirror.frame(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    n = PIECES.index(piece) + 1
    press(str(n), getattr(pygame, f"K_{n}"))
    want = orientation_of(piece, cells)
    for i in range(8):
        if mirror.hand.held.orientation == want:
            break
        press("f", pygame.K_f) if i == 3 else press("r", pygame.K_r)
    r0, c0 = min(c // 6 for c in cells), min(c % 6 for c in cells)
    gr, gc = mirror.hand.held.grab
    row, col = r0 + gr, c0 + gc
    for _ in range(12):
        cr, cc = mirror.hand.cursor
        if (cr, cc) == (row, col):
            break
        if cr != row:
            press("Down", pygame.K_DOWN) if cr < row else press("Up", pygame.K_UP)
        else:
            press("Right", pygame.K_RIGHT) if cc < col else press("Left", pygame.K_LEFT)
    press("Return", pygame.K_RETURN)
    time.sleep(0.3)
    assert mirror.scene.position.placed.get(piece) == frozenset(cells), (piece, mirror.scene.position)


def play_out(mirror: Mirror, way, out: Path, name: str) -> None:
    """Copy the game ID (Ctrl+C), solve it, and place every piece not given, `way` by `way`."""
    from solver.genius import search
    from solver.genius.position import Position
    key("ctrl+c")
    notation = clipboard()
    start = Position.parse(notation)
    print(f"{name}: {notation} ({len(start.givens)} given)")
    assert start.givens, "not a One way puzzle"
    mirror.play(notation)
    if way is by_mouse:                             # a click on a pinned piece: it stays put, and says so
        centre = mirror.scene.view.layout()["geo"].cell_rect(min(start.placed[sorted(start.givens)[0]])).center
        click(centre)
        shot(out / f"{name}-pinned.png")
    done = search.solve(start)
    todo = [p for p in done.placed if p not in start.placed]
    for n, piece in enumerate(todo):
        way(mirror, piece, done.placed[piece])
        if n == len(todo) // 2 - 1:
            shot(out / f"{name}-midway.png")
    time.sleep(2.5)
    shot(out / f"{name}-won.png")


def button_at(mirror: Mirror, words: str):
    """The centre of the button saying `words` on the mirror's screen."""
    import pygame_gui
    for element in mirror.app.ui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == words and element.visible:
            return element.rect.center
    raise SystemExit(f"no button '{words}'")


def statistics(mirror: Mirror, out: Path) -> None:
    """Back to the title (Escape), Statistics, the One way row: its table of levels."""
    import pygame
    key("Escape")
    mirror.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    time.sleep(1.0)
    click(button_at(mirror, "Statistics"))
    mirror.app.open("stats")                        # (pygame-gui's buttons take no posted click: the mirror opens it)
    mirror.frame()
    time.sleep(1.0)
    click(mirror.app.top.levels["one way"].rect.center)
    time.sleep(1.0)
    shot(out / "one-way-statistics.png")


def main() -> None:
    global SIZE, ORIGIN
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="800x560")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--menu", help="X,Y of the mode picker's One way entry, once open")
    parser.add_argument("--look", action="store_true", help="open the mode picker, take a shot and stop")
    parser.add_argument("--level", type=int, default=1, help="the One way level chosen (the Level picker's setting)")
    args = parser.parse_args()
    SIZE = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="squarewise-oneway-"))
    (data / "settings.json").write_text(json.dumps({"version": 1, "data": {
        "howto_seen": {"genius": True, "macmahon": True}, "muted": True, "oneway_level": str(args.level)}}))
    env = dict(os.environ, SQUAREWISE_DATA_DIR=str(data), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, "-m", "game", "--size", args.size, "--genius"], cwd=ROOT, env=env)
    try:
        window = xdo("search", "--sync", "--classname", "__main__").split()[0]     # (no window manager here)
        wait_for(lambda: "Geometry: " + args.size in xdo("getwindowgeometry", window), 20, "the window's size")
        geometry = xdo("getwindowgeometry", window)
        x, y = geometry.split("Position: ")[1].split()[0].split(",")
        ORIGIN = (int(x), int(y))
        xdo("windowfocus", window)                  # (the keys go to the focused window)
        time.sleep(4)                               # the first roll's dice roll in
        mirror = Mirror(SIZE, Path(tempfile.mkdtemp(prefix="squarewise-mirror-")))
        menu = mirror.scene.chrome.menus["mode"].menu.rect
        print("mode picker at", menu.center)
        click(menu.center)
        time.sleep(0.5)
        shot(args.out / "picker-open.png")
        if args.look:
            return
        click(tuple(int(v) for v in args.menu.split(",")))
        time.sleep(4)                               # dealt, the dice roll in
        shot(args.out / "one-way-fresh.png")
        play_out(mirror, by_mouse, args.out, "one-way-mouse")
        key("equal")                                # Same level (the win's offer), by its key
        time.sleep(4)
        play_out(mirror, by_keys, args.out, "one-way-keys")
        statistics(mirror, args.out)
        print("done")
    finally:
        game.terminate()
        game.wait(10)


SIZE = (800, 560)
ORIGIN = (0, 0)

if __name__ == "__main__":
    main()
