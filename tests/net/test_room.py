"""A race room driven directly, with no socket and no server (game/net/room.py): its phases,
its clock and its timers on a fake loop moved by hand, the roll dealt by the test, and lines
that keep what each player is sent (checked against the protocol's schemas). No sleeps: the
time is the fake loop's."""
from __future__ import annotations

import heapq

import pytest

from game.net import protocol
from game.net.config import Config
from game.net.protocol import ProtocolError
from game.net.room import HOST_CHOOSES, Room
from solver.genius.moves import execute
from solver.genius.position import Position
from tests.net.race import solution

ROLL = Position.parse("A2A5C5E2E3F1F4")
MOVES = solution(ROLL)                      # nine moves, the last one finishes
START = 1000.0                              # the fake loop's time when a test begins


class Timer:
    def __init__(self, when: float, callback, args):
        self.when, self.callback, self.args, self.cancelled = when, callback, args, False

    def cancel(self) -> None:
        self.cancelled = True


class Loop:
    """A loop's time and timers, moved by hand: `advance` rings each timer that falls due, in
    order, at its own time."""

    def __init__(self):
        self.now, self.due, self.made = START, [], 0

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback, *args) -> Timer:
        return self.call_at(self.now + delay, callback, *args)

    def call_at(self, when: float, callback, *args) -> Timer:
        timer = Timer(when, callback, args)
        self.made += 1
        heapq.heappush(self.due, (when, self.made, timer))
        return timer

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while self.due and self.due[0][0] <= end:
            when, _, timer = heapq.heappop(self.due)
            if not timer.cancelled:
                self.now = when
                timer.callback(*timer.args)
        self.now = end

    def pending(self) -> list[Timer]:
        return [timer for _, _, timer in self.due if not timer.cancelled]


class Server:
    """What a room asks of its server (game/net/room.py `Server`), kept for the test to see:
    the log's lines, the draws asked for (the test deals them), the rooms closed."""

    def __init__(self, **config):
        self.config = Config(**config)
        self.loop = Loop()
        self.said: list[str] = []
        self.lines = self.said.append
        self.draws: list[list] = []             # [dice, level, done, timer]
        self.closed_rooms: list[Room] = []

    def log(self, room, seat, address, what) -> None:
        self.said.append(f"{room} {seat} {what}")

    def draw(self, dice, level, done) -> Timer:
        timer = Timer(None, done, ())
        self.draws.append([dice, level, done, timer])
        return timer

    def deal(self, blockers: Position = ROLL) -> None:
        """The last roll asked for is drawn: `blockers`."""
        *_, done, timer = self.draws[-1]
        assert not timer.cancelled
        done(blockers)

    def closed(self, room) -> None:
        self.closed_rooms.append(room)


class Line:
    """A player's connection as the room sees it: what it is sent, decoded and checked."""

    def __init__(self, address: str = "192.0.2.1"):
        self.address, self.player, self.got = address, None, []

    def put(self, data: bytes, later: bool = False) -> None:
        self.got.append(protocol.decode(data.decode(), protocol.SERVER))

    def send(self, kind: str, **fields) -> None:
        self.put(protocol.encode(protocol.SERVER, kind, **fields).encode())

    def of(self, kind: str) -> list[dict]:
        return [m for m in self.got if m["type"] == kind]

    def last(self, kind: str) -> dict:
        return self.of(kind)[-1]


def seated(n: int, **config):
    """A room of n players, each on a line: (server, room, players, lines)."""
    server = Server(**config)
    room = Room(server, "Q7KX2M", "default", "any", "192.0.2.1", "192.0.2.0/24")
    players, lines = [], []
    for i in range(n):
        line = Line(f"192.0.2.{i + 1}")
        player = room.seat(f"P{i + 1}", line.address)
        room.sit(player, line, "joined")
        players.append(player)
        lines.append(line)
    return server, room, players, lines


