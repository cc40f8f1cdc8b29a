"""Roll numbers and levels on the command line: `genius roll --number`, the `number` of roll,
solve and daily, `roll --level 1..10`, `macmahon level N`; bad input is one line and exit 2."""
from __future__ import annotations

import json

import pytest

from solver.cli import main
from solver.genius import levels, numbers, search
from solver.genius.dice import builtin
from solver.genius.position import Position
from solver.grid import parse_cell
from solver.macmahon import search as macmahon_search
from solver.macmahon.position import Position as MacMahonPosition
from tests.validate_genius import check_solution


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cells(names):
    return [parse_cell(c) for c in names]


def test_roll_number_plays_that_roll(capsys):
    for typed in ("41233", "#41,233"):
        code, out, err = run(capsys, "genius", "roll", "--number", typed, "--json")
        doc = json.loads(out)
        assert code == 0 and err == "" and doc["number"] == 41_233 and doc["seed"] is None
        assert tuple(cells(doc["blockers"])) == numbers.roll_from_number(builtin("default"), 41_233)
        assert Position.parse(doc["position"]).blockers == frozenset(cells(doc["blockers"]))
    code, out, _ = run(capsys, "genius", "roll", "--number", "41233")
    assert code == 0 and "roll #41,233: C1 C2 D4 B6 F6 F4 A6" in out
    code, out, _ = run(capsys, "genius", "roll", "--dice", "alternative", "--number", "93749", "--json")
    doc = json.loads(out)
    assert numbers.roll_number(builtin("alternative"), cells(doc["blockers"])) == 93_749


def test_a_seeded_roll_carries_its_number(capsys):
    code, out, _ = run(capsys, "genius", "roll", "--seed", "7", "--json")
    doc = json.loads(out)
    rolled = builtin("default").roll(7)
    assert tuple(cells(doc["blockers"])) == rolled and doc["number"] == numbers.roll_number(builtin("default"), rolled)
    code, out, _ = run(capsys, "genius", "roll", "--seed", "7")
    assert f"roll {numbers.label(doc['number'])}:" in out


