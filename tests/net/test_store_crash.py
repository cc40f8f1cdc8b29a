"""The standings database under real processes: a writer killed with SIGKILL at random points
loses no run it reported committed and leaves a sound file; `squarewise serve --backup` copies
it while the writer goes on. No sleeps: the parent waits on the writer's lines, with timeouts."""
from __future__ import annotations

import os
import random
import selectors
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL: POSIX")

WRITER = """
import sys
from game.net.store import Store
store = Store(sys.argv[1])
me = store.player(b"w" * 32) or store.add_player("Writer", b"w" * 32, "127.0.0.1", 0.0)
while True:
    run = store.start_run(me.id, "genius", 5, False, 1.0)
    store.add_move(run.id, 1, "P2 A1", "A1A2A3A4A5A6B1")
    store.finish_run(run.id, 1000 + run.id, False)
    print(run.id, flush=True)
"""
TIMEOUT = 60.0


def writer(path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


class Lines:
    """The run ids a writer printed, read as they come (each within TIMEOUT)."""

    def __init__(self, process: subprocess.Popen):
        self.process, self.ids, self.rest = process, [], b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(process.stdout, selectors.EVENT_READ)

    def read(self) -> bool:
        """Read what is there (waiting up to TIMEOUT); False at the end of the output."""
        assert self.selector.select(TIMEOUT), "the writer said nothing for a minute"
        chunk = os.read(self.process.stdout.fileno(), 65536)
        *whole, self.rest = (self.rest + chunk).split(b"\n")
        self.ids += [int(line) for line in whole]
        return bool(chunk)

    def until(self, count: int) -> None:
        while len(self.ids) < count:
            assert self.read(), f"the writer ended: {self.process.stderr.read().decode()[-500:]}"

    def to_the_end(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while self.read():
            assert time.monotonic() < deadline
        self.selector.close()


def finished_runs(path) -> dict[int, int]:
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        runs = dict(db.execute("SELECT id, ms FROM runs WHERE ms IS NOT NULL"))
        moves = dict(db.execute("SELECT run, move FROM moves"))
    finally:
        db.close()
    assert all(moves[run] == "P2 A1" for run in runs)
    return runs


def test_runs_reported_committed_survive_sigkill_at_random_points(tmp_path):
    path = tmp_path / "standings.sqlite3"
    rng = random.Random(28)
    reported = []
    for _ in range(10):
        process = writer(path)
        try:
            lines = Lines(process)
            lines.until(rng.randint(1, 40))
            process.send_signal(signal.SIGKILL)
            lines.to_the_end()          # what it printed before dying was committed too
        finally:
            process.kill()
            process.wait(TIMEOUT)
            process.stdout.close()
            process.stderr.close()
        assert process.returncode == -signal.SIGKILL
        reported += lines.ids
    runs = finished_runs(path)
    assert len(reported) >= 10 and len(set(reported)) == len(reported)
    assert all(runs.get(run) == 1000 + run for run in reported)


def test_serve_backup_copies_the_database_while_a_writer_goes_on(tmp_path):
    path, copy = tmp_path / "standings.sqlite3", tmp_path / "copy.sqlite3"
    process = writer(path)
    try:
        lines = Lines(process)
        lines.until(20)
        before = list(lines.ids)
        backup = subprocess.run([sys.executable, "-m", "game", "serve", "--db", str(path), "--backup", str(copy)],
                                capture_output=True, text=True, timeout=TIMEOUT)
        assert backup.returncode == 0 and backup.stderr == "", backup.stderr
        assert backup.stdout == f"squarewise: copied {path} to {copy}\n"
        lines.until(len(lines.ids) + 20)            # the writer went on after the copy
    finally:
        process.kill()
        process.wait(TIMEOUT)
        process.stdout.close()
        process.stderr.close()
    runs = finished_runs(copy)
    assert all(runs.get(run) == 1000 + run for run in before)
    assert not any(p.name.startswith(".copy") for p in tmp_path.iterdir())
