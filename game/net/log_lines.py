"""The server's log lines, cheaply: "2025-01-01 12:00:03,114 what" (the local time, as Python
logging's "%(asctime)s %(message)s" writes it) to a stream, flushed at once.

The date and time to the second are formatted once per second; a line costs a few
microseconds instead of the logging module's record, caller lookup, lock and strftime. A
stream that cannot be written (a closed pipe) loses the line, never stops the server.
"""
from __future__ import annotations

import time
from typing import TextIO


class LogLines:
    """Call with a message to write one timed line to `stream`."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.second = None          # the whole second `prefix` is for
        self.prefix = ""

    def __call__(self, message: str, now: float | None = None) -> None:
        now = time.time() if now is None else now
        second = int(now)
        if second != self.second:
            self.second, self.prefix = second, time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
        try:
            self.stream.write(f"{self.prefix},{int((now - second) * 1000):03d} {message}\n")
            self.stream.flush()
        except (OSError, ValueError):       # stdout gone or closed: the server goes on without its log
            pass
