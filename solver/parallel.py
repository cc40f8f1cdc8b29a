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

T = TypeVar("T")
R = TypeVar("R")

ProgressFn = Callable[[int, int], None]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


_TERM = {signal.SIGTERM}


def _worker_init() -> None:
    """Pool workers take SIGTERM's default action and leave Ctrl-C to the parent.

    A parent that ran pygame has SDL's SIGTERM handler, which forked workers would inherit
    and so survive Pool.terminate. The pool is forked with SIGTERM blocked (_start_pool), so
    a terminate that comes before this point waits, pending, and then ends the worker.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _TERM)


def _start_pool(jobs: int):
    """A process pool (fork on Linux, spawn elsewhere) whose workers run _worker_init."""
    ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    if not hasattr(signal, "pthread_sigmask"):
        return ctx.Pool(jobs, initializer=_worker_init)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _TERM)
    try:
        return ctx.Pool(jobs, initializer=_worker_init)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


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
    """A one-line progress bar with an estimate of the time left, drawn on stderr."""

    def __init__(self, label: str, stream=None):
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / total if total else 1.0
        elapsed = now - self.start
        eta = f"{elapsed / frac - elapsed:5.0f}s left" if 0 < frac < 1 else f"{elapsed:5.1f}s"
        bar = "#" * int(frac * 30)
        self.stream.write(f"\r{self.label} [{bar:<30}] {frac:6.1%} {eta}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


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
