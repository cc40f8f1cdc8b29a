"""Benchmark the Genius Square engine (run on purpose; prints medians, asserts nothing).

    .venv/bin/python benchmarks/genius.py [--rolls N] [--unsolvable N] [--peer N] [--no-cli]

1. solve(): random default rolls, from a Position to a completed Position, one at a time;
2. proving random unsolvable 7-blocker boards (worst case over --unsolvable boards);
3. `squarewise genius verify-dice default` end to end (a fresh process, all cores);
4. the ILP peer: OR-Tools CP-SAT with Jensen's exact-cover model (one boolean per placement,
   every free cell covered once, every piece used once) on the same boards, and the ratio.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.genius import dice, search  # noqa: E402
from solver.genius.pieces import PIECES, placements  # noqa: E402
from solver.genius.position import Position  # noqa: E402
from solver.parallel import default_jobs  # noqa: E402

ANCHOR_MS = 150.0  # Jensen (2023): MATLAB + CPLEX, per board


def summary(label: str, times: list[tuple[float, float]]) -> float:
    """Print wall-clock median/mean/p99/max and the CPU-time median/mean; returns the wall median in ms."""
    ms = sorted(w * 1e3 for w, _ in times)
    cpu = [c * 1e3 for _, c in times]
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{label:<44} n={len(ms):>6}  median {statistics.median(ms):8.4f} ms  mean {statistics.mean(ms):8.4f} ms"
          f"  p99 {p99:8.3f} ms  max {ms[-1]:8.3f} ms  | cpu median {statistics.median(cpu):8.4f}"
          f" mean {statistics.mean(cpu):8.4f} ms")
    return statistics.median(ms)


def timed(func, items, repeat: int = 1) -> list[tuple[float, float]]:
    """(wall, cpu) seconds of func(item) for each item, the best of `repeat` runs of each.

    CPU time leaves out the time the OS gave other processes; on a shared machine the best
    of a few runs of the same call is the closest to the cost of the call itself.
    """
    out = []
    for item in items:
        best = (float("inf"), float("inf"))
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            func(item)
            best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
        out.append(best)
    return out


def unsolvable_boards(n: int, rng: random.Random) -> list[Position]:
    """n random 7-blocker boards that have no tiling (found by rejection with the solver)."""
    out = []
    while len(out) < n:
        cells = rng.sample(range(36), 7)
        if not search.is_solvable(sum(1 << c for c in cells)):
            out.append(Position.from_blockers(cells))
    return out


def cpsat_solver():
    from ortools.sat.python import cp_model

    options = [(piece, cells) for piece in PIECES for cells in placements(piece)]

    def solve(position: Position) -> bool:
        model = cp_model.CpModel()
        usable = [(p, cells) for p, cells in options if not position.blockers.intersection(cells)]
        x = [model.NewBoolVar("") for _ in usable]
        for cell in range(36):
            if cell in position.blockers:
                continue
            model.AddExactlyOne(v for v, (_, cells) in zip(x, usable) if cell in cells)
        for piece in PIECES:
            model.AddExactlyOne(v for v, (p, _) in zip(x, usable) if p == piece)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        return solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    return solve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=20000, help="default rolls to solve (62208 = all)")
    ap.add_argument("--unsolvable", type=int, default=2000)
    ap.add_argument("--peer", type=int, default=300, help="boards for the CP-SAT peer (0: skip)")
    ap.add_argument("--no-cli", action="store_true", help="skip the end-to-end verify-dice run")
    ap.add_argument("--seed", type=int, default=2023)
    ap.add_argument("--repeat", type=int, default=3, help="also time each roll this many times, keep the best")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"python {sys.version.split()[0]}, {default_jobs()} cores, load average {os.getloadavg()[0]:.2f}")

    rolls = list(dice.builtin("default").rolls())
    boards = [Position.from_blockers(r) for r in rng.sample(rolls, min(args.rolls, len(rolls)))]
    ours = summary("solve(): default rolls", timed(search.solve, boards))
    if args.repeat > 1:
        summary(f"solve(): same rolls, best of {args.repeat} each", timed(search.solve, boards, args.repeat))
    bad = unsolvable_boards(args.unsolvable, rng)
    summary("solve(): random unsolvable boards (proof)", timed(search.solve, bad))
    hard = [p for p in bad if search.bare_reason(sum(1 << c for c in p.blockers)) is None]
    summary("  of which no simple reason", timed(search.solve, hard))
    summary("count(): 300 default rolls", timed(search.count, boards[:300]))

    if not args.no_cli:
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "game", "genius", "verify-dice", "default", "--json"],
                              capture_output=True, text=True, cwd=ROOT)
        took = time.perf_counter() - start
        print(f"{'squarewise genius verify-dice default':<44} {took:8.2f} s end to end (exit {proc.returncode}: "
              f"{proc.stdout.strip()[:80]})")

    if args.peer:
        peer = cpsat_solver()
        same = boards[:args.peer]
        ours_same = summary("solve(): the peer's default rolls", timed(search.solve, same))
        theirs = summary("CP-SAT exact cover (1 worker): same rolls", timed(peer, same))
        print(f"  CP-SAT / ours: {theirs / ours_same:8.0f}x  (anchor {ANCHOR_MS:.0f} ms / ours: {ANCHOR_MS / ours:,.0f}x)")
        same_bad = bad[:max(1, args.peer // 3)]
        ours_same_bad = summary("solve(): the peer's unsolvable boards", timed(search.solve, same_bad))
        theirs_bad = summary("CP-SAT exact cover (1 worker): same boards", timed(peer, same_bad))
        print(f"  CP-SAT / ours: {theirs_bad / ours_same_bad:8.0f}x")


if __name__ == "__main__":
    main()
