"""Run independent chunks of work on several processes, with progress and cancel.

Used by dice verification, the census and the MacMahon count. `run_chunks` returns the
results in the order of the chunks, whatever order the workers finish in.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import time
from typing import Callable, Iterable, Sequence, TypeVar

from .stopping import _HANGUP, STOP_SIGNALS

T = TypeVar("T")
R = TypeVar("R")

ProgressFn = Callable[[int, int], None]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


_TERM = set(STOP_SIGNALS)


def _worker_init(parent: int) -> None:
    """Pool workers take SIGTERM's default action and leave Ctrl-C and SIGHUP to the parent,
    which stops the pool (a closed terminal sends SIGHUP to all of them).

    A parent with a SIGTERM handler (SDL's, after pygame; stop_on_signals' in the CLI) would
    pass it to forked workers, which would then survive Pool.terminate or raise in it. The pool
    is forked with SIGTERM and SIGHUP blocked (_start_pool), so one that comes before this point
    waits, pending, and then ends the worker (SIGTERM) or is dropped (SIGHUP).
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _HANGUP is not None:
        signal.signal(_HANGUP, signal.SIG_IGN)
    _end_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _TERM)


def _end_with_parent(parent: int) -> None:
    """On Linux, ask for SIGTERM when the parent dies (even by `kill -9`), so orphaned workers
    end quietly instead of finishing their chunk and printing a traceback for the broken pipe."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))     # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:          # the parent died before the request (or the fork): end now
        os.kill(os.getpid(), signal.SIGTERM)


def _start_pool(jobs: int):
    """A process pool (fork on Linux, spawn elsewhere) whose workers run _worker_init."""
    ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    init = {"initializer": _worker_init, "initargs": (os.getpid(),)}
    if not hasattr(signal, "pthread_sigmask"):
        return ctx.Pool(jobs, **init)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _TERM)
    try:
        pool = ctx.Pool(jobs, **init)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
        raise
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)   # a signal that waited is handled here
    except BaseException:
        pool.terminate()
        raise
    return pool


def _call(job):
    index, func, chunk = job
    return index, func(chunk)


def run_chunks(func: Callable[[T], R], chunks: Sequence[T], jobs: int | None = None,
               progress: ProgressFn | None = None,
               cancelled: Callable[[], bool] | None = None) -> list[R] | None:
    """Apply `func` to every chunk on `jobs` processes (1: in this process).

    `progress(done, total)` is called after each chunk; if `cancelled()` turns true the
    pool is stopped and None is returned. `func` must be a module-level function.
    """
    jobs = default_jobs() if jobs is None else max(1, jobs)
    total = len(chunks)
    results: list = [None] * total
    if progress:
        progress(0, total)
    if jobs == 1 or total <= 1:
        for i, chunk in enumerate(chunks):
            if cancelled and cancelled():
                return None
            results[i] = func(chunk)
            if progress:
                progress(i + 1, total)
        return results
    pool = _start_pool(jobs)
    try:
        work = ((i, func, chunk) for i, chunk in enumerate(chunks))
        for done, (i, value) in enumerate(pool.imap_unordered(_call, work), 1):
            results[i] = value
            if progress:
                progress(done, total)
            if cancelled and cancelled():
                return None
        pool.close()
        pool.join()
    finally:
        pool.terminate()
    return results


class ProgressBar:
    """Progress with an estimate of the time left, on stderr: on a terminal a bar redrawn in
    place; elsewhere (a log file, a pipe) one line every `every` seconds, and one at the end."""

    def __init__(self, label: str, stream=None, every: float = 30.0):
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        try:
            self.redraw = self.stream.isatty()
        except (AttributeError, ValueError, OSError):
            self.redraw = False
        self.every = 0.1 if self.redraw else every

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.every:
            return
        self.last = now
        frac = done / total if total else 1.0
        elapsed = now - self.start
        if self.redraw:
            eta = f"{elapsed / frac - elapsed:5.0f}s left" if 0 < frac < 1 else f"{elapsed:5.1f}s"
            bar = "#" * int(frac * 30)
            self.stream.write(f"\r{self.label} [{bar:<30}] {frac:6.1%} {eta}" + ("\n" if done >= total else ""))
        else:
            eta = (f"about {duration(elapsed / frac - elapsed)} left" if 0 < frac < 1
                   else "done" if frac >= 1 else "started")
            self.stream.write(f"{self.label}: {frac:.1%}, {duration(elapsed)} so far, {eta}\n")
        self.stream.flush()


def duration(seconds: float) -> str:
    """'42 s', '3 min 05 s', '1 h 20 min': a time span as a person reads it."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def chunked(items: Iterable[T], size: int) -> list[list[T]]:
    """Split `items` into lists of at most `size` items."""
    out, cur = [], []
    for item in items:
        cur.append(item)
        if len(cur) == size:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out