def racing(n: int, **config):
    """A room of n players whose race has begun on ROLL."""
    server, room, players, lines = seated(n, **config)
    for player in players:
        room.set_ready(player, True)
    server.loop.advance(server.config.countdown * server.config.countdown_step)
    server.deal()
    assert room.phase == "racing"
    return server, room, players, lines


def execute_all(moves) -> Position:
    """ROLL with `moves` played, by the engine."""
    position = ROLL
    for move in moves:
        position = execute(position, move)
    return position


def play_all(room: Room, player, moves, first: int = 1) -> None:
    for seq, move in enumerate(moves, first):
        room.play(player, seq, move)


# --- phases: lobby, countdown, racing, finished, and back on a rematch

def test_the_countdown_says_3_2_1_a_step_apart():
    server, room, players, lines = seated(2, countdown_step=1.0)
    for player in players:
        room.set_ready(player, True)
    counts = [[m["n"] for m in lines[1].of("countdown")]]
    for _ in range(2):
        server.loop.advance(0.75)
        counts.append([m["n"] for m in lines[1].of("countdown")])
        server.loop.advance(0.25)
        counts.append([m["n"] for m in lines[1].of("countdown")])
    assert counts == [[3], [3], [3, 2], [3, 2], [3, 2, 1]]


def test_the_race_begins_a_step_after_1_on_the_roll_drawn():
    server, room, players, lines = seated(2, countdown_step=1.0)
    for player in players:
        room.set_ready(player, True)
    server.deal()                                       # drawn at once: the countdown still runs
    server.loop.advance(2.5)
    assert (room.phase, lines[0].of("race")) == ("countdown", [])
    server.loop.advance(0.5)
    assert lines[0].last("race") == {"v": 2, "type": "race", "race": 1, "blockers": ROLL.notation(),
                                     "position": ROLL.notation(), "elapsed_ms": 0, "seq": 0}


def test_a_roll_drawn_after_the_countdown_starts_the_race_when_it_comes():
    server, room, players, lines = seated(2, countdown_step=1.0)
    for player in players:
        room.set_ready(player, True)
    server.loop.advance(10.0)
    assert room.phase == "countdown" and not lines[0].of("race")
    server.deal()
    assert room.phase == "racing" and lines[1].last("race")["elapsed_ms"] == 0


def test_unready_during_the_countdown_cancels_it_with_its_draw():
    server, room, players, lines = seated(2)
    for player in players:
        room.set_ready(player, True)
    room.set_ready(players[1], False)
    server.loop.advance(60.0)
    assert (room.phase, server.draws[-1][3].cancelled, lines[0].of("race")) == ("lobby", True, [])


def test_a_countdown_needs_two_players_ready():
    server, room, players, lines = seated(2)
    room.dropped(players[1])                            # in the lobby: the seat freed
    room.set_ready(players[0], True)
    assert (room.phase, list(room.players)) == ("lobby", [1])


def test_the_last_finisher_ends_the_race_with_the_results():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    assert room.phase == "finished" and [r["place"] for r in lines[0].last("results")["order"]] == [1, 2]


def test_a_rematch_goes_back_to_the_lobby_with_everyone_unready():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    room.rematch()
    state = lines[1].last("room")
    assert (state["phase"], [p["ready"] for p in state["players"]], [p["ms"] for p in state["players"]]) == \
        ("lobby", [False, False], [None, None])


def test_the_players_who_have_not_pressed_rematch_are_said_on_the_results_until_they_do():
    """Playtest 2, item 18: nobody was told who waits. The room says who is still on the results."""
    server, room, (a, b, c), lines = racing(3)
    for player in (a, b, c):
        play_all(room, player, MOVES)
    room.rematch(a)
    assert {p["name"]: p["on_results"] for p in lines[1].last("room")["players"]} == \
        {a.name: False, b.name: True, c.name: True}
    room.back_from_results(b)
    assert {p["name"]: p["on_results"] for p in lines[0].last("room")["players"]} == \
        {a.name: False, b.name: False, c.name: True}
    with pytest.raises(ProtocolError, match="a rematch comes after a race"):
        room.back_from_results(b)                       # pressed twice: back once


