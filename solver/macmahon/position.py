"""MacMahon boards and positions, the position notation and the move checker.

Notation (game IDs, saves, ``--position``, tests)::

    4x6x3:4b1a.../....../....../......

- a header ``ROWSxCOLSxCOLOURS`` (``-X`` appended when the border colour X is not white; read
  in any case, ``4X6X3``),
  then ``:`` and the rows from top to bottom separated by ``/``;
- each row lists its cells from left to right: a placed tile is its number (1-based, the
  classic numbering for 3 colours) followed by its rotation, ``a`` as listed, ``b``, ``c``,
  ``d`` turned 1, 2, 3 quarter turns clockwise; an empty cell is ``.``;
- a header alone (``4x6x3`` or ``4x6x3:``) is the empty board. Spaces are ignored.

A move (``Move``) puts a tile on a cell: its number and rotation as in a row, ``@`` and the
cell's name, e.g. ``8b@A2`` (tile 8 turned once, on A2).

Cells are indexed row-major from the top-left (``A1`` is 0, ``D6`` is 23 on 4 x 6); rows are
lettered A.. from the top, columns numbered 1.. from the left.

>>> p = Position.parse("4x6x3")
>>> p.check(Move.parse("2a@A1"))
'border must be white on the top edge at A1'
>>> p = p.place(Move.parse("2b@A1"))
>>> p.notation()
'4x6x3:2b...../....../....../......'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ..errors import IllegalMove, SquarewiseError
from ..grid import cell_name, parse_cell
from .tiles import (COLOUR_LETTERS, SIDE_NAMES, SIDES, colour_name, rotate,
                    tile_count, tile_set)

ROTATION_LETTERS = "abcd"
MAX_BOARD_COLOURS = 7   # 8 colours make 1,044 tiles: past the 26 row letters and the search's depth
# side index -> (row step, column step, the neighbour's touching side, how the neighbour is named)
NEIGHBOURS = ((-1, 0, 2, "above"), (0, 1, 3, "to the right"), (1, 0, 0, "below"), (0, -1, 1, "to the left"))


def check_board_colours(colours: int) -> int:
    """`colours` if a board can be played with that many (1..MAX_BOARD_COLOURS), else a
    SquarewiseError saying so: the one message for a board's colours, however it was named."""
    if isinstance(colours, bool) or not isinstance(colours, int) or not 1 <= colours <= MAX_BOARD_COLOURS:
        why = f" (the {tile_count(colours):,} tiles of {colours} colours are too many to solve)" \
            if isinstance(colours, int) and colours == MAX_BOARD_COLOURS + 1 else ""
        raise SquarewiseError(f"a board has 1 to {MAX_BOARD_COLOURS} colours, not {colours}{why}")
    return colours


@dataclass(frozen=True)
class Board:
    """A rows x cols board for the full tile set of `colours` colours, bordered in `border`."""
    rows: int = 4
    cols: int = 6
    colours: int = 3
    border: str = "W"

    def __post_init__(self):
        check_board_colours(self.colours)
        if self.border not in COLOUR_LETTERS[:self.colours]:
            raise SquarewiseError(f"border colour '{self.border}' is not one of the {self.colours} colours")
        if self.rows < 1 or self.cols < 1:
            raise SquarewiseError(f"a {self.rows}x{self.cols} board has no cells")
        if self.rows > 26:
            raise SquarewiseError(f"a board has at most 26 rows (lettered A..Z), not {self.rows}")
        need = tile_count(self.colours)
        if self.rows * self.cols != need:
            raise SquarewiseError(f"a {self.rows}x{self.cols} board has {self.rows * self.cols} cells "
                                  f"but {self.colours} colour{'s' * (self.colours != 1)} make{'s' * (self.colours == 1)} "
                                  f"{need} tile{'s' * (need != 1)}")

    @property
    def tiles(self) -> tuple[str, ...]:
        return tile_set(self.colours)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def header(self) -> str:
        extra = "" if self.border == "W" else f"-{self.border}"
        return f"{self.rows}x{self.cols}x{self.colours}{extra}"

    def cell_name(self, cell: int) -> str:
        return cell_name(cell, self.cols)

    def neighbour(self, cell: int, side: int) -> int | None:
        """The cell across `side` (0 top, 1 right, 2 bottom, 3 left) of `cell`, or None at the border."""
        r, c = divmod(cell, self.cols)
        dr, dc = NEIGHBOURS[side][:2]
        r, c = r + dr, c + dc
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    @classmethod
    def parse(cls, header: str) -> "Board":
        """A board from its header, e.g. '4x6x3' or '4x6x3-R' (any case: '4X6X3-r')."""
        m = re.fullmatch(r"([0-9]{1,4})[xX]([0-9]{1,4})[xX]([0-9]{1,4})(?:-([A-Za-z]))?", header.strip())
        if not m:
            raise SquarewiseError(f"'{header}' is not a board (expected ROWSxCOLSxCOLOURS, like 4x6x3)")
        rows, cols, colours = (int(g) for g in m.groups()[:3])
        return cls(rows, cols, colours, (m.group(4) or "W").upper())


