import json
import subprocess
import sys

import pytest

from solver.cli import main
from tests.validate_macmahon import problems

EMPTY = "4x6x3:....../....../....../......"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_is_a_valid_solution(capsys):
    code, out, err = run(capsys, "macmahon", "solve", "--json")
    doc = json.loads(out)
    assert code == 0 and err == ""
    assert (doc["rows"], doc["cols"], doc["colours"], doc["solvable"]) == (4, 6, 3, True)
    assert problems(doc["cells"], 3) == []


def test_solve_from_a_position_keeps_its_tiles(capsys):
    start = "4x6x3:1a...../....../....../......"
    code, out, _ = run(capsys, "macmahon", "solve", "--position", start, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["cells"][0][0] == "WWWW" and problems(doc["cells"], 3) == []
    assert doc["completed"].startswith("4x6x3:1a")


def test_solve_text_draws_the_board(capsys):
    code, out, _ = run(capsys, "macmahon", "solve")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4 * 3 + 3 + 1 and lines[-1].startswith("position: 4x6x3:")
    assert set(lines[0].replace("|", "").split()) == {"W"}


def test_impossible_position_exits_1(capsys):
    code, out, _ = run(capsys, "macmahon", "solve", "--position", "4x6x3:....../..1a.../....../......", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["solvable"] is False and doc["cells"] is None
    code, out, _ = run(capsys, "macmahon", "solve", "--position", "4x6x3:....../..1a.../....../......")
    assert code == 1 and "no solution" in out


@pytest.mark.parametrize("argv,words", [
    (["solve", "--position", "4x6x3:1a"], "1 row,"),                                  # malformed
    (["solve", "--position", "4x6x3:1a?..../....../....../......"], "not a tile"),    # malformed
    (["solve", "--position", "4x6x3:30a...../....../....../......"], "unknown tile"),
    (["solve", "--position", "4x6x3:1a1b..../....../....../......"], "twice"),
    (["solve", "--position", "5x6x3"], "24 tiles"),                                  # size vs tiles
    (["solve", "--rows", "5", "--cols", "5"], "24 tiles"),
    (["solve", "--rows", "5"], "cannot fill"),
    (["solve", "--colours", "9"], "--colours: wants a whole number from 1 to 7, not '9'"),   # colours
    (["tiles", "--colours", "0"], "--colours: wants a whole number from 1 to 8, not '0'"),
    (["count", "--colours", "-1"], "--colours: wants a whole number from 1 to 7, not '-1'"),
    (["count", "--jobs", "0"], "--jobs"),
    (["count", "--colours", "4"], "not supported"),
    (["solve", "--position", EMPTY, "--rows", "3", "--cols", "8"], "disagree"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    code, out, err = run(capsys, "macmahon", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("where", ["folder", "missing/classes.bin"])
def test_classes_out_that_cannot_be_written_exits_2(capsys, tmp_path, where):
    (tmp_path / "folder").mkdir()
    code, out, err = run(capsys, "macmahon", "count", "--rows", "3", "--cols", "8", "--jobs", "1",
                         "--classes-out", str(tmp_path / where))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "cannot write" in err and "Traceback" not in err


def test_tiles_json_lists_the_tiles(capsys):
    code, out, _ = run(capsys, "macmahon", "tiles", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["colours"] == 3 and len(doc["tiles"]) == 24 and doc["tiles"][15] == "WBBR"


def test_tiles_text_counts_the_tiles(capsys):
    code, out, _ = run(capsys, "macmahon", "tiles", "--colours", "4")
    assert code == 0 and out.strip().endswith("70 tiles with 4 colours")


def test_count_small_board_json(capsys):
    code, out, _ = run(capsys, "macmahon", "count", "--colours", "2", "--jobs", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["rows"], doc["cols"], doc["solutions"], doc["classes"]) == (2, 3, 0, 0)
    code, out, _ = run(capsys, "macmahon", "count", "--colours", "1", "--jobs", "1", "--json")
    doc = json.loads(out)
    assert (doc["rows"], doc["cols"], doc["solutions"], doc["classes"]) == (1, 1, 1, 1)


def test_other_colour_counts_are_solved_by_search(capsys):
    code, out, _ = run(capsys, "macmahon", "solve", "--colours", "4", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["rows"], doc["cols"]) == (7, 10) and problems(doc["cells"], 4) == []


@pytest.mark.slow
def test_count_of_the_classic_board_end_to_end(tmp_path):
    out_file = tmp_path / "classes"
    proc = subprocess.run([sys.executable, "-m", "solver.cli", "macmahon", "count", "--json", "--jobs", "2",
                           "--classes-out", str(out_file)], capture_output=True, text=True, timeout=300)
    doc = json.loads(proc.stdout)
    assert proc.returncode == 0 and doc["solutions"] == 8 * doc["classes"]
    assert doc["class_sizes"] == {"8": doc["classes"]} and len(doc["group"]) == 8
    from solver.macmahon.position import Board
    from solver.macmahon.store import asset_file
    assert out_file.read_bytes() == asset_file(Board()).read_bytes()


def test_daily_json_has_one_completion(capsys):
    code, out, _ = run(capsys, "macmahon", "daily", "--date", "2026-11-29", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["completions"] == 1 and doc["number"] == 333 and doc["level"] == "very hard"
    assert doc["position"].startswith("4x6x3:") and doc["givens"] == 24 - doc["position"].count(".")


def test_daily_text_names_the_puzzle(capsys):
    code, out, _ = run(capsys, "macmahon", "daily", "--date", "2026-11-30")
    assert code == 0 and "Squarewise MacMahon #334" in out and "1 completion" in out


def test_daily_refuses_a_bad_date(capsys):
    code, out, err = run(capsys, "macmahon", "daily", "--date", "yesterday")
    assert code == 2 and out == "" and "not a date" in err


def test_solve_count_prints_the_completions_of_a_position(capsys):
    code, out, _ = run(capsys, "macmahon", "solve", "--count", "--json")
    assert code == 0 and json.loads(out)["completions"] == 106_624
    code, out, _ = run(capsys, "macmahon", "solve", "--position", "4x6x3:....../...15b../3b...../......", "--count")
    assert code == 0 and out.splitlines()[-1] == "completions: 1"
    code, _, err = run(capsys, "macmahon", "solve", "--colours", "4", "--count")
    assert code == 2 and len(err.splitlines()) == 1 and "solution table" in err


def test_min_givens_json_keys(capsys, monkeypatch):
    import solver.macmahon.min_givens_cli as cli
    from solver.macmahon import min_givens as mg
    from solver.macmahon.position import Position
    example = Position.parse("4x6x3:....../...15b../3b...../......")
    small = mg.MinGivens(True, mg.np.array([2] * 4 + [3] * 4, mg.np.int8), mg.np.array([0] * 4 + [4] * 4), (example,))
    monkeypatch.setattr(cli, "min_givens", lambda **kw: small)      # the whole computation does not run here
    code, out, _ = run(capsys, "macmahon", "min-givens", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["minimum"] == 2 and doc["distribution"] == {"2": 4, "3": 4}
    assert doc["classes_distribution"] == {"2": 1, "3": 1} and doc["examples"] == [example.notation()]


def test_min_givens_refuses_bad_jobs(capsys):
    code, _, err = run(capsys, "macmahon", "min-givens", "--jobs", "0")
    assert code == 2 and len(err.splitlines()) == 1
