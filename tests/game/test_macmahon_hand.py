"""The MacMahon hand (game/puzzles/macmahon/hand.py): the move a drop or a turn in place makes, played by
the puzzle's `execute`, without pygame."""
from game.puzzles.macmahon.hand import Drop, Held, drop, turn_in_place, turn_text
from solver.macmahon.moves import execute
from solver.macmahon.position import Move, Position

EMPTY = Position.parse("4x6x3")
A1, B2 = 0, 7


WRONG = Held(tile=7, rotation=0, source=None)                      # tile 8 "RWBW": not white on top at A1


def test_strict_rules_refuse_a_rule_break_with_the_engines_reason():
    reason = EMPTY.check(Move(7, 0, A1))
    assert reason is not None and drop(EMPTY, WRONG, A1, strict=True) == Drop(None, reason)


def test_free_rules_allow_a_rule_break():
    free = drop(EMPTY, WRONG, A1, strict=False)
    assert free == Drop("8a@A1!", None) and execute(EMPTY, free.move) == EMPTY.place_unchecked(Move(7, 0, A1))


def test_a_taken_cell_is_refused_under_both_rules():
    placed = EMPTY.place_unchecked(Move.parse("1a@B2"))
    other = Held(tile=1, rotation=0, source=None)
    assert drop(placed, other, B2, strict=True).reason and drop(placed, other, B2, strict=False).reason


ON_B2 = EMPTY.place_unchecked(Move.parse("1a@B2"))
FROM_B2 = Held(tile=0, rotation=0, source=B2)


def test_a_tile_from_the_board_let_go_off_it_goes_back_to_the_tray():
    assert drop(ON_B2, FROM_B2, None, strict=True) == Drop("-B2", None) and execute(ON_B2, "-B2") == EMPTY


def test_a_tile_from_the_board_let_go_on_its_cell_stays_put():
    assert drop(ON_B2, FROM_B2, B2, strict=True) == Drop(None, None)


def test_a_tile_from_the_board_let_go_on_another_cell_moves_there():
    placed, held = ON_B2, FROM_B2
    moved = drop(placed, held, A1, strict=False)
    assert moved == Drop("B2>1a@A1!", None) and execute(placed, moved.move) == EMPTY.place_unchecked(Move.parse("1a@A1"))


def test_turning_in_place_skips_the_ways_round_that_look_the_same():
    white = EMPTY.place_unchecked(Move.parse("1a@B2"))             # the all-white tile looks the same every way
    assert turn_in_place(white, B2, 1, strict=False) == (None, None)
    half = EMPTY.place_unchecked(Move.parse("8a@B2"))
    move, reason = turn_in_place(half, B2, 1, strict=False)
    assert reason is None and move == Move(7, 1, B2)
    assert execute(half, turn_text(half, move)) == EMPTY.place_unchecked(Move(7, 1, B2))
    move, _ = turn_in_place(half, B2, -1, strict=False)
    assert move == Move(7, 3, B2)


def test_two_digits_typed_quickly_make_one_tile_number():
    from game.puzzles.macmahon.hand import DIGIT_WAIT, TileNumber
    typing = TileNumber()
    assert typing.type("1", 24) == 1 and typing.type("2", 24) == 12      # quickly: tile 12
    typing.tick(DIGIT_WAIT)
    assert typing.type("2", 24) == 2                                       # too late: a new number
    assert typing.type("9", 24) == 9                                       # 29 is no tile: 9 alone
    typing.end()
    assert typing.type("1", 24) == 1


def test_the_cursor_moves_on_to_an_empty_cell():
    from game.puzzles.macmahon.hand import next_empty
    cells = [(0, 0), None, (1, 0), None]
    assert next_empty(cells, 0) == 1 and next_empty(cells, 2) == 3 and next_empty(cells, 1) == 1


def test_tab_steps_round_the_tray():
    from game.puzzles.macmahon.hand import next_tile
    assert next_tile([2, 5, 9], None, 1, 24) == 2 and next_tile([2, 5, 9], None, -1, 24) == 9
    assert next_tile([2, 5, 9], 5, 1, 24) == 9 and next_tile([2, 5, 9], 9, 1, 24) == 2
