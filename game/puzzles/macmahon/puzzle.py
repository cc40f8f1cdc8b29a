"""MacMahon Squares as the mid end sees it (`MACMAHON`), and its solver jobs: module-level
functions of a notation, run in a child process by the worker (`Worker.submit_process`), so
a long search never stalls the drawing; they answer with the typed answers of game/puzzle.py."""
from __future__ import annotations

from game.play.puzzle import Hint, Puzzle, Solution, Stuck, Yes
from game.play.records import DAILY, GIVEN
from solver.errors import IllegalMove, SquarewiseError
from solver.grid import parse_cell
from game.puzzles.macmahon.hand import FREE
from game.puzzles.macmahon.interpret import interpret
from solver.macmahon.position import Move, Position


def execute(position: Position, move: str) -> Position:
    """The position after `move`: "8b@A2" puts tile 8 turned once on A2 (strict rules: a
    clash is refused with the engine's reason), "8b@A2!" under free rules, "B3>8b@A2" takes
    it from B3 first (a move, or a turn in place on the same cell), "-A2" takes the tile on A2
    back to the tray.

    >>> p = execute(Position.parse("4x6x3"), "2b@A1")
    >>> execute(p, "A1>2b@A2!").notation()
    '4x6x3:.2b..../....../....../......'
    """
    board = position.board
    if move.startswith("-"):
        cell = _cell(move[1:], position)
        if position.cells[cell] is None:
            raise IllegalMove(f"no tile on {board.cell_name(cell)}")
        return position.remove(cell)
    source, _, rest = move.rpartition(">")
    if source:
        cell = _cell(source, position)
        if position.cells[cell] is None:
            raise IllegalMove(f"no tile on {board.cell_name(cell)}")
        position = position.remove(cell)
    free = rest.endswith(FREE)
    made = Move.parse(rest[:-1] if free else rest, board)
    return position.place_unchecked(made) if free else position.place(made)


def _cell(name: str, position: Position) -> int:
    return parse_cell(name, position.board.rows, position.board.cols)


def describe(before: Position, after: Position) -> str:
    """The move string that takes `before` to `after` (one tile put, moved, turned or taken
    back; written under free rules, which take any of them); SquarewiseError if no one move does.

    >>> empty = Position.parse("4x6x3")
    >>> describe(empty, execute(empty, "2b@A1"))
    '2b@A1!'
    """
    board = before.board
    changed = [c for c in range(board.size) if before.cells[c] != after.cells[c]]
    came = [c for c in changed if before.cells[c] is not None]
    went = [c for c in changed if after.cells[c] is not None]
    if after.board != board or len(went) > 1 or len(came) > 1 or not changed:
        raise SquarewiseError("not one move apart")
    if not went:
        return f"-{board.cell_name(came[0])}"
    cell = went[0]
    source = f"{board.cell_name(came[0])}>" if came else ""
    return source + Move(*after.cells[cell], cell).notation(board) + FREE


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
    name="macmahon", autosave="macmahon-autosave", parse=Position.parse, execute=execute, describe=describe,
    best_key=best_key,
    hint_job=job_hint, solve_job=job_solve, interpret=interpret, meta_types={"source": str})
