"""The fewest givens that fix a MacMahon solution: the level-by-level count of every cell
subset and the per-solution hitting-set search agree with each other and with direct counting
of the solutions that keep the givens; the answers are checked by the independent validator.
The whole computation (`macmahon min-givens`, seconds) does not run here."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from solver.macmahon import min_givens as mg
from solver.macmahon.daily import BOARD
from solver.macmahon.search import completions, solution_table
from tests.macmahon.helpers import direct_m
from tests.macmahon.test_daily import solved_boards  # noqa: F401  (the fixture)
from tests.validate_macmahon import count_agreeing

RNG = np.random.default_rng(30)


@pytest.mark.parametrize("rotation", [True, False])
def test_hitting_sets_agree_with_subset_counting_on_a_smaller_solution_set(rotation):
    # any set of solutions defines m; 3,000 of them keep every subset size fast to count
    table = solution_table(BOARD)
    values = mg.given_values(table[RNG.choice(len(table), 3000, replace=False)], rotation)
    ranks, base = mg.dense(values)
    m = np.zeros(len(values), np.int8)
    for k in range(1, 5):
        fixed = mg.fixed_by_subsets(ranks, base, list(itertools.combinations(range(24), k)))
        m[(m == 0) & fixed] = k
    diffs = mg.DifferenceSets(values)
    for s in RNG.choice(len(values), 40, replace=False):
        size, puzzles = mg.smallest_puzzles(diffs, int(s))
        assert size == direct_m(values, int(s)) and (m[s] == size or m[s] == 0 and size > 4)
        for mask in puzzles:                           # each proper, of the smallest size
            cells = mg.cells_of(mask)
            assert len(cells) == size and (values[:, cells] == values[s, cells]).all(axis=1).sum() == 1


def test_hitting_set_search_finds_every_smallest_puzzle():
    values = solution_table(BOARD)
    diffs = mg.DifferenceSets(values)
    s = int(RNG.integers(len(values)))
    size, puzzles = mg.smallest_puzzles(diffs, s)
    equal = values == values[s]
    direct = [sum(1 << c for c in subset) for subset in itertools.combinations(range(24), size)
              if equal[:, subset].all(axis=1).sum() == 1]
    assert sorted(puzzles) == sorted(direct) and direct


@pytest.mark.parametrize("k", [1, 2, 3])
def test_subset_orbits_cover_every_subset_once_up_to_symmetry(k):
    orbits = mg.subset_orbits(BOARD, k)
    perms = {tuple(int(c) for c in perm) for _, perm, _ in mg.group(BOARD)}
    images = {tuple(sorted(p[c] for c in subset)) for subset in orbits for p in perms}
    assert images == set(itertools.combinations(range(24), k))
    assert len(orbits) < len(images)


def test_solution_maps_send_each_solution_to_its_images():
    table = solution_table(BOARD)
    maps = mg.solution_maps(BOARD, table)
    for g, (_, perm, code_map) in enumerate(mg.group(BOARD)):
        assert sorted(maps[g]) == list(range(len(table)))
        for s in RNG.choice(len(table), 5):
            image = np.empty(24, np.uint8)
            image[perm] = code_map[table[s]]
            assert (table[maps[g][s]] == image).all()


def test_m_is_the_same_on_every_image_of_a_solution():
    table = solution_table(BOARD)
    maps = mg.solution_maps(BOARD, table)
    diffs = mg.DifferenceSets(table)
    for s in RNG.choice(len(table), 3):
        assert len({mg.smallest_puzzles(diffs, int(t), limit=1)[0] for t in maps[:, s]}) == 1


def test_smallest_puzzles_are_minimal_proper_puzzles(solved_boards):  # noqa: F811
    table = solution_table(BOARD)
    diffs = mg.DifferenceSets(table)
    for s in RNG.choice(len(table), 4):
        size, puzzles = mg.smallest_puzzles(diffs, int(s), limit=3)
        for mask in puzzles:
            puzzle = mg.puzzle_position(BOARD, table[s], mask)
            assert completions(puzzle) == 1 == count_agreeing(solved_boards, puzzle.colour_rows())
            rows = puzzle.colour_rows()
            for r, c in ((c // 6, c % 6) for c in mg.cells_of(mask)):   # each given is needed
                fewer = [line[:] for line in rows]
                fewer[r][c] = None
                assert count_agreeing(solved_boards, fewer) > 1


def test_a_twin_with_the_same_givens_everywhere_is_never_fixed():
    values = np.array([[0, 1, 2], [0, 1, 2], [0, 1, 3]], np.uint8)
    diffs = mg.DifferenceSets(values)
    assert mg.smallest_puzzles(diffs, 0) == (None, [])
    assert mg.smallest_puzzles(diffs, 2) == (1, [0b100])


def published() -> tuple[list[list[int]], list[str]]:
    """The table and the two-tile examples of "The fewest givens" in docs/macmahon.md."""
    from pathlib import Path
    text = Path(__file__).resolve().parents[2].joinpath("docs", "macmahon.md").read_text(encoding="utf-8")
    section = text.split("## The fewest givens", 1)[1].split("\n## ", 1)[0]
    rows = [[int(x.replace(",", "")) for x in line.strip("|").split("|")]
            for line in section.splitlines() if line.startswith("| ") and line[2].isdigit()]
    examples = [line for line in section.splitlines() if line.startswith("4x6x3:")]
    return rows, examples


def test_the_published_figures_add_up():
    rows, examples = published()
    assert sum(r[1] for r in rows) == 106_624 and sum(r[2] for r in rows) == 13_328
    assert all(solutions == 8 * classes for _, solutions, classes in rows)
    assert len(examples) == rows[0][2]


def test_each_published_example_is_a_smallest_proper_puzzle(solved_boards):  # noqa: F811
    from solver.macmahon.position import Position
    rows, examples = published()
    minimum = rows[0][0]
    for notation in examples:
        puzzle = Position.parse(notation)
        assert sum(v is not None for v in puzzle.cells) == minimum
        assert completions(puzzle) == 1 == count_agreeing(solved_boards, puzzle.colour_rows())
