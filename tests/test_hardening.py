"""One test per root cause of issue 12, each through the real CLI (solver.cli.main or
`python -m game ...`) or the real game start (game.app.run, or the App opening a game).

The contract: bad input is one line on stderr and exit 2, never a traceback; a bad data file
is set aside (or left alone when it cannot be moved) and the game starts.
"""
from __future__ import annotations

import gc
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.game.processes import run_game

from solver.cli import main

ROOT = Path(__file__).resolve().parents[1]
DUMMY = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SEVEN = ["A6", "E1", "A1", "A4", "A2", "D5", "B4"]


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv, words: str = "") -> str:
    """Run the CLI; assert exit 2 with one line on stderr (containing `words`) and no output."""
    code, out, err = cli(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2 and out == "", (code, out, err)
    assert len(lines) == 1 and lines[0].startswith("squarewise: error: ") and "Traceback" not in err, err
    assert words in lines[0], lines[0]
    return lines[0]


def python_m(*args, env=None, timeout=60, **kw):
    full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=full,
                          timeout=timeout, cwd=ROOT, **kw)


def start_game(data: Path, monkeypatch, capsys, seconds: str = "0.3") -> list[str]:
    """The real game start on the data folder `data` (what `--smoke-test` runs: the window, the
    title, a Genius game; `--smoke-test` itself always uses a throw-away folder); its stderr lines."""
    import pygame
    from game.app import check_display, smoke_test
    for key, value in DUMMY.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("SQUAREWISE_DATA_DIR", str(data))
    gc.collect()            # earlier tests' windows destroyed while the display still knows them ...
    pygame.quit()           # ... then a clean start, as a fresh process's
    check_display()
    try:
        assert smoke_test(float(seconds)) == 0
    finally:
        gc.collect()        # (a window collected after pygame.quit would destroy a later test's window)
        pygame.quit()
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return [line for line in err.splitlines() if line.startswith("squarewise")]


def versioned(data) -> str:
    return json.dumps({"version": 1, "data": data})


# --- cells with non-ASCII digits ------------------------------------------------------------

@pytest.mark.parametrize("cell", ["A²", "A٣", "A３", "A①", "A\u0967"])
def test_non_ascii_digits_are_not_cells(capsys, cell):
    refused(capsys, "genius", "solve", cell, *SEVEN[1:], words="is not a cell name")
    refused(capsys, "genius", "solve", "--position", f"{cell}A2A4A6B4D5E1", words="cell name")
    refused(capsys, "macmahon", "solve", "--position", "\u0664x6x3:", words="is not a board")


# --- numbers past the int-string limit ------------------------------------------------------

