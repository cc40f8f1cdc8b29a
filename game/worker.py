"""Solver calls off the UI thread, with progress, cancel and a callback on the UI thread.

`Worker.submit(label, func, on_done)` starts `func(job)` on a daemon thread and returns
the `Job`. The function may call `job.report(done, total)` for progress and should pass
`job.cancelled` to solver functions that accept a `cancelled` callback, so Cancel stops the
search itself. The UI calls `Worker.poll()` once a frame; finished jobs' `on_done(job)` run
there, on the UI thread, so callbacks may touch the match and the widgets. A cancelled job's
callback never runs, even if the function ignores cancelling and finishes anyway.
When a job ends the worker calls its `wake` (the App's: the sleeping loop runs a frame, which
delivers the job), so nothing has to look at a running job to see it end; `shown=True` says a
screen draws the job's age and progress while it runs, and the loop redraws for that.

`Worker.submit_process(label, func, args, on_done)` runs a module-level `func(*args,
progress=...)` in a child process instead, so a long search does not compete with the
drawing thread for the interpreter lock (benchmarks/frames.py measures both ways). Arguments
and result must pickle (pass notations, not positions). A SquarewiseError in the child is
raised again as itself (`job.error`), any other error as a RuntimeError naming its type.
Cancel ends the child process. A small thread in this process
waits for the child, so the job looks the same to the UI either way. The child may use all
cores through solver.parallel.run_chunks: Cancel's SIGTERM becomes SystemExit there, so the
pool's own clean-up ends its workers too.
"""
from __future__ import annotations

import multiprocessing as mp
import signal
import sys
import threading
import time
from typing import Any, Callable

from solver.errors import SquarewiseError


class Job:
    """One background call: its state, progress and result."""

    def __init__(self, label: str, func: Callable[["Job"], Any], on_done: Callable[["Job"], None] | None,
                 shown: bool = False):
        self.label = label
        self.shown = shown
        self.func = func
        self.on_done = on_done
        self.started = time.monotonic()
        self.result: Any = None
        self.error: BaseException | None = None
        self.done_count = 0
        self.total = 0
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self.delivered = False

    def cancelled(self) -> bool:
        """True once Cancel was asked for: pass this to solver functions as `cancelled`."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def report(self, done: int, total: int) -> None:
        """Progress from the solver, e.g. `count(..., progress=job.report)`."""
        self.done_count, self.total = done, total

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    @property
    def fraction(self) -> float | None:
        return self.done_count / self.total if self.total else None

    @property
    def age(self) -> float:
        return time.monotonic() - self.started

    def wait(self, timeout: float | None = None) -> bool:
        return self._finished.wait(timeout)

    def _run(self) -> None:
        try:
            self.result = self.func(self)
        except BaseException as exc:  # reported to the UI, never lost in a thread
            self.error = exc
        finally:
            self._finished.set()


class Worker:
    """Runs jobs on background threads; `poll()` delivers finished ones on the caller's thread;
    `wake()` is called (on the job's thread) each time a job ends."""

    def __init__(self, wake: Callable[[], None] | None = None):
        self.jobs: list[Job] = []
        self.wake = wake

    def submit(self, label: str, func: Callable[[Job], Any],
               on_done: Callable[[Job], None] | None = None, *, shown: bool = False) -> Job:
        job = Job(label, func, on_done, shown)
        self.jobs.append(job)
        threading.Thread(target=self._run, args=(job,), name=f"squarewise-{label}", daemon=True).start()
        return job

    def _run(self, job: Job) -> None:
        job._run()
        if self.wake is not None:
            self.wake()

    def submit_process(self, label: str, func: Callable[..., Any], args: tuple = (),
                       on_done: Callable[[Job], None] | None = None, *, shown: bool = False) -> Job:
        """Run `func(*args, progress=report)` in a child process (func must be module-level)."""
        return self.submit(label, lambda job: _in_child(job, func, args), on_done, shown=shown)

    @property
    def busy(self) -> list[Job]:
        """Jobs still running and not cancelled."""
        return [j for j in self.jobs if not j.finished and not j.cancelled()]

    def poll(self) -> list[Job]:
        """Deliver finished jobs (call `on_done`) and forget them; returns the delivered ones."""
        done = [j for j in self.jobs if j.finished]
        self.jobs = [j for j in self.jobs if not j.finished]
        delivered = []
        for job in done:
            if job.cancelled():
                continue
            job.delivered = True
            delivered.append(job)
            if job.on_done:
                job.on_done(job)
        return delivered

    def cancel_all(self) -> None:
        for job in self.jobs:
            job.cancel()

    def drain(self, timeout: float = 10.0) -> None:
        """Wait for every running job and deliver it (tests and the smoke test use this)."""
        end = time.monotonic() + timeout
        for job in list(self.jobs):
            job.wait(max(0.0, end - time.monotonic()))
        self.poll()


def _context():
    # fork is quick and safe on Linux; macOS and Windows get spawn (as the OS wants there).
    return mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")


def _exit_on_sigterm(signum, frame):
    raise SystemExit(1)


def _child_main(conn, func, args) -> None:
    # The window's SDL catches SIGTERM; the child must end when a job is cancelled, and by
    # unwinding, so that a process pool it started (run_chunks) terminates its workers.
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    # The parent sees a daemon (ended with the app); here it may start a process pool.
    mp.current_process().daemon = False

    def progress(done, total):
        conn.send(("progress", done, total))
    try:
        conn.send(("result", func(*args, progress=progress)))
    except SystemExit:  # cancelled: nobody is waiting for an answer
        pass
    except SquarewiseError as exc:  # the engine's own words: they cross as the project's error
        conn.send(("error", exc))
    except BaseException as exc:  # anything else is sent as text: such exceptions may not pickle
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _in_child(job: Job, func, args):
    parent, child = _context().Pipe(duplex=False)
    process = _context().Process(target=_child_main, args=(child, func, args), daemon=True)
    process.start()
    child.close()
    try:
        while True:
            if job.cancelled():
                process.terminate()
                return None
            if parent.poll(0.02):
                try:
                    message = parent.recv()
                except EOFError:
                    raise RuntimeError(f"the solver process stopped (exit code {process.exitcode})") from None
                if message[0] == "progress":
                    job.report(message[1], message[2])
                elif message[0] == "result":
                    return message[1]
                elif isinstance(message[1], SquarewiseError):
                    raise message[1]
                else:
                    raise RuntimeError(message[1])
    finally:
        process.join(1.0)
        if process.is_alive():
            process.kill()
        parent.close()