def test_a_rematch_races_a_new_roll_numbered_2():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    room.rematch()
    for player in (a, b):
        room.set_ready(player, True)
    server.loop.advance(3.0)
    other = Position.parse("A1B3C3D1E5F2F6")
    server.deal(other)
    assert (lines[0].last("race")["race"], lines[0].last("race")["blockers"]) == (2, other.notation())


def test_a_rematch_frees_the_seats_of_players_away_or_gone():
    server, room, (a, b, c), lines = racing(3)
    room.remove(c)                                      # left mid-race: kept in the results
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    room.dropped(b)                                     # away after the race: the seat kept for its grace
    room.rematch()
    assert list(room.players) == [a.seat] and room.loop.pending() == [room.expiry]


# --- moves: the seq refuses replays

def test_a_replayed_move_is_refused_with_the_board_as_the_server_has_it():
    server, room, (a, b), lines = racing(2)
    server.loop.advance(2.5)
    room.play(a, 1, MOVES[0])
    room.play(a, 1, MOVES[0])                           # the same frame again
    assert lines[0].last("refused") == {"v": 2, "type": "refused", "seq": 1, "ms": 2500,
                                        "reason": "out of order: the next move is number 2",
                                        "position": execute_all(MOVES[:1]).notation()}


def skipped_a_number():
    server, room, (a, b), lines = racing(2)
    room.play(a, 1, MOVES[0])
    room.play(a, 3, MOVES[1])
    return a, lines


def test_a_skipped_number_is_refused():
    _, lines = skipped_a_number()
    assert lines[0].last("refused")["reason"] == "out of order: the next move is number 2"


def test_a_skipped_number_leaves_the_board():
    a, _ = skipped_a_number()
    assert (a.seq, a.position) == (1, execute_all(MOVES[:1]))


def test_a_move_the_rules_refuse_keeps_the_number_for_the_next():
    server, room, (a, b), lines = racing(2)
    room.play(a, 1, "2:A1A2")                           # A2 holds a blocker
    room.play(a, 1, MOVES[0])
    assert [m["type"] for m in lines[0].got[-2:]] == ["refused", "moved"] and a.seq == 1


def test_a_move_after_finishing_is_refused():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    room.play(a, 10, "-1")
    assert lines[0].last("refused")["reason"] == "you have finished"


def test_opponents_get_progress_not_the_board():
    server, room, (a, b), lines = racing(2)
    server.loop.advance(1.25)
    room.play(a, 1, MOVES[0])
    assert lines[1].last("progress") == {"v": 2, "type": "progress", "seat": a.seat, "placed": 1, "cells": 1,
                                         "ms": 1250, "position": None}


# --- places, times and ties

def test_results_are_timed_by_the_rooms_clock():
    server, room, (a, b), lines = racing(2)
    server.loop.advance(10.0)
    play_all(room, b, MOVES)
    server.loop.advance(2.5)
    play_all(room, a, MOVES)
    assert [(r["seat"], r["place"], r["ms"]) for r in lines[0].last("results")["order"]] == \
        [(b.seat, 1, 10_000), (a.seat, 2, 12_500)]


def test_a_tie_on_the_clock_is_placed_in_the_order_the_boards_were_solved():
    server, room, (a, b, c), lines = racing(3)
    play_all(room, c, MOVES[:-1])
    play_all(room, b, MOVES[:-1])
    server.loop.advance(7.0)
    room.play(c, 9, MOVES[-1])
    room.play(b, 9, MOVES[-1])                          # the same millisecond
    finished = [(m["seat"], m["place"], m["ms"]) for m in lines[0].of("finished")]
    assert finished == [(c.seat, 1, 7000), (b.seat, 2, 7000)]


def test_a_finisher_is_told_to_everyone_at_once():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    assert lines[1].last("finished")["place"] == 1


def test_the_race_goes_on_after_a_finisher():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    assert room.phase == "racing"


