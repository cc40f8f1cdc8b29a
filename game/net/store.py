"""The standings server's database: players, daily runs and groups in one SQLite file.

A `Store` holds one connection. The server's is its one writer, used on one thread; readers
open their own query-only connections (`Store(path, reader=True)`), which WAL lets read while
the writer writes (game/net/store_threads.py runs both off the event loop). The file is in WAL
mode with `synchronous=NORMAL`: a commit is in the WAL file when it returns, so a killed
process loses nothing committed (only an OS crash or a power cut can lose the last commits;
`synchronous="full"` closes that too). The schema's version is `PRAGMA user_version`;
MIGRATIONS are applied in order, each in one transaction. What cannot be used is refused in
one line that says why (`trouble`: not a database, damaged, read-only, locked, its -wal
blocked, a newer Squarewise's) and left as it is. A server takes `lock_database` for as long
as it serves a file: one server per database. A run keeps its board and its move count beside
its moves, so taking it up again never replays them. Tokens are kept only as their SHA-256
hashes (the caller hashes). docs/server.md, "What the server keeps", has the tables and the
figures.
"""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from game.storage import cannot_write, try_lock
from solver.atomic import existing_mode
from solver.daily import utc_number
from solver.errors import SquarewiseError, one_line

from . import names
from .ranking import Ranking, Row

BUSY_MS = 5000          # how long a statement waits for another process's lock (a backup) before failing
SYNC_MODES = ("normal", "full")
LOCK_SUFFIX = ".lock"   # the file beside the database that a server holds locked while it serves it
LOCK_BYTE = 64          # the byte locked on Windows (its locks are mandatory): past the pid written before it
PLACED = "r.ranked AND r.ms IS NOT NULL AND NOT r.flagged"      # a run in the standings

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (   # version 1
        """CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
           token_hash BLOB NOT NULL UNIQUE, address TEXT NOT NULL, created REAL NOT NULL)""",
        "CREATE INDEX players_by_address ON players (address, created)",
        """CREATE TABLE runs (id INTEGER PRIMARY KEY, player INTEGER NOT NULL REFERENCES players ON DELETE CASCADE,
           puzzle TEXT NOT NULL, daily INTEGER NOT NULL, ranked INTEGER NOT NULL, started REAL NOT NULL,
           ms INTEGER, flagged INTEGER NOT NULL DEFAULT 0, abandoned INTEGER NOT NULL DEFAULT 0)""",
        "CREATE UNIQUE INDEX one_ranked_run ON runs (player, puzzle, daily) WHERE ranked",
        """CREATE INDEX placed_runs ON runs (puzzle, daily, ms, started, player)
           WHERE ranked AND ms IS NOT NULL AND NOT flagged""",
        "CREATE INDEX runs_by_daily ON runs (daily)",
        """CREATE TABLE moves (run INTEGER NOT NULL REFERENCES runs ON DELETE CASCADE, seq INTEGER NOT NULL,
           move TEXT NOT NULL, PRIMARY KEY (run, seq)) WITHOUT ROWID""",
        """CREATE TABLE groups (code TEXT PRIMARY KEY, name TEXT NOT NULL,
           owner INTEGER NOT NULL REFERENCES players ON DELETE CASCADE, created REAL NOT NULL)""",
        """CREATE TABLE members (grp TEXT NOT NULL REFERENCES groups ON DELETE CASCADE,
           player INTEGER NOT NULL REFERENCES players ON DELETE CASCADE, PRIMARY KEY (grp, player)) WITHOUT ROWID""",
        "CREATE INDEX member_of ON members (player)",
    ),
    (   # version 2: a run's move count and board (NULL: its start, or replay its moves: a run of version 1),
        # and the order runs finished in (the standings kept in memory count each finish once)
        "ALTER TABLE runs ADD COLUMN seq INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE runs ADD COLUMN position TEXT",
        "ALTER TABLE runs ADD COLUMN finished INTEGER",
        "UPDATE runs SET seq = (SELECT COUNT(*) FROM moves WHERE moves.run = runs.id)",
        "CREATE INDEX runs_by_finish ON runs (finished) WHERE finished IS NOT NULL",
    ),
    (   # version 3: a name's second key (game/net/names.keys: case folded first), unique as the first is
        "ALTER TABLE players ADD COLUMN folded TEXT",
        "CREATE UNIQUE INDEX players_by_folded ON players (folded)",
        lambda db: _fold_names(db),
    ),
    (   # version 4 (fair play): the server's secret that deals ranked boards; whether a run's board is the
        # secret's (0: the offline daily, as every run before); each move's time; a run held below a person's
        # floor, its rhythm's flags, the operator's verdict; barred names; every decision with its time
        "CREATE TABLE server (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID",
        lambda db: db.execute("INSERT INTO server (key, value) VALUES ('secret', ?)", (secrets.token_bytes(32),)),
        "ALTER TABLE runs ADD COLUMN dealt INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE runs ADD COLUMN held INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE runs ADD COLUMN verdict TEXT",
        "UPDATE runs SET held = 1 WHERE flagged",
        "ALTER TABLE moves ADD COLUMN ms INTEGER",
        "ALTER TABLE players ADD COLUMN barred REAL",
        """CREATE TABLE flags (run INTEGER NOT NULL REFERENCES runs ON DELETE CASCADE, reason TEXT NOT NULL)""",
        "CREATE INDEX flags_by_run ON flags (run)",
        """CREATE TABLE decisions (id INTEGER PRIMARY KEY, at REAL NOT NULL, action TEXT NOT NULL,
           run INTEGER, player INTEGER, said TEXT NOT NULL)""",
    ),
)
VERDICTS = {"accept": "accepted", "disqualify": "disqualified"}     # what an operator may decide of a run
VERSION = len(MIGRATIONS)

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode, Python 3.11+), and the words
# SQLite says for them (what Python 3.10 gives)
BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB = 5, 6, 8, 10, 11, 13, 14, 26
CODES = {"database is locked": BUSY, "database table is locked": LOCKED,
         "attempt to write a readonly database": READONLY, "disk I/O error": IOERR,
         "database disk image is malformed": CORRUPT, "database or disk is full": FULL,
         "unable to open database file": CANTOPEN, "file is not a database": NOTADB}
