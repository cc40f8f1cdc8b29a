"""The census of every Genius Square board: all C(36,7) = 8,347,680 blocker sets.

A board is a 36-bit mask (bit c = a blocker on cell c). The board's eight symmetries (D4,
from solver.grid.symmetries) map boards to boards that are solvable together, so every
board is decided through its orbit's representative, the smallest mask among its images.
Everything about the whole set of boards is done with numpy on uint64 masks: the images
come from byte lookup tables (five bytes of a mask, each looked up per symmetry and OR-ed),
orbit sizes are counted (8 divided by the number of symmetries fixing the representative),
and the simple reasons for unsolvability are bit tricks over all boards at once.

Only the representatives (about 1.05 million) are searched, in numeric order so that
neighbouring boards share their deep search states (the search fills cells from A1 on,
so boards differing only in their first rows meet in the same states); a worker keeps the
states it has decided in a table across boards (see `decide_chunk`). Boards with a simple
reason (one checkerboard colour, two isolated single cells, two isolated dominoes) are
settled without a search.

The quadrant partition (|Q1|, |Q2|, |Q3|, |Q4|) counts the blockers in the four 3x3
quadrants, Q1 top-left, Q2 top-right, Q3 bottom-right, Q4 bottom-left (Jensen 2023, Fig. 13);
partitions that a symmetry maps onto each other are grouped under the thesis's Table 3 rows.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import time
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Callable

import numpy as np

from ..assets import asset_path
from ..atomic import write_bytes_atomic, write_text_atomic
from ..errors import SquarewiseError
from ..safe_npz import load_npz
from ..safe_read import read_bytes, read_json
from ..grid import symmetries
from ..parallel import default_jobs, run_chunks
from . import board, search
from .board import CELLS

BLOCKERS = 7
BOARDS = comb(CELLS, BLOCKERS)
CHUNK = 4096  # orbit representatives per chunk of work
ROUND = 16     # chunks per process between two checkpoint saves
THESIS_UNSOLVABLE = 172_440

# Table 3 of Jensen (2023): partition, multiple, unsolvable boards as printed
THESIS_TABLE = (
    ((7, 0, 0, 0), 4, 8), ((6, 1, 0, 0), 8, 528), ((6, 0, 1, 0), 4, 216), ((5, 2, 0, 0), 8, 2_752),
    ((5, 0, 2, 0), 4, 4_536), ((5, 1, 1, 0), 8, 2_620), ((5, 1, 0, 1), 4, 992), ((4, 3, 0, 0), 8, 5_216),
    ((4, 0, 3, 0), 4, 11_048), ((4, 2, 1, 0), 8, 12_032), ((4, 2, 0, 1), 8, 9_644), ((4, 0, 2, 1), 8, 1_592),
    ((4, 1, 1, 1), 4, 9_416), ((3, 3, 1, 0), 8, 14_256), ((3, 1, 3, 0), 4, 15_992), ((3, 2, 2, 0), 8, 30_600),
    ((3, 2, 0, 2), 4, 8_892), ((3, 2, 1, 1), 8, 5_208), ((3, 1, 2, 1), 4, 14_672), ((2, 2, 2, 1), 4, 22_220),
)
THESIS_TOTALS = {(3, 2, 1, 1): 1_959_522, (3, 1, 2, 1): 979_766}  # the two slips in its Total Boards column

REASONS = ("all 7 blockers on one checkerboard colour", "two isolated single cells",
           "two isolated dominoes", "other")
CHECKERBOARD, SINGLES, DOMINOES, OTHER = range(4)

FULL = np.uint64((1 << CELLS) - 1)
DARK = np.uint64(board.DARK)
_COL1 = np.uint64(board.FIRST_COLUMN)
_COL6 = np.uint64(board.LAST_COLUMN)
_ONE, _SIX = np.uint64(1), np.uint64(6)


# ---- all boards, symmetries and orbits -------------------------------------------------

def all_boards() -> np.ndarray:
    """Every 7-blocker mask, as a sorted uint64 array of C(36,7) entries."""
    masks = np.zeros(1, dtype=np.uint64)
    top = np.full(1, -1, dtype=np.int8)  # highest blocker cell so far
    for _ in range(BLOCKERS):
        parts, tops = [], []
        for cell in range(CELLS):
            room = top < cell
            parts.append(masks[room] | np.uint64(1 << cell))
            tops.append(np.full(int(room.sum()), cell, dtype=np.int8))
        masks, top = np.concatenate(parts), np.concatenate(tops)
    masks.sort()
    return masks


@lru_cache(maxsize=None)
def _tables() -> np.ndarray:
    """tables[g, k, v]: the image under symmetry g of the cells in byte k of a mask whose byte k is v."""
    perms = [perm for _, perm in symmetries(board.SIZE, board.SIZE)]
    tables = np.zeros((len(perms), 5, 256), dtype=np.uint64)
    for g, perm in enumerate(perms):
        for k in range(5):
            for v in range(256):
                tables[g, k, v] = sum(1 << perm[8 * k + b] for b in range(8) if v >> b & 1 and 8 * k + b < CELLS)
    return tables


def image(masks: np.ndarray, g: int) -> np.ndarray:
    """The masks moved by symmetry number g of solver.grid.symmetries(6, 6)."""
    tables = _tables()[g]
    out = tables[0][(masks & np.uint64(255)).astype(np.intp)]
    for k in range(1, 5):
        out |= tables[k][((masks >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
    return out


def canonical(masks: np.ndarray) -> np.ndarray:
    """The orbit representative (the smallest image) of every mask."""
    masks = np.asarray(masks, dtype=np.uint64)
    best = masks.copy()
    for g in range(1, len(_tables())):
        np.minimum(best, image(masks, g), out=best)
    return best


def orbit_sizes(reps: np.ndarray) -> np.ndarray:
    """The size of each representative's orbit: 8 over the number of symmetries that fix it."""
    fixed = np.zeros(len(reps), dtype=np.int64)
    for g in range(len(_tables())):
        fixed += image(reps, g) == reps
    return len(_tables()) // fixed


