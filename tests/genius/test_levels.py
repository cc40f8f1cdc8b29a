"""Ten difficulty levels: the web game's bands for the default dice, cuts that give every roll
its band, level_of against fresh counts, and fair, reproducible draws that land in their level."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from solver import rng
from solver.errors import SquarewiseError
from solver.genius import levels, numbers, search
from solver.genius.count_table import exact_counts
from solver.genius.dice import DiceSet, builtin
from solver.genius.position import Position
from solver.grid import parse_cell

# The web Genius Square's ten bands of the default rolls (dbiel/genius-square,
# data/level-bands.json): (rolls, fewest solutions, most solutions), level 1 first. Counted there
# by another program; here they come from our own counts: an independent check of both.
WEB_BANDS = [(6221, 4170, 22317), (6221, 2793, 4170), (6221, 2123, 2792), (6221, 1672, 2123), (6220, 1340, 1672),
             (6221, 1067, 1340), (6221, 825, 1067), (6221, 608, 824), (6221, 393, 608), (6220, 11, 393)]


def count_of(faces) -> int:
    return search.count(Position.from_blockers(faces))


def bands(dice_set) -> list[tuple[int, int, int]]:
    counts = exact_counts(dice_set)
    by_number = levels.levels_by_number(counts)
    return [(int((by_number == k).sum()), int(counts[by_number == k].min()), int(counts[by_number == k].max()))
            for k in range(1, levels.COUNT + 1)]


def test_the_default_rolls_fall_in_the_web_games_ten_bands():
    assert bands(builtin("default")) == WEB_BANDS


@pytest.mark.parametrize("name", ["default", "alternative"])
def test_ten_equal_bands_by_the_web_games_rule(name):
    dice_set = builtin(name)
    counts = exact_counts(dice_set)
    total = len(counts)
    sizes = [size for size, _, _ in bands(dice_set)]
    assert sum(sizes) == total and max(sizes) - min(sizes) <= 1
    # the web game computes min(10, floor(rank / N * 10) + 1) in floating point: the same bands
    ranks = np.arange(total)
    assert (ranks * 10 // total + 1 == np.minimum(10, np.floor(ranks / total * 10) + 1)).all()
    # ranked by count, most first, ties by roll number: a later band never has more solutions
    order = levels.rank_order(counts)
    assert (np.diff(counts[order]) <= 0).all()
    tied = np.diff(counts[order]) == 0
    assert (np.diff(order)[tied] > 0).all()


@pytest.mark.parametrize("name", ["default", "alternative"])
def test_the_nine_cuts_give_every_roll_its_band(name):
    dice_set = builtin(name)
    counts = exact_counts(dice_set)
    by_number = levels.levels_by_number(counts)
    cuts = levels.thresholds(dice_set)
    assert len(cuts) == 9 and list(cuts) == sorted(cuts, key=lambda c: (-c.solutions, c.number))
    for n in range(len(counts)):
        assert levels.level_for(int(counts[n]), n, cuts) == by_number[n]
    for k, cut in enumerate(cuts, 2):                   # each cut is the first roll of its level
        assert by_number[cut.number] == k and counts[cut.number] == cut.solutions


@pytest.mark.parametrize("name", ["default", "alternative"])
def test_level_of_a_sample_of_rolls_agrees_with_fresh_counts(name):
    dice_set = builtin(name)
    cuts = levels.thresholds(dice_set)
    sample = random.Random(21).sample(range(dice_set.count()), 25) + [cut.number for cut in cuts]
    for n in sample:
        faces = numbers.roll_from_number(dice_set, n)
        fresh = count_of(faces)
        assert levels.level_of(dice_set, faces) == levels.level_for(fresh, n, cuts)
        assert levels.level_of(dice_set, faces, solutions=fresh) == levels.level_of(dice_set, faces)


def test_a_board_that_is_no_roll_is_placed_by_its_count():
    default = builtin("default")
    board = [parse_cell(c) for c in "A1 A2 A3 B1 B2 B3 F6".split()]     # three faces of one die: no roll
    assert numbers.number_or_none(default, board) is None
    n = count_of(board)
    assert levels.level_of(default, board) == levels.level_for(n, None, levels.thresholds(default))


def test_an_unsolvable_board_has_no_level():
    default = builtin("default")
    unsolvable = [parse_cell(c) for c in "A1 A3 A5 B2 B4 B6 C1".split()]
    assert levels.level_of(default, unsolvable) is None and levels.level_for(0, 5, levels.thresholds(default)) is None


def test_a_count_at_a_cut_takes_the_harder_level_when_the_number_is_unknown():
    cuts = levels.thresholds(builtin("default"))
    cut = cuts[-1]                                      # the first roll of level 10
    assert levels.level_for(cut.solutions, cut.number, cuts) == 10
    assert levels.level_for(cut.solutions, None, cuts) == 10
    assert levels.level_for(cut.solutions + 1, None, cuts) == 9


def test_the_words_are_groups_of_levels():
    assert [m for word in levels.LEVELS for m in levels.GROUPS[word]] == list(range(1, 11))
    assert [levels.group_of(k) for k in (1, 2, 3, 7, 8, 9, 10)] == \
        ["easy", "easy", "medium", "medium", "hard", "hard", "very hard"]
    assert levels.members("any") == tuple(range(1, 11)) and levels.members("very-hard") == (10,)


def test_level_names_are_forgiving():
    assert levels.check_level("Very-Hard") == "very hard"
    assert levels.check_level("very_hard") == "very hard"
    assert [levels.check_level(x) for x in ("3", 3, "10")] == [3, 3, 10]


@pytest.mark.parametrize("bad", ["impossible", "0", "11", "-1", "٣", "", "1.5", " 10 ", "1_0"])
def test_an_unknown_level_is_refused(bad):
    with pytest.raises(SquarewiseError, match="levels: 1..10, easy, medium, hard, very hard, any"):
        levels.check_level(bad)


@pytest.mark.parametrize("level", list(range(1, 11)) + list(levels.LEVELS))
def test_draws_land_in_their_level(level):
    default = builtin("default")
    for seed in (1, 2):
        draw = levels.roll_at_level(default, level, seed)
        assert draw.level in levels.members(level)
        assert draw.solutions == count_of(draw.faces)     # counted again, afresh
        assert numbers.roll_from_number(default, draw.number) == draw.faces
        assert levels.level_of(default, draw.faces) == draw.level
        assert draw.group == levels.group_of(draw.level)


def test_a_draw_is_the_first_roll_of_its_level_in_the_seeded_stream():
    """Rejection sampling: the dice roll again until the level matches, so the draw follows the
    dice's own distribution within the level. Replayed here roll by roll."""
    default = builtin("default")
    for seed, level in ((11, 8), (12, "hard")):
        draw = levels.roll_at_level(default, level, seed)
        stream = rng.stream(seed)
        for tries in range(1, draw.tries + 1):
            faces = default.roll(next(stream))
            found = levels.level_of(default, faces)
            assert (found in levels.members(level)) == (tries == draw.tries)
        assert faces == draw.faces


