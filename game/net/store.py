"""The standings server's database: players, daily runs and groups in one SQLite file.

One `Store` holds one connection, used by the server's one thread (one writer). The file is
in WAL mode with `synchronous=NORMAL`: a commit is in the WAL file when it returns, so a
killed process loses nothing committed (only an OS crash or a power cut can lose the last
commits; `synchronous="full"` closes that too). The schema's version is `PRAGMA
user_version`; MIGRATIONS are applied in order, each in one transaction. A database from a
newer Squarewise, or a file that is not a database, is refused with one line and left as it
is. Tokens are kept only as their SHA-256 hashes (the caller hashes). docs/server.md, "What
the server keeps", has the tables and the figures.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from solver.atomic import existing_mode
from solver.daily import utc_number
from solver.errors import SquarewiseError

BUSY_MS = 5000          # how long a statement waits for another process's lock (a backup) before failing
SYNC_MODES = ("normal", "full")

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
)
VERSION = len(MIGRATIONS)


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
    moves: tuple[str, ...]
    ms: int | None          # None: unfinished
    flagged: bool
    abandoned: bool


@dataclass(frozen=True)
class Row:
    place: int | None
    name: str
    ms: int
    runs: int
    flagged: bool = False


@dataclass(frozen=True)
class Group:
    code: str
    name: str
    members: int


def _connect(path: Path, create: bool) -> sqlite3.Connection:
    """A connection to the database at `path` (made when `create`), checked to be one; StoreError otherwise."""
    if path.is_dir():
        raise StoreError(f"cannot open the database '{path}': it is a folder")
    if not create and not path.exists():
        raise StoreError(f"there is no database at '{path}'")
    try:
        existing_mode(path)
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode={'rwc' if create else 'rw'}", uri=True,
                             isolation_level=None, timeout=BUSY_MS / 1000)
    except (sqlite3.Error, SquarewiseError, OSError) as exc:
        raise StoreError(f"cannot open the database '{path}': {exc}") from None
    try:
        db.execute("PRAGMA schema_version").fetchone()      # reads the header: refuses what is not a database
    except sqlite3.Error as exc:
        db.close()
        raise StoreError(f"'{path}' is not a Squarewise database ({exc}); it is left as it is") from None
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
    """StoreError unless `target` names a file other than the database at `path` and SQLite's
    files beside it (`-wal`, `-shm`, `-journal`: writing over one would lose commits)."""
    if not str(target).strip():
        raise StoreError("the backup needs a file name, got an empty one")
    target = Path(target)
    for own in (path, *(Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", "-journal"))):
        if target.resolve() == own.resolve() or own.exists() and target.exists() and os.path.samefile(own, target):
            raise StoreError("the backup must go to another file than the database (and its -wal, -shm, -journal)")


def backup_file(path: str | Path, target: str | Path) -> None:
    """Copy the database at `path` to `target`, consistently even while a server writes it."""
    path = Path(path)
    _check_target(path, target)
    db = _connect(path, create=False)
    try:
        _copy(db, target)
    finally:
        db.close()


class Store:
    """Players, runs and groups in one SQLite file (see the module's docstring)."""

    def __init__(self, path: str | Path, keep_days: int | None = None, synchronous: str = "normal"):
        """Open (creating) the database at `path` and migrate it; with `keep_days`, prune old runs now."""
        self.path = Path(path)
        self.keep_days = keep_days
        if synchronous not in SYNC_MODES:
            raise StoreError(f"synchronous is one of {', '.join(SYNC_MODES)}, not '{synchronous}'")
        self.db = _connect(self.path, create=True)
        try:
            self._migrate()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(f"cannot use the database '{self.path}': {exc}") from None
        except StoreError:
            self.db.close()
            raise
        if keep_days is not None:
            self.keep(time.time())

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StoreError(f"'{self.path}' was written by a newer Squarewise (database version {version}, "
                             f"this one knows {VERSION}); it is left as it is")
        for n in range(version, VERSION):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[n]:
                    self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version={n + 1}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        """Close the connection (everything committed stays)."""
        self.db.close()

    def _write(self, sql: str, args=()) -> sqlite3.Cursor:
        """Run one writing statement (its own transaction, committed when this returns)."""
        try:
            return self.db.execute(sql, args)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise StoreError(f"the database '{self.path}' refused a write: {exc}") from None

    # players
    def add_player(self, name: str, key: str, token_hash: bytes, address: str, now: float) -> Player:
        """A new player; NameTaken if another has the same name key (game/net/names.key)."""
        try:
            cur = self._write("INSERT INTO players (name, key, token_hash, address, created) VALUES (?, ?, ?, ?, ?)",
                              (name, key, token_hash, address, now))
        except sqlite3.IntegrityError:
            if self.db.execute("SELECT 1 FROM players WHERE key = ?", (key,)).fetchone():
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
    def start_run(self, player: int, puzzle: str, daily: int, ranked: bool, now: float) -> Run:
        """A new run started at `now`; RankedTaken if `ranked` and the player has a ranked run of it."""
        try:
            cur = self._write("INSERT INTO runs (player, puzzle, daily, ranked, started) VALUES (?, ?, ?, ?, ?)",
                              (player, puzzle, daily, int(ranked), now))
        except sqlite3.IntegrityError as exc:
            if ranked and self.ranked_run(player, puzzle, daily) is not None:
                raise RankedTaken(f"player {player} has a ranked run of {puzzle} #{daily}") from None
            raise StoreError(f"cannot start the run: {exc}") from None
        return Run(cur.lastrowid, player, puzzle, daily, ranked, now, (), None, False, False)

    def _run(self, where: str, args) -> Run | None:
        row = self.db.execute(f"SELECT id, player, puzzle, daily, ranked, started, ms, flagged, abandoned "
                              f"FROM runs WHERE {where}", args).fetchone()
        if row is None:
            return None
        moves = tuple(m for (m,) in self.db.execute("SELECT move FROM moves WHERE run = ? ORDER BY seq", (row[0],)))
        rid, player, puzzle, daily, ranked, started, ms, flagged, abandoned = row
        return Run(rid, player, puzzle, daily, bool(ranked), started, moves, ms, bool(flagged), bool(abandoned))

    def run(self, run: int) -> Run | None:
        """The run with that id, None if none."""
        return self._run("id = ?", (run,))

    def ranked_run(self, player: int, puzzle: str, daily: int) -> Run | None:
        """The player's ranked run of that puzzle and daily (open, finished or abandoned), None if none."""
        return self._run("player = ? AND puzzle = ? AND daily = ? AND ranked", (player, puzzle, daily))

    def add_move(self, run: int, move: str) -> None:
        """Keep an accepted move of an open run (so it survives a restart)."""
        try:
            self._write("INSERT INTO moves (run, seq, move) "
                        "VALUES (?, (SELECT COUNT(*) FROM moves WHERE run = ?), ?)", (run, run, move))
        except sqlite3.IntegrityError:
            raise StoreError(f"there is no run {run}") from None

    def finish_run(self, run: int, ms: int, flagged: bool) -> None:
        """Record an open run as finished in `ms`; committed (durable) when this returns."""
        if self._write("UPDATE runs SET ms = ?, flagged = ? WHERE id = ? AND ms IS NULL AND NOT abandoned",
                       (ms, int(flagged), run)).rowcount != 1:
            raise StoreError(f"run {run} is not open")

    def abandon_run(self, run: int) -> None:
        """Record an open run as abandoned (a ranked one is then over, unplaced)."""
        if self._write("UPDATE runs SET abandoned = 1 WHERE id = ? AND ms IS NULL AND NOT abandoned",
                       (run,)).rowcount != 1:
            raise StoreError(f"run {run} is not open")

    # standings
    def standings(self, puzzle: str, daily: int, days: int = 1, group: str | None = None, player: int | None = None,
                  offset: int = 0, limit: int = 20) -> tuple[int, list[Row], Row | None]:
        """(total, rows offset..offset+limit, the player's own row or None) of the ranked, finished,
        unflagged runs of the `days` dailies ending at `daily`, among `group`'s members if given.
        One day: by time, equal times share a place, then in finish order. More: per player, by runs
        finished (more first), then total time, equal both sharing a place, first who got there first.
        The player's row is there if they finished a ranked run: placed, or flagged with place None."""
        args = {"puzzle": puzzle, "first": daily - days + 1, "daily": daily, "group": group, "player": player,
                "offset": offset, "limit": limit}
        among = "AND r.player IN (SELECT player FROM members WHERE grp = :group)" if group is not None else ""
        total, page, you = (self._day if days == 1 else self._days)(among, args)
        if you is None and player is not None:
            you = self._you(among, args, days)
        return total, page, you

    def _day(self, among: str, args: dict) -> tuple[int, list[Row], Row | None]:
        """One daily: the total, the page (walking the placed_runs index) and the player's row if on it."""
        where = f"r.puzzle = :puzzle AND r.daily = :daily AND r.ranked AND r.ms IS NOT NULL AND NOT r.flagged {among}"
        total = self.db.execute(f"SELECT COUNT(*) FROM runs r WHERE {where}", args).fetchone()[0]
        rows, you, place, last = [], None, 0, None
        for k, (pid, name, ms) in enumerate(self.db.execute(
                f"SELECT r.player, p.name, r.ms FROM runs r JOIN players p ON p.id = r.player "
                f"WHERE {where} ORDER BY r.ms, r.started, r.id LIMIT :limit OFFSET :offset", args).fetchall()):
            if ms != last:
                place, last = (args["offset"] + k + 1 if k else self._place(among, args, ms)), ms
            rows.append(Row(place, name, ms, 1))
            if pid == args["player"]:
                you = rows[-1]
        return total, rows, you

    def _place(self, among: str, args: dict, ms: int) -> int:
        """1 + how many placed runs of the day are faster than `ms`."""
        return 1 + self.db.execute(
            f"SELECT COUNT(*) FROM runs r WHERE r.puzzle = :puzzle AND r.daily = :daily AND r.ranked "
            f"AND r.ms IS NOT NULL AND NOT r.flagged AND r.ms < :ms {among}", {**args, "ms": ms}).fetchone()[0]

    def _days(self, among: str, args: dict) -> tuple[int, list[Row], Row | None]:
        """Several dailies: every player's runs and total, placed; the page and the player's row."""
        totals = self.db.execute(
            f"SELECT r.player, COUNT(*) AS runs, SUM(r.ms) AS ms, MAX(r.started + r.ms / 1000.0) AS fin FROM runs r "
            f"WHERE r.puzzle = :puzzle AND r.daily BETWEEN :first AND :daily AND r.ranked AND r.ms IS NOT NULL "
            f"AND NOT r.flagged {among} GROUP BY r.player ORDER BY runs DESC, ms, fin, r.player", args).fetchall()
        first, last, player = args["offset"], args["offset"] + args["limit"], args["player"]
        wanted = [t[0] for t in totals[first:last]] + [player]
        names = dict(self.db.execute(f"SELECT id, name FROM players WHERE id IN ({','.join('?' * len(wanted))})",
                                     wanted))
        page, you, place = [], None, 0
        for k, (pid, runs, ms, _) in enumerate(totals):
            if not k or (runs, ms) != totals[k - 1][1:3]:
                place = k + 1
            if first <= k < last:
                page.append(Row(place, names[pid], ms, runs))
            if pid == player:
                you = Row(place, names[pid], ms, runs)
        return len(totals), page, you

    def _you(self, among: str, args: dict, days: int) -> Row | None:
        """The player's row when not found with the page: placed (one day), flagged (place None), or None."""
        for name, ms, runs, flagged in self.db.execute(
                f"SELECT p.name, SUM(r.ms), COUNT(*), r.flagged FROM runs r JOIN players p ON p.id = r.player "
                f"WHERE r.player = :player AND r.puzzle = :puzzle AND r.daily BETWEEN :first AND :daily "
                f"AND r.ranked AND r.ms IS NOT NULL {among} GROUP BY r.flagged ORDER BY r.flagged", args).fetchall():
            if flagged:
                return Row(None, name, ms, runs, flagged=True)
            if days == 1:
                return Row(self._place(among, args, ms), name, ms, runs)
        return None

    # groups
    def create_group(self, player: int, code: str, name: str) -> Group:
        """A new group made by `player`, who is its first member; CodeTaken if the code is in use."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute("INSERT INTO groups (code, name, owner, created) VALUES (?, ?, ?, julianday('now'))",
                                (code, name, player))
                self.db.execute("INSERT INTO members (grp, player) VALUES (?, ?)", (code, player))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        except sqlite3.IntegrityError:
            if self.db.execute("SELECT 1 FROM groups WHERE code = ?", (code,)).fetchone():
                raise CodeTaken(f"a group with the code {code} exists") from None
            raise StoreError(f"there is no player {player}") from None
        except sqlite3.Error as exc:
            raise StoreError(f"the database '{self.path}' refused a write: {exc}") from None
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
            self._write("INSERT OR IGNORE INTO members (grp, player) VALUES (?, ?)", (code, player))
        except sqlite3.IntegrityError:
            raise StoreError(f"there is no player {player}") from None
        return self._group(code)

    def leave_group(self, player: int, code: str) -> None:
        """`player` is no longer a member (nothing if they were not); the group stays for its code's holders."""
        self._write("DELETE FROM members WHERE grp = ? AND player = ?", (code, player))

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
        return self._write("DELETE FROM runs WHERE daily < ?", (before_daily,)).rowcount

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
