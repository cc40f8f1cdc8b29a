"""A database that cannot be served is said for what it is, in one line (issue 34): another
server's (the second `serve` names the first's pid), damaged (with what to do), read-only,
locked, its -wal blocked, or not a database at all; each left as it is. Real files and real
`squarewise serve` processes on 127.0.0.1."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from game.net import store as store_module
from game.net.store import Store, StoreError, trouble
from tests.net.test_store_cli import SERVE, one_line_error


def made(path) -> None:
    """A database with some players in it, all in the main file (checkpointed)."""
    store = Store(path)
    for n in range(300):
        store.add_player(f"P{n}", bytes([n % 256, n // 256]) * 16, "192.0.2.1", 1.0)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def refused(path, says: str) -> None:
    """Opening the database is refused in one line saying `says`, and leaves the file as it was."""
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert says in str(caught.value) and "\n" not in str(caught.value), caught.value
    assert "not a Squarewise database" not in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child: POSIX")
def test_a_second_server_on_the_same_database_refuses_in_one_line_naming_the_first(tmp_path):
    db = tmp_path / "standings.sqlite3"
    first = subprocess.Popen(SERVE + ["--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().startswith("squarewise: race server on ws://127.0.0.1:")
        one_line_error(["--db", str(db)], f"the database '{db}' is served by another process (pid {first.pid})")
        one_line_error(["--db", str(db)], "one server per database")
        assert first.poll() is None                     # the first goes on
    finally:
        first.terminate()
        first.wait(15)
    db_copy = tmp_path / "copy.sqlite3"
    assert subprocess.run(SERVE + ["--db", str(db), "--backup", str(db_copy)], timeout=30).returncode == 0
    with pytest.raises(StoreError, match="another file than the database"):
        Store(db).backup(f"{db}.lock")                  # the lock file is never a backup's target


def test_a_damaged_database_is_refused_naming_the_backup(tmp_path):
    path = tmp_path / "standings.sqlite3"
    made(path)
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 // 4096 * 4096
    data[middle:middle + 4096] = b"\x55" * 4096        # one page of the players' table or its index
    path.write_bytes(data)
    refused(path, "is damaged (quick_check: ")
    refused(path, "restore the last copy made with --backup")
    one_line_error(["--db", str(path)], "is damaged")


@pytest.fixture
def read_only(tmp_path):
    """Make a file read-only even for root (chattr +i where the test runs as root): yields the
    function that does it; undone after the test."""
    done = []

    def make(path) -> None:
        if os.geteuid() == 0:
            if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)]).returncode:
                pytest.skip("root, and no chattr +i here: nothing is read-only to root")
        else:
            path.chmod(0o444)
        done.append(path)
    yield make
    for path in done:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)])
        else:
            path.chmod(0o644)


def test_a_read_only_database_is_said_read_only(tmp_path, read_only):
    path = tmp_path / "standings.sqlite3"
    made(path)
    read_only(path)
    refused(path, f"the database '{path}' is read-only (")
    one_line_error(["--db", str(path)], "is read-only")


def test_a_database_locked_by_another_process_is_said_locked(tmp_path, monkeypatch):
    path = tmp_path / "standings.sqlite3"
    made(path)
    monkeypatch.setattr(store_module, "BUSY_MS", 50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")                    # another program in the middle of a write
    try:
        refused(path, "is locked by another process")
    finally:
        other.execute("ROLLBACK")
        other.close()
    Store(path).close()                                 # once it lets go, the database opens


@pytest.mark.parametrize("blocked", ["-wal", "-shm"])
def test_a_wal_or_shm_that_cannot_be_opened_is_said_so_never_deleted(tmp_path, blocked):
    path = tmp_path / "standings.sqlite3"
    made(path)
    beside = tmp_path / f"standings.sqlite3{blocked}"
    beside.mkdir()
    refused(path, f"SQLite's file '{beside}' beside the database cannot be opened")
    refused(path, "never delete a -wal file")
    assert beside.is_dir()
    if blocked == "-wal":
        one_line_error(["--db", str(path)], "-wal' beside the database cannot be opened")


def test_the_words_come_from_sqlites_code_or_its_message(tmp_path):
    """Python 3.11+ gives the error's code; 3.10 only its words: each is said the same."""
    path = tmp_path / "standings.sqlite3"
    made(path)
    for words, says in [("database is locked", "locked by another process"), ("disk I/O error", "disk failed"),
                        ("database disk image is malformed", "is damaged"), ("file is not a database", "is not a "),
                        ("database or disk is full", "is full"), ("attempt to write a readonly database", "read-only"),
                        ("something else", "failed: something else")]:
        said = trouble(path, sqlite3.OperationalError(words))
        assert says in said and "\n" not in said, said
    coded = sqlite3.OperationalError("it says anything")
    coded.sqlite_errorcode = 5 | 1 << 8             # SQLITE_BUSY_RECOVERY: its primary code is BUSY
    assert "locked by another process" in trouble(path, coded)
