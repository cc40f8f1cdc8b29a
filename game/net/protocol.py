"""The race protocol: JSON text messages with a version, each type checked against its schema.

Every message is one JSON object `{"v": VERSION, "type": T, ...fields}`; the fields of each
type are listed in CLIENT (what a client may send) and SERVER (what the server sends), and
docs/protocol.md describes them. `decode` refuses anything that is not exactly one of those:
malformed JSON, another version, an unknown type, a missing or unknown field, a value of the
wrong type, a string too long or a number out of range. Nothing is used before it passes.
A client reads the server tolerantly (`strict=False`): within one version, a server may add
message types and fields, which a client skips and drops (docs/protocol.md, "Versions").

The schemas are a few flat records, so a small explicit validator (Str, Int, ...) says them
more plainly than a JSON Schema library would, and it adds no dependency to the frozen game.
Moves travel as the engine's move strings (`4-O:C2C3D2D3`, `-4-O`: solver/genius/moves.py) and
positions in the position notation; the server parses them with the engine after `decode`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from solver.errors import SquarewiseError
from solver.puzzles import names, racing

VERSION = 2                     # 2: any move string in `move` (no `take`), progress not boards, results with boards
MAX_MESSAGE_BYTES = 4096        # a frame larger than this closes the connection (websockets max_size)
MAX_NAME = 24                   # characters in a player's name
MAX_PLAYERS = 8
MIN_PLAYERS = 2
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed by hand
CODE_LENGTH = 6
PHASES = ("lobby", "countdown", "racing", "finished")


class ProtocolError(SquarewiseError):
    """A message that is not one the protocol allows; the text says what is wrong, in one line."""


@dataclass(frozen=True)
class Str:
    """A string of at most `most` characters, all printable (and at least `least`)."""
    most: int
    least: int = 0
    alphabet: str | None = None

    def check(self, value, where: str, strict: bool = True) -> None:
        if not isinstance(value, str):
            raise ProtocolError(f"{where} must be a string")
        if not self.least <= len(value) <= self.most:
            raise ProtocolError(f"{where} must be {self.least} to {self.most} characters long")
        if not value.isprintable():
            raise ProtocolError(f"{where} must be printable text")
        if self.alphabet is not None and any(c not in self.alphabet for c in value):
            raise ProtocolError(f"{where} has a character outside {self.alphabet}")


@dataclass(frozen=True)
class Int:
    """An integer (never a bool or a float) in least..most."""
    least: int
    most: int

    def check(self, value, where: str, strict: bool = True) -> None:
        if type(value) is not int or not self.least <= value <= self.most:
            raise ProtocolError(f"{where} must be a whole number {self.least}..{self.most}")


@dataclass(frozen=True)
class Bool:
    def check(self, value, where: str, strict: bool = True) -> None:
        if type(value) is not bool:
            raise ProtocolError(f"{where} must be true or false")


@dataclass(frozen=True)
class OneOf:
    """One of a few fixed strings."""
    choices: tuple[str, ...]

    def check(self, value, where: str, strict: bool = True) -> None:
        if value not in self.choices or not isinstance(value, str):
            raise ProtocolError(f"{where} must be one of: {', '.join(self.choices)}")


@dataclass(frozen=True)
class Level:
    """A race's level as the racing puzzle's engine takes it (solver/puzzles.py `race_levels`):
    one of `words` ('any' among them), or 1..`count`."""
    words: tuple[str, ...]
    count: int

    def check(self, value, where: str, strict: bool = True) -> None:
        if not (type(value) is int and 1 <= value <= self.count or isinstance(value, str) and value in self.words):
            raise ProtocolError(f"{where} must be one of: {', '.join(self.words)}, or a level 1..{self.count}")


@dataclass(frozen=True)
class Nullable:
    """`inner`, or null."""
    inner: object

    def check(self, value, where: str, strict: bool = True) -> None:
        if value is not None:
            self.inner.check(value, where, strict)


@dataclass(frozen=True)
class Optional:
    """`inner`, or missing: a field a server added within this version (an older server's
    message lacks it, and a client reads it as null)."""
    inner: object

    def check(self, value, where: str, strict: bool = True) -> None:
        self.inner.check(value, where, strict)


@dataclass(frozen=True)
class Record:
    """An object with exactly these fields (not strict: at least these, the others dropped)."""
    fields: dict

    def check(self, value, where: str, strict: bool = True) -> None:
        if not isinstance(value, dict):
            raise ProtocolError(f"{where} must be an object")
        _check_fields(value, self.fields, where, strict)


@dataclass(frozen=True)
class ListOf:
    """A list of at most `most` items, each `item`."""
    item: object
    most: int

    def check(self, value, where: str, strict: bool = True) -> None:
        if not isinstance(value, list) or len(value) > self.most:
            raise ProtocolError(f"{where} must be a list of at most {self.most} items")
        for i, item in enumerate(value):
            self.item.check(item, f"{where}[{i}]", strict)


def _check_fields(value: dict, fields: dict, where: str, strict: bool) -> None:
    """`value` has `fields`, each of its kind; an unknown field is refused (`strict`) or dropped."""
    extra = sorted(set(value) - set(fields))
    if extra and strict:
        raise ProtocolError(f"{where}: unknown field '{extra[0][:40]}'")
    for name in extra:
        del value[name]
    for name, kind in fields.items():
        if name not in value:
            if isinstance(kind, Optional):
                value[name] = None
                continue
            raise ProtocolError(f"{where}: missing field '{name}'")
        kind.check(value[name], f"{where}.{name}", strict)


NAME = Str(MAX_NAME, 1)
CODE = Str(CODE_LENGTH, CODE_LENGTH, CODE_ALPHABET)
TOKEN = Str(64, 16)
SEAT = Int(1, 1 << 20)
SEQ = Int(0, 1 << 20)
MS = Int(0, 1 << 40)
DICE = OneOf(racing().race_dice)
LEVEL = Level(*racing().race_levels)
POSITION = Str(120, 14)
REASON = Str(200)

PUZZLE = OneOf(names())
DAILY = Int(1, 100000)               # a daily number (solver/daily.py: 1 is 2026-01-01)
PTOKEN = Str(64, 16)                 # a player's secret on a standings server
GROUP = Str(8, 8, CODE_ALPHABET)     # a group's code
DAY_LEVEL = OneOf(("easy", "medium", "hard", "very hard"))
MAX_ROWS = 100                       # standings rows in one answer
TALLY = Int(0, 1 << 30)         # a count of runs, players, members
STATUS = OneOf(("placed", "held", "disqualified", "barred"))    # a ranked run: placed, or why it is left out

BOARDS = ("hidden", "visible")  # opponents' boards during a race: progress only, or the boards too
PIECE_COUNT = racing().placings

# What a client may send.
CLIENT: dict[str, dict] = {
    "create": {"name": NAME, "dice": DICE, "level": LEVEL},
    "join": {"name": NAME, "room": CODE},
    "resume": {"room": CODE, "token": TOKEN},
    "settings": {"dice": DICE, "level": LEVEL, "boards": OneOf(BOARDS)},
    "ready": {"ready": Bool()},
    "move": {"seq": SEQ, "move": Str(40, 2)},
    "remove": {"seat": SEAT},
    "alive": {},
    "rematch": {},
    "leave": {},
    # daily runs and standings (docs/protocol.md: allowed when not in a room; `move`, `leave` also in a run)
    "register": {"name": NAME},
    "daily": {"token": PTOKEN, "puzzle": PUZZLE, "daily": DAILY, "ranked": Bool()},
    "standings": {"puzzle": PUZZLE, "daily": DAILY, "days": Int(1, 31), "group": Nullable(GROUP),
                  "token": Nullable(PTOKEN), "offset": Int(0, 1_000_000), "limit": Int(1, MAX_ROWS)},
    "group_create": {"token": PTOKEN, "name": NAME},
    "group_join": {"token": PTOKEN, "group": GROUP},
    "group_leave": {"token": PTOKEN, "group": GROUP},
    "groups": {"token": PTOKEN},
    # the rooms a server lists (docs/protocol.md "Listed rooms"): asked when not in a room; the host lists its own
    "rooms": {},
    "listing": {"listed": Bool()},
}

PLAYER = Record({"seat": SEAT, "name": NAME, "ready": Bool(), "connected": Bool(), "left": Bool(),
                 "idle": Bool(), "placed": Int(0, PIECE_COUNT), "ms": Nullable(MS)})
ROW = Record({"place": Int(1, 1 << 30), "name": NAME, "ms": Nullable(MS), "runs": TALLY})
YOU = Record({"place": Nullable(Int(1, 1 << 30)), "ms": Nullable(MS), "runs": TALLY, "flagged": Bool(),
              "status": Optional(Nullable(STATUS))})
GROUP_INFO = {"group": GROUP, "name": NAME, "members": TALLY}
MAX_LISTED = 20                 # rooms in one `rooms` answer
LISTED = Record({"room": CODE, "host": NAME, "players": Int(1, MAX_PLAYERS), "dice": DICE, "level": LEVEL})
PLACE = Record({"seat": SEAT, "name": NAME, "place": Nullable(Int(1, MAX_PLAYERS)), "ms": Nullable(MS),
                "position": Nullable(POSITION)})

# What the server sends.
SERVER: dict[str, dict] = {
    "joined": {"room": CODE, "seat": SEAT, "token": TOKEN},
    "room": {"room": CODE, "phase": OneOf(PHASES), "dice": DICE, "level": LEVEL, "boards": OneOf(BOARDS),
             "host": SEAT, "players": ListOf(PLAYER, MAX_PLAYERS)},
    "countdown": {"n": Int(1, 9)},
    "race": {"race": Int(1, 1 << 30), "blockers": POSITION, "position": POSITION,
             "elapsed_ms": MS, "seq": SEQ},
    "moved": {"seq": SEQ, "ms": MS},
    "refused": {"seq": SEQ, "reason": REASON, "position": POSITION, "ms": MS},
    "progress": {"seat": SEAT, "placed": Int(0, PIECE_COUNT), "cells": Int(0, 36), "ms": MS,
                 "position": Nullable(POSITION)},
    "finished": {"seat": SEAT, "name": NAME, "place": Int(1, MAX_PLAYERS), "ms": MS},
    "results": {"race": Int(1, 1 << 30), "order": ListOf(PLACE, MAX_PLAYERS)},
    "removed": {"reason": REASON},
    "registered": {"token": PTOKEN, "name": NAME},
    "run": {"puzzle": PUZZLE, "daily": DAILY, "ranked": Bool(), "level": DAY_LEVEL, "start": POSITION,
            "position": POSITION, "elapsed_ms": MS, "seq": SEQ},
    "done": {"puzzle": PUZZLE, "daily": DAILY, "ranked": Bool(), "ms": MS, "place": Nullable(Int(1, 1 << 30)),
             "of": TALLY, "flagged": Bool(), "status": Optional(Nullable(STATUS))},
    "standings": {"puzzle": PUZZLE, "daily": DAILY, "days": Int(1, 31), "group": Nullable(GROUP), "total": TALLY,
                  "rows": ListOf(ROW, MAX_ROWS), "you": Nullable(YOU)},
    "group": GROUP_INFO,
    "groups": {"groups": ListOf(Record(GROUP_INFO), MAX_ROWS)},
    "rooms": {"rooms": ListOf(LISTED, MAX_LISTED)},
    "error": {"reason": REASON},
}


def encode(schemas: dict[str, dict], kind: str, **fields) -> str:
    """The JSON text of a message of type `kind` (checked: a bug here must not reach the wire)."""
    message = {"v": VERSION, "type": kind, **fields}
    _check(message, schemas)
    return _ENCODER.encode(message)


def decode(text, schemas: dict[str, dict], strict: bool = True) -> dict | None:
    """The message in `text` as a dict, checked against `schemas`; ProtocolError if it is not one.
    Not `strict` (a client reading the server, docs/protocol.md "Versions"): a message of a type
    it does not know is None, and fields it does not know are dropped, at any depth."""
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text frames, not binary")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message over {MAX_MESSAGE_BYTES} bytes")
    try:
        message = _DECODER.decode(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not valid JSON") from None
    return _check(message, schemas, strict)


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


# Made once: json.dumps and json.loads with options make a new encoder or decoder every call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def _check(message, schemas: dict[str, dict], strict: bool = True) -> dict | None:
    """`message` as checked: the same, or (not `strict`) without the fields it does not know,
    or None for a type it does not know."""
    if not isinstance(message, dict):
        raise ProtocolError("a message must be a JSON object")
    if message.get("v") != VERSION or type(message.get("v")) is not int:
        raise ProtocolError(f"protocol version must be {VERSION}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in schemas and strict:
        raise ProtocolError(f"unknown message type (known: {', '.join(schemas)})")
    if kind not in schemas:
        return None
    fields = {k: v for k, v in message.items() if k not in ("v", "type")}
    _check_fields(fields, schemas[kind], kind, strict)
    return message if len(fields) + 2 == len(message) else {"v": VERSION, "type": kind, **fields}
