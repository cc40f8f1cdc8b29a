"""The census: board enumeration, D4 orbits, partitions, reasons, decisions, checkpoints, cache."""
from __future__ import annotations

import json
import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from solver.errors import SquarewiseError
from solver.genius import census, reference, search
from solver.genius.board import CELLS, SIZE, cells_of, mask
from solver.genius.position import Position
from solver.grid import parse_cell, symmetries
from tests.validate_genius import check_position, check_solution

PERMS = [perm for _, perm in symmetries(SIZE, SIZE)]


def named(*names) -> int:
    return mask(parse_cell(n) for n in names)


@pytest.fixture(scope="module")
def boards():
    return census.all_boards()


@pytest.fixture(scope="module")
def orbits(boards):
    return census.orbits(boards)


@pytest.fixture(scope="module")
def cache():
    return census.load_unsolvable()


def test_all_boards_are_the_distinct_seven_cell_sets(boards):
    assert len(boards) == comb(36, 7) == census.BOARDS == 8_347_680
    assert np.all(np.diff(boards) > 0)  # sorted and distinct
    assert np.all(np.bitwise_count(boards) == 7)
    assert int(boards.max()) < 1 << 36


def test_images_match_the_grid_symmetries_cell_by_cell():
    rng = random.Random(5)
    sample = [rng.sample(range(CELLS), 7) for _ in range(200)]
    masks = np.array([mask(s) for s in sample], dtype=np.uint64)
    for g, perm in enumerate(PERMS):
        got = census.image(masks, g)
        assert [int(x) for x in got] == [mask(perm[c] for c in s) for s in sample]


def test_orbits_cover_every_board_once_with_counted_sizes(boards, orbits):
    reps, sizes = orbits
    assert int(sizes.sum()) == len(boards)
    assert set(np.unique(sizes).tolist()) <= {4, 8}  # 7 blockers: no board has a turn symmetry
    # sizes counted a second way: how many boards have each representative as their canonical form
    canon = np.concatenate([census.canonical(part) for part in np.array_split(boards, 8)])
    found, counts = np.unique(canon, return_counts=True)
    assert np.array_equal(found, reps)
    assert np.array_equal(counts, sizes)


def test_orbit_of_a_sample_by_brute_force(orbits):
    reps, sizes = orbits
    rng = np.random.default_rng(7)
    for i in rng.choice(len(reps), 300, replace=False):
        cells = cells_of(int(reps[i]))
        images = {mask(perm[c] for c in cells) for perm in PERMS}
        assert min(images) == int(reps[i])
        assert len(images) == sizes[i]


def test_partitions_count_the_blockers_in_each_quadrant(boards):
    parts = census.partitions(boards[:: 1001])
    for m, p in zip(boards[:: 1001][:500], parts[:500]):
        q = [0, 0, 0, 0]
        for c in cells_of(int(m)):
            r, col = divmod(c, 6)
            q[[0, 1, 3, 2][(r >= 3) * 2 + (col >= 3)]] += 1  # Q1 TL, Q2 TR, Q4 BL, Q3 BR
        assert list(p) == q


def test_the_partition_table_adds_up_to_the_census(orbits):
    rows = census.partition_rows()
    reps, sizes = orbits
    group = census.partition_class(census.partitions(reps))
    assert group.min() == 0
    for index, row in enumerate(rows):
        assert int(sizes[group == index].sum()) == row["total_boards"], row
        assert row["multiple"] == census.THESIS_TABLE[index][1]  # the printed multiple, recomputed
    assert sum(r["total_boards"] for r in rows) == 8_347_680
    slips = {tuple(r["partition"]): r for r in rows if "thesis_total_boards" in r}
    assert slips[(3, 2, 1, 1)]["total_boards"] == 1_959_552 != slips[(3, 2, 1, 1)]["thesis_total_boards"]
    assert slips[(3, 1, 2, 1)]["total_boards"] == 979_776 != slips[(3, 1, 2, 1)]["thesis_total_boards"]
    assert sum(r["boards"] for r in rows) == 1_521_054  # the thesis's count of boards it ran


@pytest.mark.parametrize("cells, code", [
    (["A1", "A3", "A5", "B2", "B4", "C1", "F6"], census.CHECKERBOARD),          # all dark
    (["A2", "B1", "E6", "F5", "C3", "D3", "B5"], census.SINGLES),               # A1 and F6 cut off
    (["A3", "B1", "B2", "E5", "E6", "F4", "C4"], census.DOMINOES),              # A1A2 and F5F6 cut off
    (["A2", "B1", "C3", "D3", "B5", "E4", "F2"], census.OTHER),                 # only A1 cut off
    (["A1", "A2", "A3", "A4", "A5", "A6", "B1"], census.OTHER),
])
def test_reason_classifier_on_constructed_boards(cells, code):
    m = named(*cells)
    assert census.reasons(np.array([m], dtype=np.uint64))[0] == code
    assert (search.bare_reason(m) or "other") == census.REASONS[code]


