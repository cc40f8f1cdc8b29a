"""Issue 29, item 1: SIGTERM, SIGINT or SIGHUP sent to a pool command's whole process group
(`timeout`, `systemctl stop`, `kill -- -PGID`) ends it within seconds with its one line and
exit code, even with both cores busy: multiprocessing.Pool could wait forever for a queue
lock that a worker ended by SIGTERM still held.

The real CLI runs in a process group of its own, beside two CPU hogs; each signal goes to
the group at a random moment after the command's handlers are in place (pool start-up, work,
shutdown, between two pools). The seed is printed, so a failure can be replayed.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRIES = 15
STOP_WITHIN = 10.0         # seconds from the signal to the exit, with two CPU hogs beside it
COMMANDS = (["macmahon", "count"], ["genius", "census"], ["genius", "census", "--counts"],
            ["genius", "verify-dice", "alternative"], ["genius", "make-dice", "--seed", "3", "--out", "{tmp}/dice.json"],
            ["genius", "roll-counts"])
SIGNALS = tuple(s for s in (signal.SIGTERM, signal.SIGINT, getattr(signal, "SIGHUP", None)) if s is not None)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to see the handlers set")


def catches(pid: int, signum: int) -> bool:
    """True once process `pid` has a handler for `signum` (/proc's SigCgt mask)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            line = next(x for x in status if x.startswith("SigCgt:"))
    except (FileNotFoundError, StopIteration):
        return False
    return bool(int(line.split()[1], 16) >> (signum - 1) & 1)


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def expected_line(signum: int) -> str:
    return "squarewise: interrupted" if signum == signal.SIGINT else \
        f"squarewise: stopped by {signal.Signals(signum).name}"


def test_a_signal_to_the_group_ends_every_pool_command_quickly_with_one_line(tmp_path):
    seed = random.randrange(10 ** 6)
    print(f"seed {seed}")
    rng = random.Random(seed)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        for n in range(TRIES):
            signum = SIGNALS[n % len(SIGNALS)]
            argv = [a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[n % len(COMMANDS)]]
            proc = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, start_new_session=True,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                deadline = time.monotonic() + 30
                while not catches(proc.pid, signal.SIGTERM) and proc.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.01)
                assert proc.poll() is None, f"{argv} ended before its signal: {proc.stderr.read()}"
                time.sleep(rng.uniform(0, 1.5))
                os.killpg(proc.pid, signum)
                sent = time.monotonic()
                try:
                    _, err = proc.communicate(timeout=STOP_WITHIN)
                except subprocess.TimeoutExpired:
                    pytest.fail(f"seed {seed}: {argv} still running {STOP_WITHIN} s after {signum.name}")
                took = time.monotonic() - sent
                assert proc.returncode == (130 if signum == signal.SIGINT else 128 + signum), (seed, argv, err)
                *progress, last = err.splitlines() or [""]
                assert last == expected_line(signum), (seed, argv, err)
                assert all(" so far, " in line for line in progress), (seed, argv, err)     # roll-counts' progress
                end = time.monotonic() + STOP_WITHIN
                while not group_gone(proc.pid) and time.monotonic() < end:
                    time.sleep(0.02)
                assert group_gone(proc.pid), f"{argv}: workers left running after {signum.name}"
                print(f"{signum.name} {' '.join(argv)}: stopped in {took:.2f} s")
            finally:
                if proc.poll() is None or not group_gone(proc.pid):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def _import_broken_by_ctrl_c(_args) -> int:
    """What numpy does with a Ctrl-C that comes while it is imported: an ImportError."""
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(10)
    except KeyboardInterrupt:
        raise ImportError("PyCapsule_Import could not import module \"datetime\"") from None
    return 0


def add_broken(parser) -> None:
    parser.set_defaults(handler=_import_broken_by_ctrl_c)


def test_a_signal_turned_into_another_error_by_a_library_is_still_one_line(monkeypatch, capsys):
    from solver import cli
    monkeypatch.setitem(cli.COMMANDS["genius"], "broken",
                        cli.Command("tests.cli.test_group_signals:add_broken", "a command numpy's import breaks"))
    assert cli.main(["genius", "broken"]) == 130
    assert capsys.readouterr().err == "squarewise: interrupted\n"