def test_draws_at_a_level_are_reproducible():
    default = builtin("default")
    assert levels.roll_at_level(default, 10, 7) == levels.roll_at_level(default, "10", 7)
    assert levels.roll_at_level(default, 1, 7) != levels.roll_at_level(default, 1, 8)


@pytest.mark.parametrize("seed", [7, 8, 2 ** 64 - 1])
def test_a_draw_at_any_level_is_the_seeds_own_roll(seed):
    default = builtin("default")          # 'any' is the roll `roll` gives with no level (and the game)
    anything = levels.roll_at_level(default, "any", seed)
    assert anything.tries == 1 and anything.faces == default.roll(seed)


def test_a_custom_set_gets_estimated_cuts_the_same_every_time(monkeypatch):
    monkeypatch.setattr(levels, "SAMPLE", 64)
    default = builtin("default")
    assert levels.thresholds(DiceSet("my copy", default.dice)) == levels.thresholds(default)
    renamed = DiceSet("my dice", default.dice[::-1])   # the real dice in another order: sampled
    levels._estimated.cache_clear()
    estimate = levels.thresholds(renamed)
    levels._estimated.cache_clear()
    assert levels.thresholds(renamed) == estimate
    assert [cut.number for cut in estimate] == [0] * 9                # ties go to the harder level
    assert all(a.solutions >= b.solutions for a, b in zip(estimate, estimate[1:]))
    exact = levels.thresholds(default)
    for got, want in list(zip(estimate, exact))[2:-2]:               # 64 rolls: within a factor of two
        assert want.solutions / 2 <= got.solutions <= want.solutions * 2, (estimate, exact)
    draw = levels.roll_at_level(renamed, 8, 5)
    assert levels.level_for(count_of(draw.faces), None, estimate) == 8 == levels.level_of(renamed, draw.faces)
    levels._estimated.cache_clear()


def test_a_level_no_roll_reaches_is_an_error_not_a_hang(monkeypatch):
    monkeypatch.setattr(levels, "MAX_TRIES", 30)
    one_roll = DiceSet("fixed", [[c] for c in (0, 2, 4, 13, 15, 17, 30)])   # a single board
    assert count_of(one_roll.roll(0)) > 0
    with pytest.raises(SquarewiseError, match="no level 'easy' roll"):
        levels.roll_at_level(one_roll, "easy", 1)


def test_the_alternative_set_has_its_own_exact_levels():
    """Its cuts come from counting all 93,750 rolls; its hardest rolls have one solution, which
    the plain reference solver confirms."""
    from solver.genius import reference

    alternative = builtin("alternative")
    assert levels.thresholds(alternative) != levels.thresholds(builtin("default"))
    single = [parse_cell(c) for c in "A3 B2 C1 C4 C6 D5 F2".split()]
    assert reference.count(single) == 1 == count_of(single)
    assert levels.level_of(alternative, single) == 10
    draw = levels.roll_at_level(alternative, 10, 3)
    assert draw.solutions == count_of(draw.faces) <= levels.thresholds(alternative)[-1].solutions


def test_the_band_edges_are_the_ceilings_of_tenths():
    assert levels.band_edges(62_208) == [math.ceil(k * 62_208 / 10) for k in range(1, 10)]
    assert levels.band_edges(10) == list(range(1, 10))


def test_an_estimate_from_fewer_than_ten_solvable_rolls_still_has_nine_cuts(monkeypatch):
    monkeypatch.setattr(levels, "SAMPLE", 5)
    few = DiceSet("few", builtin("default").dice[::-1])
    levels._estimated.cache_clear()
    cuts = levels.thresholds(few)
    levels._estimated.cache_clear()
    assert len(cuts) == 9 and all(a.solutions >= b.solutions for a, b in zip(cuts, cuts[1:]))
