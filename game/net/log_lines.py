"""The server's log lines, cheaply and never in the way: "2025-01-01 12:00:03,114 what" (the
local time, as Python logging's "%(asctime)s %(message)s" writes it) written to a stream by a
thread of its own.

A line is timed when it is said (the date and time to the second formatted once per second)
and put on a bounded queue; the writer thread writes what waits in one write and flush. So the
server's loop never waits on its log: a stream nobody reads (a paused terminal, a stuck pipe)
blocks only the writer. Past `capacity` waiting lines a line is dropped and counted, and once
the stream takes lines again the count is written as a line of its own ("N log lines dropped").
A stream that cannot be written (a closed pipe) loses the lines, never stops the server.
"""
from __future__ import annotations

import json
import queue
import threading
import time
from typing import TextIO

CAPACITY = 10_000           # lines waiting for the writer (about 1 MB) before lines are dropped
BATCH = 1_000               # lines written at most in one write


class LogLines:
    """Call with a message to have one timed line written to `stream`; `close` writes what
    waits (for at most `timeout` seconds) and stops the writer."""

    def __init__(self, stream: TextIO, capacity: int = CAPACITY):
        self.stream = stream
        self.second = None          # the whole second `prefix` is for
        self.prefix = ""
        self.waiting: queue.Queue = queue.Queue(capacity)
        self.dropped = 0            # lines dropped since the writer last said so ...
        self.counting = threading.Lock()    # ... counted by the callers, said by the writer
        self.writer = threading.Thread(target=self._write_all, name="log-lines", daemon=True)
        self.writer.start()

    def __call__(self, message: str, now: float | None = None) -> None:
        try:
            self.waiting.put_nowait(self._timed(message, now))
        except queue.Full:
            with self.counting:
                self.dropped += 1

    def close(self, timeout: float = 2.0) -> None:
        try:
            self.waiting.put(None, timeout=timeout)
        except queue.Full:          # the writer is stuck on a stream nobody reads: leave it
            return
        self.writer.join(timeout)

    def _timed(self, message: str, now: float | None = None) -> str:
        """The line (the callers' thread: the time to the second is formatted once a second)."""
        now = time.time() if now is None else now
        second = int(now)
        if second != self.second:
            self.second, self.prefix = second, _date(second)
        return f"{self.prefix},{int((now - second) * 1000):03d} {message}\n"

    def _write_all(self) -> None:
        """The writer thread: what waits, in one write, until `close`; then the count of the
        lines dropped meanwhile, if any."""
        while True:
            batch = [self.waiting.get()]
            while batch[-1] is not None and len(batch) < BATCH:
                try:
                    batch.append(self.waiting.get_nowait())
                except queue.Empty:
                    break
            stopping = batch[-1] is None
            self._write("".join(batch[:-1] if stopping else batch))
            with self.counting:
                dropped, self.dropped = self.dropped, 0
            if dropped:
                now = time.time()
                self._write(f"{_date(int(now))},{int(now % 1 * 1000):03d} "
                            f"{dropped} log line{'s' * (dropped != 1)} dropped: nothing read the log\n")
            if stopping:
                return

    def _write(self, text: str) -> None:
        if not text:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):       # stdout gone or closed: the server goes on without its log
            pass


def escaped(text: str) -> str:
    """Player text made safe for a log line: quoted, with anything not plain ASCII escaped."""
    return json.dumps(text, ensure_ascii=True)


def _date(second: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