Cell = tuple[int, int] | None
TILE = r"([0-9]{1,5})([a-d])"   # a placed tile as the notation writes it: its number and rotation, '8b'


def _placed(number: str, letter: str, board: Board, at: str = "") -> tuple[int, int]:
    """(tile index, rotation) of a tile written `number` `letter`; SquarewiseError if the board's
    set has no such tile (`at` says where, for the message)."""
    tile = int(number) - 1
    if not 0 <= tile < len(board.tiles):
        raise SquarewiseError(f"unknown tile {tile + 1}{at} "
                              f"(the {board.colours}-colour set has tiles 1..{len(board.tiles)})")
    return tile, ROTATION_LETTERS.index(letter)


def _tile_text(tile: int, rotation: int) -> str:
    return f"{tile + 1}{ROTATION_LETTERS[rotation]}"


class Move(NamedTuple):
    """A tile put on a cell, written ``8b@A2``: the tile's number (1-based, as players and the
    position notation count), its rotation letter and the cell's name. Inside, `tile` is the
    0-based index into the board's tile set and `cell` the row-major cell index. Cell names
    depend on the board's width, so `notation` and `parse` take the board (4x6x3 by default).

    >>> m = Move.parse("8b@A2")
    >>> m
    Move(tile=7, rotation=1, cell=1)
    >>> m.notation()
    '8b@A2'
    >>> Move.parse("8b@A2", Board(6, 4)).cell
    1
    >>> Move.parse("8b@B2", Board(6, 4)).cell
    5
    """
    tile: int
    rotation: int
    cell: int

    def notation(self, board: Board = Board()) -> str:
        """The canonical text, e.g. '8b@A2'."""
        return f"{_tile_text(self.tile, self.rotation)}@{board.cell_name(self.cell)}"

    @classmethod
    def parse(cls, text: str, board: Board = Board()) -> "Move":
        """The move written `text` on `board`; SquarewiseError saying what is wrong.

        >>> Move.parse("25a@A1")
        Traceback (most recent call last):
        ...
        solver.errors.SquarewiseError: unknown tile 25 (the 3-colour set has tiles 1..24)
        """
        m = re.fullmatch(TILE + "@(.+)", "".join(text.split())) if isinstance(text, str) else None
        if not m:
            raise SquarewiseError(f"'{text}' is not a move (expected a tile number, a rotation a-d, "
                                  f"@ and a cell, like 8b@A2)")
        tile, rotation = _placed(m.group(1), m.group(2), board)
        return cls(tile, rotation, parse_cell(m.group(3), board.rows, board.cols))


