"""`session.process(command)` with The Genius Square: the mid end's keys, the hint ladder, a
win, refusals, pause and the clock, on fakes (tests/game/fakes.py): no window, no sleep."""
from __future__ import annotations

import pytest

from game.play import records
from game.play.commands import (Flip, Key, Motion, Pick, Press, Refresh, Refused, Release, Slot, Sound, Square,
                                Toast, Turn, Unused)
from game.play.session import Began, Hinted, Moved, Won
from solver.genius import search
from solver.genius.pieces import PIECES, orientation_of
from solver.genius.position import Move, Position
from tests.game.fakes import BOARD, FakeClock, FakeHost, genius_session

START = Position.parse(BOARD)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def host(tmp_path):
    return FakeHost(tmp_path)


@pytest.fixture
def session(host, clock):
    return genius_session(host, clock)


def drop(session, piece: str, square: tuple[int, int], grab=(0, 0)) -> list:
    """Drag `piece` from the tray by its square `grab` and let go over `square`: the effects."""
    session.process(Press(Slot(PIECES.index(piece), grab)))
    return session.process(Release(Square(*square)))


def place(session, move: Move) -> list:
    """Put `move`'s piece on its cells with the keys (number, turns, cursor, Enter): the effects."""
    hand = session.hand
    session.process(Pick(PIECES.index(move.piece) + 1))
    want = orientation_of(move.piece, move.cells)
    for i in range(8):
        if hand.held.orientation == want:
            break
        session.process(Flip() if i == 3 else Turn(1))
    r0, c0 = min(c // 6 for c in move.cells), min(c % 6 for c in move.cells)
    hand.cursor = (r0 + hand.held.grab[0], c0 + hand.held.grab[1])
    return session.process(Key("place"))


def fill(session) -> list:
    """Place the engine's solution piece by piece: the effects of all the moves."""
    effects = []
    for move in session.position.moves_to(search.solve(session.position)):
        effects += place(session, move)
    return effects


# ---------------------------------------------------------------------- a move
def test_a_drop_plays_its_move(session):
    drop(session, "2", (5, 3))
    assert session.position == START.place(Move("2", frozenset({33, 34})))


def test_the_effects_of_a_drop_in_order(session):
    effects = drop(session, "2", (5, 3))
    assert effects == [Sound("drop2"), Sound("note1"), Motion("settled", "2"), Moved()]


def test_watchers_hear_each_move_string(session):
    heard = []
    session.watchers.append(heard.append)
    drop(session, "2", (5, 3))
    assert heard == ["2:F4F5"]


# ---------------------------------------------------------------------- refusals
def test_a_refused_drop_plays_nothing(session):
    drop(session, "1", (0, 0))
    assert session.position == START and len(session.match.history) == 1


def test_the_effects_of_a_refused_drop_in_order(session):
    session.process(Press(Slot(0, (0, 0))))
    held = session.hand.held
    effects = session.process(Release(Square(0, 0)))
    refusal = Refused("on a blocker at A1", "The red single square (1)", held)
    assert effects == [Sound("illegal"), Toast("The red single square (1): on a blocker at A1", 2.5, alarm=True),
                       Motion("refused", held), refusal]


# ---------------------------------------------------------------------- undo, redo, restart
def test_undo_takes_the_last_move_back(session):
    drop(session, "2", (5, 3))
    assert Moved() in session.process(Key("undo"))
    assert session.position == START and session.match.can_redo


def test_redo_plays_it_again(session):
    drop(session, "2", (5, 3))
    session.process(Key("undo"))
    session.process(Key("redo"))
    assert session.position.placed["2"] == frozenset({33, 34})


def test_undo_with_nothing_to_undo_changes_nothing(session):
    session.process(Key("undo"))
    assert session.position == START and session.match.index == 0


def test_restart_goes_back_to_the_start_as_one_undoable_move(session):
    drop(session, "2", (5, 3))
    drop(session, "1", (2, 2))
    session.process(Key("restart"))
    assert session.position == START and session.match.moves[-1] == "restart"
    session.process(Key("undo"))
    assert set(session.position.placed) == {"1", "2"}


def test_undo_lets_go_of_the_held_piece(session):
    drop(session, "2", (5, 3))
    session.process(Press(Slot(0)))
    session.process(Key("undo"))
    assert session.hand.held is None


def test_watchers_hear_an_undo_as_the_move_that_takes_it_back(session):
    drop(session, "2", (5, 3))
    heard = []
    session.watchers.append(heard.append)
    session.process(Key("undo"))
    assert heard == ["-2"]


def test_a_key_the_mode_forbids_is_unused(session):
    drop(session, "2", (5, 3))
    effects = session.process(Key("undo"), allows=lambda action: action != "undo")
    assert effects == [Unused(Key("undo"))] and "2" in session.position.placed


def test_a_key_nobody_knows_is_unused(session):
    assert session.process(Key("save")) == [Unused(Key("save"))]


# ---------------------------------------------------------------------- the hint ladder
def test_a_hint_asks_the_engine_in_the_background(session, host):
    assert session.process(Key("hint")) == [Refresh()]
    assert host.worker.calls == ["Looking for a hint"] and session.status == ""


def test_the_first_hint_says_which_piece(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    assert session.status.startswith("Hint 1 of 3: Place the ") and session.status.endswith(" next")
    effects = session.take_effects()
    assert effects[0] == Sound("hint") and isinstance(effects[1], Hinted) and effects[1].step.step == 0


def test_asking_again_climbs_to_where_then_how_without_the_engine(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    session.process(Key("hint"))
    assert " covers " in session.status and session.status.startswith("Hint 2 of 3")
    session.process(Key("hint"))
    assert " goes on " in session.status and session.status.startswith("Hint 3 of 3")
    assert host.worker.calls == ["Looking for a hint"]


def test_the_last_rung_marks_a_move_of_a_solution(session, host):
    for _ in range(3):
        session.process(Key("hint"))
        host.worker.poll()
    piece, cells, _ = session.hand.mark
    after = session.position.place(Move(piece, cells))
    assert search.solve(after) is not None


def two_rungs(session, host) -> None:
    for _ in range(2):
        session.process(Key("hint"))
        host.worker.poll()


def test_every_rung_is_a_hint_used(session, host):
    two_rungs(session, host)
    assert session.match.meta["hints"] == 2
    assert session.clock_text() == "0:00 · 2 hints"


def test_a_hint_makes_the_game_helped(session, host):
    two_rungs(session, host)
    assert session.match.meta["assisted"]


def test_a_move_starts_the_ladder_again(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    drop(session, "2", (5, 3))
    session.process(Key("hint"))
    assert host.worker.calls == ["Looking for a hint"] * 2


def test_a_hint_answer_for_a_board_since_changed_is_dropped(session, host):
    session.process(Key("hint"))
    drop(session, "2", (5, 3))                     # the answer is about the empty board
    host.worker.poll()
    assert session.status == "" and session.hint_step is None


def test_a_hint_on_a_dead_end_names_the_piece_to_take_back(session, host):
    dead = next(c for c in sorted(START.empty) if search.solve(START.place(Move("1", [c]))) is None)
    session.move(Move("1", [dead]).notation())
    session.process(Key("hint"))
    host.worker.poll()
    assert session.status == "No solution keeps these pieces: take the red single square (1) back"
    assert session.take_effects() == [Toast(session.status, 4, alarm=True)]
    assert session.hand.mark[0] == "1"


# ---------------------------------------------------------------------- solve
def test_solve_plays_the_solution_move_by_move(session, host):
    session.process(Key("solve"))
    host.worker.poll()
    assert session.status == "Solving..."
    for _ in range(len(PIECES)):
        session.step_solve(0.25, 0.25)
    assert session.match.finished


def solved(session, host):
    """Solve asked and played to the end: the win's ending."""
    session.process(Key("solve"))
    host.worker.poll()
    for _ in range(len(PIECES)):
        session.step_solve(0.25, 0.25)
    [won] = [e for e in session.take_effects() if isinstance(e, Won)]
    return won.ending


def test_a_solved_board_is_a_helped_win(session, host):
    assert solved(session, host).assisted


def test_a_solved_board_sets_no_best_time(session, host):
    assert not solved(session, host).new_best and host.statistics["genius"]["best"] == {}


def test_a_solve_waits_while_paused(session, host):
    session.process(Key("solve"))
    host.worker.poll()
    session.process(Key("pause"))
    session.step_solve(1.0, 0.25)
    assert session.position == START


# ---------------------------------------------------------------------- a win
def test_filling_the_board_wins(session):
    effects = fill(session)
    assert session.match.finished and any(isinstance(e, Won) and e.ending.won for e in effects)


def test_a_win_is_said_once(session):
    effects = fill(session)
    assert sum(isinstance(e, Won) for e in effects) == 1
    session.process(Key("undo"))
    effects = session.process(Key("redo"))
    assert not any(isinstance(e, Won) for e in effects)


def test_a_win_writes_one_record(session, host):
    fill(session)
    session.process(Key("undo"))
    session.process(Key("redo"))
    total = records.summary(host.statistics, "genius")
    assert (total.played, total.won) == (1, 1) and len(host.statistics["genius"]["games"]) == 1
    assert host.saved == 1


def test_a_win_sets_the_best_time_on_the_clock(session, host, clock):
    clock.advance(42)
    [won] = [e for e in fill(session) if isinstance(e, Won)]
    assert won.ending.new_best and won.ending.seconds == 42
    assert host.statistics["genius"]["best"] == {"default": 42}


def winning_move(session) -> list:
    """All but the last move of a solution placed, then the last: its effects."""
    moves = session.position.moves_to(search.solve(session.position))
    for move in moves[:-1]:
        place(session, move)
    return place(session, moves[-1])


def test_the_winning_move_settles_with_no_note(session):
    effects = winning_move(session)
    assert any(isinstance(e, Motion) and e.kind == "settled" for e in effects)
    assert not any(isinstance(e, Sound) and e.name.startswith("note") for e in effects)


def test_the_winning_move_says_the_win(session):
    assert [e for e in winning_move(session) if isinstance(e, Won)][0].ending.won


def test_a_finished_board_takes_no_more_pieces(session):
    fill(session)
    assert session.process(Pick(1)) == [Unused(Pick(1))]


# ---------------------------------------------------------------------- pause
def test_pause_stops_the_clock(session, clock):
    clock.advance(5)
    assert session.process(Key("pause")) == [Refresh()] and session.paused
    clock.advance(60)
    assert session.match.elapsed == 5


def test_a_paused_board_takes_no_moves(session):
    session.process(Key("pause"))
    assert session.process(Press(Slot(1, (0, 0)))) == [Unused(Press(Slot(1, (0, 0))))]
    assert session.hand.held is None


def test_pause_again_resumes(session, clock):
    session.process(Key("pause"))
    session.process(Key("pause"))
    clock.advance(3)
    assert not session.paused and session.match.elapsed == 3


def test_a_finished_board_cannot_be_paused(session):
    fill(session)
    session.process(Key("pause"))
    assert not session.paused


def test_pause_the_mode_forbids_is_unused(session):
    effects = session.process(Key("pause"), allows=lambda action: action != "pause")
    assert effects == [Unused(Key("pause"))] and not session.paused


# ---------------------------------------------------------------------- the clock
def test_the_clock_runs_from_the_start_of_a_shown_board(session, clock):
    clock.advance(10)
    assert session.match.elapsed == 10 and session.clock_text() == "0:10"


def test_a_clock_not_yet_running_starts_with_the_first_move(host, clock):
    session = genius_session(host, clock, running=False)
    clock.advance(10)
    drop(session, "2", (5, 3))
    clock.advance(4)
    assert session.match.elapsed == 4


def test_the_clock_stops_on_a_win(session, clock):
    clock.advance(7)
    fill(session)
    clock.advance(100)
    assert session.match.elapsed == 7 and not session.match.timer.running


def test_undo_after_a_win_never_starts_the_clock_again(session, clock):
    fill(session)
    session.process(Key("undo"))
    clock.advance(100)
    assert session.match.elapsed == 0 and not session.match.timer.running


def test_a_board_held_by_the_screen_holds_the_clock(session, clock):
    session.hold(True)                  # a dialog over the board
    clock.advance(30)
    session.hold(False)
    clock.advance(2)
    assert session.match.elapsed == 2


def test_resuming_from_pause_keeps_a_screen_hold(session, clock):
    session.hold(True)
    session.process(Key("pause"))
    session.process(Key("pause"))
    clock.advance(9)
    assert session.match.elapsed == 0


def test_another_match_begins_unpaused_with_nothing_held(session, host, clock):
    from game.play.match import Match, Timer
    session.process(Key("pause"))
    session.begin(Match(START, puzzle="genius", meta={"dice": "default"}, timer=Timer(running=True, clock=clock)))
    assert not session.paused and session.hand.held is None
    assert session.take_effects() == [Began()]


def test_no_match_takes_no_command(host):
    from game.play.session import PlaySession
    from game.puzzles.genius.puzzle import GENIUS
    from tests.game.fakes import genius_hand
    session = PlaySession(GENIUS, host, genius_hand())
    assert session.process(Key("undo")) == [Unused(Key("undo"))]
    assert session.process(Key("pause")) == [Unused(Key("pause"))]


def test_watchers_hear_a_restart_as_each_move_taken_back(session):
    drop(session, "2", (5, 3))
    drop(session, "1", (2, 2))
    heard = []
    session.watchers.append(heard.append)
    session.process(Key("restart"))
    assert heard == ["-1", "-2"]


def test_watchers_hear_an_undone_restart_as_the_moves_played_again(session):
    drop(session, "2", (5, 3))
    drop(session, "1", (2, 2))
    session.process(Key("restart"))
    heard = []
    session.watchers.append(heard.append)
    session.process(Key("undo"))
    assert heard == ["2:F4F5", "1:C3"] and set(session.position.placed) == {"1", "2"}


def test_each_rung_marks_more_of_the_hinted_piece(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    piece, cells = session.hint_step.move.piece, sorted(session.hint_step.move.cells)
    assert session.hand.mark[:2] == (piece, frozenset())            # its tray slot lights, no cell yet
    session.process(Key("hint"))
    assert session.hand.mark[:2] == (piece, frozenset(cells[:1]))   # then the one cell it covers
    session.process(Key("hint"))
    assert session.hand.mark[:2] == (piece, frozenset(cells))       # then all of them


def test_a_hint_names_the_piece_as_the_player_sees_it(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    piece = session.hint_step.move.piece
    assert session.status == f"Hint 1 of 3: Place {session.hand.name(piece)} next" and piece not in session.status


def test_a_hint_line_goes_when_the_board_changes(session, host):
    session.process(Key("hint"))
    host.worker.poll()
    move = session.hint_step.move
    session.move(move.notation())
    assert session.status == "" and session.hand.mark is None


# ---------------------------------------------------------------------- MacMahon's hint ladder
@pytest.fixture
def macmahon(host, clock):
    from game.puzzles.macmahon.puzzle import MACMAHON
    from tests.game.fakes import session_on
    return session_on(host, clock, "4x6x3", MACMAHON)


def test_a_macmahon_hint_says_which_tile_then_where_then_how_it_is_turned(macmahon, host):
    macmahon.process(Key("hint"))
    host.worker.poll()
    tile = macmahon.hint_step.move.tile
    assert macmahon.status == f"Hint 1 of 3: Place tile {tile + 1} next"
    macmahon.process(Key("hint"))
    assert macmahon.status.startswith(f"Hint 2 of 3: Tile {tile + 1} goes on ")
    macmahon.process(Key("hint"))
    assert macmahon.status.startswith("Hint 3 of 3") and macmahon.clock_text().endswith(" · 3 hints")


def test_a_macmahon_hint_marks_its_cell_from_the_second_rung(macmahon, host):
    macmahon.process(Key("hint"))
    host.worker.poll()
    macmahon.process(Key("hint"))
    assert macmahon.hand.hint[2:4] == (macmahon.hint_step.move.cell, 1)
