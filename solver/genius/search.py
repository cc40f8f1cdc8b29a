"""The fast Genius Square search on 36-bit masks.

A state is (free, remaining): `free` has bit `cell` set for every cell neither blocked nor
covered, `remaining` has bit `i` set for every piece PIECES[i] not yet placed. Every placement
of every piece is precomputed once as a mask and filed under its lowest cell (in board
order) and under every set of remaining pieces, so one table lookup gives the candidates.

The search always fills the lowest empty cell: some placement whose lowest cell it is must
cover it. The pieces are tried big and stiff first (4-O 4-I 4-T 4-S 4-L 3-I 3-L 2 1), which
leaves the forgiving small pieces for the awkward holes. Pruning:
  * after each placement, an empty cell with no empty neighbour must be the monomino's
    (two such cells, or one when the monomino is gone, is a dead end);
  * the checkerboard balance of the empty cells (dark minus light) must be one the remaining
    pieces can make: only 1, 3-I and 3-L (+-1) and 4-T (+-2) are unbalanced;
  * at the root, every isolated region of empty cells must get its own subset of the pieces
    with exactly its size and colour balance (this is what refutes most bad boards at once);
  * a transposition table remembers dead states, so no state is searched twice.
The answer depends only on the state, never on how it was reached, so the tables are sound.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Callable

from .board import CELLS, DARK, FIRST_COLUMN, FULL, LAST_COLUMN, cells_of, mask
from .pieces import PIECES, placements
from .position import Move, Position

ALL = (1 << len(PIECES)) - 1
MONO = 1 << PIECES.index("1")
SIZES = tuple(len(placements(p)[0]) for p in PIECES)
TRY_ORDER = ("4-O", "4-I", "4-T", "4-S", "4-L", "3-I", "3-L", "2", "1")
_BIAS = 16  # balance offsets are stored shifted by this much


def neighbours(cells: int) -> int:
    """The cells next to (left, right, above, below) any cell of the mask."""
    return (((cells & ~LAST_COLUMN) << 1) | ((cells & ~FIRST_COLUMN) >> 1) | (cells << 6) | (cells >> 6)) & FULL


def balance(cells: int) -> int:
    """Dark minus light cells in the mask."""
    return 2 * (cells & DARK).bit_count() - cells.bit_count()


def _piece_bit(piece: str) -> int:
    return 1 << PIECES.index(piece)


def _build_tables():
    # by_lowest[cell][i]: the placements of PIECES[i] whose lowest cell is `cell`
    by_lowest = [[[] for _ in PIECES] for _ in range(CELLS)]
    for i, piece in enumerate(PIECES):
        for cells in placements(piece):
            by_lowest[min(cells)][i].append((1 << i, mask(cells)))
    # the candidates of (cell, rem) list the placements of the pieces of rem in TRY_ORDER. The
    # sets of pieces are made in one order for every cell, by doubling: the sets made so far,
    # then each of them with the next piece of TRY_ORDER (its placements at the end);
    # `pick` then puts them in the order of rem.
    made = [0]
    for piece in TRY_ORDER:
        made += [rem | _piece_bit(piece) for rem in made]
    pick = itemgetter(*sorted(range(ALL + 1), key=made.__getitem__))
    candidates = []
    for groups in by_lowest:
        lists = [()]
        for piece in TRY_ORDER:
            mine = tuple(groups[PIECES.index(piece)])
            lists += [have + mine for have in lists]
        candidates += pick(lists)
    # the balances the pieces of rem can make, and their cells: rem without its lowest piece, then that piece
    unbalance = [abs(balance(mask(placements(p)[0]))) for p in PIECES]
    reach, sizes = [{0}], [0]
    for rem in range(1, ALL + 1):
        i = (rem & -rem).bit_length() - 1
        b = unbalance[i]
        reach.append({x + s for x in reach[rem ^ 1 << i] for s in (b, -b)})
        sizes.append(sizes[rem ^ 1 << i] + SIZES[i])
    balances = [sum(1 << (x + _BIAS) for x in r) for r in reach]
    # the same test as a function of the number of dark free cells d (free cells = TOTAL[rem],
    # balance 2d - TOTAL[rem])
    dark_ok = [sum(1 << d for d in {(x + n) // 2 for x in r if (x + n) % 2 == 0} if 0 <= d <= CELLS)
               for r, n in zip(reach, sizes)]
    return candidates, tuple(balances), tuple(sizes), tuple(dark_ok)


CANDIDATES, BALANCES, TOTAL, DARK_OK = _build_tables()
_NOT_COL1 = FULL & ~FIRST_COLUMN
_NOT_COL6 = FULL & ~LAST_COLUMN
_BIT = tuple(1 << c for c in range(CELLS))
_PIECE_BIT = {p: 1 << i for i, p in enumerate(PIECES)}
_PIECE_OF = {1 << i: p for i, p in enumerate(PIECES)}
QUICK_BUDGET = 40  # failed states allowed before the region test (see _completion)
NO_LIMIT = 1 << 62
# (piece bit << 36 | placement mask) for every placement: the test for the last piece
LAST = frozenset(_PIECE_BIT[p] << 36 | mask(cells) for p in PIECES for cells in placements(p))
CELLS_OF = {mask(cells): frozenset(cells) for piece in PIECES for cells in placements(piece)}


class _Cancelled(Exception):
    pass


class _OutOfBudget(Exception):
    pass


def _stopper(cancelled: Callable[[], bool] | None, every: int = 2048):
    """A per-node check that raises _Cancelled once `cancelled()` is true (asked every `every`
    nodes), or None when there is nothing to check."""
    if cancelled is None:
        return None
    ticks = [0]

    def stop() -> None:
        ticks[0] += 1
        if ticks[0] % every == 0 and cancelled():
            raise _Cancelled

    return stop


# _first, _count and _solvable expand a node the same way (cover the lowest free cell, then the
# lonely-cell and colour tests) and differ in what they keep. The expansion is written out in
# each on purpose: a shared generator or helper would add a Python call per node or child to
# the hot path of solve, count, verify and the census.
def _first(free, rem, dead, stop, limit, cands=CANDIDATES, dark_ok=DARK_OK, dark=DARK, n1=_NOT_COL1, n6=_NOT_COL6,
           mono=MONO, last=LAST):
    """A list of (piece bit, mask) that completes the state, or None.

    `dead` collects the states that failed; once it holds more than `limit` of them the
    search gives up with _OutOfBudget (that check costs nothing on the way to a solution).
    """
    if not rem & (rem - 1):  # one piece left (or none): the free cells must be one of its placements
        if not rem:
            return []
        return [(rem, free)] if (rem << 36 | free) in last else None
    if dead and (rem << 36 | free) in dead:
        return None
    if stop is not None:
        stop()
    for bit, m in cands[((free & -free).bit_length() - 1) << 9 | rem]:
        if free & m == m:
            after = free ^ m
            left = rem ^ bit
            lonely = after & ~(((after & n6) << 1) | ((after & n1) >> 1) | (after << 6) | (after >> 6))
            if lonely and (lonely & (lonely - 1) or not left & mono):
                continue
            if not dark_ok[left] >> (after & dark).bit_count() & 1:
                continue
            found = _first(after, left, dead, stop, limit)
            if found is not None:
                found.append((bit, m))
                return found
    dead.add(rem << 36 | free)
    if len(dead) > limit:
        raise _OutOfBudget
    return None


def _count(free, rem, memo, stop, cands=CANDIDATES, dark_ok=DARK_OK, dark=DARK, n1=_NOT_COL1, n6=_NOT_COL6,
           mono=MONO, last=LAST):
    """The number of completions of the state (memoised in `memo`), with _first's pruning."""
    key = rem << 36 | free
    if not rem & (rem - 1):
        return 1 if not rem or key in last else 0
    known = memo.get(key)
    if known is not None:
        return known
    if stop is not None:
        stop()
    total = 0
    for bit, m in cands[((free & -free).bit_length() - 1) << 9 | rem]:
        if free & m == m:
            after = free ^ m
            left = rem ^ bit
            lonely = after & ~(((after & n6) << 1) | ((after & n1) >> 1) | (after << 6) | (after >> 6))
            if lonely and (lonely & (lonely - 1) or not left & mono):
                continue
            if not dark_ok[left] >> (after & dark).bit_count() & 1:
                continue
            total += _count(after, left, memo, stop)
    memo[key] = total
    return total


