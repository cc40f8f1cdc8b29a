"""The fuzz suite: hypothesis strategies for every parser and loader, a bounded number of examples.

Each property calls `tried()` once per input it feeds to the code under test; the session
total is printed at the end of the run ("fuzz: N inputs tried, F failures") and written
to the file named by SQUAREWISE_FUZZ_REPORT when that is set. The README quotes it.
"""
from __future__ import annotations

import itertools
import os

import pytest
from tests.fuzz.strategies import COUNT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


_serial = itertools.count()


@pytest.fixture
def fresh(tmp_path):
    """A new empty folder per call (hypothesis runs many examples in one test)."""
    def make():
        folder = tmp_path / f"f{next(_serial)}"
        folder.mkdir()
        return folder
    return make


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and "tests/fuzz" in str(item.fspath).replace(os.sep, "/"):
        COUNT["failed_tests"] += 1


def pytest_terminal_summary(terminalreporter):
    if not COUNT["inputs"]:
        return
    line = f"fuzz: {COUNT['inputs']:,} inputs tried, {COUNT['failed_tests']} failures"
    terminalreporter.write_line(line)
    report = os.environ.get("SQUAREWISE_FUZZ_REPORT")
    if report:
        with open(report, "w", encoding="utf-8") as out:
            out.write(line + "\n")
