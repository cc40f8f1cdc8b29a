"""The fuzz suite: hypothesis strategies for every parser and loader, a bounded number of examples.

Each property calls `tried()` once per input it feeds to the code under test; each test's
count rides on its report (so it survives pytest-xdist's workers), and the session total is
printed at the end of the run ("fuzz: N inputs tried, F failures") and written to the file
named by SQUAREWISE_FUZZ_REPORT when that is set. The README quotes it.
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
def pytest_runtest_call(item):
    before = COUNT["inputs"]
    yield
    item.user_properties.append(("fuzz_inputs", COUNT["inputs"] - before))


def pytest_terminal_summary(terminalreporter):
    inputs = failures = 0
    for kind in ("passed", "failed"):
        for report in terminalreporter.stats.get(kind, []):
            if getattr(report, "when", None) != "call":
                continue
            tried = sum(n for key, n in getattr(report, "user_properties", ()) if key == "fuzz_inputs")
            inputs += tried
            failures += kind == "failed" and "tests/fuzz" in report.nodeid
    if not inputs:
        return
    line = f"fuzz: {inputs:,} inputs tried, {failures} failures"
    terminalreporter.write_line(line)
    report = os.environ.get("SQUAREWISE_FUZZ_REPORT")
    if report:
        with open(report, "w", encoding="utf-8") as out:
            out.write(line + "\n")
