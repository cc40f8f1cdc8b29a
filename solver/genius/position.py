"""A Genius Square position: seven blockers and the pieces placed so far, with its notation.

Notation (game IDs, saves, the CLI and tests share it): the blockers as cell names in board
order run together, then for each placed piece, in PIECES order, "/piece:cells" with the
piece's cells in board order, e.g.

    A1A2A4A6B4D5E1                      a bare board
    A1A2A4A6B4D5E1/1:F4/4-O:B1B2C1C2    the monomino on F4 and the square on B1..C2
    A1A2A4A6B4D5E1/2=D1D2/1:F4          the domino given by a puzzle (it stays put), the monomino played

Each "/piece:cells" part is a move's notation (`Move`): "4-O:C2C3D2D3" puts the square on
C2 C3 D2 D3; "/piece=cells" is a piece the puzzle gives (`givens`: no move takes it away or
moves it, solver/genius/moves.py). Parsing ignores case and surrounding spaces; `notation()`
is canonical (upper case, sorted).

>>> p = Position.parse("a1a2a4a6b4d5e1")
>>> p.notation()
'A1A2A4A6B4D5E1'
>>> q = p.place(Move.parse("4-O:C2C3D2D3"))
>>> q.notation()
'A1A2A4A6B4D5E1/4-O:C2C3D2D3'
>>> p.check(Move.parse("4-I:A1B1C1D1"))
'on a blocker at A1'
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import Iterable, Mapping, NamedTuple

from ..errors import IllegalMove, SquarewiseError, excerpt
from ..grid import cell_name, parse_cell
from .board import CELLS, SIZE
from .pieces import PIECES, orientation_of, placement_set

BLOCKERS = 7
BLOCKER = "#"
GIVEN = "="                     # "/2=D1D2": a piece the puzzle gives (a played one is "/2:D1D2")
ALL_CELLS = frozenset(range(CELLS))
_CELL_RUN = re.compile(r"([A-Za-z][0-9]+)")

# One character per piece for the readable board: a straight piece is its length, any other its
# shape's letter (V for the corner of three), so no two look alike (no 1, l, I and L side by side).
LABELS = {"1": "1", "2": "2", "3-I": "3", "3-L": "V", "4-I": "4", "4-L": "L", "4-T": "T",
          "4-S": "S", "4-O": "O"}


def _cells_run(text: str, what: str) -> list[int]:
    """The cells of a run of names like 'A1B2C3'."""
    parts = _CELL_RUN.split(text.strip())
    if not text.strip() or any(p.strip() for p in parts[::2]):
        raise SquarewiseError(f"{what}: '{excerpt(text.strip())}' is not a run of cell names like A1B2")
    return [parse_cell(name) for name in parts[1::2]]


def _names(cells: Iterable[int]) -> str:
    return "".join(cell_name(c) for c in sorted(cells))


class Move(NamedTuple):
    """A piece put on cells, written "piece:cells" ("4-O:C2C3D2D3"): what a player, a hint or a
    solve step does. Whether the rules allow it is the position's to say (`Position.check`).

    >>> m = Move.parse(" 4-o:d3c2C3d2 ")
    >>> m.piece, sorted(m.cells)
    ('4-O', [13, 14, 19, 20])
    >>> m.notation()
    '4-O:C2C3D2D3'
    """
    piece: str
    cells: frozenset[int]

    def notation(self) -> str:
        """The canonical text: the piece, ':' and its cells in board order."""
        return f"{self.piece}:{_names(self.cells)}"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written `text`; SquarewiseError saying what is wrong.

        >>> Move.parse("4-Q:A1")
        Traceback (most recent call last):
        ...
        solver.errors.SquarewiseError: unknown piece '4-Q' (pieces: 1 2 3-I 3-L 4-I 4-L 4-T 4-S 4-O)
        """
        if not isinstance(text, str):
            raise SquarewiseError(f"a move is text like 4-O:C2C3D2D3, not {text!r}")
        piece, sep, cells_text = text.partition(":")
        piece = piece.strip().upper()
        if not sep:
            raise SquarewiseError(f"'{excerpt(text.strip())}' should be piece:cells, like 4-O:C2C3D2D3")
        if piece not in PIECES:
            raise SquarewiseError(f"unknown piece '{piece}' (pieces: {' '.join(PIECES)})")
        return cls(piece, frozenset(_cells_run(cells_text, f"piece {piece}")))


