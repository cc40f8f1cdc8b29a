"""The online race as a mode (game/scenes/online/race.py `Online`), without a window or a server:
a fake link says what the server said (protocol v2: opponents' progress during a race, boards
at the end); the mode's words, its racing flag, the loss when another board fills first, the
move strings it hands the link, and the opponents' lines. One concern per test."""
from __future__ import annotations


import pytest

from game.play.commands import Key, Open, Toast, Withdraw
from game.play.session import PlaySession, Won
from game.puzzles.genius.hand import Hand
from game.puzzles.genius.puzzle import GENIUS
from game.modes.online import Online
from solver.genius.position import Position
from tests.game.fakes import ModeHost, table_for

BLOCKERS = "A1A2A4A6B4D5E1"


class FakeLink:
    """What the mode reads of a RaceLink, as the server's messages left it."""

    def __init__(self):
        self.race = {"race": 1, "blockers": BLOCKERS, "elapsed_ms": 0}
        self.code = "ABCD"
        self.seat = 0
        self.fresh = False
        self.resumed = False
        self.finished: dict = {}
        self.results = None
        self.retry = None
        self.lost = None
        self.error = None
        self.online = True
        self.boards: dict = {}
        self.progress: dict = {}
        self.sent_moves: list = []
        self.messages: list = []
        self.sent = Position.parse(BLOCKERS)       # this board as the server has it
        self.refusals = 0
        self.server_clock: float | None = None
        self.room_players = [{"seat": 0, "name": "Ann", "left": False, "connected": True},
                             {"seat": 1, "name": "Bob", "left": False, "connected": True}]

    def pump(self) -> None:
        pass

    def players(self) -> list:
        return self.room_players

    def rivals(self) -> list:
        return [p for p in self.room_players if p["seat"] != self.seat]

    def send_move(self, move: str) -> None:
        self.sent_moves.append(move)

    def send(self, kind: str, **fields) -> None:
        self.messages.append((kind, fields))

    def elapsed(self) -> float | None:
        return self.server_clock

    def departures(self) -> list:
        gone, self.gone = getattr(self, "gone", []), []
        return gone

    def due_in(self) -> float | None:
        return None


@pytest.fixture
def online(tmp_path):
    """(the mode, its session, the fake link), a race on the board."""
    app = ModeHost(tmp_path)
    session = PlaySession(GENIUS, app, Hand())
    link = FakeLink()

    mode = Online(table_for(session, app), link)
    mode.begin_race()
    session.take_effects()
    return mode, session, link


def test_a_race_is_played_as_an_online_match(online):
    mode, session, link = online
    assert session.match.meta["kind"] == "online" and session.match.start == Position.parse(BLOCKERS)


def test_each_move_played_goes_to_the_link(online):
    mode, session, link = online
    session.move("1:F6")
    assert link.sent_moves == ["1:F6"]


def test_an_undo_goes_to_the_link_as_a_take_back(online):
    mode, session, link = online
    session.move("1:F6")
    session.process(Key("undo"), mode.allows)
    assert link.sent_moves == ["1:F6", "-1"]


def test_a_restart_goes_to_the_link_as_take_backs_one_by_one(online):
    mode, session, link = online
    session.move("1:F6")
    session.move("2:F4F5")
    session.process(Key("restart"), mode.allows)
    assert link.sent_moves[2:] == ["-2", "-1"] and session.position == session.match.start   # the last first


def test_another_board_finished_first_leaves_the_race_on_for_a_place(online):
    mode, session, link = online
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    mode.update(1 / 60)
    assert not session.match.ended and mode.racing


def test_a_later_finish_is_recorded_once_as_a_loss_at_the_servers_place(online):
    mode, session, link = online
    session.move("1:F6")
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    link.finished[0] = {"seat": 0, "name": "Ann", "place": 2, "ms": 75500}
    for _ in range(3):
        mode.update(1 / 60)
    games = session.host.statistics["genius"]["games"]
    assert len(games) == 1 and games[0]["won"] is False and games[0]["place"] == 2 and games[0]["seconds"] == 75.5


def test_a_first_finish_is_a_win_at_the_servers_time(online):
    mode, session, link = online
    session.move("1:F6")
    link.finished[0] = {"seat": 0, "name": "Ann", "place": 1, "ms": 48213}
    mode.update(1 / 60)
    game, = session.host.statistics["genius"]["games"]
    assert game["won"] and game["place"] == 1 and game["seconds"] == 48.21
    won, = [e for e in session.take_effects() if isinstance(e, Won)]
    assert mode.win_words(won.ending) == ("1st, 0:48", "you won the race", "")


def test_a_race_over_before_this_board_finished_is_lost_unplaced(online):
    mode, session, link = online
    session.move("1:F6")
    link.results = [{"seat": 1, "name": "Bob", "place": 1, "ms": 50000},
                    {"seat": 0, "name": "Ann", "place": None, "ms": None}]
    effects = mode.update(1 / 60)
    assert Open("online-results", {"link": link, "own": session.position}) in effects
    game, = session.host.statistics["genius"]["games"]
    assert not game["won"] and "place" not in game


def test_another_finishing_first_is_said_with_their_time(online):
    mode, session, link = online
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    effects = mode.update(1 / 60)
    assert mode.news() == "Bob finished first (1:01): finish your board for a place"
    assert any(isinstance(e, Toast) and e.text == mode.news() for e in effects)


