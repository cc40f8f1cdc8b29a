"""Counting the tests that open a window: every test that makes a `game.app.App` (or any other
display surface: `pygame.display.set_mode`, even a hidden 1x1 one) is marked
(a user property, so it survives pytest-xdist), and the run ends with "window tests: N of M"
(M: every test that ran, doctests included)."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest

WINDOW = ("opens_window", True)
_current: list = [None]
_made_data_dir: list = []


def pytest_configure(config):
    """No test writes to the user's own data folder: unless one is named, SQUAREWISE_DATA_DIR is a
    temporary folder for the run (inherited by child processes such as `squarewise serve`), one per
    pytest-xdist worker (two `serve` on one standings database refuse each other)."""
    if not os.environ.get("SQUAREWISE_DATA_DIR") or os.environ.get("SQUAREWISE_TESTS_MADE_DATA_DIR"):
        _made_data_dir.append(tempfile.mkdtemp(prefix="squarewise-tests-"))
        os.environ["SQUAREWISE_DATA_DIR"] = _made_data_dir[0]
        os.environ["SQUAREWISE_TESTS_MADE_DATA_DIR"] = "1"


def pytest_unconfigure(config):
    for folder in _made_data_dir:
        shutil.rmtree(folder, ignore_errors=True)


def _mark() -> None:
    item = _current[0]
    if item is not None and WINDOW not in item.user_properties:
        item.user_properties.append(WINDOW)


def _count_display_surfaces() -> None:
    """Wrap pygame.display.set_mode once pygame is imported."""
    display = getattr(sys.modules.get("pygame"), "display", None)
    if display is None or getattr(display.set_mode, "counted", False):
        return
    made = display.set_mode

    def set_mode(*args, **kwargs):
        _mark()
        return made(*args, **kwargs)
    set_mode.counted = True
    display.set_mode = set_mode


def _count_windows() -> None:
    """Wrap App.__init__ once game.app is imported (tests/game/conftest.py imports it)."""
    _count_display_surfaces()
    module = sys.modules.get("game.app")
    if module is None or getattr(module.App.__init__, "counted", False):
        return
    opened = module.App.__init__

    def __init__(self, *args, **kwargs):
        _mark()
        opened(self, *args, **kwargs)
    __init__.counted = True
    module.App.__init__ = __init__


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _current[0] = item
    _count_windows()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item):
    _count_windows()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    _current[0] = None


def pytest_terminal_summary(terminalreporter):
    fuzz_summary(terminalreporter)
    ran, windowed = set(), set()
    for kind in ("passed", "failed", "skipped", "xfailed", "xpassed"):
        for report in terminalreporter.stats.get(kind, []):
            if getattr(report, "nodeid", None):
                ran.add(report.nodeid)
                if WINDOW in [tuple(p) for p in getattr(report, "user_properties", ())]:
                    windowed.add(report.nodeid)
    terminalreporter.write_line(f"window tests: {len(windowed)} of {len(ran)}")
    if terminalreporter.config.getoption("verbose") > 0:       # -v: where they are, file by file
        files: dict = {}
        for nodeid in windowed:
            files[nodeid.split("::")[0]] = files.get(nodeid.split("::")[0], 0) + 1
        for path, count in sorted(files.items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"  {count:4d} {path}")


def fuzz_summary(terminalreporter) -> None:
    """The fuzz suite's total (tests/fuzz/conftest.py puts each test's count on its report)."""
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