def test_numbers_past_the_int_string_limit(capsys, tmp_path, monkeypatch):
    huge = "9" * 5000
    refused(capsys, "genius", "solve", "A" + huge, *SEVEN[1:], words="is not a cell name")
    refused(capsys, "macmahon", "solve", "--position", f"{huge}x6x3:", words="is not a board")
    refused(capsys, "macmahon", "solve", "--position", f"4x6x3:{huge}a...../....../....../......", words="not a tile")
    dice = tmp_path / "dice.json"
    dice.write_text('{"name": "x", "dice": ' + huge + "}")
    refused(capsys, "genius", "roll", "--dice", str(dice), words="too long")
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"version": 1, "data": {"window": [' + huge + ", 1]}}")
    lines = start_game(data, monkeypatch, capsys)
    assert any("settings.json" in line and "too long" in line for line in lines)


# --- deep nesting -----------------------------------------------------------------------------

def test_deeply_nested_json(capsys, tmp_path, monkeypatch):
    deep = "[" * 100_000 + "]" * 100_000
    dice = tmp_path / "dice.json"
    dice.write_text(deep)
    refused(capsys, "genius", "roll", "--dice", str(dice), words="nested")
    data = tmp_path / "data"
    data.mkdir()
    for name in ("settings", "statistics", "genius-autosave", "macmahon-autosave"):
        (data / f"{name}.json").write_text('{"version": 1, "data": ' + "[" * 5000 + "]" * 5000 + "}")
    lines = start_game(data, monkeypatch, capsys)
    assert sum("nested" in line for line in lines) >= 2      # settings and statistics are read at start
    assert (data / "settings.json.corrupt-1").exists()


def test_deeply_nested_census_checkpoint(capsys, tmp_path):
    checkpoint = tmp_path / "ck.json"
    checkpoint.write_text("{" + '"a":{' * 50_000 + "}" * 50_001)
    refused(capsys, "genius", "census", "--checkpoint", str(checkpoint), "--resume", words="nested")


# --- lone surrogates --------------------------------------------------------------------------

def test_lone_surrogates_in_cli_input_are_refused(capsys, tmp_path):
    dice = tmp_path / "dice.json"
    dice.write_text('{"name": "\\ud800", "dice": [["A1"], ["A2"], ["A3"], ["A4"], ["A5"], ["A6"], ["B1"]]}')
    refused(capsys, "genius", "roll", "--dice", str(dice), words="lone surrogate")
    refused(capsys, "genius", "solve", "A1\udc80", *SEVEN[1:], words="is not a cell name")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="file names in bytes that are not UTF-8")
def test_a_dice_file_named_in_undecodable_bytes_names_the_set_with_a_replacement(capsys, tmp_path):
    unnamed = os.path.join(os.fsencode(tmp_path), b"\xff.json")
    with open(unnamed, "w") as out:
        out.write('{"dice": [["A1"], ["A2"], ["A3"], ["A4"], ["A5"], ["A6"], ["B1"]]}')
    code, out, _ = cli(capsys, "genius", "roll", "--json", "--dice", os.fsdecode(unnamed))
    assert code == 0 and json.loads(out.encode("utf-8"))["dice"] == "\ufffd"


def test_lone_surrogates_in_game_files_are_said(capsys, tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"version": 1, "data": {"dice": "\\udfff", "\\ud800": 1}}')
    (data / "statistics.json").write_text('{"version": 1, "data": {"genius": {"best": {"\\ud800": 3}}}}')
    lines = start_game(data, monkeypatch, capsys)
    assert sum("lone surrogate" in line for line in lines) == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a file system that takes any bytes as a name")
def test_a_save_named_in_bytes_that_are_not_utf8(tmp_path, monkeypatch):
    from game.app import App
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.title import TitleScene
    from game.storage import Storage
    for key, value in DUMMY.items():
        monkeypatch.setenv(key, value)
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    with open(os.path.join(os.fsencode(data / "saves"), b"\xff\xfe.json"), "w") as out:
        out.write("{}")                        # listed by the system as '\udcff\udcfe.json'
    app = App(storage=Storage(data))
    app.push(TitleScene(app))
    scene = GeniusScene(app)
    app.push(scene)
    scene.ask_file("Load a saved game", scene.ask_load, app.storage.saves_dir())
    for _ in range(3):
        app.frame(1 / 60)                       # the dialog lists and draws the folder
    app.toasts.show("Saved \udcff\udcfe.json")
    app.frame(1 / 60)


# --- NaN, Infinity and huge numbers in game files ---------------------------------------------

AUTOSAVE = {"puzzle": "genius", "start": "A1A2A4A6B4D5E1", "history": ["A1A2A4A6B4D5E1"],
            "index": 0, "elapsed": 1e308, "running": False, "meta": {}}


def test_nan_infinity_in_game_files_are_said(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"version": 1, "data": {"window": [NaN, Infinity]}}')
    (data / "statistics.json").write_text('{"version": 1, "data": {"genius": {"played": 1e999, "best": {"d": -Infinity}}}}')
    (data / "genius-autosave.json").write_text(versioned(AUTOSAVE))
    lines = start_game(data, monkeypatch, capsys)
    assert any("NaN" in line for line in lines) and any("settings.json" in line for line in lines)


def test_huge_numbers_in_game_files_are_kept_in_bounds(tmp_path, monkeypatch, capsys):
    # numbers that parse but are absurd: a window 10**4000 pixels wide, an index past the history
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(versioned({"window": [10 ** 4000, -5]}))
    (data / "genius-autosave.json").write_text(versioned({**AUTOSAVE, "index": 10 ** 4000, "elapsed": 10 ** 300}))
    start_game(data, monkeypatch, capsys)
    from game.app import App
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.title import TitleScene
    from game.storage import Storage
    app = App(storage=Storage(data))
    assert app.size[0] >= 800 and app.size[1] >= 560
    app.push(TitleScene(app))
    app.frame(1 / 60)                          # the title's "continue" note reads the autosave
    app.push(GeniusScene(app))                 # resuming the autosave: refused with a toast, a new roll
    app.frame(1 / 60)
    assert app.top.match is not None and app.top.match.index == 0


def test_nan_in_a_census_checkpoint(capsys, tmp_path):
    checkpoint = tmp_path / "ck.json"
    checkpoint.write_text('{"kind": "genius-census", "boards": NaN, "done": {}}')
    refused(capsys, "genius", "census", "--checkpoint", str(checkpoint), "--resume", words="NaN")


# --- non-regular files and the size cap -------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "folder"])
def test_the_cli_refuses_what_is_not_a_regular_file_without_blocking(tmp_path, target):
    if target == "fifo":
        os.mkfifo(tmp_path / "fifo.json")
    path = {"fifo": tmp_path / "fifo.json", "folder": tmp_path}.get(target, target)
    proc = python_m("game", "genius", "roll", "--dice", str(path), timeout=30)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "not a regular file" in proc.stderr or "is a folder" in proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_the_game_refuses_data_files_that_are_not_regular_without_blocking(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "settings.json")
    os.symlink("/dev/zero", data / "statistics.json")
    code, err = run_game(data)             # the real game on that folder, stopped with Ctrl-C
    assert code == 130 and "Traceback" not in err, err
    assert "not a regular file" in err


def test_files_over_the_size_cap_are_refused(capsys, tmp_path, monkeypatch):
    from solver.genius.dice import MAX_DICE_BYTES
    dice = tmp_path / "big.json"
    dice.write_text(" " * (MAX_DICE_BYTES + 1) + "{}")
    refused(capsys, "genius", "roll", "--dice", str(dice), words="too large")
    from game.storage import MAX_FILE_BYTES
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(" " * (MAX_FILE_BYTES + 1))
    assert any("too large" in line for line in start_game(data, monkeypatch, capsys))


# --- long names, empty paths, an empty or truncated cache, unwritable stdout ------------------

def test_over_long_file_names(capsys, tmp_path):
    long = "n" * 300
    refused(capsys, "genius", "roll", "--dice", long, words="too long")
    refused(capsys, "genius", "census", "--save", f"{tmp_path}/{long}/u.npz", words="too long")
    refused(capsys, "genius", "census", "--save", f"{tmp_path}/{'n' * 250}", words="too long")
    refused(capsys, "macmahon", "count", "--classes-out", f"{tmp_path}/{long}", words="too long")


@pytest.mark.parametrize("argv", [["genius", "census", "--save", ""], ["genius", "census", "--checkpoint", ""],
                                  ["genius", "make-dice", "--out", ""], ["genius", "make-dice", "--cache", ""],
                                  ["macmahon", "count", "--classes-out", ""], ["genius", "roll", "--dice", ""]])
def test_empty_paths_are_refused(capsys, argv):
    refused(capsys, *argv, words="empty")


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04", "truncated"])
def test_an_empty_or_truncated_census_cache(capsys, tmp_path, content):
    from solver.genius.census import cache_path
    if content == "truncated":
        content = cache_path().read_bytes()[:5000]
    cache = tmp_path / "u.npz"
    cache.write_bytes(content)
    refused(capsys, "genius", "make-dice", "--cache", str(cache), "--seed", "1", words="cannot be read")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["genius", "roll", "--seed", "1"], ["--help"], ["genius", "--help"],
                                  ["--smoke-test", "0.3"]])