def test_solve_gives_the_number_only_for_a_roll_of_the_chosen_dice(capsys):
    roll = numbers.roll_from_number(builtin("default"), 41_233)
    names = [c for c in json.loads(run(capsys, "genius", "roll", "--number", "41233", "--json")[1])["blockers"]]
    code, out, _ = run(capsys, "genius", "solve", *names, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["number"] == 41_233
    check_solution(list(roll), {p: cells(c) for p, c in doc["solution"].items()})
    assert "roll #41,233 of the default dice" in run(capsys, "genius", "solve", *names)[1]
    code, out, _ = run(capsys, "genius", "solve", *names, "--dice", "alternative", "--json")
    assert json.loads(out)["number"] is None                 # not a roll of the alternative dice
    code, out, _ = run(capsys, "genius", "solve", "A1", "A2", "A3", "B1", "B2", "B3", "F6", "--json")
    assert json.loads(out)["number"] is None                 # three faces of one die: no roll
    code, out, _ = run(capsys, "genius", "solve", "--position", "A1A2A4A6B4D5E1/1:F6", "--json")
    assert json.loads(out)["number"] == numbers.roll_number(builtin("default"), cells("A1 A2 A4 A6 B4 D5 E1".split()))


@pytest.mark.parametrize("level", ["1", "10", "very-hard"])
def test_roll_at_a_level_by_number_or_word(capsys, level):
    code, out, _ = run(capsys, "genius", "roll", "--level", level, "--seed", "4", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["level"] in levels.members(level) and doc["group"] == levels.group_of(doc["level"])
    faces = cells(doc["blockers"])
    assert doc["solutions"] == search.count(Position.from_blockers(faces))
    assert doc["number"] == numbers.roll_number(builtin("default"), faces)
    assert levels.level_of(builtin("default"), faces) == doc["level"]
    code, out, _ = run(capsys, "genius", "roll", "--level", level, "--seed", "4")
    assert f"level {doc['level']} ({doc['group']}): {doc['solutions']} solutions" in out


def daily_json(capsys) -> dict:
    code, out, _ = run(capsys, "genius", "daily", "--date", "2026-11-23", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["number"] == 327                # the daily's own number
    return doc


def test_the_daily_carries_its_roll_number(capsys):
    doc = daily_json(capsys)
    assert doc["roll_number"] == numbers.roll_number(builtin("default"), cells(doc["blockers"]))


def test_the_daily_carries_its_roll_level(capsys):
    doc = daily_json(capsys)
    assert doc["roll_level"] == levels.level_of(builtin("default"), cells(doc["blockers"]))
    assert levels.group_of(doc["roll_level"]) == doc["level"]


def test_the_daily_text_names_its_roll(capsys):
    doc = daily_json(capsys)
    assert f"roll {numbers.label(doc['roll_number'])} of the default dice, level {doc['roll_level']}" in \
        run(capsys, "genius", "daily", "--date", "2026-11-23")[1]


def test_macmahon_level_prints_a_board_with_one_completion(capsys):
    code, out, _ = run(capsys, "macmahon", "level", "6", "--seed", "3", "--json")
    doc = json.loads(out)
    puzzle = MacMahonPosition.parse(doc["position"])
    assert code == 0 and (doc["level"], doc["seed"], doc["completions"]) == (6, 3, 1)
    assert macmahon_search.completions(puzzle) == 1
    assert doc["givens"] + doc["empty"] == 24 == sum(c is None for c in puzzle.cells) + doc["givens"]
    code, out, _ = run(capsys, "macmahon", "level", "10", "--seed", "3", "--json")
    top = json.loads(out)
    assert code == 0 and top["completions"] == 1 and top["givens"] < doc["givens"]
    assert macmahon_search.completions(MacMahonPosition.parse(top["position"])) == 1


@pytest.mark.parametrize("argv,message", [
    (["genius", "roll", "--number", "62208"], "a roll number of dice set 'default' must be a whole number from 0 to 62,207"),
    (["genius", "roll", "--number", "-1"], "must be a whole number from 0 to 62,207"),
    (["genius", "roll", "--number", "12x"], "must be a whole number from 0 to 62,207"),
    (["genius", "roll", "--number", "99999999999999999999999"], "must be a whole number from 0 to 62,207"),
    (["genius", "roll", "--dice", "alternative", "--number", "93750"], "a roll number of dice set 'alternative' must be a whole number from 0 to 93,749"),
    (["genius", "roll", "--number", "5", "--seed", "3"], "give --number alone"),
    (["genius", "roll", "--number", "5", "--level", "3"], "give --number alone"),
    (["genius", "roll", "--level", "11"], "levels: 1..10, easy"),
    (["genius", "roll", "--level", "0"], "levels: 1..10, easy"),
    (["genius", "solve", "A1", "A2", "A4", "A6", "B4", "D5", "E1", "--dice", "nope"], "dice file 'nope' not found"),
    (["macmahon", "level", "0"], "wants a whole number from 1 to 10, not '0'"),
    (["macmahon", "level", "11"], "wants a whole number from 1 to 10, not '11'"),
    (["macmahon", "level", "two"], "wants a whole number from 1 to 10, not 'two'"),
    (["macmahon", "level", "3", "--seed", "x"], "--seed: wants a whole number"),
])
def test_a_bad_number_or_level_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


# --- issue 29, item 2: one rule for every typed number ---------------------------------------

EASIEST = ["A1", "A3", "A4", "A5", "A6", "E3", "E4"]       # 22,317 solutions


@pytest.mark.parametrize("argv,message", [
    (["genius", "solutions", *EASIEST, "--limit", "1" + "0" * 30],
     "--limit: wants a whole number from 0 to 1,000,000,000,000, not '1" + "0" * 30 + "'"),
    (["genius", "solutions", *EASIEST, "--offset", "١٠"], "--offset: wants a whole number from 0 to 1,000,000,000,000"),
    (["genius", "solutions", *EASIEST, "--limit", "1_0"], "not '1_0'"),
    (["genius", "solutions", *EASIEST, "--offset", "22,317"],
     "--offset 22,317 is past the last solution: this position has 22,317 solutions (--offset 0 to 22,316)"),
    (["macmahon", "class", " 5 "], "the class number must be a whole number from 1 to 13,328, not ' 5 '"),
    (["genius", "roll", "--number", " 5 "], "from 0 to 62,207, not ' 5 '"),
    (["genius", "roll", "--number", "_1_"], "not '_1_'"),
    (["genius", "roll", "--number", "1,2,3"], "not '1,2,3'"),
    (["genius", "roll", "--number", "99999999999999999999"],
     "a roll number of dice set 'default' must be a whole number from 0 to 62,207, not '99999999999999999999'"),
    (["genius", "roll", "--seed", "1_0"], "--seed: wants a whole number from 0 to 18,446,744,073,709,551,615"),
    (["genius", "roll", "--level", " 5 "], "unknown level ' 5 '"),
    (["macmahon", "tiles", "--colours", "٣"], "--colours: wants a whole number from 1 to 8"),
])
def test_every_typed_number_is_refused_naming_its_range(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("squarewise: error: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_thousands_separators_are_read_the_same_everywhere(capsys):
    assert run(capsys, "macmahon", "class", "13,328")[1] == run(capsys, "macmahon", "class", "13328")[1] != ""
    assert run(capsys, "genius", "roll", "--number", "41,233")[1] == run(capsys, "genius", "roll", "--number", "41233")[1]
    code, out, _ = run(capsys, "genius", "solutions", *EASIEST, "--offset", "22,316", "--limit", "1,000")
    assert code == 0 and len(out.splitlines()) == 1
