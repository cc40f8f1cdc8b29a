import signal
import subprocess
import sys
from pathlib import Path

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


def test_cancel_stops_and_returns_none():
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
