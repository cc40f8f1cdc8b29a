"""The Genius hand (game/puzzles/genius/hand.py): picking up, turning and the move a drop makes, without pygame."""
from game.puzzles.genius.hand import Drop, centre_square, drop, flipped, pick_up, square_on, turned
from solver.genius.moves import execute
from solver.genius.position import Move, Position
from solver.grid import parse_cell
from tests.game.drive import assert_legal

BOARD = Position.parse("A1A2A4A6B4D5E1")


def rc(name: str) -> tuple[int, int]:
    return divmod(parse_cell(name), 6)


def test_a_piece_from_the_tray_lands_where_its_grabbed_square_is():
    held, cursor = pick_up(BOARD, "4-O", 0, sticky=False)
    assert cursor is None and held.source == "tray" and held.grab == centre_square("4-O", 0)
    put_down_at = drop(BOARD, held, rc("C2"))        # the square is held by its top left square
    assert put_down_at == Drop("4-O:C2C3D2D3", None)
    after = execute(BOARD, put_down_at.move)
    assert after.placed["4-O"] == Move.parse("4-O:C2C3D2D3").cells
    assert_legal(after)


def test_an_illegal_spot_gives_the_engines_reason_instead_of_a_move():
    held, _ = pick_up(BOARD, "1", 0, sticky=True)
    assert drop(BOARD, held, rc("A1")) == Drop(None, "on a blocker at A1")


def test_a_piece_taken_from_the_board_goes_back_to_the_tray_when_dropped_off_it():
    placed = BOARD.place(Move.parse("2:F4F5"))
    held, cursor = pick_up(placed, "2", 0, sticky=False, grab=square_on(placed.placed["2"], parse_cell("F5")))
    assert held.source == "board" and cursor == rc("F5")
    assert drop(placed, held, None) == Drop("-2", None) and execute(placed, "-2") == BOARD
    assert drop(placed, held, rc("F5")) == Drop(None, None)    # put back where it was: no change


def test_turning_four_times_gives_the_piece_back():
    held, _ = pick_up(BOARD, "4-L", 0, sticky=False)
    assert turned(held, 4) == held and turned(turned(held, 1), 3) == held
    assert turned(held, 1).orientation != held.orientation


def test_flipping_twice_gives_the_piece_back():
    held, _ = pick_up(BOARD, "4-L", 0, sticky=False)
    assert flipped(flipped(held)).orientation == held.orientation
