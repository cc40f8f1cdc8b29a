"""Solver calls off the UI thread, with progress, cancel and a callback on the UI thread.

`Worker.submit(label, func, on_done)` starts `func(job)` on a daemon thread and returns
the `Job`. The function may call `job.report(done, total)` for progress and should pass
`job.cancelled` to solver functions that accept a `cancelled` callback, so Cancel stops the
search itself. The UI calls `Worker.poll()` once a frame; finished jobs' `on_done(job)` run
there, on the UI thread, so callbacks may touch the match and the widgets. A cancelled job's
callback never runs, even if the function ignores cancelling and finishes anyway.

Threads (not processes) because the solver's answers are Python objects the UI uses
directly; the search releases the interpreter often enough that the window keeps drawing.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable


class Job:
    """One background call: its state, progress and result."""

    def __init__(self, label: str, func: Callable[["Job"], Any], on_done: Callable[["Job"], None] | None):
        self.label = label
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
    """Runs jobs on background threads; `poll()` delivers finished ones on the caller's thread."""

    def __init__(self):
        self.jobs: list[Job] = []

    def submit(self, label: str, func: Callable[[Job], Any],
               on_done: Callable[[Job], None] | None = None) -> Job:
        job = Job(label, func, on_done)
        self.jobs.append(job)
        threading.Thread(target=job._run, name=f"squarewise-{label}", daemon=True).start()
        return job

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
