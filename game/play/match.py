"""The mid end: one game in progress, whatever the puzzle.

A `Match` holds the starting position, the history of positions (immutable values from
`solver/`, so undo is just an index into a list), the timer and free-form metadata (the
dice set, the seed, the mode). It knows nothing about drawing and nothing about the rules
beyond what every position offers (game/puzzle.py): `notation()` and `is_solved`, which
stops the clock (a full MacMahon board that still clashes is not solved: the clock runs on).

Beside each position the match keeps the move that made it, in the puzzle's move notation
(`Puzzle.execute` turns a move and a position into the next position, as Tatham's
`execute_move` does): undo and redo walk that one list, a save writes it and a load plays it
again from the start, so a history that does not follow from its start is refused.

The game ID is the starting position's notation. `to_dict()` / `from_dict()` give a plain
JSON-ready dict (history as notations, moves as move strings) so a saved game comes back
with its undo stack and its clock. Once the session has recorded the match's end
(meta["result"]), an undo never starts its clock again.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from game.play.puzzle import Puzzle
from solver.errors import SquarewiseError


class Timer:
    """A stopwatch that can be paused and that carries time over a save and load.

    `start` / `stop` say whether the game's clock runs (a finished game's never does);
    `hold(True)` freezes it for as long as the player cannot see or play the board (a covering
    screen, a dialog, help, pause, an unfocused window) without changing that, so letting go
    never restarts a finished or lost game's clock."""

    def __init__(self, elapsed: float = 0.0, running: bool = False, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._base = float(elapsed)
        self._wanted = running
        self._held = False
        self._since: float | None = clock() if running else None

    @property
    def running(self) -> bool:
        """Whether the game's clock runs (even if held just now)."""
        return self._wanted

    @property
    def held(self) -> bool:
        return self._held

    @property
    def elapsed(self) -> float:
        if self._since is None:
            return self._base
        return self._base + self.clock() - self._since

    def start(self) -> None:
        self._wanted = True
        self._sync()

    def stop(self) -> None:
        self._wanted = False
        self._sync()

    def hold(self, held: bool) -> None:
        """Freeze (True) or unfreeze (False) the clock without starting or stopping the game's."""
        self._held = held
        self._sync()

    def _sync(self) -> None:
        ticking = self._wanted and not self._held
        if ticking and self._since is None:
            self._since = self.clock()
        elif not ticking and self._since is not None:
            self._base = self.elapsed
            self._since = None


MAX_ELAPSED = 10 ** 9       # seconds (31 years): a clock past this comes from a damaged file


def format_time(seconds: float | None) -> str:
    """m:ss (or h:mm:ss) for a number of seconds; an em dash for None."""
    if seconds is None or not 0 <= seconds <= MAX_ELAPSED:    # also NaN and infinity
        return "\u2014"
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Match:
    """A start position, the moves since (as positions), undo/redo, a timer and metadata."""

    def __init__(self, start, *, puzzle: str, meta: dict | None = None,
                 timer: Timer | None = None, history: list | None = None, index: int | None = None,
                 moves: list[str] | None = None):
        self.puzzle = puzzle
        self.start = start
        self.history = list(history) if history else [start]
        self.moves = list(moves) if moves else [""] * len(self.history)   # the move that made each position
        self.index = len(self.history) - 1 if index is None else index
        self.meta: dict[str, Any] = dict(meta or {})
        self.timer = timer if timer is not None else Timer(running=not start.is_solved)
        self.finished = self.position.is_solved

    @classmethod
    def new(cls, puzzle: Puzzle, start, *, elapsed: float = 0.0, clock=None, history=None, moves=None,
            **meta) -> "Match":
        """The one way a new match is made (by a puzzle's dealer: game/puzzles/NAME/deal.py): its
        metadata by keyword, every key one the puzzle keeps and of its type (`Puzzle.typed_meta`:
        TypeError otherwise), not assisted unless said; its clock on `elapsed` seconds, not
        running (`clock`: its time source, the Timer's own by default)."""
        meta = puzzle.typed_meta({"assisted": False, **meta}, start)
        timer = Timer(elapsed) if clock is None else Timer(elapsed, clock=clock)
        return cls(start, puzzle=puzzle.name, meta=meta, timer=timer, history=history, moves=moves)

    @property
    def position(self):
        return self.history[self.index]

    @property
    def game_id(self) -> str:
        return self.start.notation()

    @property
    def elapsed(self) -> float:
        return self.timer.elapsed

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.history) - 1

    @property
    def ended(self) -> bool:
        """The session has recorded how this match ended (won or lost)."""
        return "result" in self.meta

    def play(self, position, move: str) -> bool:
        """Make `position` (made by `move`) the current one, dropping any redo; True if that
        finished the game."""
        del self.history[self.index + 1:]
        del self.moves[self.index + 1:]
        self.history.append(position)
        self.moves.append(move)
        self.index += 1
        return self._settle()

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.index -= 1
        self._settle()
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self.index += 1
        self._settle()
        return True

    def restart(self) -> bool:
        """Go back to the start position as one undoable move; False if already there."""
        if self.position == self.start:
            return False
        self.play(self.start, RESTART)
        return True

    def _settle(self) -> bool:
        """Stop the clock on a solved board (and restart it when an undo leaves one)."""
        was = self.finished
        self.finished = self.position.is_solved
        if self.finished:
            self.timer.stop()
        elif was and not self.ended:
            self.timer.start()
        return self.finished and not was

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle,
            "start": self.start.notation(),
            "history": [p.notation() for p in self.history],
            "moves": self.moves,
            "index": self.index,
            "elapsed": round(self.timer.elapsed, 3),
            "running": self.timer.running,
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, data: dict, puzzle: Puzzle, *, clock: Callable[[], float] = time.monotonic) -> "Match":
        """A match of `puzzle` from `to_dict()` output (the puzzle parses the notations and
        checks the metadata). SquarewiseError if the dict is not a saved match of `puzzle`."""
        try:
            if data.get("puzzle") != puzzle.name:
                raise SquarewiseError(f"this save is for '{data.get('puzzle')}', not '{puzzle.name}'")
            start = puzzle.parse(data["start"])
            history = [puzzle.parse(text) for text in data["history"]]
            index = int(data["index"])
            elapsed = float(data["elapsed"])
            meta = dict(data.get("meta") or {})
            running = bool(data.get("running", True))
            puzzle.check_meta(meta, start)
        except SquarewiseError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise SquarewiseError(f"not a saved game ({type(exc).__name__}: {exc})") from None
        if not history or not 0 <= index < len(history) or not 0 <= elapsed <= MAX_ELAPSED:
            raise SquarewiseError("not a saved game (bad history index or time)")
        if history[0] != start:
            raise SquarewiseError("not a saved game (history does not begin at the start position)")
        moves = data.get("moves")
        if moves is None:            # a save from before moves were kept: say each one, which checks it
            moves = [""] + [RESTART if after == start else _described(puzzle, before, after, n)
                            for n, (before, after) in enumerate(zip(history, history[1:]), 1)]
        history = replay(puzzle, start, history, moves)
        timer = Timer(elapsed, running=running and not history[index].is_solved and "result" not in meta,
                      clock=clock)
        return cls(start, puzzle=puzzle.name, meta=meta, timer=timer,
                   history=history, index=index, moves=moves)


RESTART = "restart"        # the move back to the start position


def _described(puzzle: Puzzle, before, after, n: int) -> str:
    try:
        return puzzle.describe(before, after)
    except SquarewiseError:
        raise SquarewiseError(f"not a saved game (position {n} is not one move after the one before)") from None


def replay(puzzle: Puzzle, start, history: list, moves) -> list:
    """The positions the moves make, played one by one from `start` (so what the start holds for
    all of them, a puzzle's given tiles, stays with each); SquarewiseError unless each is the
    position of `history` saved after its move."""
    if not isinstance(moves, list) or len(moves) != len(history) or moves[0] != "":
        raise SquarewiseError("not a saved game (its moves do not match its history)")
    made = [start]
    for n, (move, after) in enumerate(zip(moves[1:], history[1:]), 1):
        try:
            made.append(start if move == RESTART else puzzle.execute(made[-1], move))
        except (SquarewiseError, TypeError, AttributeError) as exc:
            raise SquarewiseError(f"not a saved game (move {n} '{str(move)[:40]}': {exc})") from None
        if made[-1] != after:
            raise SquarewiseError(f"not a saved game (move {n} does not lead to the position saved after it)")
    return made
