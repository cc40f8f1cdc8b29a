"""The play session and the records contract (docs/records.md), without a window: one record per
game, played = won + won with help + lost, helped wins never a best time, bests per kind of
start, a race on one screen and a viewed solution record nothing, a race against the computer
records both ways, a reloaded game updates its own record."""
from __future__ import annotations

import pytest

from game.play import records
from game.play.session import PlaySession, Won
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.macmahon.puzzle import MACMAHON
from solver.genius import search
from solver.genius.position import Position
from solver.macmahon.position import Position as TilePosition
from tests.game import fakes
from tests.game.fakes import BOARD, FakeClock, FakeHost
from tests.validate_genius import check_position


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def host(tmp_path):
    return FakeHost(tmp_path)


def session_on(host, clock, start=BOARD, puzzle=GENIUS, **meta) -> PlaySession:
    return fakes.session_on(host, clock, start, puzzle, **meta)


def wins(session) -> list:
    """The endings of the wins said since the last call."""
    return [e.ending for e in session.take_effects() if isinstance(e, Won)]


def solve(session, clock, seconds=30.0) -> None:
    """Play the engine's solution move by move, `seconds` on the clock in all."""
    done = search.solve(session.position)
    for move in session.position.moves_to(done):
        clock.now += seconds / 9
        assert not isinstance(session.move(move.notation()), str)


def summary(host, puzzle="genius"):
    return records.summary(host.statistics, puzzle)


def test_a_won_game_counts_once_as_won(host, clock):
    s = session_on(host, clock)
    solve(s, clock, 30)
    check_position(s.position, Position.parse(BOARD).blockers)
    total = summary(host)
    assert (total.played, total.won, total.assisted, total.lost) == (1, 1, 0, 0)


def test_a_won_game_sets_the_best_time(host, clock):
    s = session_on(host, clock)
    solve(s, clock, 30)
    assert host.statistics["genius"]["best"] == {"default": pytest.approx(30, abs=0.1)}
    [won] = wins(s)
    assert won.new_best and won.recorded


def helped_win(host, clock) -> PlaySession:
    s = session_on(host, clock)
    s.match.meta["assisted"] = True           # a hint or Solve was asked
    solve(s, clock)
    return s


def test_a_helped_win_counts_as_won_with_help(host, clock):
    helped_win(host, clock)
    total = summary(host)
    assert (total.played, total.won, total.assisted) == (1, 0, 1)


def test_a_helped_win_is_never_a_best_time(host, clock):
    s = helped_win(host, clock)
    assert host.statistics["genius"]["best"] == {} and not wins(s)[0].new_best


def test_a_macmahon_helped_win_is_recorded_too(host, clock):
    from solver.macmahon import search as tiles
    s = session_on(host, clock, start="4x6x3", puzzle=MACMAHON)
    s.match.meta["assisted"] = True
    for move in s.position.moves_to(tiles.solve(s.position)):
        s.move(move.notation(s.position.board))
    total = summary(host, "macmahon")
    assert s.match.finished and (total.played, total.won, total.assisted) == (1, 0, 1)


def test_an_untouched_game_abandoned_is_no_game(host, clock):
    s = session_on(host, clock)
    s.abandon()                               # nothing played: no game
    assert summary(host).played == 0


def test_an_abandoned_game_counts_as_lost(host, clock):
    s = session_on(host, clock)
    s.move("1:F6")
    s.abandon()
    total = summary(host)
    assert (total.played, total.lost) == (1, 1) and host.statistics["genius"]["games"][-1]["won"] is False


def test_played_is_won_plus_won_with_help_plus_lost(host, clock):
    for result in ("won", "helped", "lost", "won", "lost"):
        s = session_on(host, clock)
        if result == "lost":
            s.move("1:F6")
            s.abandon()
            continue
        s.match.meta["assisted"] = result == "helped"
        solve(s, clock)
    total = summary(host)
    assert (total.played, total.won, total.assisted, total.lost) == (5, 2, 1, 2)
    assert total.played == total.won + total.assisted + total.lost


@pytest.mark.parametrize("kind", ["race", "view"])
def test_a_race_on_one_screen_or_a_viewed_solution_records_nothing(host, clock, kind):
    s = session_on(host, clock, kind=kind)
    solve(s, clock)
    assert s.match.finished and host.statistics == {} and not wins(s)[0].recorded


def test_a_race_against_the_computer_counts_whoever_wins(host, clock):
    won = session_on(host, clock, kind="versus")
    solve(won, clock)
    lost = session_on(host, clock, kind="versus")
    lost.move("1:F6")
    lost.end(won=False)
    total = summary(host)
    assert (total.played, total.won, total.lost) == (2, 1, 1)
    assert set(host.statistics["genius"]["best"]) == {"vs computer"}


def test_a_daily_has_its_own_best_time(host, clock):
    s = session_on(host, clock, daily=327, level="easy")
    solve(s, clock, 20)
    assert set(host.statistics["genius"]["best"]) == {"daily"}
    assert summary(host).best is None          # no best time of a roll from an empty board


def test_a_won_daily_is_counted_as_that_daily(host, clock):
    s = session_on(host, clock, daily=327, level="easy")
    solve(s, clock, 20)
    assert host.statistics["genius"]["daily"]["won"] == [327]