RESTORE = "restore the last copy made with --backup (serve that copy with --db, or copy it over this file while no " \
          "server runs)"


def _fold_names(db: sqlite3.Connection) -> None:
    """Version 3's second key for the players already registered (two that share it keep theirs
    NULL: both keep their names)."""
    for player, name in db.execute("SELECT id, name FROM players").fetchall():
        with contextlib.suppress(sqlite3.IntegrityError):
            db.execute("UPDATE players SET folded = ? WHERE id = ?", (names.keys(name)[1], player))


def _quoted(text: str) -> str:
    """Player text for a line of the log or the terminal: JSON-quoted, everything but plain ASCII escaped."""
    return json.dumps(text)


class StoreError(SquarewiseError):
    """The database cannot do what was asked; the message says why, in one line."""


class NameTaken(StoreError):
    """Another player has that name (or one alike)."""


class RankedTaken(StoreError):
    """The player already has a ranked run of that puzzle and daily."""


class CodeTaken(StoreError):
    """A group with that code exists (the caller draws another)."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True)
class Run:
    id: int
    player: int
    puzzle: str
    daily: int
    ranked: bool
    started: float
    seq: int                # accepted moves so far
    position: str | None    # the board after them (None: the start if seq is 0, else replay the moves)
    ms: int | None          # None: unfinished
    flagged: bool           # left out of the standings: held below the floor (not accepted), disqualified, barred
    abandoned: bool
    dealt: bool = True      # its board is the server's deal (False: the offline daily, a run from before version 4)
    held: bool = False      # finished below a person's floor (game/net/fair.py): for the operator to review
    verdict: str | None = None      # the operator's: 'accepted', 'disqualified' (None: none)


@dataclass(frozen=True)
class Review:
    """A finished ranked run for the operator: held or flagged, its reasons and its timeline."""
    run: Run
    name: str
    barred: bool
    reasons: tuple[str, ...]
    timeline: tuple[tuple[int, str, int | None], ...]      # (seq, move, ms on the run's clock or None)


@dataclass(frozen=True)
class Decision:
    """An operator's decision as kept: its number, time (seconds since the epoch), action
    ('accept', 'disqualify', 'bar'), the run or player it is about, and the line that says it."""
    id: int
    at: float
    action: str
    run: int | None
    player: int | None
    said: str


@dataclass(frozen=True)
class Group:
    code: str
    name: str
    members: int


def _code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of `exc` (by its words where Python does not give it)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        code = CODES.get(str(exc))
    return None if code is None else code & 0xFF


def _unwritable(path: Path) -> str | None:
    """Why the existing file at `path` cannot be opened to read and write, None if it can."""
    try:
        with open(path, "r+b"):
            return None
    except OSError as exc:
        return exc.strerror or str(exc)


def _blocked(path: Path) -> str | None:
    """What keeps SQLite from writing the database at `path`: its -wal or -shm file, the file
    itself or its folder; None if it finds nothing."""
    for suffix in ("-wal", "-shm"):
        beside = Path(f"{path}{suffix}")
        why = _unwritable(beside) if os.path.lexists(beside) else None
        if why:
            return (f"SQLite's file '{beside}' beside the database cannot be opened ({why}): make it a file the "
                    f"server can read and write (never delete a -wal file: it holds the last commits)")
    why = _unwritable(path) if path.exists() else None
    if why:
        return f"the database '{path}' is read-only ({why}): the server must be able to write it"
    why = cannot_write(path.parent) if path.parent.is_dir() else None
    if why:
        return (f"the folder of the database '{path}' is read-only ({why}): SQLite keeps its -wal and -shm "
                f"files beside the database")
    return None


def trouble(path: Path, exc: sqlite3.Error) -> str:
    """What went wrong with the database at `path`, in one line an operator can act on."""
    code, said = _code(exc), one_line(str(exc))
    if code in (READONLY, CANTOPEN):
        why = _blocked(path)
        if why:
            return why
    if code == NOTADB:
        return f"'{path}' is not a Squarewise database ({said}); it is left as it is"
    if code == CORRUPT:
        return damaged(path, said)
    if code == READONLY:
        return f"the database '{path}' is read-only ({said}): the server must be able to write it"
    if code in (BUSY, LOCKED):
        return (f"the database '{path}' is locked by another process ({said}): a program holds it in a write "
                f"(a sqlite3 shell, a server of an older Squarewise); close it, then start again")
    if code == FULL:
        return f"the disk of the database '{path}' is full ({said})"
    if code == IOERR:
        return f"the disk failed reading or writing the database '{path}' ({said})"
    if code == CANTOPEN:
        return f"cannot open the database '{path}' ({said})"
    return f"the database '{path}' failed: {said}"


def damaged(path: Path, said: str) -> str:
    return f"the database '{path}' is damaged ({one_line(said)}); it is left as it is: {RESTORE}"


def _connect(path: Path, create: bool, query_only: bool = False) -> sqlite3.Connection:
    """A connection to the database at `path` (made when `create`), checked to be one; StoreError
    otherwise. Any thread may use it (one at a time)."""
    if path.is_dir():
        raise StoreError(f"cannot open the database '{path}': it is a folder")
    if not create and not path.exists():
        raise StoreError(f"there is no database at '{path}'")
    try:
        existing_mode(path)
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode={'rwc' if create else 'rw'}", uri=True,
                             isolation_level=None, timeout=BUSY_MS / 1000, check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreError(trouble(path, exc)) from None
    except (SquarewiseError, OSError) as exc:
        raise StoreError(f"cannot open the database '{path}': {exc}") from None
    try:
        if query_only:
            db.execute("PRAGMA query_only=ON")
        db.execute("PRAGMA schema_version").fetchone()      # reads the header: refuses what is not a database
    except sqlite3.Error as exc:
        db.close()
        raise StoreError(trouble(path, exc)) from None
    return db


def _copy(db: sqlite3.Connection, target: str | Path) -> None:
    """Copy the database of `db` to `target` consistently (the backup API), then os.replace it into place."""
    target = Path(target)
    existing_mode(target)
    tmp = target.parent / f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        out = sqlite3.connect(tmp, isolation_level=None)
        try:
            db.backup(out)
            out.execute("PRAGMA journal_mode=DELETE")       # one self-contained file
        finally:
            out.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except (sqlite3.Error, OSError) as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise StoreError(f"cannot write the backup '{target}': {getattr(exc, 'strerror', None) or exc}") from None


def _check_target(path: Path, target: str | Path) -> None:
    """StoreError unless `target` names a file other than the database at `path`, SQLite's files
    beside it (`-wal`, `-shm`, `-journal`: writing over one would lose commits) and its lock."""
    if not str(target).strip():
        raise StoreError("the backup needs a file name, got an empty one")
    target = Path(target)
    for own in (path, *(Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", "-journal", LOCK_SUFFIX))):
        if target.resolve() == own.resolve() or own.exists() and target.exists() and os.path.samefile(own, target):
            raise StoreError("the backup must go to another file than the database (and its -wal, -shm, -journal, "
                             ".lock)")


def backup_file(path: str | Path, target: str | Path) -> None:
    """Copy the database at `path` to `target`, consistently even while a server writes it."""
    path = Path(path)
    _check_target(path, target)
    db = _connect(path, create=False)
    try:
        _copy(db, target)
    finally:
        db.close()


def lock_database(path: str | Path):
    """Take the lock that says a server serves the database at `path`: a file beside it, locked
    (game/storage.py's lock) and holding the server's pid. Returns the open file, to keep open
    while serving (None where no lock file can be made: the database's own checks then say
    why); StoreError naming the other server's pid if another process holds it. The file stays
    after the server stops (deleting it could let two servers each lock a file of that name)."""
    lock = Path(f"{path}{LOCK_SUFFIX}")
    if Path(path).is_dir():                     # not a database: Store says so (and no lock file is made)
        return None
    try:
        handle = open(lock, "a+b")
    except OSError:
        return None
    handle.seek(LOCK_BYTE)
    if not try_lock(handle):
        handle.close()
        raise StoreError(f"the database '{path}' is served by another process{_holder(lock)}: one server per "
                         f"database (stop it first, or serve another --db)")
    handle.truncate(0)
    handle.write(f"{os.getpid()}\n".encode())
    handle.flush()
    return handle


def _holder(lock: Path) -> str:
    """' (pid N)' of the server that wrote the lock file, or '' if it cannot be read."""
    try:
        with open(lock, "rb") as f:
            return f" (pid {int(f.read(LOCK_BYTE).split()[0])})"
    except (OSError, ValueError, IndexError):
        return ""


class Store:
    """Players, runs and groups in one SQLite file (see the module's docstring)."""

    def __init__(self, path: str | Path, keep_days: int | None = None, synchronous: str = "normal",
                 reader: bool = False):
        """Open (creating) the database at `path`, check it (SQLite's quick check: a damaged file is
        refused), migrate it and make sure it can be written; with `keep_days`, prune old runs
        now. `reader`: a query-only connection to a database that a writer keeps (none of that)."""
        self.path = Path(path)
        self.keep_days = keep_days
        if synchronous not in SYNC_MODES:
            raise StoreError(f"synchronous is one of {', '.join(SYNC_MODES)}, not '{synchronous}'")
        self.db = _connect(self.path, create=not reader, query_only=reader)
        if reader:
            return
        try:
            self._check()
            self._migrate()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("BEGIN IMMEDIATE")      # a write, undone: a read-only or locked file says so now
            try:
                self.db.execute(f"PRAGMA user_version={VERSION}")
            finally:
                self.db.execute("ROLLBACK")
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(trouble(self.path, exc)) from None
        except StoreError:
            self.db.close()
            raise
        if keep_days is not None:
            self.keep(time.time())
        self.secret: bytes = self.db.execute("SELECT value FROM server WHERE key = 'secret'").fetchone()[0]

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StoreError(f"'{self.path}' was written by a newer Squarewise (database version {version}, "
                             f"this one knows {VERSION}); it is left as it is")
        for n in range(version, VERSION):
            with self._transaction():
                for statement in MIGRATIONS[n]:
                    statement(self.db) if callable(statement) else self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version={n + 1}")

    @contextlib.contextmanager
    def _transaction(self):
        """One write transaction: committed at the end of the block, rolled back if it raises."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            raise

    def _check(self) -> None:
        """SQLite's quick check of the whole file; StoreError saying what to do if it is damaged."""
        found = [problem for (problem,) in self.db.execute("PRAGMA quick_check(1)")]
        if found != ["ok"]:
            raise StoreError(damaged(self.path, f"quick_check: {found[0].splitlines()[-1] if found else 'no answer'}"))

    def close(self) -> None:
        """Close the connection (everything committed stays)."""
        self.db.close()

    # players
    def add_player(self, name: str, token_hash: bytes, address: str, now: float) -> Player:
        """A new player; NameTaken if another shares a key of the name (game/net/names.keys)."""
        key, folded = names.keys(name)
        try:
            cur = self.db.execute("INSERT INTO players (name, key, folded, token_hash, address, created) "
                                  "VALUES (?, ?, ?, ?, ?, ?)", (name, key, folded, token_hash, address, now))
        except sqlite3.IntegrityError:
            if self.db.execute("SELECT 1 FROM players WHERE key = ? OR folded = ?", (key, folded)).fetchone():
                raise NameTaken(f"the name {name!r} is taken on this server (or one too alike)") from None
            raise StoreError("that token is already in use") from None
        return Player(cur.lastrowid, name)

    def player(self, token_hash: bytes) -> Player | None:
        """The player with that token's hash, None if none."""
        row = self.db.execute("SELECT id, name FROM players WHERE token_hash = ?", (token_hash,)).fetchone()
        return Player(*row) if row else None

    def registrations_since(self, address: str, since: float) -> int:
        """How many players were made from `address` at or after `since`."""
        return self.db.execute("SELECT COUNT(*) FROM players WHERE address = ? AND created >= ?",
                               (address, since)).fetchone()[0]

    # runs
    def start_run(self, player: int, puzzle: str, daily: int, ranked: bool, now: float, dealt: bool = True) -> Run:
        """A new run started at `now` (on the server's deal of the day, or the offline daily);
        RankedTaken if `ranked` and the player has a ranked run of it."""
        try:
            cur = self.db.execute("INSERT INTO runs (player, puzzle, daily, ranked, started, dealt) "
                                  "VALUES (?, ?, ?, ?, ?, ?)", (player, puzzle, daily, int(ranked), now, int(dealt)))
        except sqlite3.IntegrityError as exc:
            if ranked and self.ranked_run(player, puzzle, daily) is not None:
                raise RankedTaken(f"player {player} has a ranked run of {puzzle} #{daily}") from None
            raise StoreError(f"cannot start the run: {exc}") from None
        return Run(cur.lastrowid, player, puzzle, daily, ranked, now, 0, None, None, False, False, dealt)

    RUN = "id, player, puzzle, daily, ranked, started, seq, position, ms, flagged, abandoned, dealt, held, verdict"

    @staticmethod
    def _made(row) -> Run:
        rid, player, puzzle, daily, ranked, started, seq, position, ms, flagged, abandoned, dealt, held, verdict = row
        return Run(rid, player, puzzle, daily, bool(ranked), started, seq, position, ms, bool(flagged), bool(abandoned),
                   bool(dealt), bool(held), verdict)

    def _run(self, where: str, args) -> Run | None:
        row = self.db.execute(f"SELECT {self.RUN} FROM runs WHERE {where}", args).fetchone()
        return None if row is None else self._made(row)

    def run(self, run: int) -> Run | None:
        """The run with that id, None if none."""
        return self._run("id = ?", (run,))

    def ranked_run(self, player: int, puzzle: str, daily: int) -> Run | None:
        """The player's ranked run of that puzzle and daily (open, finished or abandoned), None if none."""
        return self._run("player = ? AND puzzle = ? AND daily = ? AND ranked", (player, puzzle, daily))

    def moves(self, run: int) -> tuple[str, ...]:
        """The accepted moves of a run, in order."""
        return tuple(m for (m,) in self.db.execute("SELECT move FROM moves WHERE run = ? ORDER BY seq", (run,)))

    def timeline(self, run: int) -> tuple[tuple[int, str, int | None], ...]:
        """The accepted moves of a run as (seq, move, ms on the run's clock; None for a move kept
        before version 4), in order."""
        return tuple((seq + 1, move, ms) for seq, move, ms in self.db.execute(
            "SELECT seq, move, ms FROM moves WHERE run = ? ORDER BY seq", (run,)))

    def add_move(self, run: int, seq: int, move: str, position: str, finish: tuple | None = None,
                 ms: int | None = None) -> int | None:
        """Keep accepted move number `seq` (1, 2, ...) of an open run, its time `ms` on the run's
        clock and its board after it, `position`, in one transaction (a resume reads the board,
        never replays the moves). With `finish` (ms, held[, flags]: `finish_run`'s) the move ends
        the run, in the same transaction: returns its finish number then. StoreError if the run
        is not open at move `seq` - 1."""
        with self._transaction():
            if self.db.execute("UPDATE runs SET seq = ?, position = ? WHERE id = ? AND seq = ? AND ms IS NULL "
                               "AND NOT abandoned", (seq, position, run, seq - 1)).rowcount != 1:
                raise StoreError(f"run {run} is not open at move {seq - 1}")
            self.db.execute("INSERT INTO moves (run, seq, move, ms) VALUES (?, ?, ?, ?)", (run, seq - 1, move, ms))
            return None if finish is None else self._finish(run, *finish)

    def set_position(self, run: int, position: str) -> None:
        """Keep the board of a run of version 1 once its moves are replayed."""
        self.db.execute("UPDATE runs SET position = ? WHERE id = ?", (position, run))

    def finish_run(self, run: int, ms: int, held: bool, flags: tuple[str, ...] = ()) -> int:
        """Record an open run as finished in `ms`, `held` below a person's floor (then left out of
        the standings until an operator accepts it), with its rhythm's `flags` (reasons kept for
        the operator; the run stays placed); a barred player's run is left out too. Committed
        (durable) when this returns. Returns its finish number: runs finished later have higher ones."""
        with self._transaction():
            return self._finish(run, ms, held, flags)

    def _finish(self, run: int, ms: int, held: bool, flags: tuple[str, ...] = ()) -> int:
        if self.db.execute("UPDATE runs SET ms = ?, held = ?, flagged = ? OR (SELECT barred IS NOT NULL FROM players "
                           "WHERE players.id = runs.player), finished = (SELECT IFNULL(MAX(finished), 0) + 1 FROM runs "
                           "WHERE finished IS NOT NULL) WHERE id = ? AND ms IS NULL AND NOT abandoned",
                           (ms, int(held), int(held), run)).rowcount != 1:
            raise StoreError(f"run {run} is not open")
        self.db.executemany("INSERT INTO flags (run, reason) VALUES (?, ?)", ((run, reason) for reason in flags))
        return self.db.execute("SELECT finished FROM runs WHERE id = ?", (run,)).fetchone()[0]

    def abandon_run(self, run: int) -> None:
        """Record an open run as abandoned (a ranked one is then over, unplaced)."""
        if self.db.execute("UPDATE runs SET abandoned = 1 WHERE id = ? AND ms IS NULL AND NOT abandoned",
                           (run,)).rowcount != 1:
            raise StoreError(f"run {run} is not open")

    # standings
    def totals(self, puzzle: str, first: int, last: int, group: str | None = None) -> Ranking:
        """The ranking of the ranked, finished, unflagged runs of the dailies `first`..`last`
        (among `group`'s members if given: their runs only are read), with the highest finish
        number of the store as it was read (its `mark`)."""
        args = {"puzzle": puzzle, "first": first, "last": last, "group": group}
        source, among = ("runs r", "") if group is None else \
            ("members m CROSS JOIN runs r", "AND m.grp = :group AND r.player = m.player")
        self.db.execute("BEGIN")                # one snapshot for the mark and the totals
        try:
            mark = self.db.execute("SELECT MAX(finished) FROM runs WHERE finished IS NOT NULL").fetchone()[0]
            totals = self.db.execute(
                f"SELECT r.player, p.name, COUNT(*), SUM(r.ms), MAX(r.started + r.ms / 1000.0) FROM {source} "
                f"JOIN players p ON p.id = r.player WHERE r.puzzle = :puzzle AND r.daily BETWEEN :first AND :last "
                f"AND {PLACED} {among} GROUP BY r.player", args).fetchall()
        finally:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("COMMIT")
        return Ranking(totals, mark or 0)

    def flagged(self, player: int, puzzle: str, first: int, last: int) -> Row | None:
        """The player's runs of the dailies `first`..`last` left out of the standings as a row
        (place None, and why: 'barred', 'disqualified' or 'held'), None if none."""
        name, ms, runs, barred, disqualified = self.db.execute(
            "SELECT p.name, SUM(r.ms), COUNT(*), p.barred IS NOT NULL, SUM(r.verdict = 'disqualified') FROM runs r "
            "JOIN players p ON p.id = r.player WHERE r.player = ? AND r.puzzle = ? AND r.daily BETWEEN ? AND ? "
            "AND r.ranked AND r.ms IS NOT NULL AND r.flagged", (player, puzzle, first, last)).fetchone()
        status = "barred" if barred else "disqualified" if disqualified else "held"
        return Row(None, name, ms, runs, flagged=True, status=status) if runs else None

    def median(self, puzzle: str, daily: int) -> tuple[int | None, int]:
        """(the median time of the daily's placed runs or None, how many are placed)."""
        of = self.db.execute(f"SELECT COUNT(*) FROM runs r WHERE r.puzzle = ? AND r.daily = ? AND {PLACED}",
                             (puzzle, daily)).fetchone()[0]
        if not of:
            return None, 0
        return self.db.execute(f"SELECT r.ms FROM runs r WHERE r.puzzle = ? AND r.daily = ? AND {PLACED} ORDER BY r.ms "
                               f"LIMIT 1 OFFSET ?", (puzzle, daily, of // 2)).fetchone()[0], of

    def place(self, puzzle: str, daily: int, ms: int) -> tuple[int, int]:
        """(the place a time of `ms` has among the daily's placed runs, how many are placed)."""
        of, faster = self.db.execute(
            f"SELECT COUNT(*), IFNULL(SUM(r.ms < ?), 0) FROM runs r WHERE r.puzzle = ? AND r.daily = ? AND {PLACED}",
            (ms, puzzle, daily)).fetchone()
        return faster + 1, of

    def standings(self, puzzle: str, daily: int, days: int = 1, group: str | None = None, player: int | None = None,
                  offset: int = 0, limit: int = 20) -> tuple[int, list[Row], Row | None]:
        """(total, rows offset..offset+limit, the player's own row or None) of the ranked, finished,
        unflagged runs of the `days` dailies ending at `daily`, among `group`'s members if given,
        in the order of game/net/ranking.py (one day: by time, equal times sharing a place, then
        in finish order). The player's row is there if they finished a ranked run: placed, or
        flagged with place None."""
        first = daily - days + 1
        ranking = self.totals(puzzle, first, daily, group)
        total, page = ranking.page(offset, limit)
        you = ranking.row(player) if player is not None else None
        if you is None and player is not None:
            you = self.flagged(player, puzzle, first, daily)
        return total, page, you

    # fair play: the operator's review and decisions (game/net/review.py)
    def is_barred(self, player: int) -> bool:
        """Whether an operator barred the player's name from the standings."""
        return self.db.execute("SELECT barred IS NOT NULL FROM players WHERE id = ?", (player,)).fetchone() == (1,)

    def reviews(self, every: bool = False) -> list[Review]:
        """The finished ranked runs held below the floor or flagged by their rhythm that no
        operator has decided yet (`every`: decided ones too), in the order they finished."""
        rows = self.db.execute(
            f"SELECT {', '.join('r.' + c for c in self.RUN.split(', '))}, p.name, p.barred IS NOT NULL FROM runs r "
            f"JOIN players p ON p.id = r.player WHERE r.ranked AND r.ms IS NOT NULL "
            f"AND (r.held OR EXISTS (SELECT 1 FROM flags f WHERE f.run = r.id)) AND (? OR r.verdict IS NULL) "
            f"ORDER BY r.finished", (int(every),)).fetchall()
        return [Review(self._made(row[:-2]), row[-2], bool(row[-1]),
                       tuple(r for (r,) in self.db.execute("SELECT reason FROM flags WHERE run = ? ORDER BY rowid",
                                                           (row[0],))),
                       self.timeline(row[0])) for row in rows]

    def decide(self, action: str, target: str, now: float) -> Decision:
        """An operator's decision, kept with its time: 'accept' or 'disqualify' a finished ranked
        run (`target`: its number), 'bar' a name (`target`: the name, as alike names are one).
        StoreError in one line if there is no such run or name or the decision does not apply."""
        with self._transaction():
            if action == "bar":
                run, player, said = None, *self._bar(target, now)
            else:
                run, player, said = *self._judge(action, target), None
                said = self._verdict(action, run, player)
            cur = self.db.execute("INSERT INTO decisions (at, action, run, player, said) VALUES (?, ?, ?, ?, ?)",
                                  (now, action, run, player, said))
        return Decision(cur.lastrowid, now, action, run, player, said)

    def _judge(self, action: str, target: str) -> tuple[int, int]:
        if action not in VERDICTS:
            raise StoreError(f"an operator may accept, disqualify or bar, not {action!r}")
        found = self._run("id = ? AND ranked", (int(target),)) if target.isdigit() else None
        if found is None or found.ms is None:
            raise StoreError(f"there is no finished ranked run {target} in this database (review lists them)")
        return found.id, found.player

    def _verdict(self, action: str, run: int, player: int) -> str:
        verdict = VERDICTS[action]
        barred = self.is_barred(player)
        self.db.execute("UPDATE runs SET verdict = ?, flagged = ? WHERE id = ?",
                        (verdict, int(verdict == "disqualified" or barred), run))
        found = self.run(run)
        name = self.db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()[0]
        what = f"run {run} ({found.puzzle} #{found.daily}, {_quoted(name)}, {found.ms} ms)"
        if verdict == "disqualified":
            return f"disqualified {what}: left out of the standings"
        return f"accepted {what}: " + ("still left out, its player is barred" if barred else "placed")

    def _bar(self, name: str, now: float) -> tuple[int, str]:
        key, folded = names.keys(names.normalise(name))
        row = self.db.execute("SELECT id, name, barred FROM players WHERE key = ? OR folded = ?", (key, folded)
                              ).fetchone()
        if row is None:
            raise StoreError(f"there is no player named {_quoted(name)} on this server")
        player, found, barred = row
        if barred is None:
            self.db.execute("UPDATE players SET barred = ? WHERE id = ?", (now, player))
        runs = self.db.execute("UPDATE runs SET flagged = 1 WHERE player = ? AND ranked AND ms IS NOT NULL",
                               (player,)).rowcount
        return player, f"barred {_quoted(found)} (player {player}): {runs} finished ranked run{'s' * (runs != 1)} " \
                       f"left out of the standings"

    def decisions(self, after: int = 0) -> list[Decision]:
        """The operator's decisions numbered after `after`, oldest first."""
        return [Decision(*row) for row in self.db.execute(
            "SELECT id, at, action, run, player, said FROM decisions WHERE id > ? ORDER BY id", (after,))]

    def last_decision(self) -> int:
        """The number of the last decision kept (0: none)."""
        return self.db.execute("SELECT IFNULL(MAX(id), 0) FROM decisions").fetchone()[0]

    # groups
    def create_group(self, player: int, code: str, name: str) -> Group:
        """A new group made by `player`, who is its first member; CodeTaken if the code is in use."""
        try:
            with self._transaction():
                self.db.execute("INSERT INTO groups (code, name, owner, created) VALUES (?, ?, ?, julianday('now'))",
                                (code, name, player))
                self.db.execute("INSERT INTO members (grp, player) VALUES (?, ?)", (code, player))
        except sqlite3.IntegrityError:
            if self.db.execute("SELECT 1 FROM groups WHERE code = ?", (code,)).fetchone():
                raise CodeTaken(f"a group with the code {code} exists") from None
            raise StoreError(f"there is no player {player}") from None
        return Group(code, name, 1)

    def _group(self, code: str) -> Group | None:
        row = self.db.execute("SELECT g.code, g.name, (SELECT COUNT(*) FROM members m WHERE m.grp = g.code) "
                              "FROM groups g WHERE g.code = ?", (code,)).fetchone()
        return Group(*row) if row else None

    def join_group(self, player: int, code: str) -> Group | None:
        """Make `player` a member (again is harmless); None if there is no such group."""
        if self._group(code) is None:
            return None
        try:
            self.db.execute("INSERT OR IGNORE INTO members (grp, player) VALUES (?, ?)", (code, player))
        except sqlite3.IntegrityError:
            raise StoreError(f"there is no player {player}") from None
        return self._group(code)

    def leave_group(self, player: int, code: str) -> None:
        """`player` is no longer a member (nothing if they were not); the group stays for its code's holders."""
        self.db.execute("DELETE FROM members WHERE grp = ? AND player = ?", (code, player))

    def groups(self, player: int) -> list[Group]:
        """The groups `player` is a member of, by name."""
        return [Group(*row) for row in self.db.execute(
            "SELECT g.code, g.name, (SELECT COUNT(*) FROM members c WHERE c.grp = g.code) FROM members m "
            "JOIN groups g ON g.code = m.grp WHERE m.player = ? ORDER BY g.name, g.code", (player,))]

    def is_member(self, player: int, code: str) -> bool:
        """Whether `player` is a member of the group `code`."""
        return self.db.execute("SELECT 1 FROM members WHERE grp = ? AND player = ?", (code, player)).fetchone() is not None

    # keeping
    def backup(self, target: str | Path) -> None:
        """A consistent copy of the database at `target` (sqlite3's backup API; written atomically)."""
        _check_target(self.path, target)
        _copy(self.db, target)

    def prune(self, before_daily: int) -> int:
        """Drop the runs (and their moves) of dailies before `before_daily`; returns how many runs."""
        return self.db.execute("DELETE FROM runs WHERE daily < ?", (before_daily,)).rowcount

    def keep(self, now: float) -> int:
        """Retention: with keep_days N, drop the runs of dailies more than N days before `now`'s UTC date."""
        if self.keep_days is None:
            return 0
        return self.prune(utc_number(now) - self.keep_days)

    def counts(self) -> dict:
        """How many players, runs and groups there are, and the bytes of the file and its WAL."""
        one = lambda sql: self.db.execute(sql).fetchone()[0]  # noqa: E731
        size = sum(os.path.getsize(p) for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return {"players": one("SELECT COUNT(*) FROM players"), "runs": one("SELECT COUNT(*) FROM runs"),
                "groups": one("SELECT COUNT(*) FROM groups"), "bytes": size}
