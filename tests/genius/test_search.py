import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.genius import reference, search
from solver.genius.board import CELLS, DARK_CELLS, LIGHT_CELLS, mask
from solver.genius.pieces import PIECES, placements
from solver.genius.position import Move, Position
from solver.grid import parse_cell
from tests.validate_genius import check_position

BOARD = "A1A2A4A6B4D5E1"


def board(*names):
    return Position.from_blockers([parse_cell(n) for n in names])


def random_boards(seed, n):
    rng = random.Random(seed)
    return [Position.from_blockers(rng.sample(range(CELLS), 7)) for _ in range(n)]


def test_solves_a_known_board():
    p = Position.parse(BOARD)
    done = search.solve(p)
    check_position(done, p.blockers)
    assert done.is_complete and done.notation().startswith(BOARD + "/")


def test_counts_a_known_board_like_the_reference():
    p = Position.parse(BOARD)
    assert search.count(p) == reference.count(p.blockers) > 0


def test_random_boards_agree_with_the_reference():
    for p in random_boards(11, 40):
        done = search.solve(p)
        expected = next(reference.completions(p.blockers), None)
        assert (done is None) == (expected is None), p.notation()
        if done is not None:
            check_position(done, p.blockers)


@st.composite
def partial_positions(draw):
    blockers = draw(st.sets(st.integers(0, CELLS - 1), min_size=7, max_size=7))
    p = Position.from_blockers(sorted(blockers))
    pieces = draw(st.lists(st.sampled_from(PIECES), min_size=3, max_size=9, unique=True))
    for piece in pieces:
        options = [c for c in placements(piece) if p.check(Move(piece, c)) is None]
        if options:
            p = p.place(Move(piece, draw(st.sampled_from(options))))
    return p


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partial_positions())
def test_the_engine_agrees_with_the_reference(p):
    expected = reference.count(p.blockers, p.placed)
    assert search.count(p) == expected
    done = search.solve(p)
    assert (done is not None) == (expected > 0)
    assert (search.unsolvable_reason(p) is None) == (expected > 0)
    if done is not None:
        check_position(done, p.blockers, keep=p.placed)
        tip = search.hint(p)
        if p.is_complete:
            assert tip is None
        else:
            assert p.check(tip) is None
            after = p.place(tip)
            assert reference.count(after.blockers, after.placed) > 0
    else:
        assert search.hint(p) is None


def test_checkerboard_theorem_on_a_sample():
    rng = random.Random(5)
    for i in range(400):
        cells = rng.sample(DARK_CELLS if i % 2 else LIGHT_CELLS, 7)
        p = Position.from_blockers(cells)
        assert search.solve(p) is None and search.count(p) == 0
        assert not search.is_solvable(mask(cells))
        assert search.unsolvable_reason(p) == "all 7 blockers on one checkerboard colour"


@pytest.mark.parametrize("cells,reason", [
    (("A2", "B1", "F5", "E6", "C3", "C4", "D3"), "two isolated single cells"),
    (("A3", "B1", "B2", "F4", "E5", "E6", "C3"), "two isolated dominoes"),
    (("A1", "A3", "A5", "B2", "B4", "B6", "C1"), "all 7 blockers on one checkerboard colour"),
])
def test_known_unsolvable_boards(cells, reason):
    p = board(*cells)
    assert search.unsolvable_reason(p) == reason
    assert search.solve(p) is None and search.count(p) == 0 and search.hint(p) is None
    assert next(reference.completions(p.blockers), None) is None


def test_boards_proved_by_exhaustive_search():
    rng = random.Random(2023)
    found = []
    while len(found) < 2:
        cells = rng.sample(range(CELLS), 7)
        if search.bare_reason(mask(cells)) is None and not search.is_solvable(mask(cells)):
            found.append(cells)
    for cells in found:
        p = Position.from_blockers(cells)
        assert search.unsolvable_reason(p) == "exhaustive search: no tiling"
        assert next(reference.completions(cells), None) is None