# --- leaving, dropping and coming back

def test_a_player_who_leaves_mid_race_is_in_the_results_unplaced():
    server, room, (a, b, c), lines = racing(3)
    room.play(c, 1, MOVES[0])
    room.remove(c)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    order = lines[0].last("results")["order"]
    assert [(r["seat"], r["place"]) for r in order] == [(a.seat, 1), (b.seat, 2), (c.seat, None)] \
        and order[2]["position"] == execute_all(MOVES[:1]).notation()


def test_the_host_leaving_in_the_lobby_hands_the_room_to_the_lowest_seat():
    server, room, (a, b, c), lines = seated(3)
    room.remove(a)
    assert lines[2].last("room")["host"] == b.seat


def test_a_dropped_racer_back_within_the_grace_resumes_where_they_were():
    server, room, (a, b), lines = racing(2, seat_grace=60.0)
    server.loop.advance(4.0)
    play_all(room, a, MOVES[:3])
    room.dropped(a)
    server.loop.advance(59.0)
    back = Line()
    room.sit(a, back, "resumed")
    server.loop.advance(10.0)                           # past the grace: resumed, so the seat stays
    assert (back.last("race")["elapsed_ms"], back.last("race")["seq"], back.last("race")["position"],
            a.link is back, a.left) == (63_000, 3, execute_all(MOVES[:3]).notation(), True, False)


def test_a_dropped_racer_is_shown_away_meanwhile():
    server, room, (a, b), lines = racing(2)
    room.dropped(a)
    assert [p["connected"] for p in lines[1].last("room")["players"]] == [False, True]


def dropped_while_the_other_finishes():
    server, room, (a, b), lines = racing(2, seat_grace=60.0)
    room.dropped(a)
    play_all(room, b, MOVES)
    return server, room, (a, b), lines


def test_the_results_wait_for_a_dropped_racer_within_the_grace():
    _, room, _, _ = dropped_while_the_other_finishes()
    assert room.phase == "racing"


def test_a_dropped_racer_not_back_within_the_grace_is_unplaced_at_the_end():
    server, room, (a, b), lines = dropped_while_the_other_finishes()
    server.loop.advance(60.0)
    assert room.phase == "finished" and [(r["seat"], r["place"]) for r in lines[1].last("results")["order"]] == \
        [(b.seat, 1), (a.seat, None)]


def test_a_player_dropped_in_the_lobby_loses_the_seat_at_once():
    server, room, (a, b), lines = seated(2)
    room.dropped(b)
    assert [p["seat"] for p in lines[0].last("room")["players"]] == [a.seat]


def dropped_during_the_countdown():
    server, room, (a, b), lines = seated(2)
    for player in (a, b):
        room.set_ready(player, True)
    room.dropped(b)
    return server, room, a


def test_a_player_dropped_during_the_countdown_loses_the_seat():
    _, room, a = dropped_during_the_countdown()
    assert list(room.players) == [a.seat]


def test_a_player_dropped_during_the_countdown_stops_it():
    server, room, _ = dropped_during_the_countdown()
    assert (room.phase, server.draws[-1][3].cancelled) == ("lobby", True)


# --- idle racers

def idle_beside_a_finisher():
    server, room, (a, b), lines = racing(2, race_idle=300.0)
    server.loop.advance(100.0)
    play_all(room, a, MOVES)
    server.loop.advance(199.5)
    return server, room, b, lines


def test_a_racer_with_no_move_is_waited_for_until_race_idle():
    _, room, _, _ = idle_beside_a_finisher()
    assert room.phase == "racing"


def test_a_racer_with_no_move_for_race_idle_is_out_ending_the_race():
    server, room, b, lines = idle_beside_a_finisher()
    server.loop.advance(0.5)
    assert room.phase == "finished" and b.idle and [r["place"] for r in lines[0].last("results")["order"]] == \
        [1, None]


