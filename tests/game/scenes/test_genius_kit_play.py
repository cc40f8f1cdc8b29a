"""The Genius kit and its modes played with commands, with no window (tests/game/genius_kits.py):
the roll rolling in, the mouse's and the keys' commands, counting, free mode, the hot-seat race.
(Moved from tests/game/test_genius_play.py, one concern each as there.)"""
from __future__ import annotations

import pytest

from game.play import records
from game.play.commands import Cursor, Flip, Hover, Key, Press, Release, Slot, Square, Toast, Turn
from game.modes.genius.play import Free, HotSeat
from solver.genius import dice, search
from solver.genius.pieces import PIECES, orientation_of, orientations
from solver.genius.position import Move, Position
from solver.genius.roll_counts import difficulty_label
from tests.game.fakes import BOARD
from tests.game.genius_kits import act, drop, genius_kit, intercepted, pick, settle
from tests.validate_genius import check_position


def solution_of(position):
    done = search.solve(position)
    check_position(done, position.blockers, keep=position.placed)
    return done


def rolling(tmp_path):
    kit = genius_kit(tmp_path, seed=11, animations=True)
    act(kit, "new")
    return kit


def test_a_roll_animates_with_the_clock_stopped(tmp_path):
    kit = rolling(tmp_path)
    assert kit.roll is not None and not kit.match.timer.running
    seed = kit.match.meta["seed"]
    assert kit.match.start.blockers == frozenset(dice.builtin("default").roll(seed))
    assert kit.match.meta["rolled"] == list(dice.builtin("default").roll(seed))


def test_the_clock_starts_once_the_roll_lands(tmp_path):
    kit = rolling(tmp_path)
    seed = kit.match.meta["seed"]
    for _ in range(200):
        if kit.roll is None:
            break
        kit.update(0.05)
    assert kit.roll is None and kit.match.timer.running
    assert kit.shown_id() == kit.match.game_id == Position.from_blockers(
        dice.builtin("default").roll(seed)).notation()


def test_a_key_skips_the_roll(tmp_path):
    kit = genius_kit(tmp_path, animations=True)
    act(kit, "new")
    assert kit.roll is not None
    assert kit.intercept(Key("pause")) == []         # any key but Escape: the dice land
    kit.update(1 / 60)
    assert kit.roll is None and kit.match.timer.running


def test_drag_rotate_flip_undo_redo(tmp_path):
    kit = genius_kit(tmp_path)
    session, start = kit.session, kit.session.position
    session.process(Press(Slot(PIECES.index("4-L"), (0, 0))))
    o0 = session.hand.held.orientation
    session.process(Turn(1))
    o1 = session.hand.held.orientation
    assert o1 != o0 and len(orientations("4-L")[o1]) == 4
    session.process(Flip())
    assert session.hand.held.orientation not in (o1,)
    session.process(Turn(-1))
    session.process(Release(Slot(PIECES.index("4-L"), (0, 0)), click=True))  # a click: the piece stays in hand
    assert session.hand.held is not None and session.hand.held.sticky
    session.process(Key("back"))
    assert session.hand.held is None and session.position == start

    drop(session, "4-L", [6, 12, 18, 19])                                     # B1 C1 D1 D2
    assert session.position.placed["4-L"] == frozenset({6, 12, 18, 19})
    session.process(Key("undo"))
    assert session.position == start
    session.process(Key("redo"))
    assert "4-L" in session.position.placed
    session.process(Key("restart"))
    assert session.position == start and session.match.can_undo


def illegal_drop(tmp_path):
    """The 4-O let go with its top-left square on A1, a blocker: (session, start, the engine's
    reason, the effects)."""
    kit = genius_kit(tmp_path)
    session, start = kit.session, kit.session.position
    session.process(Press(Slot(PIECES.index("4-O"), (0, 0))))
    grab = session.hand.held.grab
    session.process(Hover(Square(*grab)))          # the square's top-left on A1, a blocker
    cells, reason = session.hand.landing(session.position)[:2]
    assert reason == start.check(Move("4-O", cells)) and reason.startswith("on a blocker")
    return session, start, reason, session.process(Release(Square(*grab)))


def test_an_illegal_drop_changes_nothing(tmp_path):
    session, start, _, _ = illegal_drop(tmp_path)
    assert session.position == start and session.hand.held is None