@dataclass(frozen=True)
class Position:
    """Tiles on a board: per cell (row-major) a (tile index 0-based, rotation 0..3) or None.

    `givens`: the cells whose tiles the puzzle gives (a game ID's, a level's, a daily's): no move
    takes them away or turns them (solver/macmahon/moves.py `execute`). A position made from
    another keeps its givens; the notation does not write them, and two positions with the same
    tiles are equal whatever their givens (a puzzle's start says them: `with_givens`).

    >>> start = Position.parse("4x6x3:2b...../....../....../......").with_givens()
    >>> sorted(start.givens), start.remove(1).givens == start.givens, start == start.remove(1).remove(1)
    ([0], True, True)
    """
    board: Board
    cells: tuple[Cell, ...]
    givens: frozenset[int] = field(default=frozenset(), compare=False, repr=False)

    @classmethod
    def empty(cls, board: Board | None = None) -> "Position":
        board = board or Board()
        return cls(board, (None,) * board.size)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """A position from its notation; SquarewiseError naming what is wrong."""
        text = "".join(text.split())
        header, _, body = text.partition(":")
        board = Board.parse(header)
        if not body:
            return cls.empty(board)
        rows = body.split("/")
        if len(rows) != board.rows:
            raise SquarewiseError(f"the position has {len(rows)} row{'s' * (len(rows) != 1)}, "
                                  f"the {board.header} board has {board.rows}")
        cells: list[Cell] = []
        used: dict[int, str] = {}
        for r, row in enumerate(rows):
            items = re.findall(r"[0-9]+[a-z]|\.|.", row)
            for item in items:
                cell = board.cell_name(len(cells)) if len(cells) < board.size else "?"
                if item == ".":
                    cells.append(None)
                    continue
                m = re.fullmatch(TILE, item)
                if not m:
                    raise SquarewiseError(f"'{item}' in row {r + 1} of the position is not a tile "
                                          f"(expected a tile number and a rotation a-d, or '.')")
                tile, rotation = _placed(m.group(1), m.group(2), board, f" at {cell}")
                if tile in used:
                    raise SquarewiseError(f"tile {tile + 1} is placed twice ({used[tile]} and {cell})")
                used[tile] = cell
                cells.append((tile, rotation))
            if len(cells) != (r + 1) * board.cols:
                found = len(cells) - r * board.cols
                raise SquarewiseError(f"row {r + 1} of the position has {found} cell{'s' * (found != 1)}, "
                                      f"the board is {board.cols} wide")
        return cls(board, tuple(cells))

    def with_givens(self, cells=None) -> "Position":
        """This position with the tiles on `cells` given (by default every tile on the board): a
        puzzle's start. SquarewiseError for a cell with no tile."""
        placed = frozenset(c for c, v in enumerate(self.cells) if v is not None)
        cells = placed if cells is None else frozenset(cells)
        if not cells <= placed:
            raise SquarewiseError(f"no tile to give on cell {sorted(cells - placed, key=str)[0]!r}")
        return Position(self.board, self.cells, cells)

    def notation(self) -> str:
        cols = self.board.cols
        cells = ["." if v is None else _tile_text(*v) for v in self.cells]
        rows = ("".join(cells[r * cols:(r + 1) * cols]) for r in range(self.board.rows))
        return f"{self.board.header}:" + "/".join(rows)

    def __str__(self) -> str:
        return self.notation()

    def colours_at(self, cell: int) -> str | None:
        """The colours of the tile on `cell` after its rotation, "TRBL", or None if empty."""
        placed = self.cells[cell]
        return None if placed is None else rotate(self.board.tiles[placed[0]], placed[1])

    @cached_property
    def placed_tiles(self) -> dict[int, int]:
        """tile index -> the cell it is on."""
        return {v[0]: cell for cell, v in enumerate(self.cells) if v is not None}

    @property
    def unplaced(self) -> tuple[int, ...]:
        return tuple(t for t in range(len(self.board.tiles)) if t not in self.placed_tiles)

    @property
    def is_complete(self) -> bool:
        return all(v is not None for v in self.cells)

    @property
    def is_solved(self) -> bool:
        return self.is_complete and not self.clashes()

    def _refusal(self, move: Move) -> str | None:
        """Why a tile may not go on a cell even in free mode, or None."""
        tile, rotation, cell = move
        board = self.board
        if not isinstance(cell, int) or not 0 <= cell < board.size:
            return f"there is no cell {cell} on the {board.header} board"
        if not isinstance(tile, int) or not 0 <= tile < len(board.tiles):
            return f"there is no tile {tile + 1 if isinstance(tile, int) else tile} in the {board.colours}-colour set"
        if not isinstance(rotation, int) or not 0 <= rotation < 4:
            return f"rotation must be 0..3, not {rotation}"
        if self.cells[cell] is not None:
            return f"cell {board.cell_name(cell)} is taken"
        if tile in self.placed_tiles:
            return f"tile {tile + 1} is already placed"
        return None

    def check(self, move: Move) -> str | None:
        """None if `move` is legal here, else the rule and the place it breaks."""
        refusal = self._refusal(move)
        if refusal:
            return refusal
        tile, rotation, cell = move
        board = self.board
        colours = rotate(board.tiles[tile], rotation)
        name = board.cell_name(cell)
        for side, (_, _, across, where) in enumerate(NEIGHBOURS):
            other = board.neighbour(cell, side)
            if other is None:
                if colours[side] != board.border:
                    return (f"border must be {colour_name(board.border)} on the {SIDE_NAMES[side]} "
                            f"edge at {name}")
            else:
                theirs = self.colours_at(other)
                if theirs is not None and theirs[across] != colours[side]:
                    return (f"{colour_name(colours[side])} meets {colour_name(theirs[across])} "
                            f"with the tile {where} at {name}")
        return None

    def _with(self, cell: int, value: Cell) -> "Position":
        cells = list(self.cells)
        cells[cell] = value
        return Position(self.board, tuple(cells), self.givens)

    def place(self, move: Move) -> "Position":
        """The position after `move`; IllegalMove(reason) if the rules refuse it."""
        reason = self.check(move)
        if reason:
            raise IllegalMove(reason)
        return self._with(move.cell, (move.tile, move.rotation))

    def place_unchecked(self, move: Move) -> "Position":
        """Free mode: colours may clash; only a taken cell or a used tile is refused (IllegalMove)."""
        reason = self._refusal(move)
        if reason:
            raise IllegalMove(reason)
        return self._with(move.cell, (move.tile, move.rotation))

    def moves_to(self, target: "Position") -> list[Move]:
        """The moves that take this position to `target` (a completion of it, say): `target`'s
        tiles on the cells empty here, in cell order.

        >>> start = Position.parse("4x6x3")
        >>> [m.notation() for m in start.moves_to(start.place(Move.parse("2b@A1")))]
        ['2b@A1']
        """
        return [Move(*target.cells[c], c) for c, v in enumerate(self.cells)
                if v is None and target.cells[c] is not None]

    def remove(self, cell: int) -> "Position":
        """The position with `cell` emptied (a no-op if it was empty)."""
        if not isinstance(cell, int) or not 0 <= cell < self.board.size:
            raise SquarewiseError(f"there is no cell {cell} on the {self.board.header} board")
        return self._with(cell, None)

    def clashes(self) -> frozenset[tuple[int, str]]:
        """(cell, side 'T'/'R'/'B'/'L') of every non-border-coloured border triangle and of both
        triangles of every mismatched edge between two placed tiles."""
        board = self.board
        out = set()
        for cell in range(board.size):
            mine = self.colours_at(cell)
            if mine is None:
                continue
            for side, (_, _, across, _) in enumerate(NEIGHBOURS):
                other = board.neighbour(cell, side)
                if other is None:
                    if mine[side] != board.border:
                        out.add((cell, SIDES[side]))
                else:
                    theirs = self.colours_at(other)
                    if theirs is not None and theirs[across] != mine[side]:
                        out.add((cell, SIDES[side]))
        return frozenset(out)

    def clash_reasons(self) -> list[str]:
        """Every clash in words, in cell order: a border triangle of the wrong colour, or an
        edge between two tiles whose triangles differ (each such edge once)."""
        board = self.board
        out = []
        for cell, letter in sorted(self.clashes()):
            side = SIDES.index(letter)
            mine = self.colours_at(cell)[side]
            other = board.neighbour(cell, side)
            if other is None:
                out.append(f"{colour_name(mine)} on the {SIDE_NAMES[side]} border at {board.cell_name(cell)} "
                           f"(the border is {colour_name(board.border)})")
            elif other > cell:
                theirs = self.colours_at(other)[NEIGHBOURS[side][2]]
                out.append(f"{colour_name(mine)} meets {colour_name(theirs)} between "
                           f"{board.cell_name(cell)} and {board.cell_name(other)}")
        return out

    def colour_rows(self) -> list[list[str | None]]:
        """Per row, per cell, the colours after rotation "TRBL" (None for empty): the CLI's JSON `cells`."""
        cols = self.board.cols
        return [[self.colours_at(r * cols + c) for c in range(cols)] for r in range(self.board.rows)]

    def drawing(self) -> str:
        """A text drawing: each cell three lines, its top, left/number/right and bottom colours."""
        cols = self.board.cols
        lines = []
        for r in range(self.board.rows):
            top, mid, bot = [], [], []
            for c in range(cols):
                cell = r * cols + c
                colours = self.colours_at(cell)
                if colours is None:
                    top.append("  .  "), mid.append(" ... "), bot.append("  .  ")
                    continue
                t, rt, b, lf = colours
                top.append(f"  {t}  ")
                mid.append(f"{lf}{self.cells[cell][0] + 1:^3}{rt}")
                bot.append(f"  {b}  ")
            lines += ["|".join(top), "|".join(mid), "|".join(bot)]
            if r < self.board.rows - 1:
                lines.append("+".join(["-----"] * cols))
        return "\n".join(lines)
