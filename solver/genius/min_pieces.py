"""The fewest pieces that leave exactly one way to finish a Genius Square position, proved.

A *given* piece lies as in one solution X. A set S of givens *pins* X when no other solution
holds all of S: the completions of the position with S placed are exactly the solutions that
hold S, so S pins X exactly when that position has one completion (for each other solution Y,
S must hold a piece of X that Y places elsewhere: a hitting set over the solutions). A
superset of a pinning set pins too.

`fewest(position)` is the smallest k such that k more pieces, placed as in one of the
position's solutions, leave one completion (0 if it has one already), with an example set and
its finish. The proof goes level by level on counts (shares.py: a placement's share is the
number of completions that hold it), never on a list of solutions:

- k = 0 exactly when the position has one completion;
- k = 1 exactly when some placement's share is 1, and all shares are counted, so none at 1
  proves k >= 2;
- k = j + 1 exactly when some set S of j givens with two or more completions has, in the
  position with S placed, a placement of share 1. Every such S is swept (each set once, its
  placements in increasing order, each share >= 2), the smallest counts first, until one is
  found; when none has one, k > j + 1 is proved and the next level starts.

`pinning(solution)` is the same search from the bare board with the givens restricted to the
solution's own pieces: the fewest of its pieces that pin it down. `puzzle(position, k, seed)`
gives a puzzle of k givens with one finish, for levels from many givens down to the fewest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

import numpy as np

from ..errors import SquarewiseError
from ..rng import below, shuffled, stream
from .board import mask
from .pieces import PIECES
from .position import Move, Position
from .search import solve
from .shares import COUNT, PLACEMENT_ID, PLACEMENTS, shares

ROUNDS = (8, 56)     # sets swept per position before the rest, at each level: most positions end in the first
CELLS_OF = np.array([mask(cells) for _, cells in PLACEMENTS], np.uint64)
PIECE_OF = np.array([1 << PIECES.index(piece) for piece, _ in PLACEMENTS], np.uint64)


class Found(NamedTuple):
    """What the search proves about one start: `pieces` (None: no completion), the pinning sets
    of that size it met (placement ids; all of them when pieces <= 1), its completions, and how
    many single placements leave one completion."""
    pieces: int | None
    sets: tuple[tuple[int, ...], ...]
    solutions: int
    singles: int


def search(filled, used, allowed: np.ndarray | None = None) -> list[Found]:
    """The fewest givens of every start (filled cells, used pieces: as shares.shares). `allowed`
    (starts x placements, bool) restricts the givens of each start, e.g. to one solution's own."""
    filled = np.asarray(filled, dtype=np.uint64)
    used = np.asarray(used, dtype=np.uint64)
    totals, counts = shares(filled, used)
    if allowed is not None:
        counts = np.where(allowed, counts, 0)
    singles = (counts == 1).sum(axis=1)
    found: dict[int, tuple[int | None, list]] = {}
    frontier: dict[int, list] = {}
    for i, total in enumerate(totals.tolist()):
        if total <= 1:
            found[i] = (0 if total else None, [()] if total else [])
        elif singles[i]:
            found[i] = (1, [(int(q),) for q in np.flatnonzero(counts[i] == 1)])
        else:
            frontier[i] = [((), counts[i])]
    for size in range(1, len(PIECES)):
        if not frontier:
            break
        frontier = _next_level(filled, used, allowed, frontier, size, found)
    assert not frontier, "eight givens always leave one finish"
    return [Found(found[i][0], tuple(dict.fromkeys(tuple(sorted(ids)) for ids in found[i][1])), int(totals[i]),
                  int(singles[i])) for i in range(len(totals))]


def _next_level(filled, used, allowed, frontier: dict, size: int, found: dict) -> dict:
    """Sweep the sets of `size` givens grown from the frontier's (all of size - 1, none pinning, each
    with its shares); a start is settled at size + 1 by the first round that finds a placement of
    share 1. The starts left get their sets of `size` as the next frontier."""
    todo = {}
    for i, sets in frontier.items():
        grown = [(held + (int(q),), int(row[q])) for held, row in sets
                 for q in np.flatnonzero(row >= 2) if not held or q > held[-1]]
        grown.sort(key=lambda item: item[1])
        todo[i] = [held for held, _ in grown]
    result: dict[int, list] = {i: [] for i in todo}
    taken = 0
    for end in (*np.cumsum(ROUNDS).tolist(), None):
        batch = [(i, held) for i, sets in todo.items() for held in sets[taken:end]]
        taken = end
        if not batch:
            break
        rows = _shares_with(filled, used, allowed, batch)
        for (i, held), row in zip(batch, rows):
            pins = np.flatnonzero(row == 1)
            if len(pins):
                settled = found.setdefault(i, (size + 1, []))
                settled[1].extend(held + (int(q),) for q in pins)
            else:
                result[i].append((held, row))
        for i in [i for i in todo if i in found]:
            del todo[i]
    return {i: sets for i, sets in result.items() if i not in found}


