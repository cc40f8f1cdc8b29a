"""make-dice: new dice sets whose every roll is solvable, checked independently of the cache."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from solver.cli import main
from solver.errors import SquarewiseError
from solver.genius import census, dice, make_dice, roll_counts, search
from solver.genius.board import CELLS, is_dark
from solver.genius.position import Position
from solver.grid import parse_cell
from tests.validate_genius import check_position


def cells(*names) -> list[int]:
    return [parse_cell(n) for n in names]


@pytest.fixture(scope="module")
def made():
    return make_dice.make(seed=2024, jobs=2)


def test_made_set_follows_the_rule(made):
    groups = [sorted(set(die)) for die in made.dice_set.dice]
    assert sorted(c for g in groups for c in g) == list(range(CELLS))  # the dice partition the board
    assert [len(g) for g in groups] == list(make_dice.SIZES)
    assert all(len(die) == 6 for die in made.dice_set.dice)
    assert len({is_dark(c) for c in groups[0]}) == 1 and len({is_dark(c) for c in groups[1]}) == 1
    assert is_dark(groups[0][0]) != is_dark(groups[1][0])
    assert made.candidates >= 1 and made.rejected == made.candidates - 1  # only the last one passed


def test_sampled_rolls_of_the_made_set_have_validated_solutions(made):
    # make() has already decided all 62,208 rolls with the engine; here a sample is solved
    # again and every solution goes through the independent validator
    rolls = list(made.dice_set.rolls())
    assert len(rolls) == made.dice_set.count() == 62_208
    for roll in rolls[::8]:
        done = search.solve(Position.from_blockers(roll))
        assert done is not None, sorted(roll)
        check_position(done, blockers=roll)


def test_same_seed_same_partition_other_seed_another():
    bad = make_dice.unsolvable_boards()
    one, again, other = (make_dice.search_partition(random.Random(s), bad)[0] for s in (7, 7, 8))
    assert one == again != other
    assert make_dice.bad_rolls(one, bad).size == 0


def test_faces_repeat_cells_in_turn():
    assert make_dice.faces_of([3, 9], 6) == [3, 9, 3, 9, 3, 9]
    assert make_dice.faces_of([1, 2, 3, 4], 6) == [1, 2, 3, 4, 1, 2]
    assert make_dice.faces_of([1, 2, 3, 4, 5, 6], 8) == [1, 2, 3, 4, 5, 6, 1, 2]


def test_cache_lookup_agrees_with_the_engine_on_a_bad_set():
    base = dice.builtin("default")
    groups = [sorted(set(d)) for d in base.dice]
    groups[0] = cells("A6", "A1")                           # A1 joins die 1 (dark)
    groups[6] = cells("F1", "C3", "C4", "D3", "D4", "E3")   # F1 goes to die 7
    groups[2] = cells("B4", "C1", "D1", "D2", "E2", "F3")
    bad = {int(m) for m in make_dice.bad_rolls(groups, make_dice.unsolvable_boards())}
    assert len(bad) > 0
    rolls = roll_counts.product_masks(groups)
    sample = [int(m) for m in rolls[::40]] + sorted(bad)
    assert {m for m in sample if not search.is_solvable(m)} == bad


def test_a_wrong_cache_is_caught_by_the_final_verification(tmp_path):
    empty = tmp_path / "empty.npz"
    census.save_unsolvable(np.zeros(0, dtype=np.uint64), empty)
    with pytest.raises(SquarewiseError, match="census cache is wrong"):
        make_dice.make(seed=1, cache=empty, jobs=2)


def test_the_clis_json_report_matches_its_out_file(tmp_path, capsys):
    out = tmp_path / "new.json"
    assert main(["genius", "make-dice", "--seed", "5", "--faces", "8", "--out", str(out), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    loaded = dice.load(out)
    assert loaded.to_json()["dice"] == doc["dice"]
    for die in loaded.dice:
        assert len(die) == 8 and list(die) == make_dice.faces_of(sorted(set(die)), 8)
    assert doc["seed"] == 5 and doc["rolls"] == 62_208 and doc["rejected"] == doc["candidates"] - 1


@pytest.mark.parametrize("argv, words", [
    (["--faces", "5"], "--faces: wants a whole number from 6 to 60, not '5'"),
    (["--faces", "61"], "--faces: wants a whole number from 6 to 60, not '61'"),
    (["--faces", "six"], "--faces: wants a whole number from 6 to 60, not 'six'"),
    (["--out", "/nonexistent-folder/x.json"], "does not exist"),
    (["--out", "."], "is a folder"),
    (["--cache", "/nonexistent-folder/u.npz"], "not found"),
    (["--jobs", "0"], "--jobs: wants a whole number from 1 to 1,000,000"),
])
def test_bad_input_exits_2_with_one_line(argv, words, capsys):
    assert main(["genius", "make-dice", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("squarewise: error:") and words in err, err
