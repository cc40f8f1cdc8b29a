"""Every solution of a roll: the enumeration agrees with the count, the reference solver and
the independent validator, and picking the k-th solution agrees with the listing."""
from __future__ import annotations

from solver.genius import reference, search
from solver.genius.position import Move, Position
from solver.genius.solutions import Solutions
from solver.grid import parse_cell
from tests.validate_genius import check_position


def board(names: str) -> Position:
    return Position.from_blockers(parse_cell(n) for n in names.split())


def key(position: Position) -> str:
    return position.notation()


def test_a_hard_roll_lists_exactly_the_reference_completions():
    start = board("A3 A5 B4 C6 E2 E6 F1")  # 11 solutions, one of the default dice's hardest rolls
    listed = list(Solutions(start))
    for p in listed:
        check_position(p, start.blockers)
    wanted = {frozenset((p, frozenset(c)) for p, c in s.items()) for s in reference.completions(start.blockers)}
    got = {frozenset((p, frozenset(c)) for p, c in s.placed.items()) for s in listed}
    assert len(listed) == len(Solutions(start)) == search.count(start) == 11
    assert got == wanted


def test_the_easiest_roll_lists_all_22317_distinct_valid_solutions_in_a_stable_order():
    start = board("A1 A3 A4 A5 A6 E3 E4")
    solutions = Solutions(start)
    listed = [key(p) for p in solutions]
    assert len(solutions) == len(listed) == len(set(listed)) == search.count(start) == 22_317
    assert listed == [key(p) for p in Solutions(start)]   # the same order every time
    for k in range(0, len(listed), 97):
        p = Position.parse(listed[k])
        check_position(p, start.blockers)
        assert key(solutions[k]) == listed[k]
    assert key(solutions[-1]) == listed[-1]


def test_solutions_of_rolls_or_a_partial_position_are_their_count_of_valid_ones():
    starts = [board("A6 E1 A1 A4 A2 D5 B4"), board("F1 A5 F3 D6 A3 F5 E3"),
              board("A6 F2 D1 C6 B1 D5 E3")]
    first = search.solve(starts[0])
    starts.append(starts[0].place(Move("4-O", first.placed["4-O"])))
    for start in starts:
        solutions = Solutions(start)
        listed = list(solutions)
        assert len(listed) == len(solutions) == search.count(start)
        assert len({key(p) for p in listed}) == len(listed)
        for p in listed[:: max(1, len(listed) // 25)]:
            check_position(p, start.blockers, keep=start.placed)


def test_an_unsolvable_board_has_no_solutions():
    dead = board("A1 A3 A5 C1 C3 C5 E1")   # all on one colour
    assert len(Solutions(dead)) == 0 and list(Solutions(dead)) == []


def test_a_full_board_has_itself_as_its_solution():
    full = search.solve(board("A6 E1 A1 A4 A2 D5 B4"))
    assert [key(p) for p in Solutions(full)] == [key(full)]


def test_indexing_outside_the_range_is_an_index_error():
    solutions = Solutions(board("A3 A5 B4 C6 E2 E6 F1"))
    for k in (11, -12):
        try:
            solutions[k]
        except IndexError:
            continue
        raise AssertionError(f"solutions[{k}] did not raise")
