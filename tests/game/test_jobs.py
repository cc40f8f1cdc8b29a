"""The solver jobs answer with the typed answers of game/puzzle.py, the same types for both puzzles."""
import pickle

import pytest

from game.play.puzzle import Hint, Solution, Stuck, Yes
from game.puzzles.genius import puzzle as genius_jobs
from game.puzzles.macmahon import puzzle as macmahon_jobs
from solver.genius.position import Move as GeniusMove
from solver.genius.position import Position as GeniusPosition
from solver.macmahon.position import Move as TileMove
from solver.macmahon.position import Position as TilePosition
from tests.validate_genius import check_position
from tests.validate_macmahon import problems

BOARD = "A1A2A4A6B4D5E1"


def test_a_genius_hint_is_a_legal_move_that_a_solution_keeps():
    answer = genius_jobs.job_hint(BOARD)
    assert isinstance(answer, Hint) and isinstance(answer.move, GeniusMove)
    after = GeniusPosition.parse(BOARD).place(answer.move)
    assert isinstance(genius_jobs.job_solve(after.notation()), Solution)


def test_a_genius_solution_is_the_moves_that_fill_the_board():
    start = GeniusPosition.parse(BOARD)
    answer = genius_jobs.job_solve(BOARD)
    assert isinstance(answer, Solution) and all(isinstance(m, str) for m in answer.moves)
    end = start
    for move in answer.moves:
        end = end.place(GeniusMove.parse(move))
    assert end.is_solved
    check_position(end, blockers=start.blockers)


def test_a_blocked_genius_board_is_stuck_with_the_piece_to_take_back():
    start = GeniusPosition.parse(BOARD)
    blocked = next(q for q in (start.place(GeniusMove("1", frozenset([c]))) for c in sorted(start.empty))
                   if not isinstance(genius_jobs.job_solve(q.notation()), Solution))
    assert genius_jobs.job_hint(blocked.notation()) == Stuck("1", "no solution keeps these pieces")
    assert genius_jobs.job_solve(blocked.notation()) == Stuck("1", "no solution keeps these pieces")


def test_a_macmahon_answer_names_a_move_or_the_cell_to_take_back():
    empty = TilePosition.parse("4x6x3")
    hint = macmahon_jobs.job_hint(empty.notation())
    assert isinstance(hint, Hint) and isinstance(hint.move, TileMove)
    assert isinstance(macmahon_jobs.job_check(empty.place(hint.move).notation()), Yes)
    solution = macmahon_jobs.job_solve(empty.notation())
    end = empty
    for move in solution.moves:
        end = end.place(TileMove.parse(move, empty.board))
    assert end.is_solved and problems(end.colour_rows(), 3) == []


def test_a_macmahon_board_with_a_wrong_tile_is_stuck_on_that_cell():
    wrong = TilePosition.parse("4x6x3").place(TileMove.parse("1a@B2"))     # the all-white tile inside the border
    assert macmahon_jobs.job_check(wrong.notation()) == Stuck(7)            # B2
    assert macmahon_jobs.job_hint(wrong.notation()) == Stuck(7)


@pytest.mark.parametrize("answer", [Hint(GeniusMove("1", frozenset({3}))), Solution(("8b@B3",)),
                                    Yes(), Stuck("4-O", "no solution keeps these pieces"), Stuck(5)])
def test_answers_cross_the_process_boundary_unchanged(answer):
    assert pickle.loads(pickle.dumps(answer)) == answer
