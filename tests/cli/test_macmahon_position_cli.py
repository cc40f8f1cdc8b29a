"""`squarewise macmahon hint` and `macmahon class`: through the real CLI, every solution
checked by the independent validator (tests/validate_macmahon.py)."""
import json

import pytest

from solver.cli import main
from solver.macmahon import search
from solver.macmahon.position import Move, Position
from tests.validate_macmahon import problems

EMPTY = "4x6x3:....../....../....../......"
DEAD = "4x6x3:....../..1a.../....../......"            # the all-white tile inside the board
CLASS_1 = "4x6x3:1a2b5b14c7c20c/3b4b6a15d18a23c/10a22b12a24a19a11d/9b8d16c17b13d21d"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("position", [EMPTY, "4x6x3:1a...../....../....../......",
                                      "4x6x3:....../.6a..../....15d./......"])
def test_hint_is_a_move_of_some_solution(capsys, position):
    code, out, err = run(capsys, "macmahon", "hint", position)
    assert code == 0 and err == ""
    start = Position.parse(position)
    move = Move.parse(out.strip(), start.board)
    assert start.check(move) is None
    done = search.solve(start.place(move))
    assert done is not None and problems(done.colour_rows(), 3) == []
    assert done.colours_at(move.cell) == start.place(move).colours_at(move.cell)      # the hint kept
    code, out, _ = run(capsys, "macmahon", "hint", position, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["move"] == move.notation(start.board) and doc["solvable"] is True
    assert (doc["tile"], doc["place"], doc["rotation"]) == (move.tile + 1, start.board.cell_name(move.cell),
                                                            move.rotation)
    assert doc["take_back"] is None and doc["take_back_cell"] is None


def test_hints_in_turn_solve_the_board(capsys):
    position = EMPTY
    for _ in range(24):
        code, out, _ = run(capsys, "macmahon", "hint", position)
        assert code == 0
        start = Position.parse(position)
        position = start.place(Move.parse(out.strip(), start.board)).notation()
    assert problems(Position.parse(position).colour_rows(), 3) == []
    code, out, _ = run(capsys, "macmahon", "hint", position, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["complete"] is True and doc["move"] is None


def test_no_way_on_names_the_tile_to_take_back(capsys):
    code, out, err = run(capsys, "macmahon", "hint", DEAD)
    assert code == 1 and err == ""
    assert out.strip() == "no way on: no solution keeps these tiles; take tile 1 back from B3"
    code, out, _ = run(capsys, "macmahon", "hint", DEAD, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["solvable"] is False and (doc["take_back"], doc["take_back_cell"]) == (1, "B3")


def test_two_wrong_tiles_are_more_than_one_to_take_back(capsys):
    solved = Position.parse(CLASS_1)
    cells = list(solved.cells)
    cells[0], cells[23] = cells[23], cells[0]                    # two corners swapped: both clash
    swapped = Position(solved.board, tuple(cells))
    code, out, _ = run(capsys, "macmahon", "hint", swapped.notation(), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["solvable"] is False and doc["take_back"] is None


@pytest.mark.parametrize("number", ["1", "2", "5000", "13328"])
def test_class_prints_a_valid_solution_of_that_class(capsys, number):
    code, out, err = run(capsys, "macmahon", "class", number, "--json")
    doc = json.loads(out)
    assert code == 0 and err == ""
    assert (doc["class"], doc["classes"]) == (int(number), 13328) and doc["solutions"] in (1, 2, 4, 8)
    assert problems(doc["cells"], 3) == []
    solution = Position.parse(doc["position"])
    assert solution.colour_rows() == doc["cells"]
    assert search.class_index(solution) == int(number) - 1          # the browser's class number - 1
    code, out, _ = run(capsys, "macmahon", "class", number)
    assert code == 0 and out.splitlines()[-1] == f"position: {doc['position']}"


def test_class_1_is_the_first_solution_the_solver_gives(capsys):
    code, out, _ = run(capsys, "macmahon", "class", "1", "--json")
    assert json.loads(out)["position"] == CLASS_1 == search.solve(Position.parse(EMPTY)).notation()


@pytest.mark.parametrize("argv,message", [
    (["class", "0"], "must be a whole number from 1 to 13,328, not '0'"),
    (["class", "13329"], "must be a whole number from 1 to 13,328, not '13329'"),
    (["class", "x"], "must be a whole number from 1 to 13,328, not 'x'"),
    (["class", "1.5"], "must be a whole number from 1 to 13,328"),
    (["class", "٣"], "must be a whole number from 1 to 13,328"),
    (["class", "99999999999999999999999"], "must be a whole number from 1 to 13,328"),
    (["class"], "the following arguments are required: N"),
    (["hint"], "the following arguments are required: POSITION"),
    (["hint", "4x6x3:1a"], "1 row,"),
    (["hint", "4x6x3:1a1b..../....../....../......"], "twice"),
    (["hint", "9x9x3"], "tiles"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, "macmahon", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err
