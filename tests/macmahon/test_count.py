import numpy as np
import pytest

from solver.errors import SquarewiseError
from solver.macmahon.halves import all_solutions, count_solutions
from solver.macmahon.position import Board
from solver.macmahon.search import solution_classes, solution_table
from solver.macmahon.store import classes_from_bytes, classes_to_bytes, load_asset
from solver.macmahon.symmetry import canonical_codes, orbit_rows, position_from_codes
from solver.macmahon.tiles import COLOUR_LETTERS, rotate
from tests.macmahon.helpers import assert_solution, brute_completions
from tests.validate_macmahon import count_invalid

SMALL = [(1, 1, 1), (2, 3, 2), (3, 2, 2), (1, 6, 2), (6, 1, 2)]


@pytest.mark.parametrize("rows,cols,colours", SMALL)
def test_small_boards_agree_with_brute_force(rows, cols, colours):
    board = Board(rows, cols, colours)
    brute = brute_completions([[None] * cols for _ in range(rows)], colours)
    listed = all_solutions(board, jobs=1)
    assert count_solutions(board, jobs=1) == len(listed) == len(brute)
    assert {tuple(position_from_codes(board, r).colours_at(c) for c in range(board.size)) for r in listed} == brute


@pytest.mark.parametrize("rows,cols", [(3, 8), (2, 12), (8, 3)])
def test_other_classic_shapes_have_no_solution(rows, cols):
    """Brute force is out of reach here; the reason is checked instead: on 3x8 and 2x12 every
    one of the 18 tiles with a white triangle sits on the border, and the three with two
    opposite white triangles (bowties) then face a tile without white."""
    board = Board(rows, cols, 3)
    assert count_solutions(board, jobs=1) == 0 and len(all_solutions(board, jobs=1)) == 0


def test_class_file_round_trips():
    reps = load_asset(Board())
    board, back = classes_from_bytes(classes_to_bytes(Board(), reps))
    assert board == Board() and (back == reps).all()
    data = classes_to_bytes(Board(), reps)
    head, _, body = data.partition(b"\n")
    for bad in (b"nonsense\n", head.replace(b"13328", b"lots") + b"\n" + body, data[: len(data) // 2],
                head.replace(b"13328", b"13327") + b"\n" + body):
        with pytest.raises(SquarewiseError, match="MacMahon solution-class file"):
            classes_from_bytes(bad)


def test_shipped_classes_are_sorted_canonical_forms():
    reps = load_asset(Board())
    canon, _ = canonical_codes(Board(), reps)
    assert (canon == reps).all()
    assert (np.lexsort(reps.T[::-1]) == np.arange(len(reps))).all()


def test_shipped_classes_are_the_solved_classes_with_their_orbits():
    board = Board()
    reps = load_asset(board)
    _, sizes = canonical_codes(board, reps)
    classes = solution_classes(board)
    assert len(classes) == len(reps)
    for position in classes[:: max(1, len(classes) // 300)]:
        assert_solution(position)
    assert len(orbit_rows(board, reps)) == int(sizes.sum())


def test_the_classic_boards_solutions_fall_in_classes_of_8():
    """The shipped classes expand to the whole solution set (the CLI test checks that a fresh
    count lists exactly these classes)."""
    board = Board()
    table = solution_table(board)
    canon, sizes = canonical_codes(board, table)
    assert len(table) == 106_624  # the CPLEX solution pool's figure
    assert (sizes == 8).all() and len(np.unique(canon, axis=0)) * 8 == len(table)


def test_every_solution_of_the_classic_board_passes_the_validator():
    board = Board()
    assert count_invalid(colour_array(board, solution_table(board)), 3) == 0


def colour_array(board, rows):
    """Codes (tile*4 + rotation per cell) -> colour indices, shape (N, rows, cols, 4)."""
    looks = np.array([[COLOUR_LETTERS.index(ch) for ch in rotate(board.tiles[code // 4], code % 4)]
                      for code in range(len(board.tiles) * 4)])
    return looks[rows].reshape(len(rows), board.rows, board.cols, 4)


def test_vectorised_validator_catches_broken_boards():
    board = Board()
    rows = solution_table(board)[:50].copy()
    colours = colour_array(board, rows)
    assert count_invalid(colours, 3) == 0
    rows[:10, 7] = rows[:10, 7] // 4 * 4 + (rows[:10, 7] + 1) % 4   # turn one tile
    rows[10:20, [3, 4]] = rows[10:20, [4, 3]]                     # swap two tiles
    assert count_invalid(colour_array(board, rows), 3) == 20


def test_feldmans_theorems_hold_on_every_solution():
    """The structure Feldman proved (1964), checked on the whole listed set: the docs use it
    to argue that his pruning cannot explain his lower count."""
    board = Board()
    table = solution_table(board)
    look = colour_array(board, table)                      # (N, 4, 6, 4) colour indices
    whites = (look == 0).sum(axis=3)                       # white triangles per cell
    centre = whites[:, 1:3, 1:5]
    assert ((centre > 0).sum(axis=(1, 2)) == 2).all()      # T3: two white-bearing tiles inside
    assert (centre < 4).all()                              # T5: never the white square
    assert (centre != 1).all()                             # T8: never a stopper
    # T11: a bridge, a column whose three vertical inner edges are white
    vertical_white = (look[:, :3, 1:5, 2] == 0).all(axis=1)
    assert (vertical_white.sum(axis=1) == 1).all()             # (in fact exactly one)
    # T12, T13: the corners hold neither four diagonals nor the white square with both nicks
    corners = whites[:, [0, 0, 3, 3], [0, 5, 0, 5]]
    assert not (corners == 2).all(axis=1).any()
    assert not (((corners == 4).sum(axis=1) == 1) & ((corners == 3).sum(axis=1) == 2)).any()


def test_feldmans_symmetry_breaking_keeps_one_board_per_class():
    """T14 + T15: the white square in the top-left quarter's border cells (A1 A2 A3 B1) and
    the blue nick before the red nick in his fill order pick exactly one board per class."""
    board = Board()
    tiles = solution_table(board) // 4
    fill_rank = np.array([4, 12, 11, 10, 9, 3, 13, 17, 19, 21, 23, 16,
                          14, 18, 20, 22, 24, 15, 1, 5, 6, 7, 8, 2])   # from the seed
    white, red_nick, blue_nick = (board.tiles.index(t) for t in ("WWWW", "RWWW", "BWWW"))
    where = {t: (tiles == t).argmax(axis=1) for t in (white, red_nick, blue_nick)}
    kept = np.isin(where[white], [0, 1, 2, 6]) & (fill_rank[where[blue_nick]] < fill_rank[where[red_nick]])
    canon, _ = canonical_codes(board, solution_table(board)[kept])
    assert len(np.unique(canon, axis=0)) == kept.sum() == len(solution_table(board)) // 8
