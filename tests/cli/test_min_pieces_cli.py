"""Issue 38, the command line: `squarewise genius min-pieces` for one roll or position (the figure,
an example puzzle, its one finish) and with --all over every roll of a dice set (distribution,
the most, examples; progress, Ctrl+C and checkpoints as the census has). Every example printed
is checked by the independent validator."""
from __future__ import annotations

import json
import os
from collections import Counter
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from solver.cli import main
from solver.errors import SquarewiseError
from solver.genius import counts, min_pieces, min_pieces_all
from solver.genius.dice import builtin, from_json
from solver.genius.numbers import roll_number
from solver.genius.position import Move, Position
from solver.grid import parse_cell
from tests.cli.test_machine_safety import children, running
from tests.validate_genius import check_pins, completions

ROOT = Path(__file__).resolve().parents[2]
# 128 rolls of a made-up set: the all-dark roll A1 A3 A5 B2 B4 B6 C1 and others have no solution
SMALL = {"name": "small", "dice": [["A1", "E2"], ["A3", "C2"], ["A5", "C3"], ["B2", "E1"], ["B4", "A4"],
                                   ["B6", "E4"], ["C1", "F1"]]}


def run(capsys, *argv):
    code = main(["genius", "min-pieces", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> None:
    assert err.count("\n") == 1 and err.startswith("squarewise: error: ") and "Traceback" not in err, err


def cells(names) -> list[int]:
    return [parse_cell(n) for n in names]


def check_example(blockers, puzzle: str, finish: str, start: str | None = None) -> None:
    """The puzzle's pieces beyond the start's pin its finish, and no fewer of them do."""
    made, done = Position.parse(puzzle), Position.parse(finish)
    kept = Position.parse(start).placed if start else {}
    given = {p: sorted(c) for p, c in made.placed.items() if p not in kept}
    check_pins(blockers, given, {p: sorted(c) for p, c in kept.items()}, {p: sorted(c) for p, c in done.placed.items()})


@pytest.fixture
def small_dice(tmp_path) -> str:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL))
    return str(path)


ROLL = ["A6", "E1", "A1", "A4", "A2", "D5", "B4"]


def test_a_roll_by_its_cells_in_text(capsys):
    code, out, err = run(capsys, *ROLL)
    assert code == 0 and err == ""
    assert "roll #51,948 of the default dice, 3,202 solutions" in out
    assert "fewest pieces to give for exactly one finish: 2 (no single piece leaves one finish" in out


