"""`squarewise genius hint` and `genius solutions`: through the real CLI, every solution and
every hinted move checked by the independent validator (tests/validate_genius.py)."""
import json
import subprocess
import sys

import pytest

from solver.cli import main
from solver.genius import reference, search
from solver.genius.position import Move, Position
from solver.grid import parse_cell
from tests.validate_genius import check_position

BOARD = "A1A2A4A6B4D5E1"                        # A6 E1 A1 A4 A2 D5 B4: 3,202 solutions
DEAD_END = BOARD + "/4-T:B2C1C2D2"             # legal, but no solution keeps the 4-T there
ONE_COLOUR = "A1A3A5B2B4B6C1"                  # every blocker on a dark cell
HARD = ["A3", "A5", "B4", "C6", "E2", "E6", "F1"]          # 11 solutions
EASIEST = ["A1", "A3", "A4", "A5", "A6", "E3", "E4"]       # 22,317 solutions, the most of any roll


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def followed(position: str, move: str) -> Position:
    """The hinted move played, then completed; the completion checked by the validator with
    the hinted piece kept where the hint put it."""
    start = Position.parse(position)
    m = Move.parse(move)
    assert start.check(m) is None, start.check(m)
    done = search.solve(start.place(m))
    assert done is not None, f"{move} leads nowhere from {position}"
    check_position(done, start.blockers, keep={**start.placed, m.piece: m.cells})
    return done


