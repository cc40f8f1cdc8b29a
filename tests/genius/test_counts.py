"""Solution counts of every board (census --counts): the cut pipeline on a restricted set of boards,
checked against the engine's counter, the plain reference solver, the roll counter of both dice
sets, the census's unsolvable boards and the board's symmetries; the checkpoint; the command."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from solver.cli import main
from solver.errors import SquarewiseError
from solver.genius import census, counts, cut, reference, roll_counts, search
from solver.genius.board import cells_of, mask
from solver.genius.dice import builtin
from solver.grid import parse_cell

TOP = np.uint64((1 << cut.HALF) - 1)
# the alternative dice's two rolls with one solution (docs/census.md): they pick the units tested
SINGLE_ROLLS = ("A3 B2 C1 C4 C6 D5 F2", "A5 C2 D1 D3 D6 E5 F4")


def named(text: str) -> int:
    return mask(parse_cell(n) for n in text.split())


def to_half(masks) -> np.ndarray:
    """Each board, or its top-bottom mirror image: the one with at most 3 blockers above the cut."""
    masks = np.array(masks, dtype=np.uint64)
    up = np.bitwise_count(masks & TOP) > counts.TOP_MAX
    masks[up] = counts.mirrored(masks[up])
    return masks


def fixed_columns(boards: np.ndarray) -> dict[int, np.ndarray]:
    """The sets Q below the cut of these boards, by the number k of blockers above."""
    k = np.bitwise_count(boards & TOP)
    return {j: np.unique(boards[k == j] >> np.uint64(cut.HALF)) for j in range(counts.TOP_MAX + 1)}


@pytest.fixture(scope="module")
def picked():
    """Boards to check: rolls of both dice sets, unsolvable boards, random sets Q, in two units."""
    rng = random.Random(23)
    singles = to_half([named(t) for t in SINGLE_ROLLS])
    units = sorted(set(counts.unit_of(singles).tolist()))
    chosen = {"singles": singles}
    for name in ("default", "alternative"):
        rolls = to_half(roll_counts.roll_masks(builtin(name)))
        rolls = rolls[np.isin(counts.unit_of(rolls), units)]
        chosen[name] = np.array(rng.sample(list(rolls), 8), dtype=np.uint64)
    bad = census.load_unsolvable()
    images = to_half(np.concatenate([census.image(bad, g) for g in range(8)]))
    images = images[np.isin(counts.unit_of(images), units)]
    hard = images[census.reasons(images) == census.OTHER]
    chosen["unsolvable"] = np.array(rng.sample(list(images), 6) + rng.sample(list(hard), 2), dtype=np.uint64)
    randoms = [np.uint64(named(" ".join(f"{r}{c}" for r, c in pick))) for pick in
               (rng.sample([(r, c) for r in "DEF" for c in range(1, 7)], 7 - k) for k in range(4) for _ in range(3))]
    fixed = fixed_columns(np.concatenate(list(chosen.values()) + [np.array(randoms, dtype=np.uint64)]))
    boards, found, resumed = counts.count(jobs=1, units=units, fixed=fixed)
    assert resumed == 0
    return chosen, dict(zip(boards.tolist(), found.tolist())), boards, found


def test_restricted_run_covers_the_chosen_boards(picked):
    chosen, by_board, boards, _ = picked
    assert len(set(boards.tolist())) == len(boards) > 1000
    for group in chosen.values():
        assert all(int(b) in by_board for b in group)


def test_random_boards_match_the_engine_count(picked):
    _, by_board, boards, _ = picked
    memo: dict[int, int] = {}
    for b in random.Random(5).sample(boards.tolist(), 25):
        assert by_board[b] == search.count_board(b, memo), cells_of(b)


def test_single_solution_rolls_match_the_reference_solver(picked):
    chosen, by_board, _, _ = picked
    for b in chosen["singles"].tolist():
        assert by_board[b] == reference.count(cells_of(b)) == 1


@pytest.mark.parametrize("name", ["default", "alternative"])
def test_rolls_match_the_roll_counter(picked, name):
    chosen, by_board, _, _ = picked
    rolls = chosen[name].tolist()
    assert [by_board[b] for b in rolls] == roll_counts.count_chunk(rolls)


def test_zero_exactly_on_the_census_unsolvable_boards(picked):
    chosen, by_board, boards, found = picked
    unsolvable = census.unsolvable_among(boards, census.load_unsolvable())
    assert unsolvable.sum() >= len(chosen["unsolvable"])
    assert np.array_equal(found == 0, unsolvable)
    assert all(by_board[b] == 0 for b in chosen["unsolvable"].tolist())


def test_boards_of_one_symmetry_class_agree(picked):
    _, _, boards, found = picked
    reps, _, agree = counts.by_orbit(boards, found)
    assert agree and len(reps) < len(boards)   # some classes have several boards here, so it bites


def test_summary_counts_the_mirror_images():
    b = np.array([named("A1 A2 D1 D2 D3 E1 F6"), named("A3 D1 D2 D3 E1 E2 F6")], dtype=np.uint64)
    report = counts.summarise(b, np.array([1, 4], dtype=np.uint32))
    assert report["boards"] == 4 and report["tilings"] == 10
    assert report["distribution"] == {"1": 2, "4": 2}
    assert report["max"]["solutions"] == 4 and len(report["max"]["boards"]) == 2
    assert ["A1", "A2", "D1", "D2", "D3", "E1", "F6"] in report["single"]
    assert ["A6", "B1", "C1", "C2", "C3", "F1", "F2"] in report["single"]   # its mirror image


def tiny() -> dict[int, np.ndarray]:
    return fixed_columns(to_half([named("A1 A2 D1 D2 D3 E1 F6"), named("A3 B5 D1 D2 D3 E1 E2"),
                                  named("A3 D1 D2 D3 E1 E2 F6"), named("B2 B3 C4 D6 E1 F1 F5")]))


def test_checkpoint_resumes_finished_units(tmp_path):
    path = tmp_path / "counts.npz"
    first = counts.count(jobs=1, units=[15], fixed=tiny(), checkpoint=path)
    # two processes: the forked workers of stage 2 inherit the Below table
    boards, found, resumed = counts.count(jobs=2, units=[13, 14, 15], fixed=tiny(), checkpoint=path, resume=True)
    assert resumed == 1
    fresh = counts.count(jobs=1, units=[13, 14], fixed=tiny())
    assert np.array_equal(boards, np.concatenate([fresh[0], first[0]]))
    assert np.array_equal(found, np.concatenate([fresh[1], first[1]]))
    with pytest.raises(SquarewiseError, match="other work"):
        counts.count(jobs=1, units=[15], checkpoint=path, resume=True)


@pytest.fixture
def small_run(monkeypatch):
    real = counts.count
    monkeypatch.setattr(counts, "count", lambda jobs, progress, checkpoint, resume, cancelled:
                        real(jobs, progress, checkpoint, resume, cancelled, units=[15], fixed=tiny()))


def test_cli_json_reports_a_distribution_its_boards_bear_out(small_run, capsys):
    assert main(["genius", "census", "--counts", "--json", "--jobs", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sum(doc["distribution"].values()) == doc["boards"]
    assert doc["tilings"] == sum(int(c) * n for c, n in doc["distribution"].items())
    assert str(doc["max"]["solutions"]) in doc["distribution"]
    assert len(doc["single"]) == doc["distribution"].get("1", 0)
    memo: dict[int, int] = {}
    for cells in doc["max"]["boards"][:2] + doc["single"][:2]:
        expected = doc["max"]["solutions"] if cells in doc["max"]["boards"] else 1
        assert search.count_board(named(" ".join(cells)), memo) == expected


def test_cli_save_writes_canonical_boards_with_their_counts(small_run, tmp_path, capsys):
    out = tmp_path / "table.npz"
    assert main(["genius", "census", "--counts", "--json", "--jobs", "1", "--save", str(out)]) == 0
    with np.load(out) as table:
        reps, n = table["representatives"], table["counts"]
    assert np.array_equal(census.canonical(reps), reps) and n.dtype == np.uint32
    assert [search.count_board(int(r), {}) for r in reps[:3]] == n[:3].tolist()


def test_cli_save_alone_writes_to_the_user_cache_folder(small_run, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert main(["genius", "census", "--counts", "--json", "--jobs", "1", "--save"]) == 0
    with np.load(tmp_path / "squarewise" / "counts.npz") as table:
        assert len(table["representatives"]) == len(table["counts"]) > 0
    assert not (tmp_path / "squarewise" / "unsolvable.npz").exists()   # the census cache is left alone


def test_cli_text(small_run, capsys):
    assert main(["genius", "census", "--counts", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "tilings" in text and "most solutions" in text and "agree on their count" in text


@pytest.mark.parametrize("args, message", [
    (["--checkpoint", "/nonexistent-folder/ck.npz"], "does not exist"),
    (["--save", ""], "needs a file name"),
    (["--resume"], "--resume needs --checkpoint"),
])
def test_cli_refuses_bad_paths(args, message, capsys):
    assert main(["genius", "census", "--counts", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("content", [b"not a checkpoint", b"PK\x03\x04broken"])
def test_cli_refuses_a_broken_checkpoint(tmp_path, capsys, content):
    path = tmp_path / "ck.npz"
    path.write_bytes(content)
    assert main(["genius", "census", "--counts", "--checkpoint", str(path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "cannot be read as a counts checkpoint" in err and len(err.strip().splitlines()) == 1
