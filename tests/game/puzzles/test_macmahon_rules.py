"""MacMahon's rules and flows through the play session (`session.process` with the puzzle's
`interpret`), without a window: strict refusals, free rules, givens, turning in place, the
keyboard's tile picking, taking back and the mid end's keys. One concern per test."""
from __future__ import annotations

import pytest

from game.play.commands import Hover, Key, Pick, Press, Refused, Release, Slot, Toast, Turn, OTHER
from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from tests.game.macmahon_drive import cell, drag, macmahon_session

BOARD = Board()
A1, A2 = 0, 1


@pytest.fixture(scope="module")
def solution() -> Position:
    done = search.solve(Position.empty(BOARD))
    assert done is not None
    return done


def toasts(effects) -> list[str]:
    return [e.text for e in effects if isinstance(e, Toast)]


def test_strict_rules_refuse_a_drop_with_the_engines_reason(tmp_path):
    session = macmahon_session(tmp_path)
    start = session.position
    tile = 6                                   # tile 7 "RBWW": red at the top
    session.process(Press(Slot(tile)))
    session.process(Hover(cell(BOARD, A1)))
    reason = session.hand.landing(session.position).reason
    assert reason == start.check(Move(tile, session.hand.held.rotation, A1))
    assert reason.startswith("border must be white")
    effects = session.process(Release(cell(BOARD, A1)))
    assert session.position == start and session.hand.held is None
    assert any(reason in text for text in toasts(effects))
    assert any(isinstance(e, Refused) for e in effects)


def test_free_rules_allow_a_rule_break(tmp_path):
    session = macmahon_session(tmp_path, strict=False)
    drag(session, 6, A1)
    assert session.position.cells[A1] == (6, 0)


def test_free_rules_mark_the_clash_of_a_rule_break(tmp_path):
    session = macmahon_session(tmp_path, strict=False)
    drag(session, 6, A1)
    assert (A1, "T") in session.position.clashes()


def test_a_click_on_the_tray_carries_the_tile_until_the_next_click(tmp_path):
    session = macmahon_session(tmp_path, strict=False)
    session.process(Press(Slot(6)))
    session.process(Release(Slot(6), click=True))
    assert session.hand.held is not None and session.hand.held.sticky
    session.process(Press(cell(BOARD, A1)))
    assert session.position.cells[A1] == (6, 0) and session.hand.held is None


def test_a_taken_cell_is_refused_under_free_rules_too(tmp_path):
    session = macmahon_session(tmp_path, strict=False)
    drag(session, 6, A1)
    session.process(Pick(1))                     # a tile picked by its number follows the pointer
    effects = session.process(Press(cell(BOARD, A1)))
    assert any("taken" in text for text in toasts(effects)) and session.position.cells[A1] == (6, 0)


def test_a_full_board_that_clashes_is_not_a_win(tmp_path, solution):
    session = macmahon_session(tmp_path, strict=False)
    cells = list(solution.cells)
    cells[0], cells[1] = cells[1], cells[0]          # two tiles swapped: still full, now clashing
    wrong = Position(BOARD, tuple(cells))
    assert wrong.is_complete and wrong.clashes()
    for move in session.position.moves_to(wrong):
        assert not isinstance(session.move(move.notation(BOARD) + "!"), str)
    assert session.position == wrong
    assert not session.match.finished and session.match.timer.running
    assert not session.host.statistics.get("macmahon", {}).get("best")


def test_a_placed_tile_is_picked_up_from_its_cell(tmp_path, solution):
    session = macmahon_session(tmp_path)
    tile, rotation = solution.cells[A1]
    session.move(Move(tile, rotation, A1).notation(BOARD))
    session.process(Press(cell(BOARD, A1)))
    assert session.hand.held.tile == tile and session.hand.held.source == A1
    assert session.hand.shown(session.position).cells[A1] is None


def test_a_tile_dropped_off_the_board_goes_back_to_the_tray(tmp_path, solution):
    session = macmahon_session(tmp_path)
    tile, rotation = solution.cells[A1]
    session.move(Move(tile, rotation, A1).notation(BOARD))
    session.process(Press(cell(BOARD, A1)))
    session.process(Release(None))
    assert session.position.cells[A1] is None and tile in session.position.unplaced


def placed_then_taken_back(tmp_path, solution):
    """A tile placed on A1, then taken back: (session, the tile, its rotation)."""
    session = macmahon_session(tmp_path)
    tile, rotation = solution.cells[A1]
    session.move(Move(tile, rotation, A1).notation(BOARD))
    session.move(f"-{BOARD.cell_name(A1)}")
    return session, tile, rotation


def test_undo_puts_a_tile_taken_back_on_its_cell_again(tmp_path, solution):
    session, tile, rotation = placed_then_taken_back(tmp_path, solution)
    session.process(Key("undo"))
    assert session.position.cells[A1] == (tile, rotation)


def test_redo_takes_the_tile_back_again(tmp_path, solution):
    session, _, _ = placed_then_taken_back(tmp_path, solution)
    session.process(Key("undo"))
    session.process(Key("redo"))
    assert session.position.cells[A1] is None


def test_restart_goes_back_to_the_start_after_tiles_moved(tmp_path, solution):
    session, _, _ = placed_then_taken_back(tmp_path, solution)
    session.process(Key("undo"))
    session.process(Key("restart"))
    assert session.position == session.match.start


def test_tab_steps_forward_through_the_tray(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Key("next_piece"))
    assert session.hand.held.tile == 0
    session.process(Key("next_piece"))
    assert session.hand.held.tile == 1


