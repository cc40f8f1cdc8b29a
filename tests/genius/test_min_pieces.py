"""Issue 38, the engine: every placement's share of the solutions (shares.py), the fewest pieces
that leave one finish for a roll or a position, the fewest of a solution's own pieces that pin
it, and puzzles at a number of given pieces (min_pieces.py). Checked against the independent
validator (tests/validate_genius.py: its own shapes and its own exhaustive search)."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from solver.errors import SquarewiseError
from solver.genius import census, min_pieces, search, shares
from solver.genius.board import mask
from solver.genius.dice import builtin
from solver.genius.numbers import roll_from_number
from solver.genius.position import Position
from solver.genius.solutions import Solutions
from tests.validate_genius import (NAMES, _start, _walk, check_pins, completions, fewest_own_pieces,
                                   fewest_pieces)

ROLLS = 300                 # default rolls drawn at random (fixed seed) for the brute-force check
GROUPS = 6                  # ... dealt into this many tests, so the suite's workers share them
DEFAULT = builtin("default")


def drawn_rolls() -> list[tuple[int, ...]]:
    rng = random.Random(38)
    return [roll_from_number(DEFAULT, rng.randrange(DEFAULT.count())) for _ in range(ROLLS)]


def given_of(found: min_pieces.Found, index: int = 0) -> dict:
    return {p: sorted(c) for p, c in (shares.PLACEMENTS[q] for q in found.sets[index])}


def placed_of(position: Position) -> dict:
    return {p: sorted(c) for p, c in position.placed.items()}


SMALL = 400                 # ... and the rolls with at most this many solutions all go to the brute force


@pytest.mark.parametrize("group", range(GROUPS))
def test_the_figure_of_random_rolls_is_proved_by_the_validator(group):
    """For each roll: the example pins (one completion, no smaller set of its pieces does), so the
    figure is at most the engine's; and at least: 0 and 1 by counting completions, 2 and more by
    the brute force (every solution listed, its sets of pieces counted by size). The brute force
    also gives the whole figure of every roll with few solutions."""
    rolls = drawn_rolls()[group::GROUPS]
    found = min_pieces.search([mask(r) for r in rolls], np.zeros(len(rolls), np.uint64))
    brute = 0
    for roll, answer in zip(rolls, found):
        assert answer.pieces is not None and answer.pieces == len(answer.sets[0])
        check_pins(roll, given_of(answer))
        assert len(completions(roll, limit=2)) == (1 if answer.pieces == 0 else 2), roll
        if answer.pieces >= 2 or answer.solutions <= SMALL:
            assert fewest_pieces(roll) == answer.pieces, roll
            brute += 1
    assert brute >= 2


def test_the_drawn_rolls_include_both_figures():
    """The default dice need 1 or 2 pieces (docs/genius.md): the 300 rolls test both proofs."""
    rolls = drawn_rolls()
    found = min_pieces.search([mask(r) for r in rolls], np.zeros(len(rolls), np.uint64))
    assert set(Counter(f.pieces for f in found)) == {1, 2}


@pytest.mark.parametrize("text", ["A3A5B4C6E2E6F1", "A1A2A4A6B4D5E1/4-O:E4E5F4F5", "A4C2C3E1E2E4F1/1:A1",
                                  "A1A3A4A5A6E3E4/4-I:B1C1D1E1/4-O:C3C4D3D4", "A3B2C1C4C6D5F2"])
def test_shares_count_the_listed_solutions(text):
    """Each placement's share is the number of the validator's completions that hold it."""
    position = Position.parse(text)
    total, counts = shares.shares(*map(lambda v: [v], min_pieces.start_of(position)))
    listed = completions(position.blockers, placed_of(position))
    assert total[0] == len(listed) == search.count(position)
    held = Counter((p, frozenset(c)) for done in listed for p, c in done.items() if p not in position.placed)
    assert {shares.PLACEMENTS[q]: int(n) for q, n in enumerate(counts[0]) if n} == dict(held)


def test_shares_of_many_boards_at_once_match_one_by_one():
    rng = random.Random(5)
    boards = [mask(roll_from_number(DEFAULT, rng.randrange(DEFAULT.count()))) for _ in range(40)]
    together = shares.shares(boards, [0] * len(boards))
    for i, board in enumerate(boards[:6]):
        alone = shares.shares([board], [0])
        assert together[0][i] == alone[0][0] and np.array_equal(together[1][i], alone[1][0])
    assert (together[1].sum(axis=1) == 9 * together[0]).all()     # every solution holds nine placements


@pytest.mark.parametrize("text", ["A1A2A4A6B4D5E1/2:D1D2", "A4C2C3E1E2E4F1/4-O:A1A2B1B2",
                                  "A3A5B4C6E2E6F1/1:A4/4-T:E3F2F3F4", "A1A3A4A5A6E3E4/4-I:B1C1D1E1"])
def test_positions_with_pieces_placed_against_brute_force(text):
    position = Position.parse(text)
    answer = min_pieces.fewest(position)
    assert answer.pieces == fewest_pieces(position.blockers, placed_of(position))
    check_pins(position.blockers, {m.piece: sorted(m.cells) for m in answer.given}, placed_of(position),
               placed_of(answer.finish))
    assert answer.puzzle.placed.keys() >= position.placed.keys() and search.count(answer.puzzle) == 1


def test_a_roll_with_one_solution_needs_no_piece():
    single = Position.parse("A3B2C1C4C6D5F2")     # an alternative roll with one solution
    answer = min_pieces.fewest(single)
    assert (answer.pieces, answer.given, answer.solutions) == (0, (), 1) and answer.finish == search.solve(single)


def test_an_unsolvable_roll_has_no_finish():
    none = min_pieces.fewest(Position.parse("A1A3A5B2B4B6C1"))
    assert none.pieces is None and none.finish is None and none.solutions == 0


def test_a_finished_position_needs_no_piece():
    done = Position.parse("A1A2A4A6B4D5E1/1:B1/2:D1D2/3-I:F1F2F3/3-L:B2C1C2/4-I:C6D6E6F6/4-L:A3B3C3C4/4-T:A5B5B6C5"
                          "/4-S:D3D4E2E3/4-O:E4E5F4F5")
    assert min_pieces.fewest(done).pieces == 0


def test_every_solution_of_a_roll_pins_by_its_fewest_own_pieces():
    """pinning(X) against the brute force for solutions of two rolls (the figures reach 3)."""
    rng = random.Random(7)
    seen = Counter()
    for text in ("A1A2A4A6B4D5E1", "A4C2C3E1E2E4F1"):
        board = Position.parse(text)
        solutions = Solutions(board)
        for k in rng.sample(range(len(solutions)), 6):
            solution = solutions[k]
            answer = min_pieces.pinning(solution)
            assert answer.pieces == fewest_own_pieces(board.blockers, placed_of(solution))
            assert answer.finish == solution and set(answer.given) <= _moves(solution)
            check_pins(board.blockers, {m.piece: sorted(m.cells) for m in answer.given}, finish=placed_of(solution))
            seen[answer.pieces] += 1
    assert max(seen) >= 3, seen


def _moves(position):
    return {min_pieces.Move(p, c) for p, c in position.placed.items()}


def test_pinning_needs_a_finished_position():
    with pytest.raises(SquarewiseError, match="finished position"):
        min_pieces.pinning(Position.parse("A1A2A4A6B4D5E1/2:D1D2"))


def test_the_eight_images_of_a_board_need_the_same_number_of_pieces():
    rng = random.Random(11)
    boards = np.array([mask(roll_from_number(DEFAULT, rng.randrange(DEFAULT.count()))) for _ in range(12)],
                      np.uint64)
    images = np.concatenate([census.image(boards, g) for g in range(8)])
    found = min_pieces.search(images, np.zeros(len(images), np.uint64))
    figures = np.array([f.pieces for f in found]).reshape(8, -1)
    totals = np.array([f.solutions for f in found]).reshape(8, -1)
    assert (figures == figures[0]).all() and (totals == totals[0]).all()
    assert set(figures[0]) == {1, 2}


@pytest.mark.parametrize("text", ["A1A2A4A6B4D5E1", "A3A5B4C6E2E6F1"])
def test_puzzles_at_every_number_of_given_pieces(text):
    board = Position.parse(text)
    least = min_pieces.fewest(board).pieces
    for pieces in range(least, len(board.unplaced)):
        made = min_pieces.puzzle(board, pieces, seed=pieces)
        assert len(made.placed) == pieces and made.blockers == board.blockers
        assert len(completions(board.blockers, placed_of(made), limit=2)) == 1
        assert made == min_pieces.puzzle(board, pieces, seed=pieces)          # the seed decides
    assert len({min_pieces.puzzle(board, least, seed=s) for s in range(12)}) > 1
    for bad in (least - 1, len(board.unplaced)):
        with pytest.raises(SquarewiseError, match="given pieces"):
            min_pieces.puzzle(board, bad, seed=0)


def test_the_validator_lists_what_the_engine_counts():
    """The brute force's own search agrees with the engine's count (so its verdicts mean something)."""
    for number in (0, 16, 41233, 62207):
        roll = roll_from_number(DEFAULT, number)
        assert len(_walk(*_start(roll, {}))) == search.count(Position.from_blockers(roll))
    assert len(NAMES) == 9
