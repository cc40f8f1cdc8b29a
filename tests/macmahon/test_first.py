"""first.first_completion (the `macmahon solve` of a one-shot command, no numpy) gives the very
completion the solution table gives (search.solve), and a valid one."""
import random

import pytest

from solver.macmahon import search
from solver.macmahon.first import first_completion, has_classes
from solver.macmahon.position import Board, Position
from tests.macmahon.helpers import assert_solution

BOARD = Board()


def positions(seed: int, count: int):
    """Random starts: part of a random solution, some with a random tile added (often a dead end),
    symmetric tiles in every rotation, up to whole boards."""
    rng = random.Random(seed)
    table = search.solution_table(BOARD)
    for _ in range(count):
        cells = list(search.position_from_codes(BOARD, table[rng.randrange(len(table))]).cells)
        kept = set(rng.sample(range(BOARD.size), rng.randrange(BOARD.size + 1)))
        cells = [c if i in kept else None for i, c in enumerate(cells)]
        free = [i for i, c in enumerate(cells) if c is None]
        if free and rng.random() < 0.4:
            unused = sorted(set(range(24)) - {c[0] for c in cells if c})
            cells[rng.choice(free)] = (rng.choice(unused), rng.randrange(4))
        yield Position(BOARD, tuple(cells))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_completion_as_the_solution_table(seed):
    found = 0
    for start in positions(seed, 300):
        done = first_completion(start)
        assert done == search.solve(start), start.notation()
        if done is not None:
            found += 1
            assert_solution(done)
            assert all(start.colours_at(c) in (None, done.colours_at(c)) for c in range(BOARD.size))
    assert 0 < found < 300             # both answers were met


def test_the_empty_boards_first_completion_is_the_search_engines():
    assert first_completion(Position.empty(BOARD)) == search.solve(Position.empty(BOARD))


def test_only_the_classic_board_has_classes():
    assert has_classes(BOARD) and not has_classes(Board(3, 8)) and not has_classes(Board(6, 4))