def test_shift_tab_steps_back_through_the_tray(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Key("next_piece"))
    session.process(Key("next_piece"))
    session.process(Key("prev_piece"))
    assert session.hand.held.tile == 0


def test_enter_puts_the_held_tile_down_at_the_cursor(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Key("next_piece"))
    session.process(Key("place"))                 # tile 1 (all white) fits on A1
    assert session.position.cells[A1] == (0, 0)


def test_delete_takes_back_the_tile_at_the_cursor(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Key("next_piece"))
    session.process(Key("place"))
    session.process(Key("drop"))
    assert session.position.cells[A1] is None


def given_board(solution) -> Position:
    given = Position.empty(BOARD)
    for c in (0, 5):
        given = given.place(Move(*solution.cells[c], c))
    return given


def test_a_given_tile_cannot_be_taken_by_the_mouse(tmp_path, solution):
    given = given_board(solution)
    session = macmahon_session(tmp_path, given)
    effects = session.process(Press(cell(BOARD, A1)))
    assert session.hand.held is None
    assert any("stays put" in text for text in toasts(effects))
    session.process(Release(cell(BOARD, A1)))
    assert session.position == given


def test_a_given_tile_cannot_be_taken_at_the_cursor(tmp_path, solution):
    given = given_board(solution)
    session = macmahon_session(tmp_path, given)
    session.hand.cursor = A1
    session.process(Key("place"))                  # Enter at the cursor (A1): a given, refused
    assert session.hand.held is None and session.position == given
    session.process(Key("drop"))                   # Delete leaves it too
    assert session.position == given


def corner_tile_placed(tmp_path, strict: bool):
    """Tile 3 (two reds side by side) on the A1 corner, the one way round it fits there."""
    session = macmahon_session(tmp_path, strict=strict)
    tile = 2
    fits = [k for k in range(4) if session.position.check(Move(tile, k, A1)) is None]
    assert len(fits) == 1
    session.move(Move(tile, fits[0], A1).notation(BOARD))
    return session, tile, fits[0]


def test_strict_rules_refuse_a_turn_in_place_that_fits_no_other_way(tmp_path):
    session, tile, rotation = corner_tile_placed(tmp_path, strict=True)
    before = session.position
    effects = session.process(Press(cell(BOARD, A1), OTHER))
    assert session.position == before
    assert any("fits no other way" in text for text in toasts(effects))


def test_free_rules_turn_a_placed_tile_back_a_quarter(tmp_path):
    session, tile, rotation = corner_tile_placed(tmp_path, strict=False)
    session.process(Press(cell(BOARD, A1), OTHER))
    assert session.position.cells[A1] == (tile, (rotation + 3) % 4)


def test_free_rules_mark_the_clash_of_a_tile_turned_in_place(tmp_path):
    session, _, _ = corner_tile_placed(tmp_path, strict=False)
    session.process(Press(cell(BOARD, A1), OTHER))
    assert any(c == A1 for c, _ in session.position.clashes())


def test_r_turns_the_placed_tile_at_the_cursor(tmp_path):
    session, tile, rotation = corner_tile_placed(tmp_path, strict=False)
    session.process(Press(cell(BOARD, A1), OTHER))
    session.hand.keyboard, session.hand.cursor = True, A1
    session.process(Turn(1))
    assert session.position.cells[A1] == (tile, rotation)


def test_a_click_on_a_placed_tile_turns_it_where_it_lies(tmp_path):
    session = macmahon_session(tmp_path, strict=False)
    session.move(Move(7, 0, A2).notation(BOARD) + "!")
    session.process(Press(cell(BOARD, A2)))
    outcome = session.process(Release(cell(BOARD, A2), click=True))
    assert session.position.cells[A2] == (7, 1) and session.hand.held is None
    assert not any(isinstance(e, Refused) for e in outcome)


def test_a_tile_number_typed_on_a_filled_cursor_moves_it_to_an_empty_cell(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Key("next_piece"))            # tile 1 to A1
    session.process(Key("place"))
    assert session.position.cells[A1] == (0, 0) and session.hand.cursor == A1
    session.process(Pick(2))                      # A1 is filled: the cursor moves on to A2
    assert session.hand.held.tile == 1 and session.hand.cursor == A2


def test_two_digits_typed_quickly_pick_a_two_digit_tile(tmp_path):
    session = macmahon_session(tmp_path)
    session.process(Pick(1))
    session.process(Pick(2))
    assert session.hand.held.tile == 11


def test_a_second_digit_typed_late_picks_a_tile_of_its_own(tmp_path):
    from game.puzzles.macmahon.hand import DIGIT_WAIT
    session = macmahon_session(tmp_path)
    session.process(Pick(1))
    session.hand.tick(DIGIT_WAIT)
    session.process(Pick(2))
    assert session.hand.held.tile == 1


def test_restart_after_several_tiles_goes_back_to_the_start(tmp_path, solution):
    session = macmahon_session(tmp_path)
    for c in (0, 1, 2):
        session.move(Move(*solution.cells[c], c).notation(BOARD))
    session.process(Key("restart"))
    assert session.position == session.match.start


def test_a_watcher_hears_a_restart_as_take_backs_one_by_one(tmp_path, solution):
    session = macmahon_session(tmp_path)
    for c in (0, 1):
        session.move(Move(*solution.cells[c], c).notation(BOARD))
    heard = []
    session.watchers.append(heard.append)
    session.process(Key("restart"))
    assert heard == ["-A2", "-A1"]                # the last move taken back first
    session.process(Key("undo"))                  # the restart undone: the tiles put back one by one
    put = [Move(*solution.cells[c], c).notation(BOARD) + "!" for c in (0, 1)]
    assert heard[2:] == put and session.position.cells[0] == solution.cells[0]
