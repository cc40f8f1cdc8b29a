"""Two real game windows race through a real server, with a screenshot of each step.

    xvfb-run -a -s "-screen 0 2240x800x24" python scripts/race_windows.py OUT_DIR

Starts `squarewise serve` on 127.0.0.1 (a free port) and two game processes, Ann and Bob,
side by side on the display. Each plays through its window's real event queue (keys and
clicks posted to pygame, the real loop's `step`): Ann opens a room, Bob joins it, both are
ready; Ann puts a piece down, moves it, turns a placed piece where it lies with a click, has a
move refused by the server (the script numbers it out of order, as a lost message would) and
fills the board first; Bob fills his second; both see the results and ask for a rematch. Each
step is saved as OUT_DIR/NAME-STEP.png. Every wait is bounded.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WAIT = 30.0          # seconds any one step may take


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.DEVNULL)
    code_file = Path(tempfile.mkdtemp(prefix="squarewise-race-")) / "code"
    players = []
    try:
        for name, x in (("Ann", 0), ("Bob", 1120)):
            env = {**os.environ, "SDL_VIDEO_WINDOW_POS": f"{x},0",
                   "SQUAREWISE_DATA_DIR": tempfile.mkdtemp(prefix=f"squarewise-{name}-")}
            players.append(subprocess.Popen([sys.executable, __file__, "--player", name, str(port), str(out),
                                             str(code_file)], cwd=ROOT, env=env))
        codes = [p.wait(timeout=6 * WAIT) for p in players]
    finally:
        for p in players:
            if p.poll() is None:
                p.kill()
        server.terminate()
        server.wait(10)
    print(f"race_windows: players exited {codes}; shots in {out}")
    return 0 if codes == [0, 0] else 1


# ---------------------------------------------------------------------- one player's window
def player(name: str, port: int, out: Path, code_file: Path) -> int:
    sys.path.insert(0, str(ROOT))
    import pygame
    import pygame_gui
    from game.app import App
    from game.scenes.online.race import OnlineRaceScene
    from game.scenes.online.results import ResultsScene
    from game.scenes.title import TitleScene
    from game.storage import Storage
    from solver.genius.pieces import PIECES, orientation_of
    from solver.genius.search import solve

    app = App(size=(1100, 760), storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings["howto_seen"] = {"genius": True, "macmahon": True}

    def until(done, what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit(f"{name}: no {what} in {WAIT:.0f} s")
            app.step()

    def shot(step: str) -> None:
        for _ in range(3):
            app.frame()
        pygame.image.save(app.surface, str(out / f"{name.lower()}-{step}.png"))

    def press(key: int, char: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
        app.step()

    def click(pos) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
            app.step()

    def button(widget) -> None:
        click(widget.rect.center)
        app.step()

    def put(race, piece: str, cells) -> None:
        """Take `piece` with its number key, turn it with R (and F) to the way it lies in
        `cells`, bring it there with the arrows and press Enter: the keys a player presses."""
        hand = race.session.hand
        press(pygame.K_1 + PIECES.index(piece), str(PIECES.index(piece) + 1))
        want = orientation_of(piece, cells)
        for turn in range(9):
            if hand.held.orientation == want:
                break
            press(pygame.K_f, "f") if turn == 4 else press(pygame.K_r, "r")
        top, left = min(c // 6 for c in cells), min(c % 6 for c in cells)
        target = (top + hand.held.grab[0], left + hand.held.grab[1])
        while hand.cursor != target:
            dr, dc = target[0] - hand.cursor[0], target[1] - hand.cursor[1]
            press(pygame.K_DOWN if dr > 0 else pygame.K_UP if dr < 0 else pygame.K_RIGHT if dc > 0 else pygame.K_LEFT)
        press(pygame.K_RETURN)

    app.push(TitleScene(app))
    app.open("online", bind="127.0.0.1", lan=False)
    lobby = app.top
    lobby.name_entry.set_text(name)
    if name == "Ann":
        lobby.target_entry.set_text(f"127.0.0.1:{port}")
        button(lobby.join_button)
        until(lambda: lobby.link is not None and lobby.link.code is not None, "room")
        code_file.write_text(lobby.link.code)
    else:
        until(lambda: code_file.exists() and code_file.read_text(), "room code")
        lobby.target_entry.set_text(f"127.0.0.1:{port}/{code_file.read_text()}")
        button(lobby.join_button)
    until(lambda: len(lobby.link.players()) == 2, "second player")
    shot("1-lobby")
    button(lobby.ready_button)
    until(lambda: isinstance(app.top, OnlineRaceScene), "race")
    race = app.top
    done = solve(race.match.start)
    order = [p for p in PIECES if p != "1"] + ["1"]
    if name == "Ann":
        free = [c for c in range(36) if race.position.occupant(c) is None and c not in done.placed["1"]]
        put(race, "1", (free[0],))
        until(lambda: race.link.accepted == race.link.seq, "answer")
        put(race, "1", done.placed["1"])                                   # the placed piece moved
        until(lambda: race.link.accepted == race.link.seq, "answer")
        shot("2-moved")
        for piece in order[:-2]:                       # the first placed piece that turns where it lies
            put(race, piece, done.placed[piece])
            until(lambda: race.link.accepted == race.link.seq, "answer")
            before = race.position
            click(race.view.layout()["geo"].cell_rect(min(done.placed[piece])).center)   # a click turns it
            until(lambda: race.link.accepted == race.link.seq, "answer")
            if race.position != before:
                shot("3-turned")
                put(race, piece, done.placed[piece])   # and back the way it lies in the solution
                until(lambda: race.link.accepted == race.link.seq, "answer")
                break
        order = [p for p in order if p not in race.position.placed]
        race.link.seq += 3                                                 # the next move goes out of order
        refusals = race.link.refusals
        put(race, order[0], done.placed[order[0]])
        until(lambda: race.link.refusals > refusals, "refusal")
        app.step()
        shot("4-refused")
        for piece in order:
            put(race, piece, done.placed[piece])
        until(lambda: race.link.seat in race.link.finished, "place")
        shot("5-winner")
    else:
        until(lambda: len(race.link.finished) >= 1, "the winner")
        for piece in ["1"] + order[:-1]:
            put(race, piece, done.placed[piece])
        until(lambda: race.link.seat in race.link.finished and race.match.ended, "place")
        shot("5-later-finisher")
    until(lambda: isinstance(app.top, ResultsScene), "results")
    shot("6-results")
    button(app.top.buttons["rematch"])
    until(lambda: app.top is lobby and lobby.link.room["phase"] == "lobby", "lobby")
    shot("7-rematch")
    app.quit()
    print(f"{name}: {len(os.listdir(out))} shots; record {app.statistics['genius']['games'][-1]}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--player"]:
        sys.exit(player(sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]), Path(sys.argv[5])))
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "race-shots")))
