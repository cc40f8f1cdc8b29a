"""Who the player is on each standings server: the secret token a server issued and the name
it belongs to, kept in `identities.json` in the data folder (versioned, written atomically).

A token is the only proof of a name: there is no password, so a player who loses the file
loses the name on that server. Beside the name, the ranked runs the server dealt and has not
ended (`open_runs`: puzzle -> daily number), so the Today card knows a run left open after the
window closed. Servers are keyed by the URL `parse_target` makes of what the
player typed (`ws://host:port/`), so `host` and `ws://host:8765/` are one server. A file that
cannot be read is said once (a line on stderr, and `check` gives it to the game to show), as a
damaged settings.json is, and kept as it is until a name is written.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from game.storage import NewerVersion, Storage, read_versioned, write_versioned
from solver import puzzles
from solver.errors import SquarewiseError, one_line

FILE = "identities.json"
_said: dict[Path, str] = {}         # damaged files said already in this process: their line


@dataclass(frozen=True)
class Identity:
    token: str
    name: str


def _valid(value) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("token"), str) and isinstance(value.get("name"), str)
            and 16 <= len(value["token"]) <= 64 and value["token"].isprintable()
            and 1 <= len(value["name"]) <= 24 and value["name"].isprintable())


def _read(folder: Path) -> dict:
    """The file's entries as written: none if it is missing or unreadable (said once)."""
    path = Path(folder) / FILE
    if not path.exists():
        return {}
    try:
        return read_versioned(path)
    except SquarewiseError as exc:          # (NewerVersion too)
        if path not in _said:
            _said[path] = one_line(f"squarewise: warning: {exc}; the names kept for servers cannot be used "
                                   f"(the file is kept as it is: its tokens can still be copied out)")
            print(_said[path], file=sys.stderr)
        return {}


def check(folder: Path) -> str | None:
    """The line saying the file cannot be read (for the game to show at its start), or None."""
    _read(folder)
    return _said.get(Path(folder) / FILE)


def load(folder: Path) -> dict[str, Identity]:
    """Every kept identity by server URL: none if the file is missing or unreadable; an entry
    that is not a token and a name is skipped (the rest are kept)."""
    return {url: Identity(v["token"], v["name"]) for url, v in _read(folder).items()
            if isinstance(url, str) and _valid(v)}


def open_runs(folder: Path, url: str) -> dict[str, int]:
    """The ranked runs kept as open on the server at `url`: puzzle -> daily number (a value
    that is not one is skipped)."""
    entry = _read(folder).get(url)
    runs = entry.get("runs") if _valid(entry) else None
    if not isinstance(runs, dict):
        return {}
    return {puzzle: n for puzzle, n in runs.items() if puzzle in puzzles.names() and type(n) is int and n >= 1}


def keep_run(folder: Path, url: str, puzzle: str, number: int) -> None:
    """Note that the server at `url` dealt a ranked run of daily `number` of `puzzle` (nothing
    without a name kept there)."""
    def change(kept: dict) -> None:
        entry = kept[url]
        entry["runs"] = {**(entry.get("runs") if isinstance(entry.get("runs"), dict) else {}), puzzle: number}
    if url in load(folder):
        _write(folder, change)


def drop_run(folder: Path, url: str, puzzle: str) -> None:
    """The ranked run of `puzzle` on `url` is over (done, given up, or refused): not kept."""
    if puzzle in open_runs(folder, url):
        _write(folder, lambda kept: kept[url]["runs"].pop(puzzle))


def remember(folder: Path, url: str, token: str, name: str) -> None:
    """Keep `token` and `name` for the server at `url` (every other entry kept as it was)."""
    _write(folder, lambda kept: kept.update({url: {"token": token, "name": name}}))


def forget(folder: Path, url: str) -> None:
    """Drop the identity kept for `url` (nothing if there is none)."""
    if url in load(folder):
        _write(folder, lambda kept: kept.pop(url))


def _write(folder: Path, change) -> None:
    """Write the file with `change` made to its entries; an entry this game cannot use (damaged,
    or from another version) is written back as it was, since a token in it may still be copied
    out by hand. A file that cannot be read is first moved aside as identities.json.corrupt-N;
    one from a newer Squarewise is never touched."""
    path = Path(folder) / FILE
    kept: dict = {}
    if path.exists():
        try:
            kept = read_versioned(path)
        except NewerVersion as exc:
            raise SquarewiseError(f"{exc}; the name is not kept") from None
        except SquarewiseError:
            os.replace(path, Storage._aside_name(path))
    change(kept)
    write_versioned(path, dict(sorted(kept.items())))
