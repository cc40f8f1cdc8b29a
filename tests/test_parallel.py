import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver.parallel import chunked, run_chunks

ROOT = Path(__file__).resolve().parent.parent


def _square_sum(chunk):
    return sum(x * x for x in chunk)


def test_results_come_back_in_chunk_order_with_progress():
    seen = []
    chunks = chunked(range(100), 7)
    out = run_chunks(_square_sum, chunks, jobs=2, progress=lambda d, t: seen.append((d, t)))
    assert out == [sum(x * x for x in c) for c in chunks]
    assert seen[0] == (0, len(chunks)) and seen[-1] == (len(chunks), len(chunks))


def test_cancel_returns_none_at_any_job_count():
    assert run_chunks(_square_sum, chunked(range(100), 5), jobs=2, cancelled=lambda: True) is None
    assert run_chunks(_square_sum, chunked(range(100), 5), jobs=1, cancelled=lambda: True) is None


def _sigterm_is_default(_chunk):
    return signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_workers_die_on_sigterm_even_when_the_parent_catches_it():
    # pygame (SDL) installs a SIGTERM handler; forked workers that inherit it survive
    # Pool.terminate, and the pool's exit then waits for them forever.
    old = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        assert run_chunks(_sigterm_is_default, [0, 1, 2, 3], jobs=2) == [True] * 4
    finally:
        signal.signal(signal.SIGTERM, old)


def test_chunked_splits_evenly_with_a_short_tail():
    assert chunked(range(7), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert chunked([], 3) == []


def test_pools_stopped_at_once_never_hang_when_the_parent_catches_sigterm():
    # terminate can reach a worker before its initializer has run; it must still end it
    script = (
        "import signal\n"
        "from solver.parallel import run_chunks\n"
        "from tests.test_parallel import _square_sum\n"
        "signal.signal(signal.SIGTERM, lambda *_: None)\n"
        "for _ in range(25):\n"
        "    assert run_chunks(_square_sum, [[1], [2], [3]], jobs=2, cancelled=lambda: True) is None\n"
        "    assert run_chunks(_square_sum, [[1], [2], [3]], jobs=2) == [1, 4, 9]\n"
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=120, cwd=ROOT)
    assert done.returncode == 0


def _note_and_wait(chunk):
    """A chunk that writes this worker's pid to `path`, then waits `seconds`."""
    path, seconds = chunk
    Path(path).write_text(str(os.getpid()))
    time.sleep(seconds)
    return seconds


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_to_the_group_while_a_worker_waits_for_work_never_hangs(tmp_path):
    # multiprocessing.Pool: an idle worker holds the task queue's lock while it waits; ended by
    # SIGTERM it never gives it back, and Pool.terminate waited for that lock forever (issue 29)
    quick, slow = tmp_path / "quick", tmp_path / "slow"
    script = (
        "import sys\n"
        "from solver.parallel import run_chunks\n"
        "from solver.stopping import Stopped, stop_on_signals\n"
        "from tests.test_parallel import _note_and_wait\n"
        "try:\n"
        "    with stop_on_signals():\n"
        f"        run_chunks(_note_and_wait, [({str(slow)!r}, 60), ({str(quick)!r}, 0)], jobs=2)\n"
        "except Stopped as stop:\n"
        "    print('stopped by', stop.name, file=sys.stderr)\n"
        "    sys.exit(128 + stop.signum)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, start_new_session=True,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not (quick.exists() and slow.exists() and quick.read_text()) and time.monotonic() < deadline:
            time.sleep(0.01)
        idle = int(quick.read_text())
        while _state(idle) != "S" and time.monotonic() < deadline:     # back waiting for work
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=10)
    finally:
        os.killpg(proc.pid, signal.SIGKILL) if proc.poll() is None else None
        proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM and err.strip() == "stopped by SIGTERM"


def _raise(chunk):
    raise ValueError(f"bad chunk {chunk}")


def test_an_error_in_a_worker_is_raised_in_the_parent():
    with pytest.raises(ValueError, match="bad chunk"):
        run_chunks(_raise, [1, 2, 3], jobs=2)


def _end_by_sigterm(chunk):
    if chunk == 2:
        os.kill(os.getpid(), signal.SIGTERM)        # as `kill PID` on one worker would
    time.sleep(0.2 if chunk > 2 else 0)
    return chunk


def test_a_worker_ended_by_a_signal_stops_the_run_as_that_signal_would():
    from solver.stopping import Stopped
    with pytest.raises(Stopped) as stop:
        run_chunks(_end_by_sigterm, list(range(8)), jobs=2)
    assert stop.value.signum == signal.SIGTERM