def test_news_no_longer_true_is_taken_down(online):
    mode, session, link = online
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    mode.update(1 / 60)
    stale = mode.news()
    link.finished[0] = {"seat": 0, "name": "Ann", "place": 2, "ms": 70000}    # this board finished: no news
    assert Withdraw(stale) in mode.update(1 / 60)
    link.results = [{"seat": 1, "name": "Bob", "place": 1, "ms": 61000}, {"seat": 0, "name": "Ann", "place": 2, "ms": 70000}]
    assert not any(isinstance(e, Withdraw) for e in mode.update(1 / 60))       # nothing on show to take down


def test_the_news_is_said_once(online):
    mode, session, link = online
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    mode.update(1 / 60)
    assert not any(isinstance(e, Toast) for e in mode.update(1 / 60))


def test_the_results_are_said_in_one_line(online):
    mode, session, link = online
    link.results = [{"seat": 0, "name": "Ann", "place": 1, "ms": 50000},
                    {"seat": 1, "name": "Bob", "place": None, "ms": None}]
    assert mode.news() == "Race over: 1st Ann 0:50, Bob unplaced"


def test_a_lost_server_is_said(online):
    mode, session, link = online
    link.lost, link.online = "the race server stopped", False
    assert mode.news() == "The race server stopped. Your board stays playable alone."


def test_the_board_stays_playable_once_the_server_is_lost(online):
    mode, session, link = online
    link.lost, link.online = "the race server stopped", False
    session.move("1:F6")
    assert session.position.placed["1"]


def test_a_dropped_connection_says_it_reconnects(online):
    mode, session, link = online
    link.retry = object()
    assert mode.news() == "Connection lost: reconnecting..."


def refused(online) -> list:
    """A move played, then refused by the server: the mode's effects."""
    mode, session, link = online
    session.move("1:F6")
    link.error, link.refusals = "out of order: the next move is number 1", 1
    return mode.update(1 / 60)


def test_a_refused_move_is_undone(online):
    refused(online)
    _, session, link = online
    assert session.position == link.sent                         # the server's board, shown again


def test_a_refused_move_is_said_with_an_alarm(online):
    effects = refused(online)
    session = online[1]
    assert session.status == "The server refused the move: out of order: the next move is number 1"
    assert any(isinstance(e, Toast) and e.alarm for e in effects)


def test_racing_ends_with_this_boards_finish(online):
    mode, session, link = online
    assert mode.racing
    link.finished[0] = {"seat": 0, "name": "Ann", "place": 1, "ms": 30000}
    assert not mode.racing


def test_racing_ends_with_the_results(online):
    mode, session, link = online
    link.results = []
    assert not mode.racing


def test_undo_applies_only_while_racing(online):
    mode, session, link = online
    assert mode.allows("undo")
    link.results = []
    assert not mode.allows("undo")


def test_no_help_is_offered_in_an_online_race(online):
    mode, session, link = online
    assert not mode.allows("hint") and not mode.allows("solve")
    assert mode.do("hint") == [] and mode.do("solve") == []


def test_a_game_id_is_refused_during_an_online_race(online):
    mode, session, link = online
    assert "server's roll" in mode.refuses_ids()


def test_the_clock_of_an_online_race_never_stops_for_the_window(online):
    mode, session, link = online
    assert mode.clock_always_runs()


def test_an_opponents_progress_shows_during_a_race_without_their_board(online):
    mode, session, link = online
    link.progress[1] = {"seat": 1, "placed": 4, "cells": 13, "ms": 20000, "position": None}
    (lines, board), = mode.shows()["rivals"]
    assert lines[0] == "Bob" and lines[1] == "4 of 9 pieces"
    assert board == Position.parse(BLOCKERS)                     # hidden boards: only the roll


def test_an_opponents_board_shows_once_the_server_sends_it(online):
    mode, session, link = online
    theirs = Position.parse(BLOCKERS + "/1:F6")
    link.boards[1] = theirs
    link.progress[1] = {"seat": 1, "placed": 1, "cells": 1, "ms": 2000, "position": theirs.notation()}
    (lines, board), = mode.shows()["rivals"]
    assert board == theirs and lines[1] == "1 of 9 pieces"


def test_an_opponent_who_finished_shows_their_finish(online):
    mode, session, link = online
    link.finished[1] = {"seat": 1, "name": "Bob", "place": 1, "ms": 61000}
    (lines, _), = mode.shows()["rivals"]
    assert lines[-1] == "1st in 1:01"


def test_an_opponent_who_left_is_said(online):
    mode, session, link = online
    link.room_players[1]["left"] = True
    (lines, _), = mode.shows()["rivals"]
    assert lines[-1] == "left"


def test_leaving_mid_race_loses_it(online):
    mode, session, link = online
    session.move("1:F6")
    mode.leave()
    assert session.match.meta["result"] == "lost" and len(session.host.statistics["genius"]["games"]) == 1


def test_leaving_before_any_move_records_nothing(online):
    mode, session, link = online
    mode.leave()
    assert session.match.ended and session.host.statistics.get("genius", {}).get("games", []) == []


def test_the_clock_shown_follows_the_servers(online):
    mode, session, link = online
    link.server_clock = 12.0
    mode.update(1 / 60)
    assert abs(session.match.elapsed - 12.0) <= mode.DRIFT


def test_a_race_is_never_kept_for_next_time(online):
    mode, session, link = online
    assert mode.keep() is False


def test_an_opponent_who_left_is_said_once_in_a_message(online):
    mode, session, link = online
    link.gone = ["Bob left the race"]
    assert [e.text for e in mode.update(1 / 60) if isinstance(e, Toast)] == ["Bob left the race"]
    assert not [e for e in mode.update(1 / 60) if isinstance(e, Toast)]
