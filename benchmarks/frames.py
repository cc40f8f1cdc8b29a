"""Frame times of the game window while dragging a piece, the time to the first frame, and (on
a real X server) frames per second while dragging through the real loop and the CPU the game
uses when left alone.

Runs headless (SDL's dummy video driver) unless --display is given: then the game runs on the
X server in $DISPLAY (e.g. Xvfb) and the idle CPU (title, a board) and the loop's dragging
rate are measured too. Prints medians and the 99th percentile; 60 frames per second needs
frames under 16.7 ms.

    .venv/bin/python benchmarks/frames.py [--frames 1200]
    Xvfb :123 -screen 0 1400x900x24 &  DISPLAY=:123 .venv/bin/python benchmarks/frames.py --display
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

REAL_DISPLAY = "--display" in sys.argv
if not REAL_DISPLAY:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SQUAREWISE_DATA_DIR", tempfile.mkdtemp(prefix="squarewise-bench-"))


def first_frame(runs: int) -> list[float]:
    """Seconds from the start of `python -m game --smoke-test` to its first frame, over `runs` runs."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "game", "--smoke-test", "0.2"], capture_output=True,
                              text=True, check=True)
        wall = time.perf_counter() - start
        inner = float(next(l for l in done.stdout.splitlines() if l.startswith("first frame:")).split()[2])
        out.append((inner, wall))
    return out


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, math.ceil(q * len(values)) - 1)]


def _busy(seconds: float, progress=None) -> None:
    """Solver work for `seconds` (run in the worker's child process)."""
    from solver.genius import search
    from solver.genius.position import Position
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        search.count(Position.parse("A1A2A4A6B4D5E1"))


def drag_frames(frames: int, with_job: str | None) -> list[float]:
    import pygame
    from game.app import App
    from game.scenes.genius.scene import GeniusScene
    from solver.genius import search
    from solver.genius.position import Position

    app = App(size=(1280, 800))
    scene = GeniusScene(app, game_id="A1A2A4A6B4D5E1/1:F6")
    app.push(scene)
    app.frame(1 / 60)
    lay = scene.view.layout() if hasattr(scene, "view") else scene.layout()
    geo = lay["geo"]
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay["slots"][6].center)])
    job = None
    if with_job == "thread":
        def busy(job):
            while not job.cancelled():
                search.count(Position.parse("A1A2A4A6B4D5E1"), cancelled=job.cancelled)
        job = app.worker.submit("busy", busy)
    elif with_job == "process":
        job = app.worker.submit_process("busy", _busy, (600.0,))
    times = []
    board = geo.rect
    for i in range(frames):
        t = i / 90
        pos = (int(board.centerx + board.width * 0.45 * math.cos(t)), int(board.centery + board.height * 0.45 * math.sin(1.3 * t)))
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))]
        if i % 45 == 0:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        start = time.perf_counter()
        app.frame(1 / 60, events)
        times.append(time.perf_counter() - start)
    if job:
        job.cancel()
        job.wait(5)
    assert scene.session.hand.held is not None, "the piece was dropped during the benchmark"
    app.quit()
    pygame.quit()
    return times


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(extra: list[str], settle: float, seconds: float, size: str) -> float:
    """Percent of one core the game window uses, left alone for `seconds` after `settle`
    seconds (the title, or with `extra` = ["--genius"] a new board), in a process of its own."""
    with tempfile.TemporaryDirectory(prefix="squarewise-idle-") as data:
        env = {**os.environ, "SQUAREWISE_DATA_DIR": data}
        env.pop("SDL_VIDEODRIVER", None)
        proc = subprocess.Popen([sys.executable, "-m", "game", "--size", size, *extra], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(settle)
            start, begun = cpu_seconds(proc.pid), time.perf_counter()
            time.sleep(seconds)
            used, wall = cpu_seconds(proc.pid) - start, time.perf_counter() - begun
        finally:
            proc.terminate()
            proc.wait(10)
    return 100.0 * used / wall


def loop_drag_rate(seconds: float) -> tuple[float, int]:
    """Frames per second the real loop (App.step: sleeps when still) draws while a piece is
    dragged round the board, with a motion event posted before every turn; and the frames."""
    import pygame
    from game.app import App
    from game.scenes.genius.scene import GeniusScene

    app = App(size=(1280, 800))
    scene = GeniusScene(app, game_id="A1A2A4A6B4D5E1/1:F6")
    app.push(scene)
    app.frame(1 / 60)
    lay = scene.view.layout() if hasattr(scene, "view") else scene.layout()
    board = lay["geo"].rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay["slots"][6].center))
    app.step()
    start, frames, i = time.perf_counter(), app.frames, 0
    while time.perf_counter() - start < seconds:
        t = i / 90
        i += 1
        pos = (int(board.centerx + board.width * 0.45 * math.cos(t)), int(board.centery + board.height * 0.45 * math.sin(1.3 * t)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
    drawn, wall = app.frames - frames, time.perf_counter() - start
    assert scene.session.hand.held is not None, "the piece was dropped during the benchmark"
    app.quit()
    pygame.quit()
    return drawn / wall, drawn


def real_display(runs: int) -> None:
    """The figures only a real X server gives: idle CPU on the title and a board, and the loop's rate."""
    for size in ("800x560", "1100x760", "1400x900"):
        title = [idle_cpu([], 12.0, 10.0, size) for _ in range(runs)]
        board = [idle_cpu(["--genius"], 12.0, 10.0, size) for _ in range(runs)]
        print(f"idle CPU at {size} (percent of one core over 10 s, after 12 s to start and settle; median of {runs}): "
              f"title {statistics.median(title):.1f}%, a board (clock running) {statistics.median(board):.1f}%")
    rates = [loop_drag_rate(5.0)[0] for _ in range(runs)]
    print(f"dragging through the real loop: median {statistics.median(rates):.1f} frames per second "
          f"(runs: {', '.join(f'{r:.1f}' for r in rates)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--runs", type=int, default=5, help="smoke-test runs for the first frame")
    parser.add_argument("--display", action="store_true",
                        help="run on the X server in $DISPLAY and measure idle CPU and the loop's dragging rate")
    args = parser.parse_args()
    if args.display:
        print(f"X server {os.environ.get('DISPLAY')}, {os.cpu_count()} cores (shared: figures are noisy)")
        real_display(3)
        return
    print(f"video driver: {os.environ['SDL_VIDEODRIVER']}, window 1280x800, {os.cpu_count()} cores")
    ff = first_frame(args.runs)
    print(f"first frame: median {statistics.median(f for f, _ in ff):.3f} s after start of game.app "
          f"(whole process incl. interpreter start and exit: median {statistics.median(w for _, w in ff):.3f} s "
          f"for a 0.2 s smoke test), {args.runs} runs")
    for label, with_job in (("dragging", None),
                            ("dragging while the solver runs in the worker's child process", "process"),
                            ("(for comparison) dragging while the solver runs on a thread", "thread")):
        times = drag_frames(args.frames, with_job)[30:]
        ms = [t * 1000 for t in times]
        print(f"{label}: {len(ms)} frames, median {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
              f"max {max(ms):.2f} ms, frames over 16.7 ms: {sum(m > 1000 / 60 for m in ms)}")


if __name__ == "__main__":
    main()
