"""solver.macmahon.classes: the solution classes of a board, the white-tile map and the cache (no pygame)."""
import numpy as np

from solver.macmahon import classes as classes_module
from solver.macmahon.classes import Classes, cache_file, cached_classes, compute_classes
from solver.macmahon.position import Board
from solver.macmahon.search import canonical
from solver.macmahon.store import load_asset
from tests.validate_macmahon import problems

SMALL = Board(1, 1, 1)          # one tile, one class: small enough to list here


def test_the_classic_boards_classes_cover_every_solution():
    classes = Classes(Board(), load_asset(Board()))
    assert len(classes) == 13328 and classes.solutions == 106624
    assert len(classes.matching(None)) == 13328


def test_a_class_is_shown_with_its_white_tile_where_asked():
    board = Board()
    classes = Classes(board, load_asset(board))
    a3 = 2
    matching = classes.matching(a3)
    assert len(matching) == classes.counts()[a3] > 0
    for k in matching[:20]:
        shown = classes.position(int(k), a3)
        assert shown.colours_at(a3) == "WWWW"
        assert problems(shown.colour_rows(), 3) == []
        assert canonical(shown) == canonical(classes.position(int(k)))


def test_no_class_has_the_white_tile_inside_the_border():
    board = Board()
    counts = Classes(board, load_asset(board)).counts()
    b2 = 7                                   # B2: every inner cell needs a coloured tile
    assert counts[b2] == 0 and len(Classes(board, load_asset(board)).matching(b2)) == 0


def test_a_computed_list_is_found_again_in_the_cache(tmp_path, monkeypatch):
    data = compute_classes(SMALL.header)
    monkeypatch.setattr(classes_module, "load_asset", lambda board: None)
    assert cached_classes(tmp_path, SMALL) is None
    cache_file(tmp_path, SMALL).write_bytes(data)
    reps = cached_classes(tmp_path, SMALL)
    assert reps is not None and len(reps) == len(Classes(SMALL, reps)) > 0


def test_a_broken_or_foreign_cache_file_counts_as_none(tmp_path, monkeypatch):
    monkeypatch.setattr(classes_module, "load_asset", lambda board: None)
    cache_file(tmp_path, SMALL).write_bytes(b"not a class file")
    assert cached_classes(tmp_path, SMALL) is None
    other = Board(2, 3, 2)
    cache_file(tmp_path, SMALL).write_bytes(compute_classes(other.header))
    assert cached_classes(tmp_path, SMALL) is None


def test_the_shipped_file_wins_over_the_cache(tmp_path):
    reps = cached_classes(tmp_path, Board())
    assert np.array_equal(reps, load_asset(Board()))

