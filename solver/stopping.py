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


_arrived: list[int] = []       # the stop signals that came within stop_on_signals, in order


def arrived() -> int | None:
    """The first SIGTERM, SIGHUP or SIGINT that came within the last stop_on_signals block, or None.
    A library may turn the exception a signal raised into one of its own (numpy makes an
    ImportError of a Ctrl-C during its import): the CLI then still knows it was stopped."""
    return _arrived[0] if _arrived else None


@contextmanager
def stop_on_signals():
    """Within the block (main thread only), SIGTERM and SIGHUP raise Stopped and Ctrl-C raises
    KeyboardInterrupt, each noted for arrived(). Without it the parent of a pool dies at once
    and its orphaned workers print a traceback each when they find the pipe to it broken."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _arrived.clear()

    def stop(signum, _frame):
        _arrived.append(signum)
        raise Stopped(signum)

    def interrupt(signum, _frame):
        _arrived.append(signum)
        raise KeyboardInterrupt
    old = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    old[signal.SIGINT] = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)
