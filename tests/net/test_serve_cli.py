"""`squarewise serve`: one line and exit 2 on bad input, one line on Ctrl+C, never pygame."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys

import pytest

SERVE = [sys.executable, "-m", "game", "serve"]


@pytest.mark.parametrize("args, says", [
    (["--port", "x"], "--port: expected a number 0..65535"),
    (["--port", "70000"], "got '70000'"),
    (["--port", "-1"], "--port"),
    (["--port", "٣"], "--port"),
    (["--host", ""], "--host needs an address"),
    (["--host", "192.0.2.1", "--port", "0"], "cannot listen on 192.0.2.1:0"),    # not an address of this machine
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_input_is_one_line_and_exit_2(args, says):
    run = subprocess.run(SERVE + args, capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("squarewise: error: ") and says in run.stderr


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
