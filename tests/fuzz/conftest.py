"""The fuzz suite: hypothesis strategies for every parser and loader, a bounded number of examples.

Each property calls `tried()` once per input it feeds to the code under test; each test's
count rides on its report (so it survives pytest-xdist's workers), and the session total is
printed at the end of the run ("fuzz: N inputs tried, F failures", by tests/conftest.py, which
the controller of the workers loads) and written to the file named by SQUAREWISE_FUZZ_REPORT
when that is set. The README quotes it.
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
