"""Writing a file so that it is either the old one or the whole new one, never half of it.

The new content goes to a temporary file `.NAME.PID-XXXXXXXX.tmp` in the same folder, is
flushed to disk and moved over NAME with os.replace. The rules (docs/files.md):

- a new file gets the user's umask (it is created with mode 0666 & ~umask, like any file the
  user makes), not the 0600 of a private temporary file; a file that is replaced keeps its
  mode (a private 0600 file stays private);
- when NAME is a symbolic link the link's target is written and the link stays a link;
- only a regular file is ever replaced: an existing NAME (or link target) that is a FIFO, a
  device (`/dev/null`, as root), a socket or a folder is refused with NotARegularFile, so an
  output option can never turn a device into a file;
- a write killed half-way leaves only its temporary file behind; such files are stale when
  the process named in them (PID) is gone, or, where that cannot be checked or the name has
  no PID, when they are older than STALE_SECONDS. The first atomic write into a folder in a
  process, and `clean_stale_temps(folder)` (the game calls it at start for its data
  folders, where it also takes the PID-less names), delete the stale ones. Only files whose
  names have exactly this shape are touched.
"""
from __future__ import annotations

import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path

from .errors import SquarewiseError

STALE_SECONDS = 600
# .NAME.PID-8hex.tmp (this module) and .NAME.8chars.tmp (tempfile.mkstemp, before PIDs were written)
_TEMP_NAME = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)-[0-9a-f]{8}\.tmp", re.ASCII)
_OLD_TEMP_NAME = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp", re.ASCII)
_cleaned: set[str] = set()


class NotARegularFile(SquarewiseError, OSError):
    """The target of a write exists and is not a regular file. Both a SquarewiseError (the CLI
    prints it and exits 2) and an OSError (the game's writers report it like a full disk);
    `strerror` is the reason alone, for messages that name the file themselves."""

    def __init__(self, path, reason: str):
        super().__init__(f"'{path}' is {reason}")
        self.strerror = f"it is {reason}"


def existing_mode(path) -> int | None:
    """The permission bits of the regular file at `path` (links followed), None if there is none;
    NotARegularFile if something else is there."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except ValueError:                  # an embedded NUL: the open below says so
        return None
    if stat.S_ISDIR(info.st_mode):
        raise NotARegularFile(path, "a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(path, "not a regular file (a pipe, a device or a socket), which is never replaced")
    return stat.S_IMODE(info.st_mode)


def write_text_atomic(path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically; see write_bytes_atomic."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder, flushed to disk
    and moved into place with os.replace; on failure the temporary file is removed and the
    error (an OSError; NotARegularFile for a target that is not a regular file) is raised,
    leaving any old file as it was."""
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    mode = existing_mode(path)
    folder = path.parent
    if str(folder) not in _cleaned:
        _cleaned.add(str(folder))
        clean_stale_temps(folder)
    tmp = folder / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(out.fileno(), mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def clean_stale_temps(folder, now: float | None = None, *, old_names: bool = False) -> list[Path]:
    """Delete the stale temporary files of interrupted atomic writes in `folder`; returns them.

    `old_names` also takes the PID-less names of earlier versions (only in a folder that is
    Squarewise's own: elsewhere such a name could be someone else's file). Never raises: a
    folder that cannot be listed, or a file that cannot be removed, is left alone.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _TEMP_NAME.fullmatch(entry.name) or (old_names and _OLD_TEMP_NAME.fullmatch(entry.name))
        if not m:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            if old or _process_gone(m.groupdict().get("pid")):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _process_gone(pid: str | None) -> bool:
    """True if `pid` names no running process (checked on POSIX only; False when unknown)."""
    if pid is None or sys.platform == "win32" or len(pid) > 9:
        return False
    number = int(pid)
    if number == os.getpid() or number <= 0:
        return False
    try:
        os.kill(number, 0)
    except ProcessLookupError:
        return True
    except OSError:             # EPERM: someone else's live process
        return False
    return False
