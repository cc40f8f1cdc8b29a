"""`JobSlot`: the one solver job a screen runs at a time (the play scenes, the dice editor, the browser).

Starting a job cancels the one before it; Cancel ends it; an answer that arrives after a
cancel or a newer start is dropped, so a screen only ever hears about the job it shows.
The slot's `job` (None when idle) is what the views draw: its label, age and progress (a
shown job: the loop redraws while it runs).
"""
from __future__ import annotations

from typing import Any, Callable

from game.worker import Job, Worker


class JobSlot:
    def __init__(self, worker: Worker):
        self.worker = worker
        self.job: Job | None = None

    @property
    def running(self) -> bool:
        """A job is under way (the Cancel button shows)."""
        return self.job is not None and not self.job.finished

    def run(self, label: str, func: Callable[..., Any], args: tuple, on_result: Callable[[Any], None],
            on_error: Callable[[BaseException], None]) -> Job:
        """Run the module-level `func(*args)` in a child process; on the UI thread later,
        `on_result(result)` or `on_error(exception)` (a SquarewiseError carries the engine's words)."""
        self.cancel()
        self.job = self.worker.submit_process(label, func, args,
                                              lambda job: self._deliver(job, on_result, on_error), shown=True)
        return self.job

    def _deliver(self, job: Job, on_result, on_error) -> None:
        if job is not self.job:
            return                      # stale: cancelled, or a newer job took the slot
        self.job = None
        if job.error is not None:
            on_error(job.error)
        else:
            on_result(job.result)

    def cancel(self) -> bool:
        """Stop the job under way; True if there was one."""
        if self.job is None:
            return False
        self.job.cancel()
        self.job = None
        return True