def orbits(boards: np.ndarray | None = None, block: int = 1 << 20) -> tuple[np.ndarray, np.ndarray]:
    """(representatives, orbit sizes) of all boards (or of the given boards), sorted."""
    boards = all_boards() if boards is None else np.asarray(boards, dtype=np.uint64)
    keep = [part[canonical(part) == part] for part in np.array_split(boards, max(1, len(boards) // block))]
    reps = np.unique(np.concatenate(keep))
    return reps, orbit_sizes(reps)


# ---- quadrant partitions ---------------------------------------------------------------

QUADRANT_MASKS = tuple(
    sum(1 << (r * 6 + c) for r in rows for c in cols)
    for rows, cols in ((range(3), range(3)), (range(3), range(3, 6)),      # Q1 top-left, Q2 top-right
                       (range(3, 6), range(3, 6)), (range(3, 6), range(3)))  # Q3 bottom-right, Q4 bottom-left
)


def popcount(masks: np.ndarray) -> np.ndarray:
    return np.bitwise_count(masks).astype(np.int64)


def partitions(masks: np.ndarray) -> np.ndarray:
    """The (|Q1|, |Q2|, |Q3|, |Q4|) blocker counts of every mask, shape (n, 4)."""
    return np.stack([popcount(masks & np.uint64(q)) for q in QUADRANT_MASKS], axis=1)


def partition_images(part: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The partitions a board symmetry can turn `part` into (D4 on the four corners Q1 Q2 Q3 Q4)."""
    out = set()
    for turn in range(4):
        rotated = part[turn:] + part[:turn]
        out.add(rotated)
        out.add((rotated[0],) + rotated[:0:-1])
    return out


def partition_rows() -> list[dict]:
    """The Table 3 rows: each thesis partition with its board count, multiple and total boards."""
    rows = []
    for part, _, thesis in THESIS_TABLE:
        boards = 1
        for n in part:
            boards *= comb(9, n)
        multiple = len(partition_images(part))
        row = {"partition": list(part), "boards": boards, "multiple": multiple,
               "total_boards": boards * multiple, "thesis_unsolvable": thesis}
        if part in THESIS_TOTALS:
            row["thesis_total_boards"] = THESIS_TOTALS[part]
        rows.append(row)
    return rows


def partition_class(parts: np.ndarray) -> np.ndarray:
    """The index into THESIS_TABLE of each row of `partitions(...)`."""
    lookup = np.full(8 ** 4, -1, dtype=np.int64)
    for index, (part, _, _) in enumerate(THESIS_TABLE):
        for p in partition_images(part):
            lookup[((p[0] * 8 + p[1]) * 8 + p[2]) * 8 + p[3]] = index
    codes = ((parts[:, 0] * 8 + parts[:, 1]) * 8 + parts[:, 2]) * 8 + parts[:, 3]
    return lookup[codes]


# ---- simple reasons --------------------------------------------------------------------

def _neighbours(free: np.ndarray) -> tuple[np.ndarray, ...]:
    """For each direction, the free cells whose neighbour that way is free."""
    left = ((free & ~_COL6) << _ONE) & free     # cells whose left neighbour is free
    right = ((free & ~_COL1) >> _ONE) & free    # cells whose right neighbour is free
    up = (free << _SIX) & free & FULL           # cells whose upper neighbour is free
    down = (free >> _SIX) & free                # cells whose lower neighbour is free
    return left, right, up, down


def reasons(masks: np.ndarray) -> np.ndarray:
    """The simple reason code of every mask (CHECKERBOARD, SINGLES, DOMINOES; else OTHER).

    The first that applies wins, in that order: all 7 blockers on one colour; two or more
    free cells with no free neighbour; two or more free regions of exactly two cells.
    """
    masks = np.asarray(masks, dtype=np.uint64)
    free = ~masks & FULL
    left, right, up, down = _neighbours(free)
    some = left | right | up | down
    two = (left & right) | (left & up) | (left & down) | (right & up) | (right & down) | (up & down)
    lonely = free & ~some
    single = some & ~two  # free cells with exactly one free neighbour
    dominoes = popcount(single & (single >> _ONE) & right) + popcount(single & (single >> _SIX) & down)
    dark = popcount(masks & DARK)
    out = np.full(len(masks), OTHER, dtype=np.int8)
    out[dominoes >= 2] = DOMINOES
    out[popcount(lonely) >= 2] = SINGLES
    out[(dark == 0) | (dark == BLOCKERS)] = CHECKERBOARD
    return out


# ---- deciding the representatives ------------------------------------------------------

_known: dict[int, bool] = {}
KNOWN_LIMIT = 50_000  # states a worker remembers before it starts afresh (small tables share a machine better)


def decide_chunk(masks) -> list[int]:
    """The masks (boards without a simple reason) in the chunk that have no tiling.

    Uses the engine's bulk decision, search.is_solvable, with a table of decided states that
    the worker keeps across boards and chunks (cleared when it passes KNOWN_LIMIT).
    """
    if len(_known) > KNOWN_LIMIT:
        _known.clear()
    return [m for m in map(int, masks) if not search.is_solvable(m, _known)]


def forget_states() -> None:
    """Empty this process's table of decided states (for fair timings; forked workers inherit it)."""
    _known.clear()


def _chunk_index(key, chunks: int) -> int:
    """A checkpoint's chunk number: the ASCII decimal key of a chunk that exists."""
    if not isinstance(key, str) or not key.isascii() or not key.isdigit() or len(key) > 9 or int(key) >= chunks:
        raise ValueError(f"bad chunk {key!r}")
    return int(key)


def _mask(value) -> int:
    """A board in a checkpoint: a 36-bit blocker mask with seven bits set."""
    if type(value) is not int or not 0 <= value < 1 << 36 or value.bit_count() != 7:
        raise ValueError(f"bad board {value!r}")
    return value


class Checkpoint:
    """Finished chunks saved to a JSON file (rewritten atomically), so a stopped run resumes.

    The file names the work it belongs to (`identity`: a digest of the boards and the chunk
    size); resuming from a file made for other work is refused.
    """

    def __init__(self, path: str | os.PathLike | None, identity: dict, resume: bool):
        self.path = None if path is None else Path(path)
        self.identity = {"kind": "genius-census", **identity}
        self.done: dict[int, list[int]] = {}
        if self.path is not None and resume and os.path.lexists(self.path):
            self._load()
        self.resumed = len(self.done)
        self.save()

    @staticmethod
    def read(path) -> dict:
        """The checkpoint file's document (an object); SquarewiseError if it is no checkpoint at all.

        The CLI calls this before the long work, so a broken file is refused at once."""
        try:
            doc = read_json(path, "checkpoint")
        except SquarewiseError as exc:
            raise SquarewiseError(f"{exc}; it cannot be read as a census checkpoint") from None
        if not isinstance(doc, dict) or doc.get("kind") != "genius-census":
            raise SquarewiseError(f"checkpoint '{path}' cannot be read as a census checkpoint (not one)")
        return doc

    def _load(self) -> None:
        doc = self.read(self.path)
        if not all(doc.get(k) == v for k, v in self.identity.items()):
            raise SquarewiseError(f"checkpoint '{self.path}' was made for other work (other boards or chunk size)")
        try:
            self.done = {_chunk_index(k, self.identity["chunks"]): [_mask(m) for m in v]
                         for k, v in doc["done"].items()}
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SquarewiseError(f"checkpoint '{self.path}' cannot be read as a census checkpoint ({exc})") from None

    def save(self) -> None:
        if self.path is None:
            return
        doc = {**self.identity, "done": {str(k): v for k, v in sorted(self.done.items())}}
        try:
            write_text_atomic(self.path, json.dumps(doc))
        except OSError as exc:
            raise SquarewiseError(f"cannot write checkpoint '{self.path}': {exc.strerror or exc}") from None


def decide(reps: np.ndarray, jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
           checkpoint: str | None = None, resume: bool = False,
           cancelled: Callable[[], bool] | None = None, chunk: int = CHUNK) -> tuple[np.ndarray, int] | None:
    """(the unsolvable representatives among `reps`, chunks taken from the checkpoint); None if cancelled.

    Boards with a simple reason need no search; the rest are cut into chunks of `chunk` and
    decided by `decide_chunk` on `jobs` processes, in rounds of a few chunks per process
    so that each finished round is written to the checkpoint file.
    """
    reps = np.asarray(reps, dtype=np.uint64)
    simple = reasons(reps) != OTHER
    hard = reps[~simple]
    chunks = np.array_split(hard, max(1, -(-len(hard) // chunk)))
    identity = {"boards": len(reps), "digest": hashlib.sha256(reps.tobytes()).hexdigest()[:20],
                "chunk": chunk, "chunks": len(chunks)}
    state = Checkpoint(checkpoint, identity, resume)
    todo = [i for i in range(len(chunks)) if i not in state.done]
    per_round = (jobs or default_jobs()) * ROUND
    finished = 0
    for start in range(0, len(todo), per_round):
        batch = todo[start:start + per_round]

        def step(done, _total, base=finished):
            if progress:
                progress(base + done, len(todo))

        results = run_chunks(decide_chunk, [chunks[i] for i in batch], jobs, step, cancelled)
        if results is None:
            return None
        state.done.update(zip(batch, results))
        state.save()
        finished += len(batch)
    if progress and not todo:
        progress(1, 1)
    found = np.array([m for part in state.done.values() for m in part], dtype=np.uint64)
    return np.unique(np.concatenate([reps[simple], found])), state.resumed


# ---- the census ------------------------------------------------------------------------

def census(jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
           checkpoint: str | None = None, resume: bool = False,
           cancelled: Callable[[], bool] | None = None, save: str | None = None) -> dict | None:
    """Decide every board; the report as a JSON-ready dict (None if cancelled).

    `save`, if given, is where the unsolvable orbit representatives are written (see save_unsolvable).
    """
    start = time.perf_counter()
    reps, sizes = orbits()
    decided = decide(reps, jobs, progress, checkpoint, resume, cancelled)
    if decided is None:
        return None
    bad, resumed = decided
    if save:
        save_unsolvable(bad, save)
    report = summarise(reps, sizes, bad)
    report["seconds"] = round(time.perf_counter() - start, 1)
    report["resumed_chunks"] = resumed
    return report


def summarise(reps: np.ndarray, sizes: np.ndarray, bad: np.ndarray) -> dict:
    """Counts by partition and reason from the representatives, their orbit sizes and the bad ones."""
    unsolvable = np.isin(reps, bad)
    rows = partition_rows()
    group = partition_class(partitions(reps))
    for index, row in enumerate(rows):
        here = group == index
        row["orbits"] = int(here.sum())
        row["unsolvable"] = int(sizes[here & unsolvable].sum())
    why = reasons(reps[unsolvable])
    by_reason = {name: int(sizes[unsolvable][why == code].sum()) for code, name in enumerate(REASONS)}
    all_why = reasons(all_boards())
    return {"boards": int(sizes.sum()), "orbits": len(reps), "unsolvable": int(sizes[unsolvable].sum()),
            "unsolvable_orbits": int(unsolvable.sum()), "thesis_unsolvable": THESIS_UNSOLVABLE,
            "by_partition": rows, "by_reason": by_reason,
            "boards_by_reason": {name: int((all_why == code).sum()) for code, name in enumerate(REASONS[:3])}}


# ---- the cached result -----------------------------------------------------------------

CACHE_NAME = "assets/census/unsolvable.npz"
MAX_CACHE_BYTES = 64 << 20     # the shipped cache is ~100 kB


def cache_path() -> Path:
    """The bundled cache (CACHE_NAME), wherever the assets are installed."""
    return asset_path(*Path(CACHE_NAME).parts[1:])


def save_unsolvable(bad: np.ndarray, path) -> None:
    """Write the unsolvable orbit representatives (sorted uint64) compressed, atomically."""
    path = Path(path)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, representatives=np.sort(np.asarray(bad, dtype=np.uint64)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, buffer.getvalue())
    except OSError as exc:
        raise SquarewiseError(f"cannot write '{path}': {exc.strerror or exc}") from None


def load_unsolvable(path=None) -> np.ndarray:
    """The sorted unsolvable orbit representatives from the cache file (read through safe_read)."""
    path = Path(path) if path is not None else cache_path()
    try:
        data = read_bytes(path, "census cache", MAX_CACHE_BYTES)
    except SquarewiseError as exc:
        if not os.path.lexists(path):
            raise SquarewiseError(f"census cache '{path}' not found (make it with: squarewise genius census "
                                  f"--save {path})") from None
        raise exc from None
    where = f"census cache '{path}'"
    arrays = load_npz(data, where, lambda name: name == "representatives", _boards_list, MAX_CACHE_BYTES)
    if "representatives" not in arrays:
        raise SquarewiseError(f"{where} cannot be read: it holds no 'representatives'")
    return np.sort(arrays["representatives"].astype(np.uint64))


def _boards_list(_name: str, shape: tuple, dtype: np.dtype) -> str | None:
    """Why a census cache's member is not a list of boards (blocker masks), or None."""
    if len(shape) != 1 or dtype.kind not in "ui" or dtype.itemsize > 8:
        return f"is not a list of boards (shape {shape}, type {dtype})"
    return None


def unsolvable_among(masks: np.ndarray, bad_reps: np.ndarray) -> np.ndarray:
    """A boolean array: which of the masks are unsolvable boards (given the sorted bad representatives)."""
    canon = canonical(np.asarray(masks, dtype=np.uint64))
    at = np.searchsorted(bad_reps, canon)
    at[at == len(bad_reps)] = 0
    return bad_reps[at] == canon if len(bad_reps) else np.zeros(len(canon), dtype=bool)
