"""The server's log lines (game/net/log_lines.py): the same text and time as Python logging's
"%(asctime)s %(message)s", from the server's events."""
import io
import logging
import os
import re
import signal
import subprocess
import sys
import threading

import pytest
from websockets.exceptions import ConnectionClosed

from game.net.client import RaceClient
from game.net.log_lines import LogLines
from game.net.server import RaceServer
from tests.net.race import race, raw, room, run

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
    lines.close()
    assert stream.getvalue() == "".join(_logging_line("room=- seat=- addr=\"-\" hello", when) for when in times)


def test_a_stream_that_cannot_be_written_loses_the_line_only():
    stream = io.StringIO()
    stream.close()
    lines = LogLines(stream)
    lines("lost")                           # no exception: the server goes on
    lines.close()
    assert not lines.writer.is_alive()


def test_the_server_writes_one_line_per_event_only_when_given_a_writer():
    server = RaceServer()
    server.log("Q7KX2M", 2, "203.0.113.7", "joined as \"Zo\\u00eb\"")     # no writer: nothing, no error
    written = []
    server.lines = written.append
    server.log("Q7KX2M", 2, "203.0.113.7", "joined as \"Zo\\u00eb\"")
    server.log(None, None, "-", "refused: the server is full")
    assert written == ['room=Q7KX2M seat=2 addr="203.0.113.7" joined as "Zo\\u00eb"',
                       'room=- seat=- addr="-" refused: the server is full']


SAID = 5000                                             # far past a pipe's 64 KB and the 100 waiting


def through_a_pipe_nobody_reads() -> tuple[bool, bytes]:
    """SAID lines logged to a pipe nobody reads, then read: (the caller blocked, what was read)."""
    read, write = os.pipe()
    stream = open(write, "w", encoding="utf-8")
    lines = LogLines(stream, capacity=100)
    caller = threading.Thread(target=lambda: [lines(f"line {i} " + "x" * 80) for i in range(SAID)], daemon=True)
    caller.start()
    caller.join(30)
    blocked = caller.is_alive()
    with open(read, "rb") as pipe:                      # now someone reads
        text = b""
        while b"dropped" not in text:
            chunk = pipe.read1(1 << 16)
            assert chunk, "the log ended without saying how many lines it dropped"
            text += chunk
        lines.close()
        stream.close()
        text += pipe.read()
    return blocked, text


def test_a_pipe_nobody_reads_never_stops_the_caller():
    blocked, _ = through_a_pipe_nobody_reads()
    assert not blocked, "the caller waited on a pipe nobody read"


def test_the_lines_a_full_pipe_lost_are_said_once_it_drains():
    _, text = through_a_pipe_nobody_reads()
    written = re.findall(rb" line (\d+) x", text)
    dropped = sum(int(n) for n in re.findall(rb" (\d+) log lines dropped: nothing read the log\n", text))
    assert dropped > 0 and len(written) + dropped == SAID
    assert [int(n) for n in written] == sorted(int(n) for n in written)     # in the order said


def test_serve_keeps_serving_while_nothing_reads_its_log(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", str(tmp_path / "s.db")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = "ws://" + process.stdout.readline().split("ws://", 1)[1].split()[0]

        async def flood_then_race():
            for _ in range(120):            # 11 log lines each (10 refusals, the close): past a pipe's 64 KB
                client = await RaceClient.connect(url)
                for _ in range(10):
                    await raw(client, "{")
                with pytest.raises(ConnectionClosed):
                    for _ in range(20):
                        await client.recv(10)
            await race((await room(url, 2))[0])
        run(flood_then_race(), 90)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait(10)
    assert err == "" and out.endswith("squarewise: race server stopped\n")
    assert out.count(" error: ") + sum(int(n) for n in re.findall(r" (\d+) log lines? dropped", out)) >= 1200
