"""MacMahon solver jobs: module-level functions of a notation, run in a child process by the
worker (`Worker.submit_process`), so a long search never stalls the drawing."""
from __future__ import annotations

from solver.macmahon.position import Board, Position


def job_hint(notation: str, progress=None) -> tuple:
    """('hint', tile, rotation, cell) or ('stuck', cell to take back or None)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    found = search.hint(position)
    return ("hint", *found) if found else ("stuck", search.blame(position))


def job_check(notation: str, progress=None) -> tuple:
    """('yes',) or ('stuck', cell to take back or None)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    return ("yes",) if search.solve(position) is not None else ("stuck", search.blame(position))


def job_solve(notation: str, progress=None) -> tuple:
    """('solution', notation of the full board) or ('stuck', cell to take back or None)."""
    from solver.macmahon import search
    position = Position.parse(notation)
    done = search.solve(position)
    return ("solution", done.notation()) if done is not None else ("stuck", search.blame(position))


def solution_count(header: str) -> int | None:
    """How many solutions the board has, when the engine can list them (up to 3 colours)."""
    from solver.macmahon import search
    table = search.solution_table(Board.parse(header))
    return None if table is None else len(table)


