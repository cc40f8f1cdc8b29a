"""MacMahon Squares as the mid end sees it (`MACMAHON`), and its solver jobs: module-level
functions of a notation, run in a child process by the worker (`Worker.submit_process`), so
a long search never stalls the drawing; they answer with the typed answers of game/puzzle.py."""
from __future__ import annotations

from game.play.puzzle import Hint, Puzzle, Solution, Stuck, Yes
from game.play.records import DAILY, GIVEN
from game.puzzles.macmahon.interpret import interpret
from solver.macmahon.moves import describe, execute
from solver.macmahon.position import Position


def parse_start(text: str) -> Position:
    """A puzzle's start from its game ID: every tile it places is given (stays put)."""
    return Position.parse(text).with_givens()


def best_key(start: Position, meta: dict) -> str:
    """Best times are kept per board, apart for the daily and for a board with tiles given."""
    if meta.get("daily") is not None:
        return DAILY
    given = any(v is not None for v in start.cells)
    return start.board.header + (GIVEN if given else "")


def job_hint(notation: str, progress=None) -> Hint | Stuck:
    """The next move, or the cell to take back (None if no single tile will do)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    found = search.hint(position)
    return Hint(found) if found else Stuck(search.blame(position))


def job_check(notation: str, progress=None) -> Yes | Stuck:
    """Yes if a solution keeps every tile where it is, else the cell to take back (or None)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    return Yes() if search.solve(position) is not None else Stuck(search.blame(position))


def job_solve(notation: str, progress=None) -> Solution | Stuck:
    """The moves that finish the board, or the cell to take back (or None)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    done = search.solve(position)
    if done is None:
        return Stuck(search.blame(position))
    return Solution(tuple(m.notation(position.board) for m in position.moves_to(done)))


def job_level_board(level: int, seed: int, progress=None) -> str:
    """The game ID of the classic board of `level` (1..10) made from `seed`
    (solver.macmahon.levels): tiles given and one completion, or the empty board at level 10."""
    from solver.macmahon.levels import macmahon_level_board
    return macmahon_level_board(level, seed).puzzle.notation()


def solution_counts(position: Position) -> tuple[int, int] | None:
    """(the board's solutions, the solutions that keep every tile of `position`), when the
    engine can list them (up to 3 colours): a look-up in the solution table."""
    from solver.macmahon import search
    table = search.solution_table(position.board)
    return None if table is None else (len(table), search.completions(position))


MACMAHON = Puzzle(
    name="macmahon", autosave="macmahon-autosave", parse=parse_start, execute=execute, describe=describe,
    best_key=best_key,
    hint_job=job_hint, solve_job=job_solve, interpret=interpret, meta_types={"source": str})
