"""Two real game windows race through a real server from an invite link, with screenshots.

    Xvfb :N -screen 0 2840x940x24 &  DISPLAY=:N python scripts/invite_windows.py OUT_DIR [--size WxH] [--kill]

Starts `squarewise serve` on 127.0.0.1 (a free port, a temporary --db and data folder) and two
game processes, each the real program (`game.__main__.main`: its options, its loop) with its
own data folder, side by side on the display. xdotool does what a player does in the lobby:
Ann clicks Race online, types the server's address, Joins (a new room), clicks Copy invite;
then Bob's game is started with that invite as its only argument (as a desktop opens a
clicked squarewise:// link) and opens straight into the room; both click Ready. The pieces
are played with keys posted to each window's queue (the keys a keyboard player presses). Ann
fills her board first, Bob his; after Bob's last piece nothing is pressed: the results must
show by themselves. With --kill the server is killed (SIGKILL) mid-race instead, and each
window is watched until it says so; Ann then fills her board alone. Screenshots are the X
server's own pixels (ImageMagick `import`), OUT_DIR/SIZE-NAME-STEP.png. Every wait is bounded.
"""
from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from race_windows import ROOT, free_port       # (scripts/ is the script's own folder)

WAIT = 60.0          # seconds any one step may take


def main(out: Path, size: str, kill: bool) -> int:
    out.mkdir(parents=True, exist_ok=True)
    port, work = free_port(), Path(tempfile.mkdtemp(prefix="squarewise-invite-"))
    env = {**os.environ, "SQUAREWISE_DATA_DIR": str(work / "server")}
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--db", str(work / "standings.sqlite3")], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    width = int(size.split("x")[0])
    players, others = [], listed_rooms(port)
    try:
        ann = start("Ann", 0, work, out, size, [f"127.0.0.1:{port}", str(kill)])
        players.append(ann)
        invite = wait_for_file(work / "invite", ann)
        bob = start("Bob", width + 20, work, out, size, [invite, str(kill)])
        players.append(bob)
        if kill:
            wait_for_file(work / "kill-now", ann)
            server.send_signal(signal.SIGKILL)                       # as a crash or `kill -9` does
            (work / "killed").write_text(str(time.monotonic()))
        codes = [p.wait(timeout=8 * WAIT) for p in players]
    finally:
        for client in others:
            client.close()
        for p in players:
            if p.poll() is None:
                p.kill()
        if server.poll() is None:
            server.terminate()
            server.wait(10)
    print(f"invite_windows {size}{' --kill' if kill else ''}: players exited {codes}; shots in {out}")
    return 0 if codes == [0, 0] else 1


def listed_rooms(port: int) -> list:
    """Two other players' rooms on the server, listed (what Ann's lobby shows as open rooms)."""
    sys.path.insert(0, str(ROOT))
    from game.net.client import ThreadedClient
    clients = []
    deadline = time.monotonic() + WAIT
    for name, level in (("Cat", 9), ("Dan", "easy")):
        client = ThreadedClient(f"ws://127.0.0.1:{port}/")
        while True:
            kinds = [m["type"] for m in client.poll()]
            if "connected" in kinds:
                break
            if time.monotonic() > deadline:
                raise SystemExit("the server never answered")
            if "lost" in kinds:                                      # (serve may still be starting)
                client = ThreadedClient(f"ws://127.0.0.1:{port}/")
            time.sleep(0.05)
        client.send("create", name=name, dice="alternative" if name == "Cat" else "default", level=level)
        client.send("listing", listed=True)
        clients.append(client)
    return clients


def start(name: str, x: int, work: Path, out: Path, size: str, extra: list[str]) -> subprocess.Popen:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy",
           "SQUAREWISE_DATA_DIR": str(work / name.lower())}
    return subprocess.Popen([sys.executable, __file__, "--player", name, str(x), str(work), str(out), size, *extra],
                            cwd=ROOT, env=env)


def wait_for_file(path: Path, process: subprocess.Popen) -> str:
    deadline = time.monotonic() + 4 * WAIT
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and path.read_text():
            return path.read_text()
        time.sleep(0.05)
    raise SystemExit(f"no {path.name}")


