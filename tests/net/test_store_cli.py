"""`squarewise serve`'s database options: --db (default in the data folder), --backup, --keep-days,
--sync; a database it cannot use is one line and exit 2, the file left as it is."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from game.net.store import VERSION, Store

SERVE = [sys.executable, "-m", "game", "serve", "--port", "0"]


def one_line_error(args, says, env=None):
    run = subprocess.run(SERVE + args, capture_output=True, text=True, timeout=30, env=env)
    assert run.returncode == 2 and run.stdout == "", run.stderr
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("squarewise: error: ") and says in run.stderr


def serve_until_started(args, env=None) -> None:
    """Start the server, wait for its first line, stop it with Ctrl+C."""
    process = subprocess.Popen(SERVE + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout.readline().startswith("squarewise: race server on ws://127.0.0.1:")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert (out, err, process.returncode) == ("squarewise: race server stopped\n", "", 0)
    finally:
        process.kill()
        process.wait(10)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child: POSIX")
def test_the_database_is_made_in_the_data_folder_or_at_db(tmp_path):
    serve_until_started([], env={**os.environ, "SQUAREWISE_DATA_DIR": str(tmp_path / "data")})
    serve_until_started(["--db", str(tmp_path / "mine.sqlite3"), "--keep-days", "30", "--sync", "full"])
    for path in (tmp_path / "data" / "standings.sqlite3", tmp_path / "mine.sqlite3"):
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        db.close()


def test_a_file_that_is_not_a_database_is_refused_in_one_line_losing_nothing(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n" * 100)
    one_line_error(["--db", str(notes)], "is not a Squarewise database")
    assert notes.read_text() == "my notes\n" * 100


def test_a_newer_database_is_refused_in_one_line_losing_nothing(tmp_path):
    path = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    one_line_error(["--db", str(path)], "was written by a newer Squarewise")
    assert path.read_bytes() == before


@pytest.mark.parametrize("args, says", [
    (["--keep-days", "0"], "--keep-days"),
    (["--sync", "off"], "--sync"),
    (["--db", "/"], "it is a folder"),
])
def test_bad_database_options_are_one_line(tmp_path, args, says):
    one_line_error(args, says)


def test_a_folder_given_as_the_database_gets_no_lock_file_beside_it(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    one_line_error(["--db", str(folder)], "it is a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


def test_backup_of_no_database_is_refused_in_one_line_making_nothing(tmp_path):
    one_line_error(["--db", str(tmp_path / "none.sqlite3"), "--backup", str(tmp_path / "copy")],
                   "there is no database")
    assert list(tmp_path.iterdir()) == []


def test_backup_copies_the_database(tmp_path):
    path, copy = tmp_path / "s.sqlite3", tmp_path / "copy.sqlite3"
    store = Store(path)
    store.add_player("Ann", b"a" * 32, "192.0.2.1", 1.0)
    run = subprocess.run(SERVE + ["--db", str(path), "--backup", str(copy)], capture_output=True, text=True,
                         timeout=30)
    store.close()
    assert (run.returncode, run.stderr) == (0, "")
    db = sqlite3.connect(copy)
    assert db.execute("SELECT name FROM players").fetchall() == [("Ann",)]
    db.close()
