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
from multiprocessing.connection import wait
from typing import Callable, Iterable, Sequence, TypeVar

from .stopping import _HANGUP, STOP_SIGNALS, Stopped

T = TypeVar("T")
R = TypeVar("R")

ProgressFn = Callable[[int, int], None]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


_BLOCKED = set(STOP_SIGNALS) | {signal.SIGINT}     # while workers are forked (_Workers.start)
_POLL = 0.25            # seconds between two looks at `cancelled` while every worker is busy


def _worker_init(parent: int) -> None:
    """Pool workers take SIGTERM's default action and leave Ctrl-C and SIGHUP to the parent,
    which stops the pool (a closed terminal sends SIGHUP to all of them).

    A parent with a SIGTERM handler (SDL's, after pygame; stop_on_signals' in the CLI) would
    pass it to forked workers, which would then survive being stopped or raise in it. Workers
    are forked with these signals blocked (_Workers.start), so one that comes before this
    point waits, pending, and then ends the worker (SIGTERM) or is dropped (SIGINT, SIGHUP).
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _HANGUP is not None:
        signal.signal(_HANGUP, signal.SIG_IGN)
    _end_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _BLOCKED)


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


def _worker_main(conn, parent: int) -> None:
    """A worker: run each (index, func, chunk) it is sent and send back (index, ok, value),
    until it is sent None. An error in `func` is sent back to be raised in the parent."""
    _worker_init(parent)
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        index, func, chunk = task
        try:
            answer = (index, True, func(chunk))
        except Exception as exc:      # raised again in the parent, as multiprocessing.Pool does
            answer = (index, False, exc)
        try:
            conn.send(answer)
        except Exception as exc:      # an answer that does not pickle
            conn.send((index, False, RuntimeError(f"a worker's answer could not be sent: {exc}")))


class _Workers:
    """`count` worker processes, each with a pipe of its own and one chunk at a time.

    Not multiprocessing.Pool: its workers share one task queue behind a lock that an idle
    worker holds while it waits, so a worker ended by SIGTERM (sent to the whole process
    group by `timeout`, `systemctl stop`, `kill -- -PGID`) can leave the lock taken, and
    Pool.terminate then waits for it forever. Here nothing is shared: stopping is SIGKILL to
    every worker still alive and a wait for each, which cannot hang."""

    def __init__(self, count: int):
        self.count = count
        self.processes: list = []
        self.conns: list = []
        self.complete = False

    def __enter__(self):
        ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        blocking = hasattr(signal, "pthread_sigmask")
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _BLOCKED) if blocking else None
        try:
            for _ in range(self.count):
                here, there = ctx.Pipe()
                process = ctx.Process(target=_worker_main, args=(there, os.getpid()), daemon=True)
                self.processes.append(process)
                self.conns.append(here)
                try:
                    process.start()
                finally:
                    there.close()
        except BaseException:
            self.stop()
            raise
        finally:
            if blocking:
                try:
                    signal.pthread_sigmask(signal.SIG_SETMASK, old)     # a signal that waited comes here
                except BaseException:
                    self.stop()
                    raise
        return self

    def __exit__(self, *exc_info) -> None:
        try:
            if self.complete:
                self.finish()
        finally:
            self.stop()

    def run(self, func, chunks, progress, cancelled) -> list | None:
        """The results of `func` on every chunk, in order; None once `cancelled()` is true."""
        total, results, done = len(chunks), [None] * len(chunks), 0
        waiting = iter(range(total))
        busy = {}
        for conn in self.conns:
            self._send(conn, next(waiting, None), func, chunks, busy)
        while busy:
            for conn in wait(list(busy), _POLL):
                index, ok, value = self._receive(conn)
                del busy[conn]
                if not ok:
                    raise value
                results[index] = value
                done += 1
                if progress:
                    progress(done, total)
                self._send(conn, next(waiting, None), func, chunks, busy)
            if cancelled and cancelled():
                return None
        self.complete = True
        return results

    def _send(self, conn, index, func, chunks, busy) -> None:
        if index is not None:
            try:
                conn.send((index, func, chunks[index]))
            except OSError:             # a broken pipe: the worker is gone
                self._lost(conn)
            busy[conn] = index

    def _receive(self, conn):
        """A worker's answer (index, ok, value)."""
        try:
            return conn.recv()
        except (EOFError, OSError):
            self._lost(conn)

    def _lost(self, conn):
        """A worker that ended before its answer: Stopped if a signal ended it (SIGTERM to the
        group), as that signal would; else RuntimeError."""
        process = self.processes[self.conns.index(conn)]
        process.join(5)
        code = process.exitcode
        if code is not None and code < 0:
            raise Stopped(-code) from None
        raise RuntimeError(f"a worker process ended unexpectedly (exit code {code})") from None

    def finish(self) -> None:
        """Tell each worker to return (each also holds the pipes of the workers forked before
        it, so closing them would not end it) and wait a little for them."""
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:         # a worker that is gone already
                pass
        deadline = time.monotonic() + 5
        for process in self.processes:
            process.join(max(0.0, deadline - time.monotonic()))

    def stop(self) -> None:
        """SIGKILL to every worker still alive, then wait for each: nothing here can block."""
        for process in self.processes:
            if process.pid is not None and process.exitcode is None:
                try:
                    process.kill()
                except OSError:
                    pass
        for process in self.processes:
            if process.pid is not None:
                process.join()
        for conn in self.conns:
            conn.close()
        self.processes, self.conns = [], []


def run_chunks(func: Callable[[T], R], chunks: Sequence[T], jobs: int | None = None,
               progress: ProgressFn | None = None,
               cancelled: Callable[[], bool] | None = None) -> list[R] | None:
    """Apply `func` to every chunk on `jobs` processes (1: in this process).

    `progress(done, total)` is called after each chunk; if `cancelled()` turns true the
    workers are stopped and None is returned. `func` must be a module-level function. A
    worker ended by a signal raises Stopped here (stopping.py), as that signal would.
    """
    jobs = default_jobs() if jobs is None else max(1, jobs)
    total = len(chunks)
    if progress:
        progress(0, total)
    if jobs == 1 or total <= 1:
        results: list = [None] * total
        for i, chunk in enumerate(chunks):
            if cancelled and cancelled():
                return None
            results[i] = func(chunk)
            if progress:
                progress(i + 1, total)
        return results
    with _Workers(min(jobs, total)) as workers:
        return workers.run(func, chunks, progress, cancelled)


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
