"""Difficulty levels: thresholds, level_of, and fair, reproducible draws that land in their level."""
from __future__ import annotations

import pytest

from solver import rng
from solver.errors import SquarewiseError
from solver.genius import levels, roll_counts, search
from solver.genius.dice import DiceSet, builtin
from solver.genius.position import Position
from solver.grid import parse_cell


def count_of(faces) -> int:
    return search.count(Position.from_blockers(faces))


def test_levels_are_ordered_by_solution_count_and_match_the_default_quantiles():
    default = builtin("default")
    assert levels.thresholds(default) == (266, 715, 2414)   # docs/census.md
    order = ["very hard", "hard", "medium", "easy"]
    previous = 0
    for n in range(1, 25_000, 13):
        rank = order.index(levels.level_of(n, default))
        assert rank >= previous
        previous = rank
        assert roll_counts.difficulty_label(n) == levels.level_of(n, default)
    assert levels.level_of(0, default) is None
    assert [levels.level_of(n, default) for n in (266, 267, 715, 716, 2414, 2415)] == \
        ["very hard", "hard", "hard", "medium", "medium", "easy"]


@pytest.mark.parametrize("level", levels.LEVELS)
def test_draws_land_in_their_level(level):
    default = builtin("default")
    for seed in (1, 2, 3):
        draw = levels.roll_at_level(default, level, seed)
        assert draw.level == level
        assert draw.solutions == count_of(draw.faces)     # counted again, afresh
        assert levels.level_of(count_of(draw.faces), default) == level


def test_a_draw_is_the_first_roll_of_its_level_in_the_seeded_stream():
    """Rejection sampling: the dice roll again until the level matches, so the draw follows the
    dice's own distribution within the level. Replayed here roll by roll."""
    default = builtin("default")
    for seed in (11, 12):
        draw = levels.roll_at_level(default, "hard", seed)
        stream = rng.stream(seed)
        for tries in range(1, draw.tries + 1):
            faces = default.roll(next(stream))
            found = levels.level_of(count_of(faces), default)
            assert (found == "hard") == (tries == draw.tries)
        assert faces == draw.faces


def test_draws_are_reproducible_and_any_is_the_seeds_own_roll():
    default = builtin("default")
    assert levels.roll_at_level(default, "very hard", 7) == levels.roll_at_level(default, "very hard", 7)
    assert levels.roll_at_level(default, "easy", 7) != levels.roll_at_level(default, "easy", 8)
    for seed in (7, 8, 2 ** 64 - 1):          # 'any' is the roll `roll` gives with no level (and the game)
        anything = levels.roll_at_level(default, "any", seed)
        assert anything.tries == 1 and anything.faces == default.roll(seed)


def test_level_names_are_forgiving_and_unknown_ones_refused():
    assert levels.check_level("Very-Hard") == "very hard"
    assert levels.check_level("very_hard") == "very hard"
    with pytest.raises(SquarewiseError, match="levels: easy, medium, hard, very hard, any"):
        levels.check_level("impossible")


def test_a_custom_set_gets_estimated_thresholds_the_same_every_time(monkeypatch):
    monkeypatch.setattr(levels, "SAMPLE", 64)
    default = builtin("default")
    assert levels.thresholds(DiceSet("my copy", default.dice)) == levels.EXACT["default"]
    renamed = DiceSet("my dice", default.dice[::-1])   # the real dice in another order: sampled
    levels._estimated.cache_clear()
    estimate = levels.thresholds(renamed)
    levels._estimated.cache_clear()
    assert levels.thresholds(renamed) == estimate
    exact = levels.thresholds(default)
    assert estimate[0] < estimate[1] < estimate[2]
    for got, want in zip(estimate, exact):           # 64 rolls: within a factor of two
        assert want / 2 <= got <= want * 2, (estimate, exact)
    draw = levels.roll_at_level(renamed, "hard", 5)
    assert levels.level_of(count_of(draw.faces), renamed) == "hard"
    levels._estimated.cache_clear()


def test_a_level_no_roll_reaches_is_an_error_not_a_hang(monkeypatch):
    monkeypatch.setattr(levels, "MAX_TRIES", 30)
    one_roll = DiceSet("fixed", [[c] for c in (0, 2, 4, 13, 15, 17, 30)])   # a single board
    n = count_of(one_roll.roll(0))
    assert n > 0
    with pytest.raises(SquarewiseError, match="no 'easy' roll"):
        levels.roll_at_level(one_roll, "easy", 1)


def test_the_alternative_set_has_its_own_exact_levels():
    """Its quantiles come from counting all 93,750 rolls (docs/census.md); its hardest rolls
    have one solution, which the plain reference solver confirms."""
    from solver.genius import reference

    alternative = builtin("alternative")
    assert levels.thresholds(alternative) == (142, 419, 1498)
    single = [parse_cell(c) for c in "A3 B2 C1 C4 C6 D5 F2".split()]
    assert reference.count(single) == 1 == count_of(single)
    assert levels.level_of(1, alternative) == "very hard"
    assert (levels.level_of(200, alternative), levels.level_of(200, builtin("default"))) == ("hard", "very hard")
    draw = levels.roll_at_level(alternative, "very hard", 3)
    assert draw.solutions == count_of(draw.faces) <= 142