def _solvable(free, rem, known, spare, cands=CANDIDATES, dark_ok=DARK_OK, dark=DARK, n1=_NOT_COL1, n6=_NOT_COL6,
               mono=MONO, last=LAST):
    """Like _first, but only the yes/no answer, remembered in `known` for live and dead states.

    `spare` is a one-item list: the failed states still allowed before _OutOfBudget.
    """
    key = rem << 36 | free
    if not rem & (rem - 1):
        return not rem or key in last
    answer = known.get(key)
    if answer is not None:
        return answer
    for bit, m in cands[((free & -free).bit_length() - 1) << 9 | rem]:
        if free & m == m:
            after = free ^ m
            left = rem ^ bit
            lonely = after & ~(((after & n6) << 1) | ((after & n1) >> 1) | (after << 6) | (after >> 6))
            if lonely and (lonely & (lonely - 1) or not left & mono):
                continue
            if not dark_ok[left] >> (after & dark).bit_count() & 1:
                continue
            if _solvable(after, left, known, spare):
                known[key] = True
                return True
    known[key] = False
    spare[0] -= 1
    if spare[0] < 0:
        raise _OutOfBudget
    return False


def regions(free: int) -> list[int]:
    """The connected regions (4-neighbourhood) of a mask of cells, each as a mask."""
    out = []
    while free:
        region = free & -free
        while True:
            grown = (region | neighbours(region)) & free
            if grown == region:
                break
            region = grown
        out.append(region)
        free ^= region
    return out