def test_reason_classifier_agrees_with_the_engine(boards):
    rng = np.random.default_rng(11)
    sample = boards[rng.choice(len(boards), 3000, replace=False)]
    codes = census.reasons(sample)
    for m, code in zip(sample, codes):
        assert (search.bare_reason(int(m)) or "other") == census.REASONS[code]
    counts = np.bincount(census.reasons(boards), minlength=4)
    assert counts[census.CHECKERBOARD] == 2 * comb(18, 7) == 63_648  # Jensen, Theorem 5.2


def test_decisions_agree_with_both_solvers(orbits, cache):
    reps, _ = orbits
    rng = np.random.default_rng(3)
    sample = reps[rng.choice(len(reps), 120, replace=False)]
    hard = cache[census.reasons(cache) == census.OTHER]
    sample = np.concatenate([sample, hard[rng.choice(len(hard), 6, replace=False)]])
    bad = set(census.decide_chunk(sample))
    for m in map(int, sample):
        cells = cells_of(int(m))
        ref = next(reference.completions(cells), None)
        assert (ref is None) == (m in bad), cells
        if ref is not None:
            check_solution(cells, ref)
            done = search.solve(Position.from_blockers(cells))
            check_position(done, blockers=cells)


def test_cache_matches_a_sample_decided_from_scratch(orbits, cache):
    reps, sizes = orbits
    assert np.all(np.isin(cache, reps))
    assert int(sizes[np.isin(reps, cache)].sum()) == census.THESIS_UNSOLVABLE
    rng = np.random.default_rng(19)
    sample = np.concatenate([reps[rng.choice(len(reps), 400, replace=False)],
                             cache[rng.choice(len(cache), 100, replace=False)]])
    cached = census.unsolvable_among(sample, cache)
    assert [not search.is_solvable(int(m)) for m in sample] == cached.tolist()
    # any image of a board is found as well
    moved = census.image(sample, 5)
    assert census.unsolvable_among(moved, cache).tolist() == cached.tolist()


def test_checkpoint_resume_skips_finished_chunks(orbits, tmp_path, monkeypatch):
    reps, _ = orbits
    work = reps[200_000:200_000 + 600]
    expected, _ = census.decide(work, jobs=1, chunk=50)
    monkeypatch.setattr(census, "ROUND", 2)  # a checkpoint save every 2 chunks
    calls = []
    real = census.decide_chunk
    monkeypatch.setattr(census, "decide_chunk", lambda chunk: calls.append(len(chunk)) or real(chunk))
    path = tmp_path / "ck.json"
    assert census.decide(work, jobs=1, checkpoint=path, chunk=50, cancelled=lambda: len(calls) >= 5) is None
    saved = json.loads(path.read_text())
    assert 0 < len(saved["done"]) < saved["chunks"]
    first = len(calls)
    bad, resumed = census.decide(work, jobs=1, checkpoint=path, resume=True, chunk=50)
    assert resumed == len(saved["done"])
    assert len(calls) - first == saved["chunks"] - resumed  # finished chunks were not redone
    assert np.array_equal(bad, expected)
    with pytest.raises(SquarewiseError, match="other work"):
        census.decide(reps[:600], jobs=1, checkpoint=path, resume=True, chunk=50)


def test_checkpoint_errors_are_one_line(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(SquarewiseError, match="cannot be read"):
        census.decide(np.array([named("A1", "A2", "A3", "A4", "A5", "A6", "B1")], dtype=np.uint64),
                      jobs=1, checkpoint=broken, resume=True)
    with pytest.raises(SquarewiseError, match="cannot write checkpoint"):
        census.decide(np.array([1], dtype=np.uint64), jobs=1, checkpoint=tmp_path / "no" / "dir" / "ck.json")


def test_the_unsolvable_cache_round_trips(tmp_path, cache):
    path = tmp_path / "u.npz"
    census.save_unsolvable(cache[::-1], path)
    assert np.array_equal(census.load_unsolvable(path), cache)


def test_a_missing_unsolvable_cache_is_not_found(tmp_path):
    with pytest.raises(SquarewiseError, match="not found"):
        census.load_unsolvable(tmp_path / "missing.npz")


def test_cli_bad_input_exits_2_with_one_line(capsys, tmp_path):
    from solver.cli import main
    for argv in (["genius", "census", "--jobs", "0"], ["genius", "census", "--resume"],
                 ["genius", "census", "--jobs", "x"], ["genius", "census", "--save", str(tmp_path / "no" / "u.npz")],
                 ["genius", "census", "--checkpoint", str(tmp_path / "no" / "ck.json")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("squarewise: error:"), err


def test_every_two_cell_pair_lookup_is_consistent():
    # the byte tables send every single cell where the permutation does
    for g, perm in enumerate(PERMS):
        for a, b in combinations(range(0, 36, 5), 2):
            got = int(census.image(np.array([mask([a, b])], dtype=np.uint64), g)[0])
            assert got == mask([perm[a], perm[b]])
