"""One way puzzles (solver/genius/one_way.py, issue 38 item 3): every puzzle dealt has exactly
one completion by the independent validator (tests/validate_genius.py: its own shapes and its
own exhaustive search), its given pieces are marked given, the levels go down in given pieces
from 7 at level 1 to the roll's fewest at level 10 (the validator's brute force), and a deal
depends on its level, seed and roll alone."""
from __future__ import annotations

import pytest

from solver.errors import SquarewiseError
from solver.genius.dice import builtin
from solver.genius.numbers import roll_from_number
from solver.genius.one_way import LEVELS, MOST, deal, givens_at
from solver.genius.position import Position
from tests.validate_genius import check_pins, completions, fewest_pieces

SEEDS = range(12)


def _roll(number: int) -> Position:
    return Position.from_blockers(roll_from_number(builtin("default"), number))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_puzzle_dealt_has_one_finish_by_the_validator(seed):
    counts = []
    for level in range(1, LEVELS + 1):
        p = deal(level, seed)
        start = p.start
        given = {piece: sorted(cells) for piece, cells in start.placed.items()}
        done = completions(start.blockers, given, limit=2)
        assert len(done) == 1, f"level {level}: {len(done)} completions"
        assert done[0] == {piece: sorted(cells) for piece, cells in p.finish.placed.items()}
        assert start.givens == set(start.placed) and len(start.placed) == p.givens
        assert Position.parse(start.notation()).givens == start.givens
        counts.append(p.givens)
    assert counts[0] == MOST and counts[-1] == p.least
    assert all(a >= b for a, b in zip(counts, counts[1:])), counts


@pytest.mark.parametrize("number", [28426, 51948, 31842])     # 11, 3,202 and 22,317 solutions
def test_level_10_gives_the_fewest_the_roll_allows(number):
    """Level 10's given pieces are the fewest the validator's brute force finds for the roll, and
    no smaller set of them leaves one finish."""
    roll = _roll(number)
    p = deal(10, 3, roll)
    assert p.start.blockers == roll.blockers
    assert p.givens == p.least == fewest_pieces(roll.blockers)
    check_pins(roll.blockers, {piece: cells for piece, cells in p.start.placed.items()}, finish=p.finish.placed)


def test_levels_never_rise_in_given_pieces():
    for least in range(0, 4):
        row = [givens_at(least, level) for level in range(1, LEVELS + 1)]
        assert row[0] == max(MOST, least) and row[-1] == least
        assert all(a >= b for a, b in zip(row, row[1:])), row
    assert [givens_at(2, level) for level in range(1, LEVELS + 1)] == [7, 6, 6, 5, 5, 4, 4, 3, 3, 2]


def test_a_deal_is_fixed_by_its_level_seed_roll():
    assert deal(4, 99).start.notation() == deal(4, 99).start.notation()
    assert deal(4, 99, _roll(100)).start.notation() == deal(4, 99, _roll(100)).start.notation()
    assert len({deal(4, seed).start.notation() for seed in range(8)}) > 1
    assert deal(1, 5, _roll(100)).start.blockers == deal(10, 5, _roll(100)).start.blockers


@pytest.mark.parametrize("level", [0, 11, "3", 2.0, None])
def test_a_bad_level_is_refused(level):
    with pytest.raises(SquarewiseError, match="a One way level is 1 to 10"):
        deal(level, 1)


def test_a_board_with_pieces_is_refused():
    with pytest.raises(SquarewiseError, match="bare board"):
        deal(3, 1, Position.parse("A1A2A4A6B4D5E1/1:F4"))