def _shares_with(filled, used, allowed, batch: list) -> np.ndarray:
    """The shares of every start of `batch` (start index, placement ids) with those placed."""
    starts = np.array([i for i, _ in batch], np.int64)
    held = [np.array(h, np.int64) for _, h in batch]
    more = np.array([np.bitwise_or.reduce(CELLS_OF[h]) for h in held], np.uint64)
    pieces = np.array([np.bitwise_or.reduce(PIECE_OF[h]) for h in held], np.uint64)
    _, rows = shares(filled[starts] | more, used[starts] | pieces)
    return rows if allowed is None else np.where(allowed[starts], rows, 0)


def start_of(position: Position) -> tuple[int, int]:
    """(filled cells, used pieces) of a position, as shares.shares takes them."""
    filled = mask(position.blockers)
    for cells in position.placed.values():
        filled |= mask(cells)
    return filled, sum(1 << PIECES.index(p) for p in position.placed)


def moves(ids: Sequence[int]) -> tuple[Move, ...]:
    """The given pieces of a set of placement ids, in piece order."""
    return tuple(sorted((Move(*PLACEMENTS[q]) for q in ids), key=lambda m: PIECES.index(m.piece)))


def placed(position: Position, given: Sequence[Move]) -> Position:
    """The position with the given pieces placed."""
    for move in given:
        position = position.place(move)
    return position


@dataclass(frozen=True)
class Fewest:
    """The answer for one position: `pieces` more givens are the fewest that leave one finish
    (None: no finish at all); `given` an example set, `puzzle` the position with them placed,
    `finish` its one completion; `solutions` the position's completions and `singles` the
    placements that alone leave one finish."""
    position: Position
    pieces: int | None
    given: tuple[Move, ...]
    puzzle: Position | None
    finish: Position | None
    solutions: int
    singles: int
    options: tuple[tuple[Move, ...], ...] = ()


def _fewest(position: Position, found: Found) -> Fewest:
    if found.pieces is None:
        return Fewest(position, None, (), None, None, found.solutions, 0)
    options = tuple(moves(ids) for ids in found.sets)
    puzzle = placed(position, options[0])
    return Fewest(position, found.pieces, options[0], puzzle, solve(puzzle), found.solutions, found.singles, options)


def fewest(position: Position) -> Fewest:
    """The fewest more pieces, placed as in one of the position's solutions, that leave exactly one
    way to finish, with an example; proved by the search (no smaller set works for any solution).

    >>> f = fewest(Position.parse("A3A5B4C6E2E6F1"))
    >>> f.pieces, f.solutions, f.singles, f.puzzle.notation()
    (1, 11, 10, 'A3A5B4C6E2E6F1/3-L:E5F5F6')
    >>> fewest(Position.parse("A1A2A4A6B4D5E1")).pieces     # 3,202 solutions, none pinned by one piece
    2
    """
    filled, used = start_of(position)
    return _fewest(position, search([filled], [used])[0])


def pinning(solution: Position) -> Fewest:
    """The fewest of a solution's own pieces that pin it down (no other solution of its board holds
    them all), with an example; `solutions` counts the solutions of the bare board."""
    if not solution.is_complete:
        raise SquarewiseError("pinning needs a finished position (all nine pieces placed)")
    board = Position.from_blockers(solution.blockers)
    allowed = np.zeros((1, COUNT), bool)
    allowed[0, [PLACEMENT_ID[(p, frozenset(c))] for p, c in solution.placed.items()]] = True
    return _fewest(board, search([mask(board.blockers)], [0], allowed)[0])


def puzzle(position: Position, pieces: int, seed: int) -> Position:
    """A puzzle from `position` with `pieces` more givens, placed as in one of its solutions, that
    leave exactly one way to finish: a pinning set of the fewest drawn from the seed, then more
    pieces of its finish (the same on every machine). SquarewiseError if `pieces` is below the
    fewest or leaves the player no piece."""
    answer = fewest(position)
    left = len(position.unplaced)
    if answer.pieces is None:
        raise SquarewiseError("the position has no solution")
    if not answer.pieces <= pieces < left:
        raise SquarewiseError(f"this position takes {answer.pieces} to {left - 1} given pieces, not {pieces}")
    draws = stream(seed)
    given = answer.options[below(next(draws), len(answer.options))]
    start = placed(position, given)
    finish = solve(start)
    rest = [Move(p, c) for p, c in finish.placed.items() if p not in start.placed]
    return placed(start, shuffled(rest, draws)[:pieces - answer.pieces])