def dead_end(p: Position) -> Position:
    """`p` with the first legal piece placement (in PIECES order) that no solution keeps."""
    return next(q for piece in PIECES for cells in placements(piece) if p.check(Move(piece, cells)) is None
                for q in [p.place(Move(piece, cells))] if search.solve(q) is None)


def test_a_piece_no_solution_keeps_is_the_reason():
    bad = dead_end(Position.parse(BOARD))
    assert search.unsolvable_reason(bad) == "no solution keeps these pieces"


def test_a_piece_no_solution_keeps_is_blamed():
    bad = dead_end(Position.parse(BOARD))
    (culprit,) = bad.placed
    assert search.blame(bad) == culprit


def test_a_solvable_bare_board_blames_nothing():
    assert search.blame(Position.parse(BOARD)) is None


def kept_piece() -> Position:
    p = Position.parse(BOARD)
    return p.place(Move("4-O", search.solve(p).placed["4-O"]))


def test_a_piece_from_a_solution_leaves_no_reason():
    assert search.unsolvable_reason(kept_piece()) is None


def test_a_piece_from_a_solution_is_not_blamed():
    assert search.blame(kept_piece()) is None


def test_a_complete_position_is_its_own_only_solution():
    done = search.solve(Position.parse(BOARD))
    assert search.solve(done) == done and search.count(done) == 1


def test_a_complete_position_has_no_hint():
    assert search.hint(search.solve(Position.parse(BOARD))) is None


def test_count_can_be_cancelled():
    assert search.count(Position.parse(BOARD), cancelled=lambda: True) is None


def test_is_solvable_answers_alike_with_a_shared_table():
    known = {}
    for p in random_boards(99, 300):
        m = mask(p.blockers)
        expected = search.solve(p) is not None
        assert search.is_solvable(m) == expected == search.is_solvable(m, known)


def test_count_reports_progress():
    calls = []
    n = search.count(Position.parse(BOARD), progress=lambda done, total: calls.append((done, total)))
    assert n > 0 and calls[-1][0] == calls[-1][1] and calls[0][0] == 0


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, CELLS - 1), min_size=7, max_size=7))
def test_count_is_positive_exactly_when_solve_finds_a_solution(cells):
    p = Position.from_blockers(cells)
    done = search.solve(p)
    assert (search.count(p) > 0) == (done is not None) == (search.unsolvable_reason(p) is None)
    if done is not None:
        check_position(done, cells)


@settings(max_examples=15, deadline=None)
@given(st.sets(st.integers(0, CELLS - 1), min_size=7, max_size=7))
def test_bare_boards_agree_with_the_reference(cells):
    done = search.solve(Position.from_blockers(cells))
    assert (done is None) == (next(reference.completions(cells), None) is None)
    if done is not None:
        check_position(done, cells)


def test_the_solve_steps_lead_from_the_position_to_its_solution():
    p = Position.parse(BOARD + "/1:F6")
    done = search.solve(p)
    for move in p.moves_to(done):
        p = p.place(move)
    assert p == done


def _free_neighbours(cell, blockers):
    r, c = divmod(cell, 6)
    return [(r + dr) * 6 + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < 6 and 0 <= c + dc < 6 and (r + dr) * 6 + c + dc not in blockers]


def test_bare_reason_cells_are_the_isolated_cells_the_reason_names():
    singles = [1, 6, 4, 11, 17, 20, 30]          # A1 walled in by A2, B1; F1 walled in by E1, F2 (6 wide)
    m = mask(singles)
    assert search.bare_reason(m) == "two isolated single cells"
    shown = search.bare_reason_cells(m)
    assert shown == {0, 5}
    for cell in shown:                           # independently: no free neighbour
        assert cell not in singles and _free_neighbours(cell, set(singles)) == []
    one_colour = [0, 2, 4, 7, 9, 11, 12]
    assert search.bare_reason_cells(mask(one_colour)) == set(one_colour)
    assert search.bare_reason_cells(mask(Position.parse("A1A2A4A6B4D5E1").blockers)) == frozenset()
