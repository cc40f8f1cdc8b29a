"""Issue 19, the command line's half: output that never harms the machine, streams that cannot
be written, signals to pool commands, names from files on the terminal, the desktop entry,
and what a newcomer tripped on. Each test drives the real CLI (`python -m game ...` in a
subprocess where a stream, a signal or a file name is the point) or the real function.
"""
from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver.cli import main

ROOT = Path(__file__).resolve().parents[2]
SMALL_DICE = {"name": "pairs", "dice": [[a, b] for a, b in zip(
    ["A1", "A3", "A5", "B2", "B4", "B6", "C1"], ["A2", "A4", "A6", "B1", "B3", "B5", "C2"])]}
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and signals as on POSIX")


def env(**extra) -> dict:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **extra}


def squarewise(*argv, timeout=60, **kw) -> subprocess.CompletedProcess:
    """`python -m game ARGV` (the real entry point: `squarewise ARGV`), output captured unless given."""
    kw.setdefault("env", env())
    kw.setdefault("text", True)
    if "stdout" not in kw and "stderr" not in kw:
        kw["capture_output"] = True
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, timeout=timeout, **kw)


def one_error_line(proc) -> str:
    err = proc.stderr.decode() if isinstance(proc.stderr, bytes) else proc.stderr
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("squarewise: error: ") and "Traceback" not in err, err
    return lines[0]


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 7. output options never replace what is not a regular file ------------------------------

