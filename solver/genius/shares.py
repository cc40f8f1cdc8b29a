"""How many completions of a position contain each placement: every placement's share of the
solutions, counted (never listed) for many positions at once.

The completions of a position are the paths of one graph: a node is a state (the cells
filled, blockers and placed pieces included, and the pieces used), an edge puts a piece on
the lowest empty cell, and every path from the start to the full board is one completion
(the engine's search walks the same graph). A placement's share is then

    share(p) = sum over the edges e that put p:  fwd(e's tail) x bwd(e's head)

where fwd counts the paths from the start to a node and bwd the paths from a node to the end.
Both are computed for all nodes by one sweep forward, cell by cell (numpy arrays of uint64
keys, equal states merged, with the search's lonely-cell and colour tests), and one sweep
back over the recorded edges. Many positions run together, each key tagged with its
position's index, so the numpy calls are few and long.

Whether a state can be completed depends on the state alone (all its cells, blockers
included, and its pieces), so the states found dead (bwd 0) are remembered across sweeps,
and a child known dead is never made: boards taken in the order of their masks share their
last rows, and in a run over many rolls about two nodes in five are spared so.

    totals, counts = shares(filled, used)   # counts[i, q]: completions of start i with placement q
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .board import CELLS, DARK, FIRST_COLUMN, FULL, LAST_COLUMN, mask
from .pieces import PIECES, placements
from .search import DARK_OK, MONO

U64 = np.uint64
USED_AT = 36                 # bits 36..44 of a key: the pieces used
TAG_AT = 45                  # bits 45..63: the index of the start in its batch
BATCH = 64                   # starts swept together: ~50 MB at most for bare rolls (256: 250 MB, and no faster)
SLOT_BITS = 21               # the table of dead states: 2**21 keys, 16 MiB
ALL = (1 << len(PIECES)) - 1
_FILLED = U64((1 << CELLS) - 1)
_STATE = U64((1 << TAG_AT) - 1)
_MARK = U64(1 << 63)          # set in every stored key, so an empty slot (0) matches nothing
_MIX = U64(0x9E3779B97F4A7C15)
_S1, _S6, _USED, _TAG = U64(1), U64(6), U64(USED_AT), U64(TAG_AT)


def placement_list() -> tuple[tuple[str, frozenset[int]], ...]:
    """Every placement of every piece on the empty board, numbered: the index of a share."""
    return tuple((piece, frozenset(cells)) for piece in PIECES for cells in placements(piece))


PLACEMENTS = placement_list()
COUNT = len(PLACEMENTS)
PLACEMENT_ID = {placement: q for q, placement in enumerate(PLACEMENTS)}


@lru_cache(maxsize=1)
def tables():
    """Per cell c, the placements whose lowest cell is c (at most 28), and two tables of bit sets
    over them: `fit[code]`, the placements that avoid the filled cells of the code (the cells
    near c, read from a key as a few row segments), and `left[rem]`, those of pieces in rem."""
    tables = []
    for c in range(CELLS):
        row, col = divmod(c, 6)
        mine = [(q, PIECES.index(piece), mask(cells)) for q, (piece, cells) in enumerate(PLACEMENTS)
                if min(cells) == c]
        segments = []                       # (first cell, width): the rest of row, then 3 rows below
        for k in range(4):
            lo, hi = (col + 1, min(col + 3, 5)) if k == 0 else (max(col - 2, 0), min(col + 2, 5))
            if row + k < 6 and lo <= hi:
                segments.append(((row + k) * 6 + lo, hi - lo + 1))
        codes = np.arange(1 << sum(w for _, w in segments), dtype=np.int64)
        filled, shift = np.zeros(len(codes), np.int64), 0
        for first, width in segments:
            filled |= ((codes >> shift) & ((1 << width) - 1)) << first
            shift += width
        fit = np.zeros(len(codes), np.uint32)
        for j, (_, _, m) in enumerate(mine):
            fit |= ((filled & m) == 0).astype(np.uint32) << np.uint32(j)
        rems = np.arange(ALL + 1)
        left = np.zeros(ALL + 1, np.uint32)
        for j, (_, i, _) in enumerate(mine):
            left |= (rems >> i & 1).astype(np.uint32) << np.uint32(j)
        adds = np.array([m | 1 << (USED_AT + i) for _, i, m in mine] + [0] * (32 - len(mine)), U64)
        ids = np.array([q for q, _, _ in mine] + [0] * (32 - len(mine)), np.int32)
        tables.append((tuple((U64(first), U64((1 << width) - 1), U64(sum(w for _, w in segments[:n])))
                             for n, (first, width) in enumerate(segments)), fit, left, adds, ids))
    return tables


@lru_cache(maxsize=1)
def _tests():
    """Constants of the lonely-cell and colour tests (as in search._first)."""
    dark_ok = np.array([[DARK_OK[rem] >> d & 1 for d in range(CELLS + 1)] for rem in range(ALL + 1)], bool).ravel()
    return U64(FULL & ~FIRST_COLUMN), U64(FULL & ~LAST_COLUMN), U64(DARK), dark_ok


def lowest_empty(keys: np.ndarray) -> np.ndarray:
    """The lowest empty cell of each key (CELLS when the board is full)."""
    filled = keys & _FILLED
    return np.bitwise_count((~filled & (filled + _S1)) - _S1)


def shares(filled, used) -> tuple[np.ndarray, np.ndarray]:
    """(totals, counts) for the starts (filled[i]: a 36-bit mask of the cells taken, blockers and
    placed pieces; used[i]: the placed pieces, bit i = PIECES[i]): totals[i] is the number of
    completions of start i and counts[i, q] how many of them contain PLACEMENTS[q] (0 for the
    pieces already placed). int64 arrays."""
    filled = np.asarray(filled, dtype=U64)
    used = np.asarray(used, dtype=U64)
    totals = np.zeros(len(filled), np.int64)
    counts = np.zeros((len(filled), COUNT), np.int64)
    for lo in range(0, len(filled), BATCH):
        hi = min(lo + BATCH, len(filled))
        totals[lo:hi], counts[lo:hi] = _sweep(filled[lo:hi] | used[lo:hi] << _USED)
    return totals, counts


def _sweep(starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """totals and counts for one batch of start keys (filled cells and used pieces)."""
    n = len(starts)
    keys = starts | np.arange(n, dtype=U64) << _TAG
    waiting: list[list] = [[] for _ in range(CELLS + 1)]      # per lowest empty cell: (keys, fwd, edge ids)
    _file(waiting, keys, np.ones(n), np.full(n, -1, np.int64), lowest_empty(keys))
    layers, tails, ids, heads = [], [], [], []
    edges = nodes = 0
    for c in range(CELLS + 1):
        if not waiting[c]:
            layers.append((np.zeros(0, U64), np.zeros(0)))
            continue
        keys, fwd = _merge(waiting[c], nodes, heads)
        waiting[c] = None
        layers.append((keys, fwd))
        if c == CELLS:
            break
        tail, q, child = _expand(c, keys)
        live = ~_dead.known(child)
        tail, q, child = tail[live], q[live], child[live]
        low = lowest_empty(child)
        tails.append(tail + nodes)
        ids.append(q)
        _file(waiting, child, fwd[tail], np.arange(edges, edges + len(tail)), low)
        edges += len(tail)
        nodes += len(keys)
    return _collect(n, layers, tails, ids, heads, edges)


def _merge(parts: list, offset: int, heads: list) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys of a cell's waiting states (sorted), their fwd summed; the edges that led
    to them get their head's node number (offset + index) in `heads`."""
    keys = np.concatenate([p[0] for p in parts])
    weights = np.concatenate([p[1] for p in parts])
    edge = np.concatenate([p[2] for p in parts])
    order = np.argsort(keys)
    ordered = keys[order]
    first = np.empty(len(ordered), bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    index = np.empty(len(keys), np.int64)
    index[order] = np.cumsum(first) - 1
    came = edge >= 0
    heads.append((edge[came], index[came] + offset))
    return ordered[first], np.bincount(index, weights)


def _expand(c: int, keys: np.ndarray):
    """Every legal placement on cell c (the lowest empty cell of all `keys`) that passes the
    lonely-cell and colour tests: (tail index, placement id, child key) per edge."""
    segments, fit, left, adds, ids = tables()[c]
    not_col1, not_col6, dark, dark_ok = _tests()
    code = np.zeros(len(keys), U64)
    for first, width, shift in segments:
        code |= ((keys >> first) & width) << shift
    rem = (keys >> _USED).astype(np.int64) & ALL ^ ALL
    tail, j = _bits(fit[code.astype(np.int64)] & left[rem])
    child = keys[tail] | adds[j]
    free = ~child & _FILLED
    lonely = np.bitwise_count(free & ~(((free & not_col6) << _S1) | ((free & not_col1) >> _S1)
                                       | (free << _S6) | (free >> _S6)))
    rest = (child >> _USED).astype(np.int64) & ALL ^ ALL
    ok = (lonely == 0) | ((lonely == 1) & (rest & MONO != 0))
    ok &= dark_ok[rest * (CELLS + 1) + np.bitwise_count(free & dark)]
    return tail[ok], ids[j[ok]], child[ok]


_BYTE_BITS = [[b for b in range(8) if v >> b & 1] for v in range(256)]
_BYTE_COUNT = np.array([len(bits) for bits in _BYTE_BITS], np.int64)
_BYTE_FIRST = np.concatenate([[0], np.cumsum(_BYTE_COUNT)[:-1]])
_BYTE_LIST = np.array([b for bits in _BYTE_BITS for b in bits], np.int64)


def _bits(sets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(index, bit) of every bit set in the uint32 array, in order, byte by byte through tables."""
    octets = sets.view(np.uint8)            # little-endian: byte k holds bits 8k..8k+7
    where = np.flatnonzero(octets)
    values = octets[where].astype(np.int64)
    many = _BYTE_COUNT[values]
    start = np.repeat(_BYTE_FIRST[values] - np.cumsum(many) + many, many) + np.arange(int(many.sum()))
    byte = np.repeat(where, many)
    return byte >> 2, (byte & 3) * 8 + _BYTE_LIST[start]


def _file(waiting: list, keys: np.ndarray, fwd: np.ndarray, edge: np.ndarray, low: np.ndarray) -> None:
    """Put each state in the list of its lowest empty cell (`low`)."""
    order = np.argsort(low, kind="stable")
    bounds = np.searchsorted(low[order], np.arange(CELLS + 2))
    for c in np.flatnonzero(bounds[1:] > bounds[:-1]):
        here = order[bounds[c]:bounds[c + 1]]
        waiting[c].append((keys[here], fwd[here], edge[here]))


def _collect(n: int, layers: list, tails: list, ids: list, heads: list, edges: int):
    """The sweep back: bwd of every node from the full boards up, then each edge's
    fwd x bwd added to its start's count of its placement."""
    sizes = [len(keys) for keys, _ in layers]
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    fwd = np.concatenate([f for _, f in layers])
    tag = (np.concatenate([k for k, _ in layers]) >> _TAG).astype(np.int64)
    head = np.empty(edges, np.int64)
    for edge, node in heads:
        head[edge] = node
    tail = np.concatenate(tails) if tails else np.zeros(0, np.int64)
    bwd = np.zeros(len(fwd))
    bwd[bounds[CELLS]:] = 1.0
    edge_bounds = np.concatenate([[0], np.cumsum([len(t) for t in tails])])
    for layer in range(len(tails) - 1, -1, -1):
        a, b = edge_bounds[layer], edge_bounds[layer + 1]
        if a == b:
            continue
        lo = tail[a:b].min()
        hi = tail[a:b].max() + 1
        bwd[lo:hi] += np.bincount(tail[a:b] - lo, bwd[head[a:b]], minlength=hi - lo)
    _dead.learn(np.concatenate([k for k, _ in layers[:CELLS]])[bwd[:bounds[CELLS]] == 0])
    q = np.concatenate(ids) if ids else np.zeros(0, np.int32)
    counts = np.bincount(tag[tail] * COUNT + q, fwd[tail] * bwd[head], minlength=n * COUNT)
    totals = np.bincount(tag[bounds[CELLS]:], fwd[bounds[CELLS]:], minlength=n)
    return np.rint(totals).astype(np.int64), np.rint(counts).astype(np.int64).reshape(n, COUNT)


class _Dead:
    """States found dead, without their tags, in a table of 2**SLOT_BITS keys: a state's slot is a
    hash of it, and a later state in the same slot takes it (so the table keeps the latest ones and
    never grows). A lookup compares the whole key: a state is only ever taken for dead if it was
    found dead."""

    def __init__(self):
        self.table = None

    def forget(self) -> None:
        self.table = None

    def _slots(self, states: np.ndarray) -> np.ndarray:
        return ((states * _MIX) >> U64(64 - SLOT_BITS)).astype(np.intp)

    def known(self, keys: np.ndarray) -> np.ndarray:
        """Which of the keys are states known to be dead."""
        if self.table is None:
            return np.zeros(len(keys), bool)
        states = keys & _STATE | _MARK
        return self.table[self._slots(states)] == states

    def learn(self, keys: np.ndarray) -> None:
        """Remember these keys' states as dead."""
        if self.table is None:
            self.table = np.zeros(1 << SLOT_BITS, U64)
        states = keys & _STATE | _MARK
        self.table[self._slots(states)] = states


_dead = _Dead()


def forget_dead() -> None:
    """Empty the table of dead states (for fair timings)."""
    _dead.forget()