class Position:
    """Blockers plus placed pieces; immutable and hashable.

    Build one with `from_blockers` or `parse`; `place` and `remove` return new positions.

    `givens`: the placed pieces a puzzle gives (a One way puzzle's, a game ID's "/piece=cells"):
    `execute` refuses to take one away or move it. A position made from another keeps its
    givens; the notation writes them, and equality ignores them (two positions with the same
    pieces are equal whoever placed them).

    >>> start = Position.parse("A1A2A4A6B4D5E1/2=D1D2")
    >>> sorted(start.givens), start.place(Move.parse("1:F4")).notation()
    (['2'], 'A1A2A4A6B4D5E1/1:F4/2=D1D2')
    >>> start == Position.parse("A1A2A4A6B4D5E1/2:D1D2")
    True
    """

    __slots__ = ("blockers", "placed", "unplaced", "empty", "is_complete", "givens", "_owner", "_hash")

    def __init__(self, blockers: Iterable[int], placed: Mapping[str, Iterable[int]] | None = None,
                 givens: Iterable[str] = ()):
        """Internal: no legality checks here (use from_blockers, parse, place and with_givens)."""
        blockers = frozenset(blockers)
        if placed:
            ordered = {p: frozenset(placed[p]) for p in PIECES if p in placed}
        else:
            ordered = {}
        self._fill(blockers, ordered, frozenset(givens))

    @classmethod
    def _trusted(cls, blockers: frozenset, ordered: dict, givens: frozenset = frozenset()) -> "Position":
        """Internal fast path for the search: `ordered` maps pieces, in PIECES order, to frozensets."""
        self = object.__new__(cls)
        self._fill(blockers, ordered, givens)
        return self

    def _fill(self, blockers: frozenset, ordered: dict, givens: frozenset = frozenset()) -> None:
        unplaced = tuple([p for p in PIECES if p not in ordered]) if ordered else PIECES
        init = object.__setattr__
        init(self, "blockers", blockers)
        init(self, "placed", MappingProxyType(ordered))
        init(self, "unplaced", unplaced)
        init(self, "empty", ALL_CELLS.difference(blockers, *ordered.values()))
        init(self, "is_complete", not unplaced)
        init(self, "givens", givens)
        init(self, "_owner", None)
        init(self, "_hash", None)

    @property
    def is_solved(self) -> bool:
        """Every piece placed: a Genius board that is full breaks no rule (every placement was checked).

        >>> Position.parse("A1A2A4A6B4D5E1").is_solved
        False
        """
        return self.is_complete

    def _owners(self) -> dict[int, str]:
        """cell -> '#' or piece, for the occupied cells (built on first use)."""
        if self._owner is None:
            owner = dict.fromkeys(self.blockers, BLOCKER)
            for piece, cells in self.placed.items():
                owner.update(dict.fromkeys(cells, piece))
            object.__setattr__(self, "_owner", owner)
        return self._owner

    def __setattr__(self, name, value):
        raise AttributeError("Position is immutable")

    def __reduce__(self):
        """Pickle and copy through the constructor (the slots cannot be set from outside)."""
        return Position, (tuple(self.blockers), {p: tuple(c) for p, c in self.placed.items()}, tuple(self.givens))

    @classmethod
    def from_blockers(cls, cells: Iterable[int]) -> "Position":
        """A bare board; exactly 7 distinct cells 0..35, else SquarewiseError."""
        cells = list(cells)
        for c in cells:
            if not isinstance(c, int) or not 0 <= c < CELLS:
                raise SquarewiseError(f"blocker {c!r} is not a cell 0..35")
        seen = set()
        for c in cells:
            if c in seen:
                raise SquarewiseError(f"duplicate blocker {cell_name(c)}")
            seen.add(c)
        if len(cells) != BLOCKERS:
            raise SquarewiseError(f"a board needs exactly {BLOCKERS} blockers, got {len(cells)}")
        return cls(cells)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """The position written in the notation; SquarewiseError if malformed or illegal."""
        if not isinstance(text, str) or not text.strip():
            raise SquarewiseError("empty position notation")
        blockers_text, *pieces = text.strip().split("/")
        position = cls.from_blockers(_cells_run(blockers_text, "blockers"))
        givens = []
        for part in pieces:
            head = part.partition(":")[0]
            if GIVEN in head:                   # "2=D1D2": a given piece
                givens.append(head.partition(GIVEN)[0].strip().upper())
                part = part.replace(GIVEN, ":", 1)
            position = position.place(Move.parse(part))
        return position.with_givens(givens) if givens else position

    def with_givens(self, pieces: Iterable[str] | None = None) -> "Position":
        """This position with `pieces` given besides its own givens (by default every placed
        piece): a puzzle's start. SquarewiseError for a piece that is not on the board.

        >>> Position.parse("A1A2A4A6B4D5E1/1:F4").with_givens().notation()
        'A1A2A4A6B4D5E1/1=F4'
        """
        pieces = set(self.placed) if pieces is None else {str(p).strip().upper() for p in pieces}
        for piece in sorted(pieces):
            if piece not in self.placed:
                raise SquarewiseError(f"a given piece must be on the board: {piece} is not")
        return Position._trusted(self.blockers, dict(self.placed), self.givens | pieces)

    def notation(self) -> str:
        """The canonical text of this position (a given piece written "/piece=cells")."""
        return _names(self.blockers) + "".join(
            f"/{p}{GIVEN if p in self.givens else ':'}{_names(cells)}" for p, cells in self.placed.items())

    def check(self, move: Move) -> str | None:
        """None if `move` is legal here, else the reason in words."""
        piece, cells = move
        if piece not in PIECES:
            return f"unknown piece '{piece}'"
        if piece in self.placed:
            return f"{piece} is already placed"
        if type(cells) is frozenset and cells <= self.empty and cells in placement_set(piece):
            return None         # the usual legal move (a Move's cells are ints): two set look-ups
        if cells is None:
            return "off the board"
        cells = list(cells)
        if any(not isinstance(c, int) or not 0 <= c < CELLS for c in cells):
            return "off the board"
        if orientation_of(piece, cells) is None:
            return f"cells do not form piece {piece}"
        for c in sorted(cells):
            who = self._owners().get(c)
            if who == BLOCKER:
                return f"on a blocker at {cell_name(c)}"
            if who is not None:
                return f"overlaps {who} at {cell_name(c)}"
        return None

    def clashes(self, move: Move) -> frozenset[int]:
        """The cells of `move` that break the rules because something is there already (a
        blocker or another piece): what an illegal drop marks."""
        return frozenset(c for c in move.cells or () if self._owners().get(c) is not None)

    def place(self, move: Move) -> "Position":
        """This position after `move`; IllegalMove(reason) if the rules refuse."""
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        piece, cells, placed = move.piece, frozenset(move.cells), self.placed
        return Position._trusted(self.blockers, {p: cells if p == piece else placed[p]
                                                 for p in PIECES if p == piece or p in placed}, self.givens)

    def remove(self, piece: str) -> "Position":
        """This position without `piece` (no longer given, if it was); IllegalMove if it is not
        placed. A move that takes a given piece away is refused by `moves.execute`, not here."""
        if piece not in self.placed:
            raise IllegalMove(f"{piece} is not placed")
        return Position._trusted(self.blockers, {p: c for p, c in self.placed.items() if p != piece},
                                 self.givens - {piece})

    def moves_to(self, target: "Position") -> list[Move]:
        """The moves that take this position to `target` (a completion of it, say), in PIECES order:
        `target`'s pieces not placed here.

        >>> start = Position.parse("A1A2A4A6B4D5E1/1:F6")
        >>> [m.notation() for m in start.moves_to(start.place(Move.parse("2:F4F5")))]
        ['2:F4F5']
        """
        return [Move(p, cells) for p, cells in target.placed.items() if p not in self.placed]

    def occupant(self, cell: int) -> str | None:
        """'#' for a blocker, the piece covering `cell`, or None if it is empty."""
        return self._owners().get(cell)

    def board_text(self) -> str:
        """A readable 6 x 6 board: '#' blockers, '.' empty, one character per piece (LABELS)."""
        lines = ["   " + " ".join(str(c + 1) for c in range(SIZE))]
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                who = self._owners().get(r * SIZE + c)
                row.append("." if who is None else who if who == BLOCKER else LABELS[who])
            lines.append(f"{'ABCDEF'[r]}  " + " ".join(row))
        return "\n".join(lines)

    def __eq__(self, other) -> bool:
        return (isinstance(other, Position) and self.blockers == other.blockers
                and dict(self.placed) == dict(other.placed))

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self.blockers, frozenset(self.placed.items()))))
        return self._hash

    def __repr__(self) -> str:
        return f"Position.parse({self.notation()!r})"