def test_stdout_that_cannot_be_written(argv, tmp_path):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "game", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60,
                              env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), **DUMMY,
                                   "SQUAREWISE_DATA_DIR": str(tmp_path)})
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "cannot write the output" in lines[0], proc.stderr


# --- `--opt=--` ------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["genius", "roll", "--dice=--"], "dice file '--' not found"),
    (["genius", "roll", "--seed=--"], "wants a whole number from 0 to 18,446,744,073,709,551,615, not '--'"),
    (["genius", "solve", "--position=--"], "not a run of cell names"),
    (["macmahon", "solve", "--position=--"], "is not a board"),
    (["macmahon", "solve", "--colours=--"], "wants a whole number"),
    (["genius", "verify-dice", "--jobs=--"], "wants a whole number"),
    (["genius", "make-dice", "--faces=--"], "wants a whole number"),
])
def test_option_equals_double_dash(capsys, argv, words):
    refused(capsys, *argv, words=words)


def test_game_option_equals_double_dash():
    proc = python_m("game", "--size=--", env=DUMMY)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "--size" in proc.stderr


# --- --jobs is capped --------------------------------------------------------------------------

def test_jobs_is_capped_at_the_cores(capsys, tmp_path, monkeypatch):
    from solver import parallel
    from solver.parallel import default_jobs
    seen = []
    real = parallel.run_chunks
    monkeypatch.setattr(parallel, "run_chunks", lambda func, chunks, jobs, *a, **k: seen.append(jobs) or real(func, chunks, jobs, *a, **k))
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps({"name": "pairs", "dice": [[a, b] for a, b in zip(
        ["A1", "A3", "A5", "B2", "B4", "B6", "C1"], ["A2", "A4", "A6", "B1", "B3", "B5", "C2"])]}))
    code, out, err = cli(capsys, "genius", "verify-dice", str(path), "--jobs", "100000")
    cores = default_jobs()
    assert code == 1 and "unsolvable" in out and seen == [cores]      # not 100,000 processes
    assert err.strip().splitlines() == [f"squarewise: note: --jobs 100000 is more than the {cores} cores here; "
                                        f"using {cores}"]
    refused(capsys, "genius", "verify-dice", str(path), "--jobs", "0", words="--jobs: wants a whole number from 1 to 1,000,000")
    refused(capsys, "macmahon", "count", "--jobs", "-5", words="--jobs: wants a whole number from 1 to 1,000,000")