# ---------------------------------------------------------------------- one player's window
class Driver:
    """Plays one window from a thread beside the program's own loop: reads its scenes, posts
    keys to its queue, moves the X pointer with xdotool, saves the X server's pixels."""

    def __init__(self, name: str, x: int, work: Path, out: Path, size: str):
        self.name, self.x, self.work, self.out, self.size = name, x, work, out, size
        self.app = None
        self.failed: str | None = None

    def until(self, done, what: str, seconds: float = WAIT):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                found = self.app is not None and done()
            except (AttributeError, TypeError, KeyError, OSError):
                found = False                    # the state is being changed by the loop meanwhile
            if found:
                return found
            time.sleep(0.02)
        raise SystemExit(f"{self.name}: no {what} in {seconds:.0f} s")

    def settled(self, quiet: float = 0.4) -> None:
        """Until the loop has drawn nothing for `quiet` seconds: the window shows what it will
        show without more input (nothing is forced: a frame left stale would show as stale)."""
        deadline = time.monotonic() + 10
        frames, since = self.app.frames, time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - since < quiet:
            if self.app.frames != frames:
                frames, since = self.app.frames, time.monotonic()
            time.sleep(0.02)

    def shot(self, step: str) -> None:
        w, h = self.app.size
        path = self.out / f"{self.size}-{self.name.lower()}-{step}.png"
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{self.x}+0", str(path)], check=True,
                       timeout=30)

    def xdo(self, *commands: list[str]) -> None:
        """xdotool commands run one after another, the pointer (and with it the keyboard: no
        window manager, the focus follows the pointer) shared with the other driver: a lock."""
        with open(self.work / "pointer.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            for command in commands:
                subprocess.run(["xdotool", *command], check=True, timeout=30)

    def click(self, widget) -> None:
        x, y = widget.rect.center
        self.xdo(["mousemove", "--sync", str(self.x + x), str(y), "click", "1"])

    def type(self, widget, words: str, *keys: str) -> None:
        """Click `widget`, type `words`, then press `keys` (xdotool's names: BackSpace, Return)."""
        x, y = widget.rect.center
        self.xdo(["mousemove", "--sync", str(self.x + x), str(y), "click", "1"],
                 *([["type", "--delay", "30", words]] if words else []),
                 *([["key", "--delay", "30", *keys]] if keys else []))

    def press(self, key: int, char: str = "") -> None:
        import pygame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))

    def put(self, race, piece: str, cells) -> None:
        """Take `piece` with its number key, turn it (R, F) the way it lies in `cells`, bring it
        there with the arrows and press Enter; each key waited for."""
        import pygame
        from solver.genius.pieces import PIECES, orientation_of
        hand, n = race.session.hand, PIECES.index(piece)
        self.press(pygame.K_1 + n, str(n + 1))
        self.until(lambda: hand.held is not None and hand.held.piece == piece, "piece in hand")
        want = orientation_of(piece, cells)
        for turn in range(9):
            if hand.held.orientation == want:
                break
            before = hand.held.orientation
            self.press(pygame.K_f, "f") if turn == 4 else self.press(pygame.K_r, "r")
            self.until(lambda: hand.held.orientation != before, "a turn")
        top, left = min(c // 6 for c in cells), min(c % 6 for c in cells)
        target = (top + hand.held.grab[0], left + hand.held.grab[1])
        while hand.cursor != target:
            before = hand.cursor
            dr, dc = target[0] - hand.cursor[0], target[1] - hand.cursor[1]
            self.press(pygame.K_DOWN if dr > 0 else pygame.K_UP if dr < 0 else pygame.K_RIGHT if dc > 0 else pygame.K_LEFT)
            self.until(lambda: hand.cursor != before, "the cursor")
        placed = len(race.position.placed)
        self.press(pygame.K_RETURN)
        self.until(lambda: len(race.position.placed) > placed or race.position.placed.get(piece) == frozenset(cells),
                   "the piece down")


def player(name: str, x: int, work: Path, out: Path, size: str, arg: str, kill: bool) -> int:
    sys.path.insert(0, str(ROOT))
    import game.app
    from game.__main__ import main as squarewise

    driver = Driver(name, x, work, out, size)
    made = game.app.App.__init__

    def init(app, *args, **kwargs):
        made(app, *args, **kwargs)
        app.window.position = (x, 0)                 # side by side (pygame.Window ignores SDL_VIDEO_WINDOW_POS)
        app.settings["howto_seen"] = {"genius": True, "macmahon": True}
        if name == "Bob":
            app.settings["race_name"] = "Bob"        # a player who raced before: the name is kept
        else:                                        # Ann raced on this server before: its rooms are listed
            app.settings["race_servers"] = [f"ws://{arg.partition(':')[0]}:{arg.partition(':')[2]}/"]
        driver.app = app
    game.app.App.__init__ = init

    def drive():
        try:
            (ann if name == "Ann" else bob)(driver, arg, kill)
        except BaseException as exc:              # said, and the window closed: the script fails
            driver.failed = f"{type(exc).__name__}: {exc}"
        finally:
            import pygame
            pygame.event.post(pygame.event.Event(pygame.QUIT))
    threading.Thread(target=drive, daemon=True).start()
    argv = ["--size", size] if name == "Ann" else [arg, "--size", size]   # Bob: the link alone, as a desktop
    code = squarewise(argv)
    if driver.failed:
        print(f"{name}: {driver.failed}", file=sys.stderr)
        return 1
    return code


def ann(d: Driver, address: str, kill: bool) -> None:
    from game.scenes.title import TitleScene
    d.until(lambda: isinstance(d.app.top, TitleScene) and d.app.frames > 2, "title")
    race_online = next(b for b, _ in d.app.top.choices if b.text == "Race online")
    d.click(race_online)
    lobby = d.until(lambda: d.app.top if type(d.app.top).__name__ == "RaceOnlineScene" else None, "lobby")
    d.until(lambda: len(lobby.rooms.buttons) == 2, "the listed rooms")
    d.settled()
    d.shot("1-lobby")
    d.type(lobby.name_entry, "", *["End"] + ["BackSpace"] * 10)
    d.type(lobby.name_entry, "Ann")
    d.type(lobby.target_entry, address, "Return")                     # Enter in the field joins
    try:
        d.until(lambda: lobby.link is not None and lobby.link.invite, "room")
    finally:
        d.shot("2-joining")
    d.click(lobby.copy_button)
    d.until(lambda: "Invite copied" in (d.app.toasts.latest or ""), "copied")
    d.settled()
    d.shot("2-invite")
    (d.work / "invite").write_text(lobby.link.invite)
    race(d, lobby, first=True, kill=kill)


def bob(d: Driver, invite: str, kill: bool) -> None:
    lobby = d.until(lambda: d.app.top if type(d.app.top).__name__ == "RaceOnlineScene" else None, "lobby")
    d.until(lambda: lobby.link is not None and len(lobby.link.players()) == 2, "the room, joined")
    d.settled()
    d.shot("1-joined")
    race(d, lobby, first=False, kill=kill)


def race(d: Driver, lobby, first: bool, kill: bool) -> None:
    from solver.genius.pieces import PIECES
    from solver.genius.search import solve
    d.until(lambda: len(lobby.link.players()) == 2, "two players")
    d.click(lobby.ready_button)
    d.until(lambda: lobby.link.countdown is not None or lobby.link.fresh or lobby.link.race, "countdown")
    d.settled()
    d.shot("3-countdown")
    scene = d.until(lambda: d.app.top if type(d.app.top).__name__ == "OnlineRaceScene" else None, "race", 90)
    d.until(lambda: scene.kit.roll is None, "the dice landed")
    done = solve(scene.match.start)
    order = [p for p in PIECES if p in done.placed]
    if kill:
        return killed(d, scene, done, order, first)
    if first:
        for piece in order:
            d.put(scene, piece, done.placed[piece])
            if piece == order[4]:
                d.settled()
                d.shot("4-racing")
        d.until(lambda: scene.link.seat in scene.link.finished, "a place")
        d.settled()
        d.shot("5-first")
    else:
        for piece in order[:5]:
            d.put(scene, piece, done.placed[piece])
        d.until(lambda: scene.link.finished, "the winner")
        d.settled()
        d.shot("4-beaten")
        for piece in order[5:]:
            d.put(scene, piece, done.placed[piece])              # the last piece: no input after it
    d.until(lambda: type(d.app.top).__name__ == "ResultsScene", "the results, with no input", 30)
    d.settled()
    d.shot("6-results")
    record = d.app.statistics["genius"]["games"][-1]
    print(f"{d.name}: {d.size} record {json.dumps({k: record.get(k) for k in ('won', 'place', 'seconds')})}")


def killed(d: Driver, scene, done, order: list, first: bool) -> None:
    """Three pieces each, the server killed, the window watched until it says so."""
    for piece in order[:3]:
        d.put(scene, piece, done.placed[piece])
    d.until(lambda: scene.link.accepted == scene.link.seq, "the server's answers")
    if first:
        d.until(lambda: all(p["placed"] == 3 for p in scene.link.progress.values()), "Bob's pieces")
        (d.work / "kill-now").write_text("1")
    killed_at = float(d.until(lambda: (d.work / "killed").read_text(), "the kill"))
    d.until(lambda: scene.link.lost is not None, "the server said gone", 30)
    print(f"{d.name}: {d.size} said {time.monotonic() - killed_at:.1f} s after the kill: {scene.session.status!r}")
    d.settled()
    d.shot("4-server-gone")
    if first:
        for piece in order[3:]:
            d.put(scene, piece, done.placed[piece])
        d.until(lambda: scene.match.ended, "the board's end")
        d.settled()
        d.shot("5-alone")
    games = d.app.statistics.get("genius", {}).get("games", [])
    print(f"{d.name}: {d.size} games recorded: {len(games)}; kind {scene.match.meta['kind']}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--player"]:
        who, x, work, out, size, arg, kill = sys.argv[2:9]
        sys.exit(player(who, int(x), Path(work), Path(out), size, arg, kill == "True"))
    args = sys.argv[1:]
    shots = Path(args[0] if args and not args[0].startswith("--") else "invite-shots")
    chosen = args[args.index("--size") + 1] if "--size" in args else "1100x760"
    sys.exit(main(shots, chosen, "--kill" in args))
