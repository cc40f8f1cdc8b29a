import os
import sys
import threading
import time

import pytest

from game.worker import Worker
from solver.genius import search
from solver.genius.position import Position


def test_result_is_delivered_on_poll_on_the_calling_thread():
    worker = Worker()
    seen = []
    job = worker.submit("count", lambda job: search.count(Position.parse("A1A2A4A6B4D5E1"), progress=job.report),
                        lambda job: seen.append((job.result, threading.current_thread())))
    assert job.wait(30)
    assert seen == []
    worker.poll()
    assert seen == [(search.count(Position.parse("A1A2A4A6B4D5E1")), threading.current_thread())]
    assert job.fraction == 1.0


def cancelled_mid_search():
    """A job that runs until cancelled, cancelled once it started: (worker, job, what it delivered)."""
    worker = Worker()
    started = threading.Event()
    seen = []

    def slow(job):
        started.set()
        while not job.cancelled():
            time.sleep(0.001)
        return "stopped"

    job = worker.submit("slow", slow, seen.append)
    started.wait(30)
    assert worker.busy == [job]
    job.cancel()
    return worker, job, seen


def test_cancel_stops_the_search():
    _, job, _ = cancelled_mid_search()
    assert job.wait(30) and job.result == "stopped"


def test_cancel_drops_the_callback():
    worker, job, seen = cancelled_mid_search()
    job.wait(30)
    worker.poll()
    assert seen == [] and worker.jobs == []


def test_errors_are_reported_not_lost():
    worker = Worker()
    job = worker.submit("bad", lambda job: 1 / 0)
    worker.drain()
    assert isinstance(job.error, ZeroDivisionError) and job.delivered


def _count_in_child(notation, progress=None):
    return search.count(Position.parse(notation), progress=progress)


def _forever(progress=None):
    progress(1, 2)
    while True:
        time.sleep(0.01)


def _fails(progress=None):
    raise ValueError("no such board")


def test_a_process_job_delivers_its_answer():
    worker = Worker()
    seen = []
    job = worker.submit_process("count", _count_in_child, ("A1A2A4A6B4D5E1",), seen.append)
    worker.drain(30)
    assert seen == [job] and job.result == search.count(Position.parse("A1A2A4A6B4D5E1"))
    assert job.fraction == 1.0


def stuck_in_a_child(worker, seen):
    """A process job that never ends, until its first report of progress."""
    stuck = worker.submit_process("forever", _forever, (), seen.append)
    deadline = time.monotonic() + 60
    while stuck.fraction is None and time.monotonic() < deadline:
        time.sleep(0.01)
    return stuck


def test_a_process_job_reports_progress():
    stuck = stuck_in_a_child(Worker(), [])
    try:
        assert stuck.fraction == 0.5
    finally:
        stuck.cancel()
        stuck.wait(30)


def test_a_cancelled_process_job_delivers_nothing():
    worker, seen = Worker(), []
    stuck = stuck_in_a_child(worker, seen)
    stuck.cancel()
    assert stuck.wait(30)
    worker.poll()
    assert seen == []


def test_a_process_job_s_error_comes_back_with_its_message():
    worker = Worker()
    bad = worker.submit_process("fails", _fails)
    worker.drain(10)
    assert isinstance(bad.error, RuntimeError) and str(bad.error) == "ValueError: no such board"


def _refuses(progress=None):
    from solver.genius.position import Position
    Position.parse("A1A2")


def test_the_engines_error_comes_back_from_the_child_as_itself():
    from solver.errors import SquarewiseError
    worker = Worker()
    job = worker.submit_process("refuses", _refuses)
    worker.drain(10)
    assert type(job.error) is SquarewiseError and str(job.error) == "a board needs exactly 7 blockers, got 2"


def _square(chunk):
    return [x * x for x in chunk]


def _pool_sum(n, progress=None):
    from solver.parallel import chunked, run_chunks
    return sum(sum(part) for part in run_chunks(_square, chunked(range(n), 10), jobs=2, progress=progress))


def _slow_chunk(chunk):
    path, index = chunk
    with open(f"{path}/.{index}", "w") as out:              # the name shows only once the pid is in it
        out.write(str(os.getpid()))
    os.replace(f"{path}/.{index}", f"{path}/{index}")
    time.sleep(60)
    return index


def _slow_pool(path, progress=None):
    from solver.parallel import run_chunks
    return run_chunks(_slow_chunk, [(path, 0), (path, 1)], jobs=2)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return "\nState:\tZ" not in status.read()
    except FileNotFoundError:
        return False


def test_a_process_job_may_use_a_pool_of_its_own():
    worker = Worker()
    job = worker.submit_process("pool", _pool_sum, (100,))
    worker.drain(60)
    assert job.error is None and job.result == sum(x * x for x in range(100))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_cancel_ends_the_pool_workers_of_a_process_job(tmp_path):
    worker = Worker()
    job = worker.submit_process("slow pool", _slow_pool, (str(tmp_path),))
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("[0-9]"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    pids = [int(p.read_text()) for p in tmp_path.glob("[0-9]")]
    assert len(pids) == 2 and all(_alive(pid) for pid in pids)
    job.cancel()
    assert job.wait(60)
    deadline = time.monotonic() + 60
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in pids)


def _echo(value, progress=None):
    return value


def test_a_job_slot_delivers_only_the_job_it_shows():
    from game.play.jobs import JobSlot
    worker = Worker()
    slot = JobSlot(worker)
    heard, failed = [], []
    first = slot.run("first", _echo, ("old",), heard.append, failed.append)
    slot.run("second", _echo, ("new",), heard.append, failed.append)      # replaces the first
    assert first.cancelled() and slot.running
    worker.drain(10)
    assert heard == ["new"] and failed == [] and slot.job is None and not slot.running


def test_a_job_slot_cancel_drops_the_answer():
    from game.play.jobs import JobSlot
    worker = Worker()
    slot = JobSlot(worker)
    heard, failed = [], []
    assert slot.cancel() is False
    slot.run("echo", _echo, ("x",), heard.append, failed.append)
    assert slot.cancel() is True and slot.job is None
    worker.drain(10)
    assert heard == []


def test_a_job_slot_s_errors_come_as_exceptions():
    from game.play.jobs import JobSlot
    from solver.errors import SquarewiseError
    worker = Worker()
    slot = JobSlot(worker)
    heard, failed = [], []
    slot.run("refuses", _refuses, (), heard.append, failed.append)
    worker.drain(10)
    assert heard == [] and len(failed) == 1 and type(failed[0]) is SquarewiseError


def test_a_job_that_ends_calls_the_worker_s_wake():
    woke = threading.Event()
    worker = Worker(wake=woke.set)
    worker.submit("quick", lambda job: 1)
    assert woke.wait(30)


def test_a_failed_job_calls_wake_too():
    woke = threading.Event()
    worker = Worker(wake=woke.set)
    worker.submit("bad", lambda job: 1 / 0)
    assert woke.wait(30)
