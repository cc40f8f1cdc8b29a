import json
import subprocess
import sys

import pytest

from solver.cli import main
from solver.genius import search
from solver.genius.dice import builtin
from solver.genius.position import Position
from solver.grid import parse_cell
from tests.validate_genius import check_solution

BOARD = ["A6", "E1", "A1", "A4", "A2", "D5", "B4"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def solution_cells(doc):
    return {p: [parse_cell(c) for c in cells] for p, cells in doc["solution"].items()}


def test_solve_json(capsys):
    code, out, err = run(capsys, "genius", "solve", *BOARD, "--json", "--count")
    doc = json.loads(out)
    assert code == 0 and err == ""
    assert doc["blockers"] == sorted(BOARD) and doc["solvable"] is True and doc["reason"] is None
    check_solution([parse_cell(c) for c in BOARD], solution_cells(doc))
    assert doc["solutions"] > 0


UNSOLVABLE = ["A1", "A3", "A5", "B2", "B4", "B6", "C1"]


def test_solve_text_draws_the_board(capsys):
    code, out, _ = run(capsys, "genius", "solve", *BOARD)
    assert code == 0 and out.splitlines()[0].split() == ["1", "2", "3", "4", "5", "6"] and "legend" in out


def test_solve_json_of_an_unsolvable_board_gives_the_reason(capsys):
    code, out, _ = run(capsys, "genius", "solve", *UNSOLVABLE, "--json", "--count")
    doc = json.loads(out)
    assert code == 1 and doc["solvable"] is False and doc["solution"] is None and doc["solutions"] == 0
    assert doc["reason"] == "all 7 blockers on one checkerboard colour"


def test_solve_text_of_an_unsolvable_board_gives_the_reason(capsys):
    code, out, _ = run(capsys, "genius", "solve", *UNSOLVABLE)
    assert code == 1 and "unsolvable: all 7 blockers on one checkerboard colour" in out


def test_solve_position_extension(capsys):
    code, out, _ = run(capsys, "genius", "solve", "--position", "a1a2a4a6b4d5e1/1:f6", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["solution"]["1"] == ["F6"] and doc["completed"].startswith("A1A2A4A6B4D5E1/1:F6/")
    check_solution([parse_cell(c) for c in BOARD], solution_cells(doc), keep={"1": [parse_cell("F6")]})
    # a monomino that cuts off the corner A3 cannot be completed
    code, out, _ = run(capsys, "genius", "solve", "--position", "A1A2A4A6B4D5E1/1:B3", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["reason"] == "no solution keeps these pieces"


def test_roll(capsys):
    code, out, _ = run(capsys, "genius", "roll", "--seed", "7", "--json")
    doc = json.loads(out)
    expected = builtin("default").roll(7)
    assert code == 0 and doc["seed"] == 7 and doc["dice"] == "default"
    assert [parse_cell(c) for c in doc["blockers"]] == list(expected)
    code, out, _ = run(capsys, "genius", "roll", "--dice", "alternative", "--json")
    doc = json.loads(out)
    assert isinstance(doc["seed"], int) and doc["dice"] == "alternative"
    assert tuple(parse_cell(c) for c in doc["blockers"]) == builtin("alternative").roll(doc["seed"])
    code, out, _ = run(capsys, "genius", "roll", "--seed", "3")
    assert code == 0 and "seed 3" in out


def test_verify_dice(capsys, tmp_path):
    path = tmp_path / "pairs.json"
    dark = [c for c in ["A1", "A3", "A5", "B2", "B4", "B6", "C1"]]
    light = ["A2", "A4", "A6", "B1", "B3", "B5", "C2"]
    path.write_text(json.dumps({"name": "pairs", "dice": [[d, l] for d, l in zip(dark, light)]}))
    code, out, _ = run(capsys, "genius", "verify-dice", str(path), "--jobs", "1", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["dice"] == "pairs" and doc["rolls"] == 128
    assert doc["unsolvable"] == len(doc["unsolvable_rolls"]) >= 2
    assert sorted(dark) in doc["unsolvable_rolls"] and sorted(light) in doc["unsolvable_rolls"]
    reasons = dict(zip(map(tuple, doc["unsolvable_rolls"]), doc["reasons"]))
    assert reasons[tuple(sorted(dark))] == reasons[tuple(sorted(light))] == "all 7 blockers on one checkerboard colour"
    code, out, _ = run(capsys, "genius", "verify-dice", str(path), "--jobs", "2")
    assert code == 1 and "all 7 blockers on one checkerboard colour" in out


@pytest.mark.slow
def test_verify_default_end_to_end():
    proc = subprocess.run([sys.executable, "-m", "game", "genius", "verify-dice", "default", "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"dice": "default", "rolls": 62208, "unsolvable": 0,
                                         "unsolvable_rolls": [], "reasons": []}


def bad_file(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    return str(path)


SEVEN = [["A1"], ["A2"], ["A3"], ["A4"], ["A5"], ["A6"], ["B1"]]


@pytest.mark.parametrize("argv,message", [
    (["solve", "A1", "A2", "A3", "A4", "A5", "A6", "G1"], "off the board"),
    (["solve", "A1", "A2", "A3", "A4", "A5", "A6", "XY"], "'XY' is not a cell name"),
    (["solve", "A1", "A1", "A3", "A4", "A5", "A6", "B1"], "duplicate blocker A1"),
    (["solve", "A1", "A2", "A3"], "exactly 7 blockers, got 3"),
    (["solve"], "exactly 7 blockers, got 0"),
    (["solve", "--position", "A1A2/1:F6"], "exactly 7 blockers"),
    (["solve", "--position", "A1A2A4A6B4D5E1/4-O:A1A2B1B2"], "on a blocker at A1"),
    (["solve", "A1", "--position", "A1A2A4A6B4D5E1"], "not both"),
    (["roll", "--seed", "x"], "--seed: wants a whole number from 0 to 18,446,744,073,709,551,615, not 'x'"),
    (["roll", "--dice", "nope"], "dice file 'nope' not found"),
    (["verify-dice", "nope.json"], "dice file 'nope.json' not found"),
    (["verify-dice", "--jobs", "0"], "--jobs: wants a whole number from 1 to 1,000,000, not '0'"),
    (["verify-dice", "FILE:{oops"], "is not valid JSON"),
    (["verify-dice", "FILE:" + json.dumps({"dice": SEVEN[:6]})], "needs 7 dice, found 6"),
    (["verify-dice", "FILE:" + json.dumps({"dice": SEVEN[:6] + [[]]})], "die 7 has no faces"),
    (["roll", "--dice", "FILE:" + json.dumps({"dice": [["A1", "H2"]] + SEVEN[1:]})],
     "die 1 face 2: cell 'H2' is off the board"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, argv, message):
    argv = [bad_file(tmp_path, a[5:]) if a.startswith("FILE:") else a for a in argv]
    code, out, err = run(capsys, "genius", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_bad_input_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game", "genius", "solve", "A1", "A1"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == "squarewise: error: duplicate blocker A1"


def test_roll_at_a_level_json_has_a_board_of_that_level(capsys):
    assert main(["genius", "roll", "--level", "very-hard", "--seed", "4", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["level"], doc["group"], doc["seed"]) == (10, "very hard", 4)
    assert doc["solutions"] == search.count(Position.parse(doc["position"])) <= 393   # level 10: 11 to 393


def test_roll_at_a_level_text_names_the_level(capsys):
    assert main(["genius", "roll", "--level", "easy", "--seed", "4"]) == 0
    assert "(easy):" in capsys.readouterr().out


def test_the_daily_roll_json(capsys):
    assert main(["genius", "daily", "--date", "2026-11-23", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["number"], doc["level"], doc["position"]) == (327, "easy", "A1A3C3E1F1F4F6")


@pytest.mark.parametrize("argv", [["genius", "roll", "--level", "tricky"], ["genius", "daily", "--date", "2026-02-30"],
                                  ["genius", "daily", "--date", "1999-01-01"]])
def test_a_bad_level_or_date_exits_2_with_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1


def test_sunday_s_daily_says_its_given_pieces(capsys):
    """Issue 38: Sunday's daily is a One way puzzle; the command says which pieces are given."""
    assert main(["genius", "daily", "--date", "2026-11-29", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["given"] == ["3-L"] and doc["position"] == "A5B1C3C6D2E5F1/3-L=E2F2F3"
    assert main(["genius", "daily", "--date", "2026-11-29"]) == 0
    assert "One way (Sunday): 3-L given" in capsys.readouterr().out
    assert main(["genius", "daily", "--date", "2026-11-28", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["given"] == []
