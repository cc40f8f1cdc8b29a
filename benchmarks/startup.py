"""How fast a one-shot command starts: whole processes through the real entry point (not a test).

    .venv/bin/python benchmarks/startup.py [--runs N]

Times `squarewise --version`, `genius solve A6 E1 A1 A4 A2 D5 B4` and `macmahon solve` (the
targets of issue 23: under 80 ms each from a warm disk), a few more one-shot commands, and
`python -c pass`, the floor no command can go below. The commands take turns (one run of
each, N times over, after one warm-up round) so a machine that speeds up or slows down
affects them all alike; it prints the median and the fastest wall time, the median CPU time
(user + system, from the kernel's accounting of the finished child) and the median wall time
above the floor. Bytecode is written and used as an installed package does (the warm-up round
compiles it), whatever PYTHONDONTWRITEBYTECODE says here.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET_MS = 80
ENTRY = Path(sys.executable).with_name("squarewise")
TARGETS = (
    ("--version",),
    ("genius", "solve", "A6", "E1", "A1", "A4", "A2", "D5", "B4"),
    ("macmahon", "solve"),
)
OTHERS = (
    ("genius", "hint", "A1A2A4A6B4D5E1/4-O:B1B2C1C2"),
    ("genius", "solutions", "A6", "E1", "A1", "A4", "A2", "D5", "B4", "--limit", "1"),
    ("macmahon", "solve", "--position", "4x6x3:1a...../....../....../......"),
    ("macmahon", "class", "1"),
    ("macmahon", "hint", "4x6x3"),
)


def run_once(argv: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of `argv`, its output thrown away."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} exited {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="counted runs of each command (default 21)")
    args = parser.parse_args()
    entry = str(ENTRY) if ENTRY.exists() else shutil.which("squarewise")
    if entry is None:
        raise SystemExit("no squarewise command beside this Python: pip install -e . first")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = [("python -c pass", [sys.executable, "-c", "pass"])]
    commands += [("squarewise " + " ".join(a), [entry, *a]) for a in TARGETS + OTHERS]
    for _, argv in commands:                       # warm-up: the disk cache and the bytecode
        run_once(argv, env)
    walls = {label: [] for label, _ in commands}
    cpus = {label: [] for label, _ in commands}
    for _ in range(args.runs):
        for label, argv in commands:
            wall, cpu = run_once(argv, env)
            walls[label].append(wall)
            cpus[label].append(cpu)
    floor = statistics.median(walls[commands[0][0]])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.runs} runs of each, taking turns; load average {load:.1f} on {os.cpu_count()} cores; ms")
    print(f"{'command':<78} {'median':>7} {'fastest':>7} {'CPU':>6} {'-floor':>7}")
    targets = {"squarewise " + " ".join(a) for a in TARGETS}
    for label, _ in commands:
        median = statistics.median(walls[label])
        mark = "" if label not in targets else ("  < 80 ms" if median * 1000 < TARGET_MS else "  OVER 80 ms")
        print(f"{label[:78]:<78} {median * 1000:7.1f} {min(walls[label]) * 1000:7.1f} "
              f"{statistics.median(cpus[label]) * 1000:6.1f} {(median - floor) * 1000:7.1f}{mark}")


if __name__ == "__main__":
    main()
