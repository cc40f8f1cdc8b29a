"""`squarewise serve`: one line and exit 2 on bad input, one line on Ctrl+C, never pygame."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys

import pytest

SERVE = [sys.executable, "-m", "game", "serve"]


@pytest.mark.parametrize("args, says", [
    (["--port", "x"], "--port: wants a whole number from 0 to 65,535, not 'x'"),
    (["--port", "70000"], "not '70000'"),
    (["--port", "-1"], "--port"),
    (["--port", "٣"], "--port"),
    (["--host", ""], "--host: needs an address"),
    (["--host", "a" * 300], "is not a host name or address (a part between dots is empty or longer than 63"),
    (["--host", "x." + "b" * 64 + ".org"], "is not a host name or address"),
    (["--host", "a..b"], "is not a host name or address"),
    (["--host", "192.0.2.1", "--port", "0"], "cannot listen on 192.0.2.1:0"),    # not an address of this machine
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_input_exits_2_with_one_line(args, says):
    run = subprocess.run(SERVE + args, capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("squarewise: error: ") and says in run.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a byte that is not UTF-8 in argv: POSIX")
def test_a_host_with_a_byte_that_is_not_utf8_is_one_line():
    run = subprocess.run([*map(str.encode, SERVE), b"--host", b"ab\xffcd"], capture_output=True, timeout=30)
    assert run.returncode == 2 and run.stdout == b"" and b"Traceback" not in run.stderr
    assert run.stderr == b"squarewise: error: argument --host: 'ab\\udcffcd' is not a host name or address " \
                         b"(not valid UTF-8) (see 'squarewise serve --help')\n"


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(SERVE + ["--port", str(port)], capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert f"cannot listen on 127.0.0.1:{port}" in run.stderr


def test_ctrl_c_stops_it_with_one_line():
    process = subprocess.Popen(SERVE + ["--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        assert first.startswith("squarewise: race server on ws://127.0.0.1:") and "Ctrl+C" in first
        assert first.split()[4].endswith("/"), first         # the address stands alone, to copy as it is
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert (out, err, process.returncode) == ("squarewise: race server stopped\n", "", 0)
    finally:
        process.kill()
        process.wait(10)


def test_serve_never_imports_pygame():
    code = ("import sys; from game.__main__ import main; code = main(['serve', '--port', 'x']); "
            "assert 'pygame' not in sys.modules and 'pygame_gui' not in sys.modules; "
            "import game.net.server, game.net.client, game.net.discovery; "
            "assert 'pygame' not in sys.modules; sys.exit(code)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert run.returncode == 2, run.stderr


def test_what_is_not_a_websocket_is_turned_away_quietly():
    process = subprocess.Popen(SERVE + ["--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline().rsplit(":", 1)[1].split("/")[0])
        answers = []
        for request in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"\x00\xff\x1b[2J garbage\r\n\r\n",
                        b"GET /\x1b[2J HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        b"Sec-WebSocket-Key: bad\r\nSec-WebSocket-Version: 13\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(request)
                answers.append(sock.recv(100).split(b"\r\n")[0])
        assert answers[0] == b"HTTP/1.1 426 Upgrade Required" and answers[2].startswith(b"HTTP/1.1 4")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert (out, err) == ("squarewise: race server stopped\n", "")
    finally:
        process.kill()
        process.wait(10)
