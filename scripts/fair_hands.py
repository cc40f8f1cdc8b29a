"""The floor's keyboard figure against the game's real input: the real game under Xvfb, a Genius
roll solved by keystrokes sent with xdotool at the fastest typist's pace (game/net/fair.py
KEY_MS apart: a number picks a piece, R/Q/F turn it, arrows move the cursor, Enter puts it
down), then the time the game recorded for the win beside the floor game/net/fair.py gives
those moves. Run with a display of your own (Xvfb :23 here) and xdotool:

    Xvfb :23 -screen 0 1600x1000x24 &  DISPLAY=:23 .venv/bin/python scripts/fair_hands.py [--delay MS]
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROLL = "A1A2A4A6B4D5E1"


def keystrokes(start, moves: list[str]) -> list[str]:
    """The keys that play `moves` (placements from the tray) with the keyboard alone, as the game's
    hand takes them: the piece's number, the fewest turns, the arrows to its square, Enter."""
    from game.puzzles.genius.hand import Hand, corner
    from solver.genius.pieces import PIECES, orientation_of
    from solver.genius.position import Move
    hand, position, keys = Hand(), start, []
    for text in moves:
        move = Move.parse(text)
        hand.take(position, move.piece, sticky=False)
        keys.append(str(PIECES.index(move.piece) + 1))
        want = orientation_of(move.piece, move.cells)
        paths = [[]]
        while hand.held.orientation != want:         # the fewest presses, found breadth first
            path = paths.pop(0)
            for key in ("r", "q", "f"):
                trial = Hand()
                trial.take(position, move.piece, sticky=False)
                for k in path + [key]:
                    trial.flip() if k == "f" else trial.turn(1 if k == "r" else 3)
                if trial.held.orientation == want:
                    hand.held, paths = trial.held, []
                    keys += path + [key]
                    break
                paths.append(path + [key])
        r0, c0 = corner(move.cells)
        at = (r0 + hand.held.grab[0], c0 + hand.held.grab[1])
        dr, dc = at[0] - hand.cursor[0], at[1] - hand.cursor[1]
        keys += ["Down" if dr > 0 else "Up"] * abs(dr) + ["Right" if dc > 0 else "Left"] * abs(dc)
        keys.append("Return")
        hand.cursor, position = at, position.place(move)
        hand.let_go()
    return keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=int, default=None, help="ms between keys (default: fair.KEY_MS)")
    args = parser.parse_args()
    from game.net import fair
    from solver.genius.position import Move, Position
    from solver.genius.solutions import Solutions
    start = Position.parse(ROLL)
    solved = Solutions(start)[0]
    moves = [Move(piece, cells).notation() for piece, cells in solved.placed.items()]
    keys = keystrokes(start, moves)
    delay = args.delay if args.delay is not None else fair.KEY_MS
    floor = fair.floor_ms(fair.acts("genius", start, moves))
    data = Path(tempfile.mkdtemp(prefix="squarewise-hands-"))
    env = {**os.environ, "SQUAREWISE_DATA_DIR": str(data), "SDL_AUDIODRIVER": "dummy"}
    game = subprocess.Popen([sys.executable, "-m", "game", "--size", "800x560", "--genius", ROLL], env=env)
    try:
        window = ""
        for _ in range(300):
            found = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], capture_output=True, text=True)
            window = found.stdout.split()[0] if found.stdout.split() else ""
            if window:
                break
            time.sleep(0.1)
        assert window, "no game window"
        subprocess.run(["xdotool", "windowactivate", "--sync", window], check=False)
        time.sleep(3.0)                               # the roll shown and settled
        began = time.monotonic()
        subprocess.run(["xdotool", "key", "--window", window, "--delay", str(delay), *keys], check=True)
        sent = time.monotonic() - began
        stats = data / "statistics.json"
        for _ in range(200):
            if stats.exists() and "genius" in stats.read_text():
                break
            time.sleep(0.05)
        kept = json.loads(stats.read_text()) if stats.exists() else {}
        print(f"{len(moves)} moves, {len(keys)} keys {delay} ms apart: sent in {sent:.2f} s "
              f"(xdotool's own time); the floor of these moves {floor / 1000:.2f} s")
        print(f"the game's record: {json.dumps(kept)[:400]}")
    finally:
        game.terminate()
        game.wait(30)


if __name__ == "__main__":
    main()
