"""The server's log lines (game/net/log_lines.py): the same text and time as Python logging's
"%(asctime)s %(message)s", from the server's events."""
import io
import logging

from game.net.log_lines import LogLines
from game.net.server import RaceServer

FORMAT = logging.Formatter("%(asctime)s %(message)s")


def _logging_line(message: str, when: float) -> str:
    record = logging.makeLogRecord({"msg": message})
    record.created, record.msecs = when, int((when - int(when)) * 1000) + 0.0
    return FORMAT.format(record) + "\n"


def test_each_line_is_timed_as_logging_times_it():
    stream = io.StringIO()
    lines = LogLines(stream)
    times = [1735732803.1149, 1735732803.9996, 1735732804.0, 1735732804.0004, 1735732859.5, 1735819199.999]
    for when in times:
        lines("room=- seat=- addr=\"-\" hello", now=when)
    assert stream.getvalue() == "".join(_logging_line("room=- seat=- addr=\"-\" hello", when) for when in times)


def test_a_stream_that_cannot_be_written_loses_the_line_only():
    stream = io.StringIO()
    stream.close()
    LogLines(stream)("lost")                # no exception: the server goes on


def test_the_server_writes_one_line_per_event_only_when_given_a_writer():
    server = RaceServer()
    server.log("Q7KX2M", 2, "203.0.113.7", "joined as \"Zo\\u00eb\"")     # no writer: nothing, no error
    written = []
    server.lines = written.append
    server.log("Q7KX2M", 2, "203.0.113.7", "joined as \"Zo\\u00eb\"")
    server.log(None, None, "-", "refused: the server is full")
    assert written == ['room=Q7KX2M seat=2 addr="203.0.113.7" joined as "Zo\\u00eb"',
                       'room=- seat=- addr="-" refused: the server is full']