def test_each_accepted_move_gives_a_racer_race_idle_again():
    server, room, (a, b), lines = racing(2, race_idle=300.0)
    for seq in range(1, 4):
        server.loop.advance(299.0)
        room.play(a, seq, MOVES[seq - 1])
    server.loop.advance(299.0)
    assert not a.idle and b.idle


def test_a_refused_move_does_not_count_as_one():
    server, room, (a, b), lines = racing(2, race_idle=300.0)
    server.loop.advance(299.0)
    room.play(a, 1, "2:A1A2")
    server.loop.advance(1.0)
    assert a.idle and b.idle and room.phase == "finished"


def test_an_idle_racer_is_refused_its_moves():
    server, room, (a, b, c), lines = racing(3, race_idle=300.0)
    server.loop.advance(200.0)
    room.play(b, 1, MOVES[0])
    server.loop.advance(100.0)
    room.play(a, 1, MOVES[0])
    assert lines[0].last("refused")["reason"] == "you are out of this race: no move for too long"


# --- the race's limit and the room's lifetime

def test_a_race_ends_at_its_limit_with_the_unfinished_unplaced():
    server, room, (a, b), lines = racing(2, race_limit=3600.0, race_idle=10_000.0)
    play_all(room, a, MOVES)
    server.loop.advance(3599.5)
    assert room.phase == "racing"
    server.loop.advance(0.5)
    assert [(r["place"], r["ms"]) for r in lines[1].last("results")["order"]] == [(1, 0), (None, None)]


def test_a_race_that_ends_early_leaves_no_limit_timer_behind():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    assert room.loop.pending() == [room.expiry]


def test_a_room_past_its_lifetime_tells_everyone():
    server, room, (a, b), lines = racing(2, room_lifetime=6 * 3600.0)
    server.loop.advance(6 * 3600.0)
    assert [line.last("removed")["reason"] for line in lines] == ["this room's time is up: make a new one"] * 2


def test_a_room_past_its_lifetime_closes():
    server, room, (a, b), lines = racing(2, room_lifetime=6 * 3600.0)
    server.loop.advance(6 * 3600.0)
    assert server.closed_rooms == [room] and room.loop.pending() == []


def test_a_room_with_no_one_left_closes():
    server, room, (a, b), lines = racing(2)
    room.remove(a)
    room.remove(b)
    assert server.closed_rooms == [room]


def test_a_room_with_no_one_left_stops_its_timers():
    server, room, (a, b), lines = racing(2)
    room.remove(a)
    room.remove(b)
    assert room.loop.pending() == []


# --- the host's choices

def test_only_the_host_chooses_the_next_roll():
    server, room, (a, b), lines = seated(2)
    with pytest.raises(ProtocolError, match=HOST_CHOOSES):
        room.settings(b, "alternative", "hard", "visible")


def test_visible_boards_show_each_move_to_the_others():
    server, room, (a, b), lines = seated(2)
    room.settings(a, "default", "any", "visible")
    for player in (a, b):
        room.set_ready(player, True)
    server.loop.advance(3.0)
    server.deal()
    room.play(a, 1, MOVES[0])
    assert lines[1].last("progress")["position"] == execute_all(MOVES[:1]).notation()


def test_the_host_removes_a_player():
    server, room, (a, b, c), lines = seated(3)
    room.kick(a, c.seat)
    assert (c.link, list(room.players)) == (None, [a.seat, b.seat])


def test_a_removed_player_is_told():
    server, room, (a, b, c), lines = seated(3)
    room.kick(a, c.seat)
    assert lines[2].last("removed")["reason"] == "the host removed you from the room"


def test_the_log_has_a_line_for_each_step_of_a_race():
    server, room, (a, b), lines = racing(2)
    play_all(room, a, MOVES)
    play_all(room, b, MOVES)
    said = [line.split(" ", 2)[2] for line in server.said]
    assert said == ["joined", "joined", "countdown", f"race 1 starts: {ROLL.notation()}",
                    "finished 1st in 0 ms", "finished 2nd in 0 ms", "race 1 over: 1:1, 2:2"]
