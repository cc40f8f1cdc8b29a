"""SIGTERM and SIGHUP as an exception (`Stopped`), like Ctrl-C's KeyboardInterrupt: the CLI
runs every command inside `stop_on_signals()` and says one line. A module of its own, light
(no multiprocessing), so a one-shot command that never starts a pool does not import the pool."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

_HANGUP = getattr(signal, "SIGHUP", None)         # not on Windows
STOP_SIGNALS = tuple(s for s in (signal.SIGTERM, _HANGUP) if s is not None)


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived (stop_on_signals): raised like KeyboardInterrupt for Ctrl-C, so
    `finally` blocks stop the pool and remove temporary files, and the CLI says one line."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextmanager
def stop_on_signals():
    """Within the block (main thread only), SIGTERM and SIGHUP raise Stopped. Without it the
    parent of a pool dies at once and its orphaned workers print a traceback each when they
    find the pipe to it broken."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, _frame):
        raise Stopped(signum)
    old = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)