def test_an_illegal_drop_says_why(tmp_path):
    _, _, reason, effects = illegal_drop(tmp_path)
    assert any(isinstance(e, Toast) and reason in e.text for e in effects)


def test_keyboard_alone_fills_the_board(tmp_path):
    kit = genius_kit(tmp_path)
    session = kit.session
    done = solution_of(session.position)
    for piece in PIECES:
        cells = done.placed[piece]
        session.process(pick(piece))
        assert session.hand.held.piece == piece
        want = orientation_of(piece, cells)
        for i in range(8):
            if session.hand.held.orientation == want:
                break
            session.process(Flip() if i == 3 else Turn(1))
        r0, c0 = min(c // 6 for c in cells), min(c % 6 for c in cells)
        goal = (r0 + session.hand.held.grab[0], c0 + session.hand.held.grab[1])
        while session.hand.cursor != goal:
            r, c = session.hand.cursor
            session.process(Cursor(1, 0) if r < goal[0] else Cursor(-1, 0) if r > goal[0] else
                            Cursor(0, 1) if c < goal[1] else Cursor(0, -1))
        session.process(Key("place"))
        assert session.position.placed[piece] == cells
    assert session.match.finished
    check_position(session.position)
    session.process(Key("place"))               # keyboard pick-up of a placed piece is refused once the board is full
    assert session.hand.held is None


def test_count_rates_the_roll(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "count")
    settle(kit)
    n = search.count(Position.parse(BOARD))
    assert kit.session.status == f"{n:,} solutions: {difficulty_label(n)}"
    assert kit.match.meta["solutions"] == n


def test_free_mode_says_at_once_why_a_board_fails(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "free")
    assert isinstance(kit.mode, Free)
    one_colour = [0, 2, 4, 7, 9, 11, 12]     # all on the A1 colour of the checkerboard
    for cell in one_colour:
        kit.mode.intercept(Press(Square(*divmod(cell, 6))))
        kit.mode.intercept(Release(Square(*divmod(cell, 6))))
    settle(kit)
    assert kit.session.status == "Unsolvable: all 7 blockers on one checkerboard colour"
    assert not kit.mode.flags()["free_play"]
    for cell in one_colour:                  # click them again: gone
        kit.mode.intercept(Press(Square(*divmod(cell, 6))))
    assert not kit.mode.free.blockers
    good = sorted(Position.parse(BOARD).blockers)
    for cell in good:
        kit.mode.intercept(Press(Square(*divmod(cell, 6))))
    settle(kit)
    assert kit.session.status == "Solvable: press Play"
    act(kit, "free_play")
    assert kit.mode.name == "play" and kit.match.start.blockers == frozenset(good)


def test_race_two_players_same_roll(tmp_path):
    kit = genius_kit(tmp_path, animations=True)
    act(kit, "race")
    mode, start = kit.mode, kit.match.start
    assert isinstance(mode, HotSeat)
    assert mode.hidden and not kit.match.timer.running and kit.shown_id() == ""
    intercepted(kit, Key("place"))                      # player 1 starts (Enter): the dice roll in
    assert not mode.hidden and kit.roll is not None and not kit.match.timer.running
    kit.roll.finish()
    kit.update(1 / 60)
    assert kit.match.timer.running and kit.shown_id() == start.notation()
    done = solution_of(start)
    for piece in PIECES:
        settle(kit, drop(kit.session, piece, done.placed[piece]))
    assert mode.race.times[0] is not None and mode.race.turn == 1 and mode.hidden
    assert mode.hidden and kit.shown_id() == ""
    intercepted(kit, Key("place"))                      # player 2, same board, empty
    kit.roll.finish()
    kit.update(1 / 60)
    assert kit.match.start == start and not kit.session.position.placed and kit.match.timer.running
    race = mode.race
    ask = act(kit, "give_up")[0]
    ask.on_yes()
    assert race.turn == 2 and kit.session.status.startswith("Player 1 wins")


def test_a_game_id_typed_during_a_race_leaves_the_race(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "race")
    assert "give_up" in dict(kit.mode.BUTTONS)
    kit.begin_id(kit.dealer.parse_id(BOARD), {})
    assert kit.mode.name == "play" and "hint" in dict(kit.mode.BUTTONS)
    assert kit.mode.shows().get("cover", ()) == () and kit.match.timer.running