# --- a read-only data folder with a corrupt file -----------------------------------------------

def test_a_read_only_data_folder_with_a_corrupt_file(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{corrupt")
    os.chmod(data, 0o555)
    if os.geteuid() == 0:                      # root writes anyway: make the folder refuse as it would
        real = os.replace

        def read_only(src, dst, *a, **k):
            if Path(dst).parent == data or Path(src).parent == data:
                raise PermissionError(13, "Permission denied", str(src))
            return real(src, dst, *a, **k)
        monkeypatch.setattr(os, "replace", read_only)
    try:
        lines = start_game(data, monkeypatch, capsys)
    finally:
        os.chmod(data, 0o755)
    assert any("could not be set aside" in line for line in lines)
    assert (data / "settings.json").read_text() == "{corrupt"      # the player's file is never lost


def refuse_new_files_in(folder: Path, monkeypatch) -> None:
    """Make `folder` refuse new files even to root (who writes anyway): chmod for others, and for
    root the refusal a read-only folder gives, at os.open."""
    os.chmod(folder, 0o555)
    if os.geteuid() == 0:
        real = os.open

        def read_only(path, flags, *a, **k):
            if flags & os.O_CREAT and Path(os.fsdecode(path)).parent == folder:
                raise PermissionError(13, "Permission denied", path)
            return real(path, flags, *a, **k)
        monkeypatch.setattr(os, "open", read_only)


def test_a_read_only_data_folder_is_said_once_at_start_in_the_window(tmp_path, monkeypatch, capsys):
    # issue 29: nothing was said until quit, and then three warnings
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(versioned({"palette": "colourblind"}))
    refuse_new_files_in(data, monkeypatch)
    try:
        lines = start_game(data, monkeypatch, capsys)
        from game.app import App
        from game.storage import Storage
        app = App(size=(900, 700), storage=Storage(data))
        shown = [text for text, _, _ in app.toasts.items]
        palette = app.settings["palette"]
        del app
    finally:
        import pygame
        gc.collect()        # the window destroyed while the display knows it (see start_game)
        pygame.quit()
        os.chmod(data, 0o755)
    said = (f"squarewise: warning: the data folder {data} cannot be written (Permission denied); "
            "games, settings and statistics will not be kept")
    assert lines == [said]                                       # at start, once; nothing at quit
    assert shown == [said.split("warning: ", 1)[1]]              # and in the window
    assert palette == "colourblind"                              # what is there is still read
    assert {p.name for p in data.iterdir()} <= {"settings.json", "squarewise.lock"}  # (root's open() makes the lock)


# --- atomic writes: stale temporaries, the umask, symlinks ---------------------------------------

def writing(folder: Path, proc: subprocess.Popen) -> None:
    """Until `proc` has begun an atomic write in `folder`: a temporary file with its pid in the
    name (at most 30 s)."""
    deadline = time.monotonic() + 30
    while not any(p.name.endswith(".tmp") and f".{proc.pid}-" in p.name for p in folder.iterdir()) \
            and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)


def test_stale_temporaries_of_killed_writes_are_cleaned_at_start(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    data.mkdir()
    writer = ("import sys; from solver.atomic import write_text_atomic\n"
              "while True: write_text_atomic(sys.argv[1], '{\"version\": 1, \"data\": {}}' + ' ' * 4_000_000)\n")
    for _ in range(5):                              # kill -9 in the middle of writes
        proc = subprocess.Popen([sys.executable, "-c", writer, str(data / "settings.json")], cwd=ROOT,
                                env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)})
        writing(data, proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    old = data / ".statistics.json.abcd1234.tmp"    # a temporary of the old naming, an hour old
    old.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    live = data / f".statistics.json.{os.getpid()}-0123abcd.tmp"   # a write in progress in a live process
    live.write_text("x")
    mine = data / ".notes.tmp"                      # not a name the atomic write makes: never touched
    mine.write_text("x")
    start_game(data, monkeypatch, capsys)
    left = sorted(p.name for p in data.iterdir() if p.name.endswith(".tmp"))
    assert left == sorted([live.name, mine.name])
    json.loads((data / "settings.json").read_text())    # never torn


def test_written_files_get_the_umask(tmp_path):
    from solver.atomic import write_text_atomic
    old = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "a.json", "{}")
        assert stat.S_IMODE(os.stat(tmp_path / "a.json").st_mode) == 0o644
        os.umask(0o077)
        write_text_atomic(tmp_path / "b.json", "{}")
        assert stat.S_IMODE(os.stat(tmp_path / "b.json").st_mode) == 0o600
    finally:
        os.umask(old)


