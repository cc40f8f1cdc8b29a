"""The Genius Square as the mid end sees it (`GENIUS`), and its solver jobs: module-level
functions of a position's notation that the worker runs in a child process (so they must
pickle: notations in, plain values and the typed answers of game/puzzle.py out)."""
from __future__ import annotations

from game.play.puzzle import Hint, Puzzle, Solution, Stuck
from game.play.records import DAILY, GIVEN
from game.puzzles.genius import one_way
from game.puzzles.genius.interpret import interpret
from solver.errors import SquarewiseError
from solver.genius import search
from solver.genius.moves import describe, execute
from solver.genius.position import Position
from solver.genius.levels import roll_at_level

def best_key(start: Position, meta: dict) -> str:
    """Best times are kept per dice set for a roll, apart for the daily, a One way level, a board
    with pieces given, a race against the computer, a game ID or free mode."""
    if meta.get("daily") is not None:
        return DAILY
    if meta.get("oneway") is not None:
        return one_way.best_key(meta["oneway"])
    if start.placed:
        return "pieces" + GIVEN
    if meta.get("kind") == "versus":
        return "vs computer"
    return meta.get("dice", "default")


def _stuck(position: Position) -> Stuck:
    return Stuck(search.blame(position), search.unsolvable_reason(position) or "")


def job_hint(notation: str, progress=None) -> Hint | Stuck:
    """The next move, or the piece to take back (None if no single piece will do) and why."""
    position = Position.parse(notation)
    found = search.hint(position)
    return Hint(found) if found else _stuck(position)


def job_solve(notation: str, progress=None) -> Solution | Stuck:
    """The moves that fill the board, or why there are none."""
    position = Position.parse(notation)
    found = search.solve(position)
    return Solution(tuple(m.notation() for m in position.moves_to(found))) if found else _stuck(position)


def job_count(notation: str, progress=None) -> int:
    return search.count(Position.parse(notation), progress=progress)


def job_reason(notation: str, progress=None) -> str | None:
    return search.unsolvable_reason(Position.parse(notation))


def job_roll_at_level(dice_set, level: str, seed: int, progress=None):
    """A fair roll of `level` (solver.genius.levels.Draw): up to about a second for 'very hard'."""
    return roll_at_level(dice_set, level, seed)


def rolled_are_blockers(meta: dict, start: Position) -> None:
    """A Genius roll's faces, as cell indices, are exactly the start's blockers."""
    rolled = meta.get("rolled")
    if rolled is not None and sorted(rolled) != sorted(start.blockers):
        raise SquarewiseError(f"not a saved game (the dice rolled {rolled!r}, not the board's blockers)")


GENIUS = Puzzle(
    name="genius", autosave="genius-autosave", parse=Position.parse, execute=execute, describe=describe,
    best_key=best_key,
    hint_job=job_hint, solve_job=job_solve, interpret=interpret,
    meta_types={"dice": str, "dice_name": str, "seed": int, "player": int, "rolled": list, "number": int,
                "oneway": int},
    meta_rule=rolled_are_blockers)
