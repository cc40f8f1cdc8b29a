"""The MacMahon play state (game/scenes/macmahon/play.py): putting a tile down and turning one in place, without pygame."""
from game.scenes.macmahon.play import Held, put_down, turn_in_place
from solver.macmahon.position import Move, Position

EMPTY = Position.parse("4x6x3")
A1, B2 = 0, 7


def test_strict_rules_refuse_a_rule_break_with_the_engines_reason_and_free_ones_allow_it():
    wrong = Held(tile=7, rotation=0, source=None)                  # tile 8 "RWBW": not white on top at A1
    reason = EMPTY.check(Move(7, 0, A1))
    assert reason is not None and put_down(EMPTY, wrong, A1, strict=True) == reason
    assert put_down(EMPTY, wrong, A1, strict=False) == EMPTY.place_unchecked(Move(7, 0, A1))


def test_a_taken_cell_is_refused_under_both_rules():
    placed = EMPTY.place_unchecked(Move.parse("1a@B2"))
    other = Held(tile=1, rotation=0, source=None)
    assert isinstance(put_down(placed, other, B2, strict=True), str)
    assert isinstance(put_down(placed, other, B2, strict=False), str)


def test_a_tile_from_the_board_goes_back_to_the_tray_off_the_board_and_stays_put_on_its_cell():
    placed = EMPTY.place_unchecked(Move.parse("1a@B2"))
    held = Held(tile=0, rotation=0, source=B2)
    assert put_down(placed, held, None, strict=True) == EMPTY
    assert put_down(placed, held, B2, strict=True) is None


def test_turning_in_place_skips_the_ways_round_that_look_the_same():
    white = EMPTY.place_unchecked(Move.parse("1a@B2"))             # the all-white tile looks the same every way
    assert turn_in_place(white, B2, 1, strict=False) == (None, None)
    half = EMPTY.place_unchecked(Move.parse("8a@B2"))
    move, reason = turn_in_place(half, B2, 1, strict=False)
    assert reason is None and move == Move(7, 1, B2)
    move, _ = turn_in_place(half, B2, -1, strict=False)
    assert move == Move(7, 3, B2)
