"""The `squarewise macmahon` subcommands about one position or class: solve, hint, class.

    macmahon solve [--position POS] [--rows R --cols C --colours N] [--count]
    macmahon hint POSITION
    macmahon class N                  N = 1..13328, as the solution browser numbers them

Kept apart from macmahon.cli so that `macmahon solve` starts without numpy: on a board whose
classes are shipped (4 x 6) it answers from the class file directly (first.py), with the
same completion as the solution table; other boards load the engine (search.py).
Exit codes: 0 solved / answered, 1 no solution or no way on, 2 bad input.
"""
from __future__ import annotations

from ..cli_common import add_common, counted, emit, number
from ..errors import SquarewiseError
from ..grid import ROW_LETTERS
from ..user_number import read_number
from .codes import group_actions, image, position_from_codes
from .first import first_completion, has_classes
from .position import MAX_BOARD_COLOURS, Board, Position, check_board_colours
from .store import asset_columns
from .tiles import tile_count

CLASSIC = Board()
MAX_ROWS = len(ROW_LETTERS)                     # rows are lettered A..Z
MAX_COLS = tile_count(MAX_BOARD_COLOURS)        # one row of every tile


def default_shape(colours: int) -> tuple[int, int]:
    """4 x 6 for the classic set, else the most nearly square rectangle for all the tiles."""
    if colours == 3:
        return 4, 6
    total = tile_count(colours)
    rows = max(r for r in range(1, int(total ** 0.5) + 1) if total % r == 0)
    return rows, total // rows


def board_from(args) -> Board:
    """The board named by --rows/--cols/--colours (defaults filled in)."""
    colours = check_board_colours(3 if args.colours is None else args.colours)
    rows, cols = args.rows, args.cols
    total = tile_count(colours)
    if rows is None and cols is None:
        rows, cols = default_shape(colours)
    elif rows is None or cols is None:
        given = rows if rows is not None else cols
        if given < 1 or total % given:
            raise SquarewiseError(f"{counted(colours, 'colour')} make{'s' * (colours == 1)} {counted(total, 'tile')}, "
                                  f"which cannot fill rows of {given}")
        rows, cols = (given, total // given) if rows is not None else (total // given, given)
    return Board(rows, cols, colours)


def add_board(parser) -> None:
    parser.add_argument("--rows", type=number(1, MAX_ROWS), metavar="R", help=f"board rows, 1..{MAX_ROWS}")
    parser.add_argument("--cols", type=number(1, MAX_COLS), metavar="C", help="board columns")
    parser.add_argument("--colours", type=number(1, MAX_BOARD_COLOURS), metavar="N",
                        help=f"colours, 1..{MAX_BOARD_COLOURS} (default 3)")


def _completion(start: Position) -> Position | None:
    """search.solve(start), from the shipped classes when the board has them (no numpy)."""
    if has_classes(start.board):
        return first_completion(start)
    from . import search
    return search.solve(start)


def _solve(args) -> int:
    if args.position is not None:
        start = Position.parse(args.position)
        if any(v is not None for v in (args.rows, args.cols, args.colours)) and board_from(args) != start.board:
            raise SquarewiseError(f"--rows/--cols/--colours disagree with the position's board {start.board.header}")
    else:
        start = Position.empty(board_from(args))
    board = start.board
    completions = None
    if args.count:
        from . import search
        completions = search.completions(start)
        if completions is None:
            raise SquarewiseError(f"counting completions needs the board's solution table "
                                  f"(boards of at most 3 colours), not {board.header}")
    done = _completion(start)
    doc = {"rows": board.rows, "cols": board.cols, "colours": board.colours,
           "solvable": done is not None, "cells": None if done is None else done.colour_rows(),
           "position": start.notation(), "completed": None if done is None else done.notation()}
    if done is not None:
        text = f"{done.drawing()}\nposition: {done.notation()}"
    else:
        clashes = start.clash_reasons()
        why = "; ".join(clashes[:3]) + (f" and {counted(len(clashes) - 3, 'more clash', 'more clashes')}"
                                        if len(clashes) > 3 else "") if clashes else "no completion exists"
        text = f"{start.drawing()}\nno solution: {why}"
    if args.count:
        doc["completions"] = completions
        text += f"\ncompletions: {doc['completions']:,}"
    emit(args, doc, text)
    return 0 if done is not None else 1


def _hint(args) -> int:
    """The engine's hint, with the game's three steps as keys (which tile, where, how turned);
    the tile to take back when no solution keeps the tiles placed."""
    from . import search
    start = Position.parse(args.position)
    board = start.board
    move = search.hint(start)
    doc = {"position": start.notation(), "complete": start.is_complete, "solvable": True,
           "tile": None, "place": None, "rotation": None, "move": None,
           "take_back": None, "take_back_cell": None}
    if move is not None:
        doc.update(tile=move.tile + 1, place=board.cell_name(move.cell), rotation=move.rotation,
                   move=move.notation(board))
        text = doc["move"]
    elif start.is_solved:
        text = "solved: every tile is placed"
    else:
        doc["solvable"] = False
        cell = search.blame(start)
        if cell is not None:
            doc.update(take_back=start.cells[cell][0] + 1, take_back_cell=board.cell_name(cell))
            text = f"no way on: no solution keeps these tiles; take tile {doc['take_back']} back from {doc['take_back_cell']}"
        elif any(start.cells):
            text = "no way on: no solution keeps these tiles, and taking back any one tile is not enough"
        else:
            text = f"no way on: the {board.header} board has no solution"
    emit(args, doc, text)
    return 0 if doc["solvable"] else 1


def _class(args) -> int:
    """Solution class N (1-based) of the shipped 4 x 6 table, as the browser shows it first."""
    count, raw = asset_columns(CLASSIC)
    k = read_number(args.number, 1, count, "the class number") - 1
    codes = [raw[c * count + k] for c in range(CLASSIC.size)]
    images = {image(perm, code_map, codes) for _, perm, code_map in group_actions(CLASSIC)}
    solution = position_from_codes(CLASSIC, codes)
    doc = {"class": k + 1, "classes": count, "position": solution.notation(),
           "cells": solution.colour_rows(), "solutions": len(images)}
    text = (f"{solution.drawing()}\nclass {k + 1} of {count}: {len(images)} solutions (its images under the symmetries)\n"
            f"position: {solution.notation()}")
    emit(args, doc, text)
    return 0


def add_solve(solve) -> None:
    solve.add_argument("--position", metavar="POS", help="a position, e.g. 4x6x3:1a...../....../....../......")
    solve.add_argument("--count", action="store_true", help="also count the completions of the position")
    add_board(solve)
    add_common(solve)
    solve.set_defaults(handler=_solve)


def add_hint(hint) -> None:
    hint.add_argument("position", metavar="POSITION", help="a position, e.g. 4x6x3:1a...../....../....../......")
    add_common(hint)
    hint.set_defaults(handler=_hint)


def add_class(cls) -> None:
    cls.add_argument("number", metavar="N", help="the class number, 1..13,328 (as the solution browser counts)")
    add_common(cls)
    cls.set_defaults(handler=_class)