def test_a_board_with_pieces_or_tiles_given_never_sets_the_empty_boards_best(host, clock):
    start = Position.parse(BOARD)
    given = start.place(next(iter(start.moves_to(search.solve(start)))))
    s = session_on(host, clock, start=given.notation())
    solve(s, clock, 5)
    assert set(host.statistics["genius"]["best"]) == {"pieces given"}
    from solver.macmahon import search as tiles
    full = tiles.solve(TilePosition.parse("4x6x3"))
    eleven = full
    for cell in range(11, 24):
        eleven = eleven.remove(cell)
    m = session_on(host, clock, start=eleven.notation(), puzzle=MACMAHON)
    for move in m.position.moves_to(tiles.solve(m.position)):
        m.move(move.notation(m.position.board))
    assert m.match.finished and set(host.statistics["macmahon"]["best"]) == {"4x6x3 given"}
    assert summary(host, "macmahon").best is None


def test_a_reloaded_game_updates_its_own_record(host, clock, tmp_path):
    s = session_on(host, clock)
    s.move("1:F6")
    path = s.save_to(tmp_path / "mine")
    s.abandon()                               # recorded lost ...
    again = session_on(host, clock)
    again.begin(again.load(path))
    solve(again, clock)                       # ... and then finished from the save
    total = summary(host)
    assert (total.played, total.won, total.lost) == (1, 1, 0)
    assert len(host.statistics["genius"]["games"]) == 1


def test_undo_after_a_win_never_restarts_the_clock(host, clock):
    s = session_on(host, clock)
    solve(s, clock, 30)
    assert len(wins(s)) == 1
    elapsed = s.match.elapsed
    assert s.undo() and not s.match.timer.running
    clock.now += 100
    assert s.redo() and s.match.elapsed == elapsed
    assert summary(host).played == 1 and wins(s) == []


def test_a_second_fill_after_a_win_records_nothing(host, clock):
    s = session_on(host, clock)
    solve(s, clock, 30)
    assert len(wins(s)) == 1
    s.undo()
    last = s.match.moves[-1]
    s.move(last)
    [again] = wins(s)
    assert again.again and not again.recorded and summary(host).played == 1


def test_a_line_about_a_position_goes_when_the_position_changes(host, clock):
    s = session_on(host, clock)
    s.move("1:F6")
    s.say("No solution keeps these pieces: take 1 back")
    assert s.status.startswith("No solution")
    s.move("-1")
    assert s.status == ""


def four_moves(host, clock) -> PlaySession:
    s = session_on(host, clock)
    s.move("1:F6")
    s.move("2:F4F5")
    s.move("-1")
    s.restart()
    return s


def test_every_move_is_kept_in_order(host, clock):
    assert four_moves(host, clock).match.moves == ["", "1:F6", "2:F4F5", "-1", "restart"]


def test_a_save_loads_back_its_moves_with_their_positions(host, clock, tmp_path):
    s = four_moves(host, clock)
    again = s.load(s.save_to(tmp_path / "game"))
    assert again.history == s.match.history and again.moves == s.match.moves


def test_a_save_whose_history_does_not_follow_from_its_moves_is_refused(host, clock, tmp_path):
    from game.storage import read_versioned, write_versioned
    from solver.errors import SquarewiseError
    s = session_on(host, clock)
    s.move("1:F6")
    path = s.save_to(tmp_path / "game")
    data = read_versioned(path)
    data["history"][1] = BOARD + "/1:F5"            # not what "1:F6" makes
    write_versioned(path, data)
    with pytest.raises(SquarewiseError, match="does not lead"):
        s.load(path)


def test_an_illegal_move_is_refused_with_the_engines_reason(host, clock):
    s = session_on(host, clock)
    assert s.move("1:A1") == "on a blocker at A1" and len(s.match.history) == 1


def test_an_autosave_that_cannot_be_continued_is_set_aside_never_overwritten(host, clock):
    from game.storage import write_versioned
    from solver.errors import SquarewiseError
    s = session_on(host, clock)
    write_versioned(host.storage.path(GENIUS.autosave), {"puzzle": "genius", "start": "nonsense"})
    with pytest.raises(SquarewiseError, match="kept as genius-autosave.json.corrupt-1"):
        s.resume()
    assert (host.storage.folder / "genius-autosave.json.corrupt-1").exists()
    assert not host.storage.exists(GENIUS.autosave)


def test_an_autosave_from_a_newer_squarewise_is_not_resumed_moved_or_replaced(host, clock, capsys):
    import json
    path = host.storage.path(GENIUS.autosave)
    path.write_text(json.dumps({"version": 2, "data": {"puzzle": "genius", "future": True}}))
    before = path.read_bytes()
    s = session_on(host, clock)
    assert s.resume() is None and s.resume() is None
    host.storage.write(GENIUS.autosave, {"puzzle": "genius"})
    host.storage.delete(GENIUS.autosave)
    assert path.read_bytes() == before and not list(host.storage.folder.glob("*.corrupt-*"))
    assert capsys.readouterr().err.count("was written by a newer Squarewise (version 2)") == 1
