"""The shipped table of exact solution counts (assets/census/roll_counts.npz) against fresh counts."""
from __future__ import annotations

import random

import pytest

from solver.genius import count_table, numbers, reference, search
from solver.genius.board import mask
from solver.genius.dice import DiceSet, builtin
from solver.genius.position import Position


@pytest.mark.parametrize("name", ["default", "alternative"])
def test_a_sample_of_the_table_matches_fresh_counts(name):
    dice_set = builtin(name)
    table = count_table.exact_counts(dice_set)
    assert table.shape == (dice_set.count(),) and table.min() >= 1       # every roll of both sets is solvable
    picks = random.Random(name).sample(range(dice_set.count()), 60)
    picks += [int(table.argmin()), int(table.argmax()), 0, dice_set.count() - 1]
    memo: dict[int, int] = {}
    for n in picks:
        faces = numbers.roll_from_number(dice_set, n)
        assert search.count_board(mask(faces), memo) == table[n], n
    faces = numbers.roll_from_number(dice_set, int(table.argmin()))      # the hardest, by the plain solver too
    assert reference.count(faces) == table.min() == search.count(Position.from_blockers(faces))


@pytest.mark.parametrize(("name", "measured"), [("default", (11, 22_317, 120_464_952)),
                                                ("alternative", (1, 25_104, 113_644_412))])
def test_a_sets_fewest_most_total_solutions_are_those_measured_before(name, measured):
    """The web game's bands (dbiel/genius-square) have 11 to 22,317 solutions per default roll;
    docs/census.md's earlier roll-counts runs give the totals and the alternative's extremes."""
    counts = count_table.exact_counts(builtin(name))
    assert (int(counts.min()), int(counts.max()), int(counts.sum())) == measured


def test_only_the_dice_of_a_built_in_set_have_a_table():
    default = builtin("default")
    assert count_table.exact_counts(DiceSet("renamed", default.dice)) is count_table.exact_counts(default)
    assert count_table.exact_counts(DiceSet("reordered", default.dice[::-1])) is None
