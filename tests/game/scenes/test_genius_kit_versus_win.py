"""A race against the computer won by dragging the pieces, and lost by giving up, a new race or
leaving, without a window (moved from tests/game/test_versus.py): the Versus mode on a FakeApp,
its clock a FakeClock, each piece dragged from the tray as a mouse drag's commands (Press,
Turn/Flip, Release)."""
from __future__ import annotations

from game.play.commands import Ask
from game.play.session import Won
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.genius.versus_stats import level_record
from game.storage import Storage
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import assert_legal
from tests.game.fakes import FakeApp, first_move
from tests.game.genius_kits import drop
from tests.game.versus_kits import performed, plan, tick, versus_kit
from tests.validate_genius import check_position


class StoringApp(FakeApp):
    """A FakeApp that writes its statistics to its data folder as the App does."""

    def save_statistics(self) -> None:
        super().save_statistics()
        self.storage.write("statistics", self.statistics)


def test_the_player_wins_a_race_by_dragging_the_pieces(tmp_path):
    kit, clock = versus_kit(tmp_path, "beginner", app_type=StoringApp)
    app, opponent = kit.app, kit.mode.opponent
    done = search.solve(kit.match.start)
    for n, piece in enumerate(PIECES):
        clock.now = 4.0 * (n + 1)                    # a piece every 4 s: 36 s, the beginner is slower
        tick(kit)
        assert kit.mode.outcome is None and len(kit.mode.computer_board().placed) == opponent.laid(clock.now)
        effects = drop(kit.session, piece, done.placed[piece])
        for effect in effects:
            if isinstance(effect, Won):
                kit.mode.won(effect.ending)
        assert_legal(kit.session.position)
    tick(kit)
    check_position(kit.session.position, done.blockers)
    assert kit.mode.outcome == "won" and not kit.match.timer.running and kit.match.elapsed == 36.0
    assert opponent.finish_time > 36.0 and not kit.mode.computer_board().is_complete
    record = level_record(app.statistics, "beginner")
    assert record["won"] == record["played"] == record["streak"] == 1
    assert record["races"] == [[36.0, round(opponent.finish_time, 2), True]]
    assert app.statistics["genius"]["best"]          # a win is a solve like any other
    assert app.storage.statistics()["genius"]["versus"]["beginner"]["won"] == 1
    clock.now = 1000.0
    tick(kit)
    assert kit.mode.outcome == "won"                 # the computer's later finish changes nothing


def racing_club(tmp_path):
    """A solo game kept in the autosave, then a race against the club player with one move made
    5 s in: (kit, clock)."""
    Storage(tmp_path).write(GENIUS.autosave, {"kept": True})
    kit, clock = versus_kit(tmp_path, "club")
    first_move(kit.session)
    clock.now = 5.0
    return kit, clock


def club_played(kit) -> int:
    return level_record(kit.app.statistics, "club")["played"]


def test_giving_up_a_race_is_a_loss_asked_first(tmp_path):
    kit, _ = racing_club(tmp_path)
    asked = performed(kit, kit.mode.do("give_up"))
    assert kit.mode.outcome is None and [type(e) for e in asked] == [Ask]     # asked first
    asked[0].on_yes()
    assert kit.mode.outcome == "lost" and kit.mode.computer_board().is_complete
    performed(kit, kit.mode.do("new"))                     # the next race: the lost one is not counted twice
    assert club_played(kit) == 1


def test_a_new_race_asked_for_mid_race_is_a_loss(tmp_path):
    kit, _ = racing_club(tmp_path)
    performed(kit, kit.mode.do("new"))
    assert club_played(kit) == 1


def test_leaving_mid_race_is_a_loss(tmp_path):
    kit, _ = racing_club(tmp_path)
    kit.mode.leave()                                  # (as PlayScene.on_exit)
    assert club_played(kit) == 1


def test_a_race_left_keeps_the_solo_game_s_autosave(tmp_path):
    kit, _ = racing_club(tmp_path)
    kit.mode.leave()
    kit.session.autosave(kit.mode.keep())
    assert kit.app.storage.read(GENIUS.autosave) == {"kept": True}
