"""Reading a file the user (or a crash) may have got wrong: the one reader for every JSON file.

Dice files, census checkpoints and the game's settings, statistics, saves and autosave all
come through `read_json`, so every one of them refuses the same bad inputs with one
SquarewiseError line and never hangs, eats memory or raises anything else:

- only a regular file is read: a FIFO, a device (/dev/zero), a socket or a folder is
  refused without blocking (the file is opened with O_NONBLOCK and checked with fstat);
- at most `limit` bytes are read (MAX_BYTES by default); a larger file is refused;
- the text must be UTF-8 JSON with no NaN or Infinity (and no number that overflows a
  float to infinity), no integer longer than Python's int-string limit, no nesting deeper
  than MAX_DEPTH and no lone surrogate (a `\\ud800` escape) in any string or key.

The rules are documented in docs/files.md.
"""
from __future__ import annotations

import json
import math
import os
import stat

from .errors import SquarewiseError

MAX_BYTES = 16 * 1024 * 1024    # far above any file Squarewise writes (a census checkpoint is ~1 MB)
MAX_DEPTH = 32                  # Squarewise's own documents nest 4 deep at most

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def describe_os_error(exc: OSError) -> str:
    """The reason in an OSError, without the repeated file name."""
    return exc.strerror or str(exc)


def read_bytes(path, what: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path` (at most `limit`); SquarewiseError naming `what` otherwise."""
    where = f"{what} '{path}'"
    if str(path) == "":
        raise SquarewiseError(f"{what}: the file name is empty")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise SquarewiseError(f"{where} not found") from None
    except OSError as exc:
        raise SquarewiseError(f"{where} cannot be read ({describe_os_error(exc)})") from None
    except ValueError:             # an embedded NUL character
        raise SquarewiseError(f"{where} is not a usable file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SquarewiseError(f"{where} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise SquarewiseError(f"{where} is not a regular file (a pipe or a device)")
        if info.st_size > limit:
            raise SquarewiseError(f"{where} is too large ({info.st_size:,} bytes; the limit is {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:               # the file grew while it was read
            raise SquarewiseError(f"{where} is too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise SquarewiseError(f"{where} cannot be read ({describe_os_error(exc)})") from None
    finally:
        os.close(fd)


def read_json(path, what: str, limit: int = MAX_BYTES):
    """The JSON document in the file at `path`, checked as the module docstring says."""
    data = read_bytes(path, what, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SquarewiseError(f"{what} '{path}' is not UTF-8 text (byte {exc.start})") from None
    return parse_json(text, f"{what} '{path}'")


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number Squarewise accepts")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]}{'...' if len(text) > 20 else ''} is too large")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"a number with {len(text):,} digits is too long") from None


def parse_json(text: str, where: str):
    """The JSON document in `text`; SquarewiseError starting with `where` if it breaks a rule."""
    try:
        doc = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise SquarewiseError(f"{where} is not valid JSON (line {exc.lineno} column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise SquarewiseError(f"{where} is not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise SquarewiseError(f"{where} is not valid JSON ({exc})") from None
    _check_tree(doc, where)
    return doc


def _check_tree(doc, where: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH and strings or keys that are not valid Unicode."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise SquarewiseError(f"{where} is not valid JSON (nested more than {MAX_DEPTH} deep)")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_text(key, where)
                stack.append((item, depth + 1))
        elif isinstance(value, str):
            _check_text(value, where)


def _check_text(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise SquarewiseError(f"{where} holds text that is not valid Unicode (a lone surrogate)") from None