@pytest.mark.parametrize("position", [BOARD, BOARD + "/4-O:B1B2C1C2", "A1A3A4A5A6E3E4", "A3A5B4C6E2E6F1"])
def test_hint_is_a_move_of_some_solution(capsys, position):
    code, out, err = run(capsys, "genius", "hint", position)
    assert code == 0 and err == ""
    move = out.strip()
    followed(position, move)
    code, out, _ = run(capsys, "genius", "hint", position, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["move"] == move and doc["solvable"] is True and doc["complete"] is False
    piece, cells = move.split(":")
    assert doc["piece"] == piece and "".join(doc["cells"]) == cells and doc["cell"] == doc["cells"][0]
    assert isinstance(doc["orientation"], int) and doc["take_back"] is None and doc["reason"] is None


def test_every_hint_in_turn_finishes_the_board(capsys):
    position = BOARD
    for _ in range(9):
        code, out, _ = run(capsys, "genius", "hint", position)
        assert code == 0
        position = Position.parse(position).place(Move.parse(out.strip())).notation()
    check_position(Position.parse(position), Position.parse(BOARD).blockers)
    code, out, _ = run(capsys, "genius", "hint", position, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["complete"] is True and doc["move"] is None and doc["take_back"] is None
    code, out, _ = run(capsys, "genius", "hint", position)
    assert code == 0 and out.startswith("solved")


def test_no_way_on_names_the_piece_to_take_back(capsys):
    assert search.solve(Position.parse(DEAD_END)) is None
    code, out, err = run(capsys, "genius", "hint", DEAD_END)
    assert code == 1 and err == "" and out.strip() == "no way on: no solution keeps these pieces; take 4-T back"
    code, out, _ = run(capsys, "genius", "hint", DEAD_END, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["solvable"] is False and doc["take_back"] == "4-T" and doc["move"] is None
    done = search.solve(Position.parse(DEAD_END).remove("4-T"))          # taking it back helps
    check_position(done, Position.parse(BOARD).blockers)


def test_an_unsolvable_board_has_no_piece_to_take_back(capsys):
    code, out, _ = run(capsys, "genius", "hint", ONE_COLOUR, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["take_back"] is None and doc["reason"] == "all 7 blockers on one checkerboard colour"
    code, out, _ = run(capsys, "genius", "hint", ONE_COLOUR)
    assert code == 1 and out.strip() == "no way on: all 7 blockers on one checkerboard colour"


def test_solutions_lists_exactly_the_completions(capsys):
    code, out, err = run(capsys, "genius", "solutions", *HARD)
    listed = out.splitlines()
    blockers = Position.from_blockers(parse_cell(c) for c in HARD).blockers
    assert code == 0 and err == ""
    for text in listed:
        check_position(Position.parse(text), blockers)
    wanted = {Position(blockers, s).notation() for s in reference.completions(blockers)}
    assert len(listed) == len(set(listed)) == 11 and set(listed) == wanted


def every_solution(capsys) -> list[str]:
    _, out, _ = run(capsys, "genius", "solutions", "--position", BOARD)
    return out.splitlines()


def test_solutions_lists_each_solution_once(capsys):
    every = every_solution(capsys)
    assert len(every) == len(set(every)) == search.count(Position.parse(BOARD)) == 3202


def test_offset_limit_slice_the_list(capsys):
    every = every_solution(capsys)
    for offset, limit in [(0, 5), (7, 1), (3199, 10), (3201, 3), (100, 0)]:
        code, out, _ = run(capsys, "genius", "solutions", "--position", BOARD, "--offset", str(offset),
                           "--limit", str(limit))
        assert code == 0 and out.splitlines() == every[offset:offset + limit]


def test_json_gives_a_slice_of_the_list(capsys):
    every = every_solution(capsys)
    code, out, _ = run(capsys, "genius", "solutions", "--position", BOARD, "--offset", "10", "--limit", "4", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["solutions"] == every[10:14]
    assert (doc["total"], doc["offset"], doc["limit"], doc["position"]) == (3202, 10, 4, BOARD)
    assert doc["blockers"] == ["A1", "A2", "A4", "A6", "B4", "D5", "E1"]
    for text in doc["solutions"]:
        check_position(Position.parse(text), Position.parse(BOARD).blockers)


def test_solutions_of_a_partial_position_keep_its_pieces(capsys):
    start = Position.parse(BOARD + "/4-O:C2C3D2D3")
    code, out, _ = run(capsys, "genius", "solutions", "--position", start.notation())
    listed = out.splitlines()
    assert code == 0 and len(listed) == len(set(listed)) == search.count(start) > 0
    for text in listed:
        check_position(Position.parse(text), start.blockers, keep=start.placed)


def test_no_solutions_is_exit_1_with_nothing_listed(capsys):
    code, out, err = run(capsys, "genius", "solutions", "--position", ONE_COLOUR)
    assert code == 1 and out == ""
    assert err.strip() == "squarewise: no solutions: all 7 blockers on one checkerboard colour"
    code, out, _ = run(capsys, "genius", "solutions", "--position", ONE_COLOUR, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["total"] == 0 and doc["solutions"] == []


def test_all_22317_solutions_of_the_easiest_roll_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game", "genius", "solutions", *EASIEST],
                          capture_output=True, text=True, timeout=120)
    listed = proc.stdout.splitlines()
    assert proc.returncode == 0 and proc.stderr == ""
    assert len(listed) == len(set(listed)) == 22_317
    blockers = Position.parse(listed[0]).blockers
    for text in listed:
        check_position(Position.parse(text), blockers)


@pytest.mark.parametrize("argv,message", [
    (["hint"], "the following arguments are required: POSITION"),
    (["hint", "A1A2"], "exactly 7 blockers, got 2"),
    (["hint", BOARD + "/4-O:A1A3B1B3"], "cells do not form piece 4-O"),
    (["hint", BOARD + "/4-Q:C2C3D2D3"], "unknown piece '4-Q'"),
    (["hint", ""], "empty position notation"),
    (["solutions", "A1", "A2"], "exactly 7 blockers, got 2"),
    (["solutions", *HARD, "--limit", "-1"], "--limit: wants a whole number from 0 to 1,000,000,000,000, not '-1'"),
    (["solutions", *HARD, "--offset", "-3"], "--offset: wants a whole number from 0 to 1,000,000,000,000"),
    (["solutions", *HARD, "--limit", "x"], "--limit: wants a whole number"),
    (["solutions", "A1", "--position", BOARD], "not both"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, "genius", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err
