"""The exact number of solutions of every Genius Square board (`squarewise genius census --counts`).

The board is cut between rows C and D (see cut.py). A board is its blockers P above the cut and
Q below. A state at the cut is s = (O, U): the cells below the cut already covered by pieces
whose lowest cell is above it, and the set of those pieces. Then

    count(P + Q) = sum over s of Above[P, s] * Below[s, Q]

where Above[P, s] counts the ways to fill rows A-C around P ending in state s, and Below[s, Q]
the ways to fill rows D-F around O and Q with exactly the pieces not in U. For a fixed number k
of blockers above, that is one matrix product (rows: the C(18, k) sets P, columns: the
C(18, 7 - k) sets Q), exact in float64 since every partial sum is at most the board's count.

Only boards with k <= 3 are counted (4,173,840, half of all): the top-bottom mirror turns every
other board into one of them, as 7 is odd. The work is in two stages:
  1. the states (a quick pass that counts blockers instead of naming them) and the Below table,
     built from every overflow O at once, in groups of overflows on all processes;
  2. units of work named by the blockers on rows A-B (299 patterns, dealt into UNITS units):
     each builds its rows of Above and multiplies them by Below, giving the counts of its
     boards. Finished units go to the checkpoint; a resumed run rebuilds stage 1 and skips them.
A run can be restricted to some patterns and some sets Q (the tests do that in seconds).
"""
from __future__ import annotations

import hashlib
import io
import sys
import json
import os
import re
import time
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..atomic import write_bytes_atomic
from ..errors import SquarewiseError
from ..grid import cell_name, symmetries
from ..parallel import default_jobs, run_chunks
from ..safe_npz import load_npz
from ..safe_read import read_bytes
from . import census, cut
from .board import SIZE, cells_of
from .roll_counts import PERCENTILES

TOP_MAX = 3          # blockers above the cut on the boards counted directly
PREFIX = 12          # cells of rows A and B, whose blockers name a pattern
UNITS = 16           # units of work in stage 2
OVERFLOW_GROUPS = 8  # groups of overflows in stage 1
DENSE = 1 << 24      # float64 cells of one dense block of Below (128 MiB)
MIRROR_TB = [name for name, _ in symmetries(SIZE, SIZE)].index("mirror-tb")
MAX_CHECKPOINT_BYTES = 256 << 20
_UNIT = re.compile(r"unit[0-9]{1,6}")       # a checkpoint's member: one unit's counts
ALL_PIECES = np.uint64((1 << 9) - 1)


def subsets(cells: Sequence[int], most: int, exactly: int | None = None) -> np.ndarray:
    """The masks of the subsets of `cells` with at most `most` (or exactly `exactly`) elements, sorted."""
    sizes = [exactly] if exactly is not None else range(most + 1)
    return np.array(sorted(sum(1 << c for c in pick) for n in sizes for pick in combinations(cells, n)),
                    dtype=np.uint64)


def patterns() -> np.ndarray:
    """Every set of at most TOP_MAX blockers on rows A-B (299), fewest blockers first: the fewer,
    the more work, so dealing them in turn gives the units similar shares."""
    pats = subsets(range(PREFIX), TOP_MAX)
    return pats[np.lexsort((pats, np.bitwise_count(pats)))]


def unit_patterns(unit: int, units: int = UNITS) -> np.ndarray:
    """The patterns of one unit: every units-th pattern (sorted)."""
    return np.sort(patterns()[unit::units])


def unit_of(boards: np.ndarray) -> np.ndarray:
    """The unit that counts each board (boards with at most TOP_MAX blockers above the cut)."""
    pats = patterns()
    order = np.argsort(pats)
    return order[np.searchsorted(pats[order], boards & np.uint64((1 << PREFIX) - 1))] % UNITS


def default_columns() -> dict[int, np.ndarray]:
    """For each k, every set Q of 7 - k blockers below the cut (masks relative to D1)."""
    return {k: subsets(range(cut.HALF), 0, census.BLOCKERS - k) for k in range(TOP_MAX + 1)}


def unit_rows(pats: np.ndarray, k: int) -> np.ndarray:
    """The sets P of exactly k blockers above the cut whose rows A-B part is one of `pats`, sorted."""
    tails = subsets(range(PREFIX, cut.HALF), TOP_MAX)
    rows = (pats[:, None] | tails[None, :]).ravel()
    return np.sort(rows[np.bitwise_count(rows) == k])


def unit_boards(pats: np.ndarray, columns: dict[int, np.ndarray]) -> np.ndarray:
    """The boards of a unit, in the order of its counts: by k, then P, then Q."""
    parts = [(unit_rows(pats, k)[:, None] | (columns[k][None, :] << np.uint64(cut.HALF))).ravel()
             for k in range(TOP_MAX + 1)]
    return np.concatenate(parts)


