"""Playtest 2, items 18 and 19, headless against a real race server on 127.0.0.1 (the other
player a headless ThreadedClient): leaving a race (Escape and the dialog's Leave, or Leave on
the results) lands in the lobby the player came from, unseated, and the server hears one `leave`
and logs no error from the leaver (it logged "not in a room" for the second and third `leave`
the screens sent); after a race, each player is told who pressed Rematch and who has not."""
from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.online.results import ResultsScene
from tests.game.test_race_online import (click, join_and_race, lobby, opponent_room, play_solution,  # noqa: F401
                                         run_until, server)
from tests.net.race import solution

WAIT = 60.0


def key(app, which: int) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode="", scancode=0)])


def logged(server) -> list[str]:
    lines: list[str] = []
    server.server.lines = lines.append
    return lines


def until_links(server, count: int) -> None:
    """Until the server holds `count` connections (a closed one's messages all handled before)."""
    deadline = time.monotonic() + WAIT
    while len(server.server.links) != count:
        assert time.monotonic() < deadline, "the connection never closed"
        time.sleep(0.01)


def sent_kinds(link) -> list[str]:
    """The types of the messages the link's client sends from now on."""
    kinds: list[str] = []
    send = link.client.send
    link.client.send = lambda kind, **fields: (kinds.append(kind), send(kind, **fields))
    return kinds


@pytest.fixture
def bobs_room(server):
    """Bob's room on the server (Bob headless, its host): (Bob, the room's code)."""
    bob, code = opponent_room(server)
    yield bob, code
    bob.close()


def left_to_lobby(app, lobby, server, bob, kinds: list[str], lines: list[str]) -> None:
    """Until the lobby is on top, unseated; the server heard one `leave` and logged no error."""
    run_until(app, lambda: app.top is lobby and lobby.link is None, [bob])
    assert kinds == ["leave"]
    until_links(server, 1)                                   # Bob's alone: everything Ann sent is handled
    assert not [line for line in lines if "error" in line], lines


def finished_race(app, lobby, server, bob, code) -> ResultsScene:
    """Ann (the game) and Bob race to the end; the results on Ann's screen."""
    race = join_and_race(app, lobby, server, bob, code)
    play_solution(app, race)
    for seq, move in enumerate(solution(race.match.start), 1):
        bob.send("move", seq=seq, move=move)
    run_until(app, lambda: isinstance(app.top, ResultsScene), [bob])
    return app.top


def test_leaving_a_race_lands_in_the_lobby_with_one_leave_sent(app, lobby, server, bobs_room):
    lines = logged(server)
    bob, code = bobs_room
    race = join_and_race(app, lobby, server, bob, code)
    kinds = sent_kinds(race.link)
    key(app, pygame.K_ESCAPE)                            # "Leave the race?" ...
    assert race.dialog_open
    key(app, pygame.K_RETURN)                            # ... Leave
    left_to_lobby(app, lobby, server, bob, kinds, lines)
    assert lobby.host_button.is_enabled and lobby.join_button.is_enabled and lobby.line == "You left the room"
    assert any(line.endswith(" left") for line in lines)


def test_leave_on_the_results_lands_in_the_lobby_with_one_leave_sent(app, lobby, server, bobs_room):
    lines = logged(server)
    bob, code = bobs_room
    results = finished_race(app, lobby, server, bob, code)
    kinds = sent_kinds(results.link)
    click(app, results.buttons["leave"])
    left_to_lobby(app, lobby, server, bob, kinds, lines)
    key(app, pygame.K_ESCAPE)                            # unseated, Escape goes back to the title
    assert not isinstance(app.top, RaceOnlineScene)


def test_after_a_race_each_player_is_told_who_waits_for_a_rematch(app, lobby, server, bobs_room):
    lines = logged(server)
    bob, code = bobs_room
    results = finished_race(app, lobby, server, bob, code)
    assert results.rematch_line() == ""                   # nobody has pressed it yet
    bob.send("rematch")                                   # Bob first: the room goes back to the lobby
    run_until(app, lambda: results.rematch_line() != "", [bob])
    assert results.rematch_line() == "Bob pressed Rematch and waits in the lobby"
    click(app, results.buttons["rematch"])                # Ann too: both in the lobby
    assert app.top is lobby
    run_until(app, lambda: not lobby.link.me()["on_results"], [bob])
    assert "on the results" not in lobby.lobby_line()
    until_links(server, 2)
    assert not [line for line in lines if "error" in line], lines   # the second Rematch is no error


def test_the_first_to_press_rematch_sees_who_is_still_on_the_results(app, lobby, server, bobs_room):
    bob, code = bobs_room
    results = finished_race(app, lobby, server, bob, code)
    click(app, results.buttons["rematch"])                # Ann first
    assert app.top is lobby
    seen: list = []
    run_until(app, lambda: seen.extend(bob.poll()) or lobby.link.room["phase"] == "lobby" and any(
        m["type"] == "room" and m["phase"] == "lobby" for m in seen))
    on_results = {p["name"]: p["on_results"] for p in [m for m in seen if m["type"] == "room"][-1]["players"]}
    assert on_results == {"Ann the quick": False, "Bob": True}           # what Bob's screen reads
    assert lobby.lobby_line().endswith("Bob is still on the results")
    assert "Bob (host): on the results" in lobby.player_lines()
    bob.send("rematch")                                   # Bob's Rematch: back in the lobby
    run_until(app, lambda: "on the results" not in lobby.lobby_line(), [bob])
    assert "Bob (host): not ready" in lobby.player_lines()


def test_a_seated_lobbys_leave_button_leaves_the_room_only(app, lobby, server, bobs_room):
    bob, code = bobs_room
    lobby.name_entry.set_text("Ann")
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link is not None and lobby.link.me() is not None, [bob])
    assert lobby.leave_button.text == "Leave (Esc)"
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.leave_button)])
    assert app.top is lobby and lobby.link is None and lobby.leave_button.text == "Back (Esc)"


def test_a_refused_join_sends_no_leave_the_server_would_call_an_error(app, lobby, server):
    """(Seen in this branch's playtest: an invite to a closed room, refused, then `leave` from
    no room: the server logged 'not in a room'.)"""
    lines = logged(server)
    lobby.name_entry.set_text("Ann")
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}/ABCDEF")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link is None and "no room" in lobby.line)
    until_links(server, 0)
    assert [line for line in lines if "error" in line] == [line for line in lines if "no room with that code" in line]
