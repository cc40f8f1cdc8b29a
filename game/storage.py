"""Settings, statistics and saved games on disk: versioned JSON, written atomically.

Files live in the platform's user data folder (`platformdirs`), or in the folder named by
the environment variable SQUAREWISE_DATA_DIR (tests use it). Each document is stored as
`{"version": N, "data": {...}}`. Writes go to a temporary file in the same folder, are
flushed to disk and then moved over the old file with `os.replace`, so a crash never
leaves half a file; a write that fails is a one-line warning on stderr, not a crash (the
old file stays). A file that cannot be read is never deleted: it is renamed aside
(`name.json.corrupt-1`, ...) with a one-line warning on stderr, and defaults are used.
A readable file whose value for a known key has the wrong shape (a string for the window
size, say) keeps its other values; that key gets its default, with a warning. A file written
by a newer Squarewise (a higher version) is not damaged: it is left in place and unchanged,
read-only for the rest of the session (defaults are used), said once.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
import sys
import tempfile
import threading
import weakref
from pathlib import Path

from game.play import records
from game.puzzles import registry
from solver import puzzles
from solver.atomic import clean_stale_temps, write_text_atomic
from solver.errors import SquarewiseError, one_line
from solver.safe_read import read_json

VERSION = 1
MAX_FILE_BYTES = 4 << 20      # settings, statistics and saves are a few kB; refuse anything over 4 MiB
ENV_VAR = "SQUAREWISE_DATA_DIR"
LOCK_NAME = "squarewise.lock"

DEFAULT_SETTINGS = {
    "palette": "classic",
    "animations": True,
    "labels": False,            # write piece names on pieces (on by default with the colour-blind palette)
    "window": [1100, 760],
    "volume": 0.8,                # sound effects, 0..1
    "muted": False,
    "howto_seen": {name: False for name in registry.names()},   # How to play shown on a puzzle's first launch
    "standings_server": "",       # the standings server's address as typed ("" = none): ranked dailies
    **registry.settings(),        # each puzzle's own (game/puzzles/registry.py)
}
# The file's first shape: one entry, the first puzzle's of the engine's list (an old Squarewise
# finds it in a new file); best: the key of a kind of start (the dice set, the board) -> seconds.
DEFAULT_STATISTICS = {puzzles.PUZZLES[0].name: {"played": 0, "solved": 0, "best": {}}}


def data_dir() -> Path:
    """The folder for Squarewise's files (created if missing); SquarewiseError if it cannot be."""
    override = os.environ.get(ENV_VAR)
    if override:
        folder = Path(override)
    else:
        from platformdirs import user_data_dir
        folder = Path(user_data_dir("squarewise", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SquarewiseError(f"cannot use the data folder '{folder}': {exc.strerror or exc}") from None
    return folder


def write_json_atomic(path: Path, document) -> None:
    """Write `document` as JSON to `path` via a temporary file and os.replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(document, indent=1, sort_keys=True))


class NewerVersion(SquarewiseError):
    """A file written by a newer Squarewise: not damaged, to be left as it is."""

    def __init__(self, path: Path, version: int):
        super().__init__(f"{path}: written by a newer Squarewise (version {version} > {VERSION})")
        self.version = version


def read_versioned(path: Path) -> dict:
    """The `data` of a versioned document; SquarewiseError naming the file if it is not one."""
    path = Path(path)
    doc = read_json(path, "file", MAX_FILE_BYTES)
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise SquarewiseError(f"{path}: not a Squarewise file (no 'data' object)")
    version = doc.get("version")
    if not isinstance(version, int) or version < 1:
        raise SquarewiseError(f"{path}: missing or bad 'version'")
    if version > VERSION:
        raise NewerVersion(path, version)
    return doc["data"]


def write_versioned(path: Path, data: dict) -> None:
    write_json_atomic(path, {"version": VERSION, "data": data})


def _fits(default, value) -> bool:
    """True if `value` has the shape of `default`: numbers for numbers, lists of the same length."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float))
    if isinstance(default, list):
        return isinstance(value, list) and len(value) == len(default) and all(map(_fits, default, value))
    return isinstance(value, type(default))


def _merge(defaults: dict, stored: dict, bad: list[str], prefix: str = "") -> dict:
    """`defaults` overlaid with `stored`, recursively for nested dicts; unknown keys are kept.

    A stored value of the wrong shape for its default is dropped and its key added to `bad`.
    """
    out = copy.deepcopy(defaults)
    for key, value in stored.items():
        if isinstance(out.get(key), dict) and isinstance(value, dict):
            out[key] = _merge(out[key], value, bad, f"{prefix}{key}.")
        elif key in out and not _fits(out[key], value):
            bad.append(f"{prefix}{key}")
        else:
            out[key] = value
    return out


_HELD: dict[str, list] = {}      # folder -> [its open lock file, how many Storages of this process use it]


def try_lock(handle) -> bool:
    """Take an exclusive lock on the open file `handle` without waiting; False if another holds it."""
    try:
        if os.name == "nt":
            import msvcrt
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def lock_folder(folder: Path) -> str | None:
    """Take (or share, within this process) `folder`'s lock: the key to `unlock_folder` it
    with, or None if another process holds it. A folder where no lock file can be made (a
    read-only folder) counts as this process's: nothing can be written there anyway."""
    key = os.path.realpath(folder)
    if key not in _HELD:
        try:
            handle = open(Path(folder) / LOCK_NAME, "a+b")
        except OSError:
            handle = None
        if handle is not None and not try_lock(handle):
            handle.close()
            return None
        _HELD[key] = [handle, 0]
    _HELD[key][1] += 1
    return key


def unlock_folder(key: str) -> None:
    """One user of the lock `key` less; the last lets go of it (the system does at exit anyway)."""
    held = _HELD.get(key)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _HELD[key]
        if held[0] is not None:
            held[0].close()


def cannot_write(folder: Path) -> str | None:
    """Why no file can be made in `folder` (read-only, no permission), or None if one can."""
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=".squarewise-probe-")
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    try:
        os.unlink(name)
    except OSError:
        pass
    return None


class Storage:
    """Named JSON documents in one folder: `read(name, defaults)` and `write(name, data)`."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.warnings: list[str] = []
        self.newer: set[str] = set()                 # documents a newer Squarewise wrote: never written here
        self._pending: dict[str, dict] = {}          # write_soon's documents not yet written
        self._pending_lock = threading.Lock()
        self._writer: threading.Thread | None = None
        lock = lock_folder(self.folder)
        self.read_only = lock is None
        if lock is not None:
            weakref.finalize(self, unlock_folder, lock)       # the lock lasts as long as this Storage
        if self.read_only:
            self._warn(f"squarewise: warning: another Squarewise is using the data folder {self.folder}; "
                       "this one saves nothing (close the other to keep your games)")
            return
        cannot = cannot_write(self.folder)
        if cannot:
            self.read_only = True           # said now, at the start, and not again at each write
            self._warn(one_line(f"squarewise: warning: the data folder {self.folder} cannot be written "
                                f"({cannot}); games, settings and statistics will not be kept"))
            return
        for folder in (self.folder, self.folder / "saves"):
            clean_stale_temps(folder, old_names=True)   # left by writes killed half-way (solver/atomic.py)

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def exists(self, name: str) -> bool:
        self.flush()
        return os.path.lexists(self.path(name))

    def read(self, name: str, defaults: dict | None = None, repair=None) -> dict:
        """The stored document merged over `defaults`; defaults if missing or unreadable.

        Values of the wrong shape are dropped one by one (`repair(data)` drops more, returning
        their names); the damaged file is first copied aside as NAME.json.corrupt-N, and one
        warning says what was dropped and where the original is."""
        defaults = defaults or {}
        path = self.path(name)
        self.flush()
        if not os.path.lexists(path):
            return copy.deepcopy(defaults)
        try:
            stored = read_versioned(path)
        except NewerVersion as exc:
            self._leave_newer(name, exc)
            return copy.deepcopy(defaults)
        except SquarewiseError as exc:
            try:
                kept = f"old file kept as {self._set_aside(path).name}"
            except OSError as why:            # a read-only folder: leave the file where it is
                kept = f"the file could not be set aside: {why.strerror or why}"
            self._warn(f"squarewise: warning: {exc}; using defaults ({kept})")
            return copy.deepcopy(defaults)
        bad: list[str] = []
        merged = _merge(defaults, stored, bad)
        if repair is not None:
            bad += repair(merged)
        if bad:
            self._warn(one_line(f"squarewise: warning: {path}: bad value for {', '.join(bad)}; "
                                f"dropped ({self.keep_damaged(name)})"))     # keys from the file: escaped
        return merged

    def is_newer(self, name: str) -> bool:
        """True if the document `name` was written by a newer Squarewise (said once, then left alone)."""
        self.flush()
        if name not in self.newer and os.path.lexists(self.path(name)):
            try:
                read_versioned(self.path(name))
            except NewerVersion as exc:
                self._leave_newer(name, exc)
            except SquarewiseError:
                pass
        return name in self.newer

    def _leave_newer(self, name: str, exc: NewerVersion) -> None:
        """Keep the newer file `name` as it is for this session, and say so once."""
        if name not in self.newer:
            self.newer.add(name)
            what = {"statistics": "the statistics are", "settings": "the settings are"}.get(name, "it is")
            self._warn(one_line(f"squarewise: warning: {self.path(name)} was written by a newer Squarewise "
                                f"(version {exc.version}); {what} read-only until you use that version again"))

    def write(self, name: str, data: dict) -> None:
        """Store `data` as `name`; a failure (disk full, folder gone) is a warning, not a crash.
        Nothing is written while another process holds the folder, nor over a newer file."""
        if self.read_only or name in self.newer:
            return
        self.flush()
        self._write_now(name, data)

    def _write_now(self, name: str, data: dict) -> None:
        try:
            write_versioned(self.path(name), data)
        except OSError as exc:
            self._warn(f"squarewise: warning: cannot write {self.path(name)}: {exc.strerror or exc}")

    def write_soon(self, name: str, data: dict) -> None:
        """Store (a copy of) `data` as `name` from a background thread, so that the game never
        waits for the disk (an autosave after every move); only the latest of each name is
        written. `read`, `write`, `delete` and `flush` wait for what is pending first."""
        if self.read_only or name in self.newer:
            return
        with self._pending_lock:
            self._pending[name] = copy.deepcopy(data)
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_pending, name="squarewise-writer", daemon=True)
                self._writer.start()

    def _write_pending(self) -> None:
        while True:
            with self._pending_lock:
                if not self._pending:
                    self._writer = None
                    return
                name, data = self._pending.popitem()
            self._write_now(name, data)

    def flush(self) -> None:
        """Wait until every `write_soon` is on disk."""
        writer = self._writer
        if writer is not None:
            writer.join()

    def delete(self, name: str) -> None:
        if self.read_only or name in self.newer:
            return
        self.flush()
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass

    def settings(self) -> dict:
        return self.read("settings", DEFAULT_SETTINGS)

    def statistics(self) -> dict:
        """Per puzzle {"played", "solved", "best": {key: seconds}, ...} (game/play/records.py);
        only the values of the wrong shape are dropped."""
        return self.read("statistics", DEFAULT_STATISTICS, repair=records.clean)

    def saves_dir(self) -> Path:
        folder = self.folder / "saves"
        try:
            folder.mkdir(exist_ok=True)
        except OSError:
            return self.folder          # a read-only data folder: offer the folder itself
        return folder

    def set_aside(self, name: str) -> Path | None:
        """Move the document `name` out of the way as NAME.json.corrupt-N, never overwriting
        it; the new path, or None if it is gone already (read set it aside) or cannot be moved."""
        path = self.path(name)
        self.flush()
        if not os.path.lexists(path) or name in self.newer:
            return None
        try:
            return self._set_aside(path)
        except OSError:
            return None

    def keep_damaged(self, name: str) -> str:
        """Copy the document `name` (about to be rewritten without its damaged parts) to
        NAME.json.corrupt-N, never overwriting; words for the warning saying where it is."""
        if self.read_only:
            return "the file is left as it is"
        path = self.path(name)
        try:
            with open(path, "rb") as source, open(self._aside_name(path), "xb") as copy_file:
                shutil.copyfileobj(source, copy_file)
                return f"the original is kept as {Path(copy_file.name).name}"
        except OSError as why:
            return f"the original could not be copied: {why.strerror or why}"

    def _set_aside(self, path: Path) -> Path:
        if self.read_only:
            raise PermissionError("the data folder is not this Squarewise's to write")
        aside = self._aside_name(path)
        os.replace(path, aside)
        return aside

    @staticmethod
    def _aside_name(path: Path) -> Path:
        n = 1
        while os.path.lexists(aside := path.with_name(f"{path.name}.corrupt-{n}")):
            n += 1
        return aside

    def _warn(self, line: str) -> None:
        self.warnings.append(line)
        print(line, file=sys.stderr)