# ---- stage 1: states and the Below table -----------------------------------------------

@lru_cache(maxsize=1)
def states() -> dict[int, np.ndarray]:
    """For each k <= TOP_MAX, the states reachable with k blockers above: sorted keys O << 9 | U."""
    keys, _ = cut.tile_half(np.zeros(1, dtype=np.uint64), 0, TOP_MAX, keep_holes=False)
    k, key = cut.holes(keys), cut.beyond(keys) << np.uint64(9) | cut.used(keys)
    return {j: np.unique(key[k == j]) for j in range(TOP_MAX + 1)}


def below_job(job) -> dict[int, tuple]:
    """The entries of Below from a group of overflows (a worker's job), as below_tables.

    job = (overflows, columns, fixed): with fixed False, any 0..7 blockers below the cut; else
    only the sets Q in `columns`. The overflow is kept as a tag in bits 18..35 of each key."""
    overflows, columns, fixed = job
    tag = overflows << np.uint64(cut.HALF)
    if not fixed:
        keys, weights = cut.tile_half(overflows | tag, cut.HALF, census.BLOCKERS)
    else:
        rest = np.unique(np.concatenate(list(columns.values())))
        starts = (overflows[:, None] | tag[:, None] | rest[None, :] | (rest[None, :] << cut.HOLES)).ravel()
        keys, weights = cut.tile_half(starts[(overflows[:, None] & rest[None, :]).ravel() == 0], cut.HALF, 0)
    return below_tables(keys, weights, states(), columns)


def below_tables(keys: np.ndarray, weights: np.ndarray, found: dict[int, np.ndarray],
                 columns: dict[int, np.ndarray]) -> dict[int, tuple]:
    """For each k: (state index, column index, weight) of every entry of Below, by state index."""
    q = cut.holes(keys)
    state = cut.beyond(keys) << np.uint64(9) | (ALL_PIECES ^ cut.used(keys))
    k_of = census.BLOCKERS - np.bitwise_count(q).astype(np.int64)
    tables = {}
    for k in range(TOP_MAX + 1):
        here = np.flatnonzero(k_of == k)
        s_at, q_at = _positions(found[k], state[here]), _positions(columns[k], q[here])
        keep = (s_at >= 0) & (q_at >= 0)
        tables[k] = (s_at[keep].astype(np.int32), q_at[keep].astype(np.int32), weights[here][keep])
    return tables


def by_state(parts: list[dict[int, tuple]]) -> dict[int, tuple]:
    """The workers' entries of Below joined, for each k sorted by state index."""
    tables = {}
    for k in parts[0]:
        s_at, q_at, w = (np.concatenate(x) for x in zip(*(part[k] for part in parts)))
        order = np.argsort(s_at, kind="stable")
        tables[k] = (s_at[order], q_at[order], w[order])
    return tables


