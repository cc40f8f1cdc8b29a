"""Never lose a game (issue 19): one writer per data folder (two real processes), an autosave on
every move, Ctrl-C and SIGHUP save as the close box does (a real signal to a real game), a
repair that drops only what is bad and keeps the original, loaders that refuse what the game
cannot use, and a smoke test that never touches the player's data folder."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.play import records
from game.play.commands import Key
from game.play.match import Match
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.macmahon.puzzle import MACMAHON
from game.storage import LOCK_NAME, Storage, write_versioned
from solver.errors import SquarewiseError
from tests.game.drive import frame
from tests.game.processes import ROOT, WAIT, game_env, start_game, stop, wait_for_lock

BOARD = "A1A2A4A6B4D5E1"
POSIX = os.name == "posix"


# ---------------------------------------------------------------- 1. one writer per data folder
HOLD = """
import sys
from game.storage import Storage
storage = Storage(sys.argv[1])
print("read-only" if storage.read_only else "writer", flush=True)
storage.write("statistics", {"genius": {"played": int(sys.argv[2]), "solved": 0, "best": {}}})
sys.stdin.read()
"""


def hold(folder, played: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", HOLD, str(folder), str(played)], cwd=ROOT, env=game_env(folder),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_second_process_on_a_data_folder_runs_read_only_until_the_first_ends(tmp_path):
    first = hold(tmp_path, 1)
    try:
        assert first.stdout.readline().strip() == "writer"
        second = hold(tmp_path, 2)
        out, err = second.communicate("", timeout=WAIT)
        assert out.strip() == "read-only"
        assert len(err.splitlines()) == 1 and "another Squarewise is using the data folder" in err
        assert Storage(tmp_path).statistics()["genius"]["played"] == 1       # the second wrote nothing
    finally:
        first.kill()                # however the first ends, its lock goes with it
        first.communicate(timeout=WAIT)
    third = hold(tmp_path, 3)
    out, err = third.communicate("", timeout=WAIT)
    assert out.strip() == "writer" and err == ""
    assert Storage(tmp_path).statistics()["genius"]["played"] == 3


@pytest.mark.skipif(not POSIX, reason="real signals")
def test_a_second_game_on_the_same_folder_saves_nothing(tmp_path):
    first = start_game(tmp_path, "--genius", BOARD)
    try:
        wait_for_lock(tmp_path, first)
        before = sorted(p.name for p in tmp_path.iterdir())
        second = start_game(tmp_path, "--genius", BOARD)
        line = second.stderr.readline()
        assert "another Squarewise is using the data folder" in line
        code, err = stop(second)
        assert code == 130 and err.strip() == "squarewise: interrupted"
        assert sorted(p.name for p in tmp_path.iterdir()) == before     # its quit wrote nothing
    finally:
        code, err = stop(first)
    assert code == 130 and (tmp_path / "statistics.json").exists() and (tmp_path / "genius-autosave.json").exists()


# ---------------------------------------------------------------- 2. autosave on every move
def autosaved(app) -> Match:
    return Match.from_dict(app.storage.read(GENIUS.autosave), GENIUS)


def one_move_kept(tmp_path):
    """A Genius kit in Solo on a FakeApp, one piece placed, each step followed by what the play
    screen does each frame (it keeps the game): (app, session, frame, the position placed)."""
    import random
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.play import Solo
    from tests.game.fakes import FakeApp
    from tests.game.screen_app import fonts
    fonts()
    app = FakeApp(tmp_path)
    kit = GeniusKit(app, random.Random(3))
    kit.table.seat(Solo(kit.table))
    kit.begin_id(kit.dealer.parse_id(BOARD), {})
    session = kit.session

    def frame():                           # what PlayScene.update does each frame
        session.flush(kit.mode.keep())

    frame()
    assert not app.storage.exists(GENIUS.autosave)
    placed = GENIUS.parse(BOARD + "/4-L:B1C1D1D2")             # the 4-L on [6, 12, 18, 19]
    session.play(placed, GENIUS.describe(session.match.position, placed))
    frame()
    return app, session, frame, placed


def test_a_move_is_autosaved_at_once(tmp_path):
    app, session, _, placed = one_move_kept(tmp_path)
    kept = autosaved(app)                  # no quit, no scene left: a crash now loses nothing
    assert kept.position == session.match.position == placed and len(kept.history) == 2


def test_an_undo_is_autosaved_at_once(tmp_path):
    app, session, frame, _ = one_move_kept(tmp_path)
    session.process(Key("undo"))
    frame()
    assert autosaved(app).index == 0 and session.match.index == 0


def test_a_redo_is_autosaved_at_once(tmp_path):
    app, session, frame, _ = one_move_kept(tmp_path)
    session.process(Key("undo"))
    frame()
    session.process(Key("redo"))
    frame()
    assert autosaved(app).position == session.match.position and autosaved(app).index == 1


def test_a_write_in_the_background_keeps_the_order_of_writes(tmp_path):
    storage = Storage(tmp_path)
    for n in range(20):
        storage.write_soon("doc", {"n": n})
    assert storage.read("doc") == {"n": 19}            # a read waits for what is pending
    storage.write_soon("doc", {"n": 20})
    storage.delete("doc")                              # a delete is never undone by a late write
    storage.flush()
    assert not storage.exists("doc") and [p.name for p in tmp_path.iterdir()] == [LOCK_NAME]


def test_a_move_in_a_second_instance_writes_nothing(tmp_path, monkeypatch):
    from tests.game.fakes import FakeClock, FakeHost, genius_session
    host = FakeHost(tmp_path)
    session = genius_session(host, FakeClock())
    monkeypatch.setattr(host.storage, "read_only", True)
    placed = GENIUS.parse(BOARD + "/4-L:B1C1D1D2")             # the 4-L on [6, 12, 18, 19]
    session.play(placed, GENIUS.describe(session.match.position, placed))
    session.flush(True)                                       # as the screen keeps the game after a move
    host.storage.flush()
    assert session.match.position == placed and not host.storage.exists(GENIUS.autosave)


# ---------------------------------------------------------------- 3. Ctrl-C and SIGHUP save
SIGNALS = pytest.mark.parametrize("signum, code, line", [
    (signal.SIGINT, 130, "squarewise: interrupted"),
    (getattr(signal, "SIGHUP", None), 129, "squarewise: stopped by SIGHUP")])


def stopped_by(tmp_path, signum) -> tuple[int, str]:
    """The game started on the folder, then stopped by `signum`: (its exit code, its stderr)."""
    game = start_game(tmp_path, "--genius", BOARD)
    wait_for_lock(tmp_path, game)           # (the game catches the signal before it takes the lock)
    return stop(game, signum)


@pytest.mark.skipif(not POSIX, reason="real signals")
@SIGNALS
def test_a_signal_exits_with_its_code_saying_one_line(tmp_path, signum, code, line):
    returncode, err = stopped_by(tmp_path, signum)
    assert returncode == code and err.strip() == line, err


@pytest.mark.skipif(not POSIX, reason="real signals")
@SIGNALS
def test_a_signal_saves_like_the_close_box(tmp_path, signum, code, line):
    stopped_by(tmp_path, signum)
    settings = Storage(tmp_path).settings()
    assert settings["window"] == [1100, 760] and (tmp_path / "statistics.json").exists()
    assert autosave_start(tmp_path) == BOARD


def autosave_start(folder: Path) -> str:
    return Storage(folder).read(GENIUS.autosave)["start"]


# ---------------------------------------------------------------- 4. repair drops only what is bad
def write_statistics(folder: Path, data: dict) -> bytes:
    folder.mkdir(parents=True, exist_ok=True)
    write_versioned(folder / "statistics.json", data)
    return (folder / "statistics.json").read_bytes()


GAME = {"key": "default", "level": None, "seconds": 50.0, "won": True, "assisted": False,
        "when": "2026-01-01T10:00:00", "daily": None}


def repaired(data_dir):
    """An App opened on statistics with bad values among good ones: (app, the file's bytes before)."""
    from game.app import App
    original = write_statistics(data_dir, {
        "macmahon": {"played": 10.0, "solved": 4, "best": {"4x6x3": "fast", "6x4x3": 80.5}},
        "genius": {"played": 3, "solved": 2.0, "best": {"default": 50.0},
                   "games": [GAME, {**GAME, "seconds": 1e308}],
                   "daily": {"won": [3, "x", 5.0, 0, None, 9]}}})
    return App(size=(1100, 760), storage=Storage(data_dir)), original


def test_repair_drops_only_the_bad_values(data_dir):
    stats = repaired(data_dir)[0].statistics
    assert stats["macmahon"] == {"played": 10, "solved": 4, "best": {"6x4x3": 80.5}}
    assert type(stats["macmahon"]["played"]) is int and stats["genius"]["solved"] == 2
    assert stats["genius"]["daily"]["won"] == [3, 5, 9] and stats["genius"]["games"] == [GAME]


def test_repair_says_one_line_naming_the_copy(data_dir, capsys):
    repaired(data_dir)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "macmahon.best.4x6x3" in err[0] and "statistics.json.corrupt-1" in err[0]


def test_repair_keeps_the_original_file(data_dir):
    _, original = repaired(data_dir)
    assert (data_dir / "statistics.json.corrupt-1").read_bytes() == original


def test_the_repaired_statistics_written_back_read_clean(data_dir):
    app, _ = repaired(data_dir)
    app.quit()
    assert records.clean(Storage(data_dir).statistics()) == []        # what was written reads back clean
    assert not (data_dir / "statistics.json.corrupt-2").exists()


# ---------------------------------------------------------------- 5. loaders and writers agree
def saved_genius(**meta) -> dict:
    from solver.genius.position import Position
    return Match(Position.parse(BOARD), puzzle="genius", meta={"dice": "default", **meta}).to_dict()


@pytest.mark.parametrize("daily", ["7", 0, -3, 7.0, True])
def test_a_save_with_a_daily_that_is_not_a_number_from_1_is_refused(daily):
    with pytest.raises(SquarewiseError, match="bad 'daily'"):
        Match.from_dict(saved_genius(daily=daily), GENIUS)


def test_a_daily_that_is_not_a_number_from_1_is_never_recorded():
    stats = {"genius": {"played": 0, "solved": 0, "best": {}, "daily": {"won": [3, 4]}}}
    records.record_game(stats, "genius", "daily", 30.0, True, daily=0)
    records.record_game(stats, "genius", "daily", 30.0, True, daily="7")
    assert stats["genius"]["daily"]["won"] == [3, 4] and records.clean(stats) == []


def test_a_daily_0_in_a_file_is_dropped_without_the_earlier_wins():
    stats = {"genius": {"played": 0, "solved": 0, "best": {}, "daily": {"won": [3, 4]}}}
    stats["genius"]["daily"]["won"].append(0)      # one written by an older Squarewise
    assert records.clean(stats) == ["genius.daily.won (1 damaged)"] and stats["genius"]["daily"]["won"] == [3, 4]


def test_a_time_the_loader_refuses_is_never_written():
    stats: dict = {}
    records.record_game(stats, "genius", "default", 1e308, True)
    assert records.clean(stats) == [] and stats["genius"]["best"]["default"] <= 10 ** 9


def test_the_statistics_screen_draws_the_longest_time_a_record_holds(tmp_path):
    from tests.game.screen_app import ScreenApp
    app = ScreenApp(tmp_path)
    for seconds in (10 ** 9, 0, 10 ** 9, 5):
        records.record_game(app.statistics, "genius", "default", seconds, True)
    app.open("stats", puzzle="genius")
    assert type(app.top).__name__ == "StatsScene"
    for _ in range(3):
        app.draw()


def test_a_macmahon_save_whose_history_is_on_another_board_is_refused():
    from solver.macmahon import search as tiles
    from solver.macmahon.position import Position
    start = Position.parse("4x6x3")
    move = start.moves_to(tiles.solve(start))[0].notation(start.board)
    match = Match(start, puzzle="macmahon")
    match.play(MACMAHON.execute(start, move), move)
    saved = match.to_dict()
    assert Match.from_dict(saved, MACMAHON).position == match.position
    other = MACMAHON.execute(Position.parse("6x4x3"), move)
    with pytest.raises(SquarewiseError, match="does not lead to the position saved after it"):
        Match.from_dict({**saved, "history": [saved["start"], other.notation()]}, MACMAHON)
    with pytest.raises(SquarewiseError, match="does not begin at the start"):
        Match.from_dict({**saved, "history": [Position.parse("6x4x3").notation(), other.notation()]}, MACMAHON)


# ---------------------------------------------------------------- 6. set aside; the smoke test's folder
def opened_on_a_broken_autosave(app, data_dir):
    """The Genius screen opened (over the title) on an autosave the loader refuses: the screen."""
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.title import TitleScene
    write_versioned(data_dir / "genius-autosave.json", saved_genius(daily="7"))
    app.push(TitleScene(app))
    scene = GeniusScene(app)
    app.push(scene)
    frame(app)
    return scene


def test_a_broken_autosave_is_set_aside(app, data_dir):
    opened_on_a_broken_autosave(app, data_dir)
    assert (data_dir / "genius-autosave.json.corrupt-1").exists()


def test_the_player_is_told_of_a_broken_autosave(app, data_dir):
    opened_on_a_broken_autosave(app, data_dir)
    said = [item[0] for item in app.toasts.items]
    assert any("Could not continue the last game" in s and "corrupt-1" in s for s in said), said


def test_a_broken_autosave_gives_a_new_game(app, data_dir):
    scene = opened_on_a_broken_autosave(app, data_dir)
    assert scene.match is not None and scene.match.meta.get("daily") is None     # a new game, not the broken one


def test_the_smoke_test_never_uses_the_players_data_folder(tmp_path):
    player, temp = tmp_path / "player", tmp_path / "tmp"
    player.mkdir()
    temp.mkdir()
    done = subprocess.run([sys.executable, "-m", "game", "--smoke-test", "1"], cwd=ROOT, capture_output=True,
                          text=True, timeout=WAIT, env={**game_env(player), "TMPDIR": str(temp)})
    assert done.returncode == 0, done.stderr
    assert list(player.iterdir()) == [] and list(temp.iterdir()) == []