def test_a_written_symlink_stays_a_link(tmp_path):
    from solver.atomic import write_text_atomic
    target = tmp_path / "real" / "settings.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    write_text_atomic(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_game_saves_get_the_umask(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    old = os.umask(0o022)
    try:
        start_game(data, monkeypatch, capsys)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(data / "settings.json").st_mode) == 0o644


# --- no display ------------------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="other systems always have a display driver")
def test_no_display_is_refused_in_one_line(tmp_path):
    proc = python_m("game", env={"SQUAREWISE_DATA_DIR": str(tmp_path)}, timeout=60)
    lines = [line for line in proc.stderr.splitlines() if line.startswith("squarewise")]
    assert proc.returncode == 2 and len(lines) == 1 and "no display" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


# issue 29: SDL's "XDG_RUNTIME_DIR is invalid or not set" came first, and the data folder
# was made in the home folder before the display was looked for
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="other systems always have a display driver")
def test_no_display_is_only_squarewises_line(tmp_path):
    proc = python_m("game", env={"HOME": str(tmp_path)}, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("squarewise: error: no display to open the window on (set DISPLAY, or run a "
                           "subcommand: squarewise genius --help)\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="other systems always have a display driver")
def test_no_display_makes_no_data_folder(tmp_path):
    proc = python_m("game", env={"HOME": str(tmp_path)}, timeout=60)
    assert proc.returncode == 2
    assert list(tmp_path.iterdir()) == []


# --- game options: one line, in the help; --colours agrees with its help ------------------------

@pytest.mark.parametrize("argv, words", [(["--size", "abc"], "--size"), (["--size", "0x600"], "--size"),
                                         (["--smoke-test", "nan"], "--smoke-test"), (["--smoke-test"], "--smoke-test"),
                                         (["--colour"], "unrecognized")])
def test_game_option_mistakes_are_one_line(argv, words, tmp_path):
    proc = python_m("game", *argv, env={**DUMMY, "SQUAREWISE_DATA_DIR": str(tmp_path)})
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and words in lines[0], proc.stderr


def test_top_level_help_lists_what_the_program_offers():
    proc = python_m("game", "--help")
    assert proc.returncode == 0
    for word in ("--size", "--smoke-test", "--genius", "genius", "macmahon", "serve"):
        assert word in proc.stdout


def test_the_colours_help_states_the_range_the_check_enforces(capsys):
    from solver.macmahon.position import MAX_BOARD_COLOURS
    for command in ("solve", "count"):
        with pytest.raises(SystemExit):
            main(["macmahon", command, "--help"])
        assert f"1..{MAX_BOARD_COLOURS}" in " ".join(capsys.readouterr().out.split())
        refused(capsys, "macmahon", command, "--colours", str(MAX_BOARD_COLOURS + 1), words=f"from 1 to {MAX_BOARD_COLOURS}")
    code, out, _ = cli(capsys, "macmahon", "tiles", "--colours", "8")
    assert code == 0 and "1044 tiles" in out
    from solver.macmahon.cli import default_shape
    from solver.macmahon.position import Board
    Board(*default_shape(MAX_BOARD_COLOURS), MAX_BOARD_COLOURS)      # the largest offered board exists