def test_a_roll_by_its_cells_in_json(capsys):
    code, out, _ = run(capsys, *ROLL, "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["pieces"], doc["solutions"], doc["number"], doc["singles"]) == (2, 3202, 51948, 0)
    assert doc["blockers"] == sorted(ROLL) and doc["own"] is False
    assert len(doc["given"]) == 2 and doc["puzzle"] == "/".join(["A1A2A4A6B4D5E1", *doc["given"]])
    check_example(cells(doc["blockers"]), doc["puzzle"], doc["finish"])


def test_a_roll_by_number_of_either_dice_set(capsys):
    code, out, _ = run(capsys, "--number", "#41,233", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["number"] == 41233 and doc["pieces"] == 1 and doc["singles"] >= 1
    check_example(cells(doc["blockers"]), doc["puzzle"], doc["finish"])
    single = [parse_cell(c) for c in "A3 B2 C1 C4 C6 D5 F2".split()]      # an alternative roll with one solution
    number = roll_number(builtin("alternative"), single)
    code, out, _ = run(capsys, "--number", str(number), "--dice", "alternative", "--json")
    doc = json.loads(out)
    assert (doc["pieces"], doc["given"], doc["solutions"], doc["dice"]) == (0, [], 1, "alternative")
    assert len(completions(single, limit=2)) == 1


START = "A1A2A4A6B4D5E1/4-O:E4E5F4F5"
FINISHED = ("A1A2A4A6B4D5E1/1:B1/2:D1D2/3-I:F1F2F3/3-L:B2C1C2/4-I:C6D6E6F6/4-L:A3B3C3C4/4-T:A5B5B6C5"
            "/4-S:D3D4E2E3/4-O:E4E5F4F5")                                       # a finish of START


def test_a_position_asks_for_more_pieces(capsys):
    code, out, _ = run(capsys, "--position", START, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["position"] == START and doc["own"] is False and doc["puzzle"].startswith(START[:14])
    check_example(cells(doc["blockers"]), doc["puzzle"], doc["finish"], START)


def test_a_finished_position_asks_for_its_own_pieces(capsys):
    code, out, _ = run(capsys, "--position", FINISHED, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["own"] is True and doc["finish"] == FINISHED and doc["solutions"] == 3202
    own = Position.parse(FINISHED).placed
    assert all(Move.parse(g).cells == own[Move.parse(g).piece] for g in doc["given"])
    check_example(cells(doc["blockers"]), doc["puzzle"], FINISHED)
    code, out, _ = run(capsys, "--position", FINISHED)
    assert "fewest of its own pieces that pin it down:" in out


def test_no_solution_is_exit_1(capsys):
    code, out, err = run(capsys, "A1", "A3", "A5", "B2", "B4", "B6", "C1")
    assert code == 1 and err == "" and "no solution" in out
    code, out, _ = run(capsys, "A1", "A3", "A5", "B2", "B4", "B6", "C1", "--json")
    assert code == 1 and json.loads(out)["pieces"] is None


@pytest.mark.parametrize("argv, message", [
    (["A1", "A2"], "exactly 7 blockers"),
    (["A1", "A2", "A3", "A4", "A5", "A6", "Z9"], "Z9"),
    ([], "give one of"),
    (["A6", "E1", "A1", "A4", "A2", "D5", "B4", "--number", "3"], "give one of"),
    (["--number", "62208"], "0 to 62,207"),
    (["--number", "1_0"], "whole number"),
    (["--position", "A1A2A4A6B4D5E1/4-O:A1A2B1B2"], "blocker"),
    (["--all", "--number", "3"], "--all takes no roll"),
    (["--all", "--resume"], "--resume needs --checkpoint"),
    (["--number", "3", "--checkpoint", "x.npz"], "go with --all"),
    (["--all", "--dice", "nowhere.json"], "nowhere.json"),
    (["--all", "--jobs", "0"], "--jobs"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err
    one_line(err)


def test_all_over_a_small_dice_set(capsys, small_dice):
    code, out, err = run(capsys, "--all", "--dice", small_dice, "--jobs", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["dice"] == "small" and doc["rolls"] == 128 and doc["unsolvable"] > 0
    assert sum(doc["distribution"].values()) + doc["unsolvable"] == 128
    assert doc["maximum"]["pieces"] == max(map(int, doc["distribution"]))
    assert len(doc["maximum"]["numbers"]) == doc["maximum"]["rolls"] == doc["distribution"][str(doc["maximum"]["pieces"])]
    dice_set = from_json(SMALL, "small")
    rolls, _, _ = min_pieces_all.classes(dice_set)
    one_by_one = min_pieces.search(rolls, np.zeros(len(rolls), np.uint64))      # no symmetry, no chunks
    figures = Counter(f.pieces for f in one_by_one if f.pieces is not None)
    assert doc["distribution"] == {str(k): v for k, v in sorted(figures.items())}
    assert doc["maximum"]["numbers"] == [n for n, f in enumerate(one_by_one) if f.pieces == doc["maximum"]["pieces"]]
    assert {e["pieces"] for e in doc["examples"]} == set(map(int, doc["distribution"]))
    for example in doc["examples"]:
        assert one_by_one[example["number"]].pieces == example["pieces"] == len(example["given"])
        assert example["solutions"] == one_by_one[example["number"]].solutions
        check_example(cells(example["blockers"]), example["puzzle"], example["finish"])
    assert "fewest pieces, small: 100.0%" in err       # progress on stderr, off a terminal too
    code, text, _ = run(capsys, "--all", "--dice", small_dice, "--jobs", "1")
    assert code == 0 and "small: 128 rolls" in text and "the most: 2 pieces" in text
    for example in doc["examples"]:
        assert example["puzzle"] in text


def test_all_resumes_from_its_checkpoint(tmp_path, monkeypatch):
    dice_set = from_json(SMALL, "small")
    fresh = min_pieces_all.survey(dice_set, jobs=1)
    monkeypatch.setattr(min_pieces_all, "CHUNK", 16)
    monkeypatch.setattr(min_pieces_all, "ROUND", 2)             # a save every 2 chunks of 16 classes
    calls = []
    real = min_pieces_all.chunk_records
    monkeypatch.setattr(min_pieces_all, "chunk_records", lambda reps: calls.append(len(reps)) or real(reps))
    path = tmp_path / "mp.npz"
    assert min_pieces_all.survey(dice_set, jobs=1, checkpoint=path, cancelled=lambda: len(calls) >= 5) is None
    saved = min_pieces_all.Checkpoint.read(path)
    assert 0 < len(saved) < 8
    first = len(calls)
    again = min_pieces_all.survey(dice_set, jobs=1, checkpoint=path, resume=True)
    assert again["resumed_chunks"] == len(saved) and len(calls) - first == 8 - len(saved)
    skip = ("seconds", "jobs", "resumed_chunks")
    assert {k: v for k, v in again.items() if k not in skip} == {k: v for k, v in fresh.items() if k not in skip}
    with pytest.raises(SquarewiseError, match="other work"):
        min_pieces_all.survey(from_json({**SMALL, "dice": SMALL["dice"][:6] + [["C1"]]}, "x"), jobs=1,
                              checkpoint=path, resume=True)


def test_all_refuses_a_checkpoint_it_cannot_use_before_any_work(tmp_path, capsys, small_dice):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a checkpoint")
    code, _, err = run(capsys, "--all", "--dice", small_dice, "--checkpoint", str(broken), "--resume")
    assert code == 2 and "cannot be read as a min-pieces checkpoint" in err
    one_line(err)
    other = tmp_path / "counts.npz"
    counts.Checkpoint(other, {"units": 1}, [1], False).save()
    code, _, err = run(capsys, "--all", "--dice", small_dice, "--checkpoint", str(other), "--resume")
    assert code == 2 and "cannot be read as a min-pieces checkpoint (not one)" in err
    code, _, err = run(capsys, "--all", "--dice", small_dice, "--checkpoint", str(tmp_path / "no" / "mp.npz"))
    assert code == 2 and "does not exist" in err


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="finds the pool's workers through Linux's /proc")
def test_ctrl_c_stops_every_worker_saying_interrupted(tmp_path):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "game", "genius", "min-pieces", "--all", "--dice", "alternative",
                             "--jobs", "2", "--checkpoint", str(tmp_path / "ck.npz")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while len(children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = children(proc.pid)
        assert len(workers) >= 2, "the pool did not start"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and out == ""
    assert err.strip().splitlines()[-1] == "squarewise: interrupted", err
    deadline = time.monotonic() + 10
    while any(map(running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(running, workers))
