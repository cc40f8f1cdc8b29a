"""Solution counts per roll: the memoised counter against the engine, the summary, the labels."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from solver.cli import main
from solver.genius import census, dice, levels, reference, roll_counts, search
from solver.genius.count_table import exact_counts
from solver.genius.board import cells_of, mask
from solver.genius.position import Position
from tests.validate_genius import check_solution


@pytest.fixture(scope="module")
def default_masks():
    return roll_counts.roll_masks(dice.builtin("default"))


def test_roll_masks_are_every_distinct_roll(default_masks):
    rolls = {mask(r) for r in dice.builtin("default").rolls()}
    assert len(default_masks) == len(rolls) == 62_208
    assert set(int(m) for m in default_masks) == rolls


def test_counter_agrees_with_the_engine_count(default_masks):
    rng = random.Random(4)
    for m in rng.sample(list(default_masks), 12):
        assert roll_counts.count_board(int(m)) == search.count(Position.from_blockers(cells_of(int(m))))


def test_counter_agrees_with_every_reference_completion():
    # a board with few solutions: the reference solver lists them all, each one validated
    cells = [_cell(n) for n in "A3 A5 B4 C6 E2 E6 F1".split()]  # one of the default dice's hardest rolls
    found = list(reference.completions(cells))
    for solution in found:
        check_solution(cells, solution)
    assert len({tuple(sorted((p, tuple(sorted(c))) for p, c in s.items())) for s in found}) == len(found)
    assert roll_counts.count_board(mask(cells)) == len(found)


def test_shared_table_gives_the_same_counts(default_masks):
    chunk = default_masks[5000:5040]
    assert roll_counts.count_chunk(chunk) == [roll_counts.count_board(int(m)) for m in chunk]


def test_unsolvable_boards_count_zero():
    bad = census.load_unsolvable()
    hard = bad[census.reasons(bad) == census.OTHER]
    for m in list(hard[:3]) + list(bad[:3]):
        assert roll_counts.count_board(int(m)) == 0


def tiny_set() -> dice.DiceSet:
    # three dice with two faces, four fixed ones: 8 rolls
    return dice.DiceSet("tiny", [[0, 7], [14, 21], [28, 35], [5], [30], [17], [12]])


def test_summary_of_a_small_set():
    report = roll_counts.summary(tiny_set(), jobs=1)
    n = [roll_counts.count_board(mask(r)) for r in tiny_set().rolls()]
    assert report["rolls"] == 8 and report["total_solutions"] == sum(n)
    assert (report["min"], report["max"]) == (min(n), max(n))
    assert report["median"] == float(np.median(n))
    hardest = [h["solutions"] for h in report["hardest"]]
    assert hardest == sorted(n)[: len(hardest)]
    assert sum(h["rolls"] for h in report["histogram"]) == 8
    assert sum(report["labels"].values()) == 8
    for h in report["hardest"]:
        assert roll_counts.count_board(mask(map(_cell, h["blockers"]))) == h["solutions"]


def _cell(name: str) -> int:
    from solver.grid import parse_cell
    return parse_cell(name)


def test_difficulty_label_is_monotonic():
    order = list(roll_counts.LABELS)
    previous = 0
    for n in range(0, 25_000, 7):
        rank = order.index(roll_counts.difficulty_label(n))
        assert rank >= previous
        previous = rank
    assert roll_counts.difficulty_label(0) == "impossible"


def test_difficulty_label_names_the_group_of_every_default_rolls_level():
    # every default roll: the word of its level, except at a count shared across a group's edge
    default = dice.builtin("default")
    counts = exact_counts(default)
    by_number = levels.levels_by_number(counts)
    edge_counts = {cut.solutions for k, cut in enumerate(levels.thresholds(default), 2)
                   if levels.group_of(k) != levels.group_of(k - 1)}
    for n, count in enumerate(counts.tolist()):
        if count not in edge_counts:
            assert roll_counts.difficulty_label(count) == levels.group_of(int(by_number[n]))


def test_cli_json_reports_its_run(tmp_path, capsys):
    path = tmp_path / "tiny.json"
    dice.save(tiny_set(), path)
    assert main(["genius", "roll-counts", "--dice", str(path), "--json", "--jobs", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["dice"] == "tiny" and doc["rolls"] == 8 and "hardest" in doc and "seconds" in doc


@pytest.mark.parametrize("argv", [["--jobs", "0"], ["--dice", "{tmp}/missing.json"], ["--dice", "nonsense"]])
def test_cli_bad_input_is_one_error_line(argv, tmp_path, capsys):
    assert main(["genius", "roll-counts", *(a.format(tmp=tmp_path) for a in argv)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("squarewise: error:"), err