def _positions(sorted_keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The index of each value in sorted_keys, or -1 where it is absent."""
    at = np.searchsorted(sorted_keys, values)
    at[at == len(sorted_keys)] = 0
    return np.where(sorted_keys[at] == values, at, -1) if len(sorted_keys) else np.full(len(values), -1)


# ---- stage 2: Above and the products ---------------------------------------------------

_shared: dict = {}   # set before the stage-2 pool forks: states, columns, Below tables


def above_job(pats: np.ndarray) -> np.ndarray:
    """The solution counts of the boards of one unit (see unit_boards), as uint32."""
    found, columns, tables = _shared["states"], _shared["columns"], _shared["tables"]
    starts = pats | (pats << cut.HOLES)
    keys, weights = cut.tile_half(starts, 0, TOP_MAX, hole_from=PREFIX)
    p, state = cut.holes(keys), cut.beyond(keys) << np.uint64(9) | cut.used(keys)
    k_of = np.bitwise_count(p).astype(np.int64)
    out = []
    for k in range(TOP_MAX + 1):
        rows, here = unit_rows(pats, k), k_of == k
        above = np.zeros((len(rows), len(found[k])))
        above[np.searchsorted(rows, p[here]), np.searchsorted(found[k], state[here])] = weights[here]
        out.append(product(above, *tables[k], len(columns[k])).ravel())
    counts = np.concatenate(out)
    if counts.size and counts.max() >= 2 ** 32:
        raise OverflowError("a count does not fit 32 bits")
    return np.rint(counts).astype(np.uint32)


def product(above: np.ndarray, s_at: np.ndarray, q_at: np.ndarray, w: np.ndarray, columns: int) -> np.ndarray:
    """above @ Below for Below given by its entries sorted by state: gathered row by row when
    there are few rows, else as dense blocks of states."""
    rows, n_states = above.shape
    if rows * len(w) * 4 <= n_states * columns:
        out = np.empty((rows, columns))
        for r in range(rows):
            out[r] = np.bincount(q_at, weights=w * above[r, s_at], minlength=columns)
        return out
    out = np.zeros((rows, columns))
    step = max(1, DENSE // max(columns, 1))
    for s0 in range(0, n_states, step):
        lo, hi = np.searchsorted(s_at, [s0, s0 + step])
        block = np.zeros((min(step, n_states - s0), columns))
        block[s_at[lo:hi] - s0, q_at[lo:hi]] = w[lo:hi]
        out += above[:, s0:s0 + step] @ block
    return out


# ---- the run ---------------------------------------------------------------------------

class Checkpoint:
    """Finished units' counts in a numpy file (rewritten atomically), so a stopped run resumes.

    KIND names the work in the file and WHAT in messages: a subclass keeps other work's units
    (uint32 arrays) the same way (min_pieces_all.Checkpoint)."""

    KIND = "genius-counts"
    WHAT = "counts"

    def __init__(self, path, identity: dict, sizes: list[int], resume: bool):
        self.path = None if path is None else Path(path)
        self.identity = json.dumps({"kind": self.KIND, **identity}, sort_keys=True)
        self.sizes = sizes
        self.done: dict[int, np.ndarray] = {}
        if self.path is not None and resume and os.path.lexists(self.path):
            self.done = self.read(self.path, self.identity, sizes)
        self.resumed = len(self.done)

    @classmethod
    def read(cls, path, identity: str | None = None, sizes: list[int] | None = None) -> dict[int, np.ndarray]:
        """The finished units in the file; SquarewiseError if it is not a checkpoint of this work."""
        bad = f"checkpoint '{path}' cannot be read as a {cls.WHAT} checkpoint"
        data = read_bytes(path, "checkpoint", MAX_CHECKPOINT_BYTES)
        if not data.startswith(b"PK"):
            raise SquarewiseError(f"{bad} (not a numpy .npz file)")
        longest = max(sizes) if sizes else MAX_CHECKPOINT_BYTES // 4

        def check(name: str, shape: tuple, dtype: np.dtype) -> str | None:
            if name == "identity":
                return None if shape == () and dtype.kind == "U" and dtype.itemsize <= 1 << 16 else "is not a label"
            return None if dtype == np.uint32 and len(shape) == 1 and shape[0] <= longest else "is not a unit's counts"
        arrays = load_npz(data, bad, lambda name: name == "identity" or _UNIT.fullmatch(name) is not None, check,
                          MAX_CHECKPOINT_BYTES)
        if "identity" not in arrays:
            raise SquarewiseError(f"{bad} (not one)")
        try:
            doc = json.loads(str(arrays.pop("identity")))
        except ValueError:
            raise SquarewiseError(f"{bad} (not one)") from None
        units = {int(name[4:]): a for name, a in arrays.items()}
        if not isinstance(doc, dict) or doc.get("kind") != cls.KIND:
            raise SquarewiseError(f"{bad} (not one)")
        if identity is not None and json.dumps(doc, sort_keys=True) != identity:
            raise SquarewiseError(f"checkpoint '{path}' was made for other work")
        if sizes is not None and any(u >= len(sizes) or a.dtype != np.uint32 or a.shape != (sizes[u],)
                                     for u, a in units.items()):
            raise SquarewiseError(f"{bad} (a unit of the wrong size)")
        return units

    def save(self) -> None:
        if self.path is None:
            return
        buffer = io.BytesIO()
        np.savez(buffer, identity=np.array(self.identity), **{f"unit{u}": a for u, a in self.done.items()})
        try:
            write_bytes_atomic(self.path, buffer.getvalue())
        except OSError as exc:
            raise SquarewiseError(f"cannot write checkpoint '{self.path}': {exc.strerror or exc}") from None


def count(jobs: int | None = None, progress: Callable[[int, int], None] | None = None,
          checkpoint=None, resume: bool = False, cancelled: Callable[[], bool] | None = None,
          units: Sequence[int] | None = None, fixed: dict[int, np.ndarray] | None = None):
    """(boards, counts, units taken from the checkpoint) for the boards with at most TOP_MAX blockers
    above the cut; None if cancelled.

    `units` restricts stage 2 to some of the UNITS units, `fixed` the sets Q below the cut to the
    given ones (for each k, sorted masks relative to D1): the tests run the same pipeline so."""
    jobs = jobs or default_jobs()
    forks = sys.platform.startswith("linux")   # stage 2's workers inherit the Below table
    columns = fixed if fixed is not None else default_columns()
    todo_units = list(range(UNITS)) if units is None else sorted(units)
    sizes = [len(unit_boards(unit_patterns(u), columns)) for u in range(UNITS)]
    digest = hashlib.sha256(b"".join(c.tobytes() for c in columns.values())).hexdigest()[:20]
    identity = {"units": UNITS, "prefix": PREFIX, "top": TOP_MAX, "columns": digest}
    state = Checkpoint(checkpoint, identity, sizes, resume)
    todo = [u for u in todo_units if u not in state.done]
    total = OVERFLOW_GROUPS + len(todo)
    tick = (lambda done, _t, base=0: progress(base + done, total)) if progress else None

    found = states()
    overflows = np.unique(np.concatenate([s >> np.uint64(9) for s in found.values()]))
    groups = [(overflows[g::OVERFLOW_GROUPS], columns, fixed is not None) for g in range(OVERFLOW_GROUPS)]
    parts = run_chunks(below_job, groups, jobs, tick, cancelled) if todo else []
    if parts is None:
        return None
    if todo:
        _shared.update(states=found, columns=columns, tables=by_state(parts))
        del parts
    per_round = jobs * 2
    for start in range(0, len(todo), per_round):
        batch = todo[start:start + per_round]
        step = (lambda done, _t, base=OVERFLOW_GROUPS + start: progress(base + done, total)) if progress else None
        results = run_chunks(above_job, [unit_patterns(u) for u in batch], jobs if forks else 1, step, cancelled)
        if results is None:
            return None
        state.done.update(zip(batch, results))
        state.save()
    _shared.clear()
    if progress and not todo:
        progress(1, 1)
    boards = np.concatenate([unit_boards(unit_patterns(u), columns) for u in todo_units])
    counts = np.concatenate([state.done[u] for u in todo_units])
    return boards, counts, state.resumed


# ---- the summary and the saved table ---------------------------------------------------

def mirrored(boards: np.ndarray) -> np.ndarray:
    """The boards mirrored top to bottom (rows A-C <-> F-D)."""
    return census.image(boards, MIRROR_TB)


def _names(board: int) -> list[str]:
    return [cell_name(c) for c in cells_of(board)]


def summarise(boards: np.ndarray, counts: np.ndarray) -> dict:
    """The report over every board: the counted half and its mirror images (same counts)."""
    every = np.concatenate([boards, mirrored(boards)])
    n = np.concatenate([counts, counts]).astype(np.int64)
    values, times = np.unique(n, return_counts=True)
    top = int(values[-1])
    return {
        "boards": int(len(n)), "tilings": int(n.sum()),
        "distribution": {str(int(v)): int(t) for v, t in zip(values, times)},
        "unsolvable": int(times[0]) if values[0] == 0 else 0,
        "mean": round(float(n.mean()), 2), "median": float(np.median(n)),
        "percentiles": {str(p): float(q) for p, q in zip(PERCENTILES, np.percentile(n, PERCENTILES))},
        "max": {"solutions": top, "boards": [_names(int(b)) for b in np.sort(every[n == top])]},
        "single": [_names(int(b)) for b in np.sort(every[n == 1])],
    }


def by_orbit(boards: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """(orbit representatives, their counts, whether every board of an orbit has the same count)."""
    reps, first, inverse = np.unique(census.canonical(boards), return_index=True, return_inverse=True)
    return reps, counts[first], bool(np.array_equal(counts, counts[first][inverse]))


def save(reps: np.ndarray, counts: np.ndarray, path) -> None:
    """Write one count per symmetry class: `representatives` (uint64 masks, sorted, as in
    census.canonical) and `counts` (uint32), compressed, atomically."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, representatives=reps.astype(np.uint64), counts=counts.astype(np.uint32))
    try:
        write_bytes_atomic(Path(path), buffer.getvalue())
    except OSError as exc:
        raise SquarewiseError(f"cannot write '{path}': {exc.strerror or exc}") from None


def run(jobs=None, progress=None, checkpoint=None, resume=False, cancelled=None, save_to=None) -> dict | None:
    """The whole count and its report (None if cancelled); `save_to` also writes the table."""
    start = time.perf_counter()
    done = count(jobs, progress, checkpoint, resume, cancelled)
    if done is None:
        return None
    boards, counts, resumed = done
    report = summarise(boards, counts)
    reps, rep_counts, same = by_orbit(boards, counts)
    if save_to:
        save(reps, rep_counts, save_to)
    report.update(orbits=int(len(reps)), orbits_agree=same, resumed_units=resumed,
                  seconds=round(time.perf_counter() - start, 1))
    return report
