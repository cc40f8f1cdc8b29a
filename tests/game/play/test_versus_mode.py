"""The race against the computer as a mode (game/modes/genius/versus.py `Versus`), without a
window: the session plays the player's match on a fake clock, the computer's plan is handed in
as the worker would, and the outcome, the frozen board, the computer's board and the records
per level follow. One concern per test."""
from __future__ import annotations

import random

import pytest

from game.play.commands import Banner, Key, Press, Slot
from game.play.match import Match, Timer
from game.play.session import PlaySession, Won
from game.puzzles.genius.hand import Hand
from game.puzzles.genius.opponent import Opponent
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.genius.versus_stats import level_record
from game.modes.genius.versus import Versus
from solver.genius import search
from solver.genius.pieces import PIECES
from solver.genius.position import Move, Position
from tests.game.fakes import ModeHost, first_move, table_for
from tests.validate_genius import check_position

BOARD = "A1A2A4A6B4D5E1"


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Race:
    """A race against `level` on BOARD: the mode, its session, the fake clock, the solution."""

    def __init__(self, folder, level: str, seed: int = 1):
        self.clock = Clock()
        self.app = ModeHost(folder)
        self.session = PlaySession(GENIUS, self.app, Hand())
        self.mode = Versus(table_for(self.session, self.app, random.Random(seed)), level, self.clock)
        start = Position.parse(BOARD)
        self.session.begin(Match(start, puzzle=GENIUS.name, meta={"dice": "default", "kind": "versus"},
                                 timer=Timer(running=True, clock=self.clock)))
        self.solution = search.solve(start)
        self.mode.raced = self.session.match            # (begin_race's job, answered here)
        self.mode.opponent = Opponent(start, self.solution, 2, self.mode.level, seed)
        self.session.take_effects()

    def place(self, piece: str) -> list:
        """Put `piece` where the solution has it (the move string the hand would make)."""
        assert not isinstance(self.session.move(Move(piece, self.solution.placed[piece]).notation()), str)
        effects = self.mode.update(0) + self.session.take_effects()
        for effect in effects:
            if isinstance(effect, Won):                 # what the screen does with a win: the mode says it
                self.mode.won(effect.ending)
        return effects

    def at(self, seconds: float) -> list:
        self.clock.now = seconds
        return self.mode.update(1 / 60)


@pytest.fixture
def race(tmp_path):
    return lambda level, seed=1: Race(tmp_path, level, seed)


def test_the_computer_finishing_first_loses_the_race(race):
    r = race("champion", 2)
    for piece in PIECES[:3]:
        r.place(piece)
    assert r.at(r.mode.opponent.steps[4].at) == [] and r.mode.outcome is None
    effects = r.at(r.mode.opponent.finish_time)
    assert r.mode.outcome == "lost" and any(isinstance(e, Banner) for e in effects)


def test_a_lost_race_stops_the_players_clock(race):
    r = race("champion", 2)
    r.at(r.mode.opponent.finish_time)
    r.clock.now += 60
    assert not r.session.match.timer.running and r.session.match.elapsed == r.mode.opponent.finish_time


def test_a_lost_board_takes_no_piece(race):
    r = race("champion", 2)
    r.at(r.mode.opponent.finish_time)
    assert r.mode.intercept(Press(Slot(5))) == [] and r.mode.intercept(Key("place")) == []


def test_a_lost_race_shows_the_computers_whole_board_a_valid_solution(race):
    r = race("champion", 2)
    r.at(r.mode.opponent.finish_time)
    final = r.mode.computer_board()
    assert final.is_complete
    check_position(final, r.session.match.start.blockers)


def test_a_lost_race_is_recorded_per_level(race):
    r = race("champion", 2)
    first_move(r.session)
    r.at(r.mode.opponent.finish_time)
    record = level_record(r.app.statistics, "champion")
    assert (record["played"], record["won"], record["streak"]) == (1, 0, 0)
    finish = round(r.mode.opponent.finish_time, 2)
    assert record["races"] == [[finish, finish, False]]


def test_a_lost_race_says_who_finished_first(race):
    r = race("champion", 2)
    r.at(r.mode.opponent.finish_time)
    assert "champion finished first" in r.session.status


def test_the_computers_board_fills_with_the_players_clock(race):
    r = race("beginner")
    for seconds in (4.0, 12.0, 20.0):
        r.at(seconds)
        assert len(r.mode.computer_board().placed) == r.mode.opponent.laid(seconds)


def test_the_player_filling_the_board_first_wins_the_race(race):
    r = race("beginner")
    effects = []
    for n, piece in enumerate(PIECES):
        r.at(4.0 * (n + 1))
        effects += r.place(piece)
    assert r.mode.outcome == "won" and any(isinstance(e, Won) for e in effects)
    assert r.session.match.elapsed == 36.0 and not r.mode.computer_board().is_complete


def test_a_won_race_is_recorded_per_level(race):
    r = race("beginner")
    for n, piece in enumerate(PIECES):
        r.at(4.0 * (n + 1))
        r.place(piece)
    record = level_record(r.app.statistics, "beginner")
    assert record["won"] == record["played"] == record["streak"] == 1
    assert record["races"] == [[36.0, round(r.mode.opponent.finish_time, 2), True]]


def test_the_computers_later_finish_changes_nothing_after_a_win(race):
    r = race("beginner")
    for n, piece in enumerate(PIECES):
        r.at(4.0 * (n + 1))
        r.place(piece)
    assert r.at(1000.0) == [] and r.mode.outcome == "won"


def test_a_stopped_match_clock_stops_the_computer(race):
    r = race("expert")
    r.at(r.mode.opponent.steps[1].at)
    r.session.match.timer.stop()                  # what a pause does to the match clock
    r.at(r.clock.now + 10_000)
    assert r.mode.outcome is None and r.mode.opponent.laid(r.session.match.elapsed) == 2


def test_the_computer_goes_on_when_the_match_clock_does(race):
    r = race("expert")
    r.session.match.timer.stop()
    r.clock.now += 500
    r.session.match.timer.start()
    r.at(r.clock.now + r.mode.opponent.finish_time)
    assert r.mode.outcome == "lost"


def test_giving_up_is_a_recorded_loss(race):
    r = race("club")
    first_move(r.session)
    r.at(5.0)
    r.mode.give_up()
    assert r.mode.outcome == "lost" and level_record(r.app.statistics, "club")["played"] == 1


def test_leaving_mid_race_is_a_loss(race):
    r = race("club")
    first_move(r.session)
    r.at(10.0)
    r.mode.forfeit()
    assert r.mode.outcome == "lost" and level_record(r.app.statistics, "club")["played"] == 1


def test_a_race_lost_before_any_move_is_in_no_figure(race):
    r = race("club")
    r.at(10.0)
    r.mode.forfeit()
    assert r.mode.outcome == "lost" and level_record(r.app.statistics, "club")["played"] == 0


def test_a_race_not_yet_begun_is_not_lost_by_leaving(race):
    r = race("club")
    r.mode.forfeit()                              # the clock has not moved: nothing lost
    assert r.mode.outcome is None and level_record(r.app.statistics, "club")["played"] == 0


def test_a_race_offers_no_hint_solve_or_save(race):
    r = race("club")
    assert not any(r.mode.allows(action) for action in ("hint", "solve", "save"))


def test_no_help_is_given_in_a_race(race):
    r = race("club")
    assert r.mode.do("hint") == [] and r.mode.do("solve") == []      # taken by the mode: nothing happens
    assert not r.session.match.meta.get("hints") and r.session.job is None