def _subsets(rem: int):
    sub = rem
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & rem


def regions_fit(free: int, rem: int) -> bool:
    """Can the remaining pieces be shared out so every free region gets its exact size and balance?"""
    parts = regions(free)
    if len(parts) <= 1:
        return not parts or (TOTAL[rem] == parts[0].bit_count()
                             and BALANCES[rem] >> (balance(parts[0]) + _BIAS) & 1 == 1)
    options = {rem}
    for region in sorted(parts, key=int.bit_count):
        size, bal = region.bit_count(), balance(region) + _BIAS
        options = {left ^ sub for left in options for sub in _subsets(left)
                   if TOTAL[sub] == size and BALANCES[sub] >> bal & 1}
        if not options:
            return False
    return True


def _state(position: Position) -> tuple[int, int]:
    """(free, remaining) masks of a position."""
    bits = _BIT
    occupied = sum(map(bits.__getitem__, position.blockers))
    remaining = ALL
    for piece, cells in position.placed.items():
        occupied += sum(map(bits.__getitem__, cells))
        remaining ^= _PIECE_BIT[piece]
    return FULL ^ occupied, remaining


def _completion(free: int, rem: int, cancelled=None) -> list[tuple[int, int]] | None:
    """A completion of the state as (piece bit, mask) pairs, or None.

    Most solvable boards finish in a few dozen nodes, so a short search runs first. Only if it
    gives up (after QUICK_BUDGET failed states) is the region test paid for, which refutes
    most bad boards; then the full search resumes, keeping the dead states already found.
    """
    dead: set[int] = set()
    stop = _stopper(cancelled)
    try:
        return _first(free, rem, dead, stop, QUICK_BUDGET)
    except _OutOfBudget:
        pass
    if not regions_fit(free, rem):
        return None
    return _first(free, rem, dead, stop, NO_LIMIT)


def _with(position: Position, found: list[tuple[int, int]]) -> Position:
    placed = position.placed
    new = {_PIECE_OF[bit]: CELLS_OF[m] for bit, m in found}
    return Position._trusted(position.blockers, {p: placed[p] if p in placed else new[p] for p in PIECES})


def solve(position: Position, cancelled: Callable[[], bool] | None = None) -> Position | None:
    """A completion keeping every placed piece, or None (also None if `cancelled()` turned true).

    >>> done = solve(Position.parse("A1A2A4A6B4D5E1/4-O:B1B2C1C2"))
    >>> done.is_complete, done.placed["4-O"] == Position.parse("A1A2A4A6B4D5E1/4-O:B1B2C1C2").placed["4-O"]
    (True, True)
    >>> solve(Position.parse("A1A3A5B2B4B6C1")) is None  # every blocker on a dark cell
    True
    """
    try:
        found = _completion(*_state(position), cancelled)
    except _Cancelled:
        return None
    return None if found is None else _with(position, found)


