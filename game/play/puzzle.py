"""What the mid end asks of a puzzle (as Tatham's `struct game` does), and the engine's answers.

A puzzle is a `Puzzle` record: how to read a game ID (`parse`), how a move string changes a
position (`execute`, Tatham's `execute_move`: the engine's, solver/*/moves.py), what a player's
command means (`interpret`, Tatham's `interpret_move`), the solver jobs the play session runs in a
child process, the metadata a saved match may carry (its schema, checked on load), the key
its best times are kept under, and the storage name of its game in progress. Its positions are immutable values that
say `notation()`, `is_complete` (every piece or tile placed) and `is_solved` (placed and
breaking no rule: what stops the clock). `Match`, `PlayScene` and the saves need nothing more.

The jobs answer with the frozen types below, the same for both puzzles: `Hint` (the next
move), `Solution` (the moves that finish the board), `Yes` (it can still be solved) or
`Stuck` (it cannot; what to take back, if one thing would do, and the engine's reason).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from solver.errors import SquarewiseError


class Position(Protocol):
    """What the mid end reads from a puzzle's position."""

    @property
    def is_complete(self) -> bool: ...

    @property
    def is_solved(self) -> bool: ...

    def notation(self) -> str: ...


# Metadata every puzzle keeps: whether the engine helped, how many hints, the solution count,
# the match's identity and kind, how it ended, the daily's number, the level, a race online's
# number and the place a server gave.
COMMON_META: Mapping[str, type] = {"assisted": bool, "hints": int, "solutions": int, "game": str, "kind": str,
                                   "result": str, "daily": int, "level": str, "race": int, "place": int}


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as the mid end sees it."""

    name: str                                   # the match's puzzle, the statistics key, the title's key
    autosave: str                               # the storage name of the game in progress
    parse: Callable[[str], Any]                 # a game ID or saved notation -> a position (SquarewiseError)
    execute: Callable[[Any, str], Any]          # (position, move string) -> the next position (IllegalMove)
    describe: Callable[[Any, Any], str]         # (position, next position) -> the move string between them
    best_key: Callable[[Any, dict], str]        # (start, match metadata) -> the key of its best times
    hint_job: Callable[..., Any]                # notation -> Hint | Stuck, in a child process
    solve_job: Callable[..., Any]               # notation -> Solution | Stuck, in a child process
    interpret: Callable[[Any, Any, Any], Any] = None  # (hand, position, command) -> Outcome (game/play/commands.py)
    meta_types: Mapping[str, type] = field(default_factory=dict)   # the puzzle's own metadata and types
    meta_rule: Callable[[dict, Any], None] | None = None           # a check tying metadata to the start

    def check_meta(self, meta: dict, start) -> None:
        """SquarewiseError if a known metadata value has the wrong type or breaks the puzzle's rule."""
        for key, kind in {**COMMON_META, **self.meta_types}.items():
            value = meta.get(key)
            if value is not None and type(value) is not kind:
                raise SquarewiseError(f"not a saved game (bad '{key}': {value!r})")
        if meta.get("daily") is not None and meta["daily"] < 1:
            raise SquarewiseError(f"not a saved game (bad 'daily': {meta['daily']!r})")
        if self.meta_rule is not None:
            self.meta_rule(meta, start)

    def typed_meta(self, meta: dict, start) -> dict:
        """`meta` for a new match (a dealer's): every key one this puzzle keeps, of its type and
        true to the start; TypeError otherwise (a dealer's mistake, not the player's)."""
        unknown = sorted(set(meta) - set(COMMON_META) - set(self.meta_types))
        if unknown:
            raise TypeError(f"a {self.name} match keeps no {', '.join(unknown)}")
        try:
            self.check_meta(meta, start)
        except SquarewiseError as exc:
            raise TypeError(str(exc)) from None
        return meta


@dataclass(frozen=True)
class Hint:
    """The engine's next move from the position it was asked about."""
    move: Any


@dataclass(frozen=True)
class Solution:
    """The moves (move strings, as `Puzzle.execute` takes them) that take the position asked
    about to a solved board."""
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Yes:
    """The position asked about can still be solved."""


@dataclass(frozen=True)
class Stuck:
    """No solution keeps what is placed. `blame`: the one thing (a Genius piece, a MacMahon
    cell) whose taking back would do, or None; `reason`: the engine's words, if it has any."""
    blame: Any = None
    reason: str = ""