def special_files(folder: Path) -> dict[str, Path]:
    """A FIFO, a link to it and (as root) a character device like /dev/null, made in `folder`."""
    made = {"fifo": folder / "fifo"}
    os.mkfifo(made["fifo"])
    made["link to a fifo"] = folder / "link"
    made["link to a fifo"].symlink_to(made["fifo"])
    try:
        os.mknod(folder / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        made["device"] = folder / "null"
    except (PermissionError, AttributeError):
        pass                                     # not root: the FIFO makes the same point
    return made


OUTPUT_COMMANDS = {
    "--save": ["genius", "census", "--save"],
    "--checkpoint": ["genius", "census", "--checkpoint"],
    "--out": ["genius", "make-dice", "--seed", "1", "--out"],
    "--classes-out": ["macmahon", "count", "--classes-out"],
    "--cache": ["genius", "make-dice", "--seed", "1", "--cache"],        # read, never written: refused as well
}


@posix_only
@pytest.mark.parametrize("option", OUTPUT_COMMANDS)
def test_output_options_refuse_special_files_before_any_work(tmp_path, option):
    targets = special_files(tmp_path)
    for kind, target in targets.items():
        started = time.monotonic()
        proc = squarewise(*OUTPUT_COMMANDS[option], str(target), timeout=30)   # a census would take minutes
        line = one_error_line(proc)
        assert proc.returncode == 2 and "not a regular file" in line, (kind, line)
        assert proc.stdout == "" and time.monotonic() - started < 30
    assert stat.S_ISFIFO(os.lstat(targets["fifo"]).st_mode)
    if "device" in targets:
        assert stat.S_ISCHR(os.lstat(targets["device"]).st_mode)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_device_nodes_can_be_made_here_or_the_skip_says_why(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("os.mknod needs root; the FIFO tests cover the rule")
    assert "device" in special_files(tmp_path)


@posix_only
def test_the_shared_writer_refuses_special_files_leaving_them(tmp_path):
    from solver.atomic import NotARegularFile, write_text_atomic
    from solver.errors import SquarewiseError
    for target in special_files(tmp_path).values():
        with pytest.raises(NotARegularFile) as caught:
            write_text_atomic(target, "x")
        assert isinstance(caught.value, SquarewiseError) and isinstance(caught.value, OSError)
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)
    assert sorted(os.listdir(tmp_path)) == sorted(["fifo", "link"] + (["null"] * os.path.exists(tmp_path / "null")))


@posix_only
def test_the_games_writers_see_a_special_file_refused_as_an_os_error(tmp_path):
    from solver.genius import dice
    for target in special_files(tmp_path).values():
        with pytest.raises(OSError, match="not a regular file"):     # the game's writers catch OSError
            dice.save(dice.builtin("default"), target)


def test_a_replaced_file_keeps_its_mode(tmp_path):
    from solver.atomic import write_text_atomic
    private = tmp_path / "private.json"
    private.write_text("old")
    os.chmod(private, 0o600)
    write_text_atomic(private, "new")
    assert private.read_text() == "new" and stat.S_IMODE(os.stat(private).st_mode) == 0o600
    os.chmod(private, 0o640)
    write_text_atomic(private, "newer")
    assert stat.S_IMODE(os.stat(private).st_mode) == 0o640


def test_make_dice_out_dash_writes_the_set_to_stdout_alone():
    from solver.genius.dice import from_json
    proc = squarewise("genius", "make-dice", "--seed", "1", "--jobs", "2", "--out", "-", timeout=300)
    assert proc.returncode == 0, proc.stderr
    made = from_json(json.loads(proc.stdout), "stdout")
    assert made.count() > 1 and "die 1:" in proc.stderr and "saved to" not in proc.stderr


def test_count_classes_out_dash_writes_the_classes_to_stdout_alone(tmp_path):
    from solver.macmahon.store import classes_from_bytes
    with open(tmp_path / "classes", "wb") as out:
        proc = squarewise("macmahon", "count", "--rows", "1", "--cols", "1", "--colours", "1",
                          "--classes-out", "-", stdout=out, stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 0 and "1 solution, 1 class" in proc.stderr, proc.stderr
    board, reps = classes_from_bytes((tmp_path / "classes").read_bytes())
    assert (board.rows, board.cols, board.colours, len(reps)) == (1, 1, 1, 1)


def test_dash_is_refused_where_a_file_is_needed(capsys):
    for argv in (["genius", "census", "--checkpoint", "-"], ["genius", "census", "--save", "-"]):
        code, out, err = cli(capsys, *argv)
        assert code == 2 and out == "" and "'-' (standard output) is taken by --out and --classes-out" in err


# --- 8. streams that cannot be written ---------------------------------------------------------

def closing(fd: int):
    return lambda: os.close(fd)


@posix_only
@pytest.mark.parametrize("argv", [["genius", "roll", "--seed", "1"], ["--version"], ["--help"]])
def test_a_closed_stdout_exits_2_with_one_line(argv):
    proc = squarewise(*argv, stderr=subprocess.PIPE, text=True, preexec_fn=closing(1))
    assert proc.returncode == 2 and one_error_line(proc).endswith("standard output is closed")


@posix_only
def test_a_closed_stderr_never_puts_the_error_among_the_data():
    proc = squarewise("genius", "roll", "--seed", "x", stdout=subprocess.PIPE, text=True, preexec_fn=closing(2))
    assert proc.returncode == 2 and proc.stdout == ""
    proc = squarewise("genius", "roll", "--seed", "1", "--json", stdout=subprocess.PIPE, text=True,
                      preexec_fn=closing(2))
    assert proc.returncode == 0 and json.loads(proc.stdout)["seed"] == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_stderr_that_cannot_be_written_changes_no_exit_code(tmp_path):
    with open("/dev/full", "w") as full:
        proc = squarewise("genius", "roll", "--bogus", stdout=subprocess.PIPE, stderr=full, text=True)
        assert proc.returncode == 2 and proc.stdout == ""
        dice_file = tmp_path / "pairs.json"
        dice_file.write_text(json.dumps(SMALL_DICE))
        argv = ("genius", "verify-dice", str(dice_file), "--jobs", "2", "--progress")
        on_full = squarewise(*argv, stdout=subprocess.PIPE, stderr=full, text=True)
    shown = squarewise(*argv)
    assert "verifying pairs" in shown.stderr               # the progress that /dev/full could not take
    assert on_full.returncode == shown.returncode and on_full.stdout == shown.stdout != ""


def test_progress_off_a_terminal_is_lines_saying_the_time_left():
    from solver.parallel import ProgressBar
    stream = io.StringIO()
    bar = ProgressBar("counting", stream=stream, every=0)
    for done in range(5):
        bar(done, 4)
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue() and len(lines) == 5
    assert lines[0].startswith("counting: 0.0%") and "left" in lines[2] and lines[-1].endswith("done")


def test_roll_counts_help_says_how_long_it_takes():
    proc = squarewise("genius", "roll-counts", "--help")
    assert proc.returncode == 0 and "6 to 20 minutes" in " ".join(proc.stdout.split())


def test_roll_counts_shows_progress_off_a_terminal(tmp_path):
    dice_file = tmp_path / "pairs.json"
    dice_file.write_text(json.dumps(SMALL_DICE))
    proc = squarewise("genius", "roll-counts", "--dice", str(dice_file), "--jobs", "1")
    assert proc.returncode == 0 and "128 rolls" in proc.stdout
    assert [line.split(":")[0] for line in proc.stderr.splitlines()] == ["counting pairs"] * 2, proc.stderr


# --- 9. SIGTERM and SIGHUP to a pool command ------------------------------------------------------

def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(p) for p in listing.read().split()]


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as info:
            return info.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def cpu_ticks(pid: int) -> int:
    """The clock ticks `pid` has run (user + system: /proc/PID/stat's 14th and 15th fields)."""
    try:
        with open(f"/proc/{pid}/stat") as info:
            fields = info.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0
    return int(fields[11]) + int(fields[12])


def busy(pids: list[int], seconds: float = 30) -> None:
    """Until each of `pids` has run on a CPU for a few ticks (its first chunk begun), at most `seconds`."""
    deadline = time.monotonic() + seconds
    while any(cpu_ticks(p) < 5 for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)


def still_running(pids: list[int], seconds: float = 10) -> list[int]:
    """Those of `pids` still running after up to `seconds` (an exit takes a moment under load)."""
    deadline = time.monotonic() + seconds
    while [p for p in pids if running(p)] and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if running(p)]


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="finds the pool's workers through Linux's /proc")
@pytest.mark.parametrize("signum, argv", [
    (signal.SIGTERM, ["genius", "verify-dice", "alternative", "--jobs", "2"]),
    (getattr(signal, "SIGHUP", signal.SIGTERM), ["macmahon", "count", "--jobs", "2"]),
])
def test_a_stop_signal_ends_the_pool_with_one_line(signum, argv):
    proc = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = children(proc.pid)
        assert len(workers) >= 2, "the pool did not start"
        busy(workers)                              # the workers are busy with their first chunks
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum and out == ""
    assert err.strip().splitlines() == [f"squarewise: stopped by {signal.Signals(signum).name}"], err
    assert not still_running(workers)


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="finds the pool's workers through Linux's /proc")
def test_workers_end_quietly_with_a_parent_killed_by_sigkill():
    proc = subprocess.Popen([sys.executable, "-m", "game", "genius", "verify-dice", "alternative", "--jobs", "2"],
                            cwd=ROOT, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = children(proc.pid)
        busy(workers)
        proc.kill()
        out, err = proc.communicate(timeout=30)     # returns when the workers, holding the pipes, are gone
    finally:
        proc.kill()
    assert len(workers) >= 2 and err == "" and out == ""
    assert not still_running(workers)


# --- 10. names from files never reach the terminal raw ---------------------------------------------

EVIL = "\x1b[2J\x1b]0;pwned\x07" + "x" * 200


def evil_dice(tmp_path) -> str:
    dice_file = tmp_path / "evil.json"
    dice_file.write_text(json.dumps({**SMALL_DICE, "name": EVIL}))
    return str(dice_file)


@pytest.mark.parametrize("argv", [["genius", "roll", "--dice", "{}", "--seed", "1"],
                                  ["genius", "verify-dice", "{}", "--jobs", "1"]])
def test_a_dice_name_with_escape_sequences_is_shown_as_a_safe_excerpt(tmp_path, argv):
    proc = squarewise(*(a.format(evil_dice(tmp_path)) for a in argv))
    assert "\x1b" not in proc.stdout + proc.stderr and "\x07" not in proc.stdout
    assert "\\x1b[2J" in proc.stdout and "x" * 60 not in proc.stdout and "..." in proc.stdout


def test_json_carries_a_dice_name_with_escape_sequences_whole(tmp_path):
    proc = squarewise("genius", "roll", "--dice", evil_dice(tmp_path), "--seed", "1", "--json")
    assert json.loads(proc.stdout)["dice"] == EVIL            # JSON carries it whole, escaped by JSON


# --- 11. --install-desktop from a folder an entry cannot name ------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries and byte file names: Linux")
@pytest.mark.parametrize("folder", [b"not-utf8-\xff", b"new\nline"])
def test_install_desktop_refuses_a_path_an_entry_cannot_hold_losing_nothing(tmp_path, folder):
    data = tmp_path / "data"
    entry = data / "applications" / "squarewise.desktop"
    entry.parent.mkdir(parents=True)
    entry.write_text("[Desktop Entry]\nName=the old one\n")
    place = os.path.join(os.fsencode(tmp_path), folder)
    os.mkdir(place)
    script = os.path.join(place, b"squarewise")
    with open(script, "w") as out:
        out.write(f"#!{sys.executable}\nimport sys\nfrom game.__main__ import main\nsys.exit(main())\n")
    os.chmod(script, 0o755)
    proc = subprocess.run([script, "--install-desktop"], capture_output=True, text=True, timeout=60,
                          env=env(XDG_DATA_HOME=str(data)))
    assert proc.returncode == 2 and "desktop entry cannot hold" in one_error_line(proc)
    assert entry.read_text() == "[Desktop Entry]\nName=the old one\n"
    assert not (data / "icons").exists()


# --- what a newcomer tripped on --------------------------------------------------------------------

def test_no_alsa_noise_when_the_mixer_cannot_start():
    code = ("from game.sound import Sounds\n"
            "s = Sounds()\ns.play('drop')\nprint(s.problem)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=env(PYGAME_HIDE_SUPPORT_PROMPT="1"), cwd=ROOT)
    assert proc.returncode == 0 and "ALSA lib" not in proc.stderr
    ours = [line for line in proc.stderr.splitlines() if line.strip()]
    assert ours == ([] if proc.stdout.strip() == "None" else [f"squarewise: warning: {proc.stdout.strip()}"])


def test_libraries_quiet_silences_descriptor_2_only_inside(capfd):
    from game.sound import libraries_quiet
    with libraries_quiet():
        os.write(2, b"ALSA lib noise\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_help_lists_the_programs_own_options():
    proc = squarewise("--help")
    assert proc.returncode == 0 and "--version" in proc.stdout and "--install-desktop" in proc.stdout


def test_the_legend_has_no_characters_that_look_alike(capsys):
    from solver.genius.position import LABELS
    shown = set(LABELS.values())
    assert len(shown) == len(LABELS) and not shown & {"l", "I", "|", "0"}
    code, out, _ = cli(capsys, "genius", "solve", "A6", "E1", "A1", "A4", "A2", "D5", "B4")
    assert code == 0 and all(f"{label} = {piece}" in out for piece, label in LABELS.items())


@pytest.mark.parametrize("seed", [str(2 ** 64), "-1", "\u0663", "1\u0660", "1_000", " "])
def test_seeds_outside_64_bits_or_in_other_digits_are_refused(capsys, seed):
    for argv in (["genius", "roll", "--seed", seed], ["genius", "make-dice", "--seed", seed]):
        code, out, err = cli(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "--seed" in err


def test_the_largest_seed_is_taken(capsys):
    code, out, _ = cli(capsys, "genius", "roll", "--seed", str(2 ** 64 - 1), "--json")
    assert code == 0 and json.loads(out)["seed"] == 2 ** 64 - 1


def test_level_any_is_the_roll_with_no_level(capsys, tmp_path):
    for seed in ("1", "7", "123456789"):
        plain = json.loads(cli(capsys, "genius", "roll", "--seed", seed, "--json")[1])
        anything = json.loads(cli(capsys, "genius", "roll", "--seed", seed, "--level", "any", "--json")[1])
        assert plain["blockers"] == anything["blockers"] and anything["solutions"] > 0


def test_macmahon_headers_are_read_in_any_case(capsys):
    from solver.macmahon.position import Board, Position
    assert Position.parse("4X6X3:") == Position.parse("4x6x3")
    assert Board.parse("4x6x3-r") == Board.parse("4X6X3-R") and Board.parse("4x6x3-r").border == "R"
    code, out, _ = cli(capsys, "macmahon", "solve", "--position", "4X6X3", "--json")
    assert code == 0 and json.loads(out)["solvable"]


def test_messages_count_in_words(capsys):
    code, out, _ = cli(capsys, "macmahon", "tiles", "--colours", "1")
    assert code == 0 and out.splitlines()[-1] == "1 tile with 1 colour"
    code, out, _ = cli(capsys, "macmahon", "count", "--rows", "1", "--cols", "1", "--colours", "1")
    assert code == 0 and "1 solution, 1 class under" in out


@pytest.mark.parametrize(("position", "said"), [
    ("4x6x3:....../.3a4c.../....../......", "no solution: red meets white between B2 and B3"),
    ("4x6x3:2a...../....../....../......", "no solution: red on the top border at A1 (the border is white)"),
])
def test_no_solution_names_the_clashing_edge(capsys, position, said):
    code, out, _ = cli(capsys, "macmahon", "solve", "--position", position)
    assert code == 1 and out.splitlines()[-1] == said


def test_census_cache_defaults_to_the_users_cache_folder(tmp_path, monkeypatch, capsys):
    from solver.cli import build_parser
    from solver.genius import census_cli
    cache_home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    user_cache = cache_home / "squarewise" / "unsolvable.npz"
    assert build_parser().parse_args(["genius", "census", "--save"]).save == str(user_cache)
    assert build_parser().parse_args(["genius", "census"]).save is None and not cache_home.exists()

    def stop(*_args, **_kw):
        raise SystemExit("the census starts")    # the folder is made, and checked, before the work
    monkeypatch.setattr(census_cli.census, "census", stop)
    with pytest.raises(SystemExit, match="the census starts"):
        main(["genius", "census", "--save"])
    assert user_cache.parent.is_dir()
    user_cache.write_bytes(b"not a cache")           # make-dice reads the user's cache first
    proc = squarewise("genius", "make-dice", "--seed", "1", env=env(XDG_CACHE_HOME=str(cache_home)))
    assert proc.returncode == 2 and str(user_cache) in one_error_line(proc)
