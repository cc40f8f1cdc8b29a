"""The real game as a process of its own: started on a data folder (SDL's dummy drivers),
known to be running once it holds the folder's lock, stopped by a real signal, every wait
bounded."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.storage import LOCK_NAME

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60                     # seconds: a bound on every wait here, on a loaded machine


def game_env(folder) -> dict:
    return {**os.environ, "SQUAREWISE_DATA_DIR": str(folder), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}


def start_game(folder: Path, *args: str) -> subprocess.Popen:
    """`python -m game ARGS` on the data folder `folder`, its output captured."""
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=game_env(folder),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_lock(folder: Path, process: subprocess.Popen) -> None:
    """Until `process` holds the folder's lock (a lock this test cannot take): it is running."""
    import fcntl
    end = time.monotonic() + WAIT
    while time.monotonic() < end and process.poll() is None:
        if (folder / LOCK_NAME).exists():
            with open(folder / LOCK_NAME, "a+b") as handle:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    return
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        time.sleep(0.05)
    raise AssertionError("the game never took its data folder's lock")


def stop(process: subprocess.Popen, signum=signal.SIGINT) -> tuple[int, str]:
    """Send `signum` and wait for the game to end: (exit code, stderr)."""
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    return process.returncode, err


def run_game(folder: Path, *args: str) -> tuple[int, str]:
    """Start the real game on `folder`, let it open, stop it with Ctrl-C: (exit code, stderr)."""
    game = start_game(folder, *args)
    wait_for_lock(folder, game)
    return stop(game)