def hint(position: Position) -> Move | None:
    """A move that belongs to some completion (the piece covering the first empty cell), or None.

    >>> hint(Position.parse("A1A2A4A6B4D5E1")).notation()
    '4-I:A3B3C3D3'
    """
    if position.is_complete:
        return None
    done = solve(position)
    if done is None:
        return None
    first_empty = min(position.empty)
    piece = done.occupant(first_empty)
    return Move(piece, done.placed[piece])


def count(position: Position, cancelled: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None) -> int | None:
    """The number of completions of the position (None if `cancelled()` turned true).

    `progress(done, total)` is called as the candidates for the first empty cell are done.

    >>> count(Position.parse("A1A2A4A6B4D5E1"))
    3202
    """
    free, rem = _state(position)
    stop = _stopper(cancelled)
    if not rem:
        return 1
    if not regions_fit(free, rem):
        return 0
    options = [(bit, m) for bit, m in CANDIDATES[((free & -free).bit_length() - 1) << 9 | rem] if free & m == m]
    memo: dict[int, int] = {}
    total = 0
    try:
        for done, (bit, m) in enumerate(options):
            if progress:
                progress(done, len(options))
            total += _count(free ^ m, rem ^ bit, memo, stop)
    except _Cancelled:
        return None
    if progress:
        progress(len(options), len(options))
    return total


def is_solvable(blocker_mask: int, known: dict[int, bool] | None = None) -> bool:
    """Has the bare board with these blockers (bit c = cell c) a tiling? For bulk work.

    `known`, if given, is a table the caller keeps across boards: it maps states to their
    answer, so boards sharing their lower rows share their work. Clear it when it grows too big.
    """
    free = FULL ^ blocker_mask
    if known is None:
        return _completion(free, ALL) is not None
    try:
        return _solvable(free, ALL, known, [QUICK_BUDGET])
    except _OutOfBudget:
        pass
    return regions_fit(free, ALL) and _solvable(free, ALL, known, [NO_LIMIT])


def count_board(blocker_mask: int, memo: dict[int, int] | None = None) -> int:
    """The number of tilings of the bare board with these blockers (bit c = cell c). For bulk work.

    `memo`, if given, is a table the caller keeps across boards: it maps states to their number
    of completions, so boards that meet in the same states share their work.
    """
    return _count(FULL ^ blocker_mask, ALL, {} if memo is None else memo, None)


def bare_reason(blocker_mask: int) -> str | None:
    """A simple reason, in words, why a bare board cannot be tiled, or None if there is none."""
    if (blocker_mask & DARK).bit_count() in (0, 7):
        return "all 7 blockers on one checkerboard colour"
    sizes = [r.bit_count() for r in regions(~blocker_mask & FULL)]
    if sizes.count(1) >= 2:
        return "two isolated single cells"
    if sizes.count(2) >= 2:
        return "two isolated dominoes"
    return None


def bare_reason_cells(blocker_mask: int) -> frozenset[int]:
    """The cells `bare_reason` speaks of, to show them: the isolated single cells or dominoes,
    or the blockers when all sit on one colour (empty when there is no simple reason)."""
    reason = bare_reason(blocker_mask)
    if reason is None:
        return frozenset()
    if reason.startswith("all 7"):
        return frozenset(cells_of(blocker_mask))
    size = 1 if reason == "two isolated single cells" else 2
    return frozenset(c for r in regions(~blocker_mask & FULL) if r.bit_count() == size for c in cells_of(r))


def unsolvable_reason(position: Position) -> str | None:
    """None if the position has a completion, else why not in words.

    A bare board gets its simple reason (see bare_reason) or "exhaustive search: no tiling". A
    position with pieces on it gets the bare board's reason if the board itself is unsolvable,
    else "no solution keeps these pieces".
    """
    if _completion(*_state(position)) is not None:
        return None
    bare = mask(position.blockers)
    if position.placed and _completion(FULL ^ bare, ALL) is not None:
        return "no solution keeps these pieces"
    return bare_reason(bare) or "exhaustive search: no tiling"


def blame(position: Position) -> str | None:
    """A placed piece whose removal makes an unsolvable position solvable again, or None.

    None if the position is solvable, or if no single piece's removal helps. The pieces are
    tried in reverse PIECES order, big pieces first, as they constrain the board the most; a
    piece the puzzle gives (`position.givens`) is never blamed: it stays put.
    """
    if solve(position) is not None:
        return None
    for piece in reversed([p for p in position.placed if p not in position.givens]):
        if solve(position.remove(piece)) is not None:
            return piece
    return None
