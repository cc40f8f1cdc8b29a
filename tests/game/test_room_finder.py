"""The lobby's open rooms (issue 36, item 9): `RoomFinder` on a fake clock with fake
connections and a fake network browser (no sleeps), then the real lobby against a real server
on 127.0.0.1: a room its host listed is a button, and one click joins it."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.net.discovery import Room
from game.net.finder import ASK_EVERY, ASK_WAIT, MAX_SERVERS, RoomFinder
from game.scenes.online.lobby import SERVERS
from game.scenes.title import TitleScene
from tests.game.test_lost_server import Clock, FakeClient
from tests.game.test_race_online import opponent_room, run_until, server  # noqa: F401

ANN = {"room": "ABC234", "host": "Ann", "players": 2, "dice": "default", "level": "any"}


class Browser:
    def __init__(self, rooms=()):
        self.found = list(rooms)

    def rooms(self):
        return self.found


def finder(answers: dict, browser=None, clock=None):
    """A RoomFinder whose connection to each url answers `answers[url]` (a list of messages)."""
    made = []

    def connect(url):
        made.append(FakeClient(url, inbox=list(answers.get(url, []))))
        return made[-1]
    return RoomFinder(list(answers), connect, browser, clock or Clock()), made


def test_the_rooms_each_server_lists_are_joined_by_their_address():
    found, made = finder({"ws://club.example.org:8765/": [{"type": "rooms", "rooms": [ANN]}],
                          "ws://10.0.0.2:8765/": [{"type": "rooms", "rooms": []}]})
    found.pump()                                           # asked ...
    found.pump()                                           # ... and answered
    assert [c.sent for c in made] == [["rooms"], ["rooms"]] and all(c.closed for c in made)
    rooms = found.rooms()
    assert [r.target for r in rooms] == ["ws://club.example.org:8765/ABC234"]
    assert rooms[0].host == "Ann" and rooms[0].words() == "2 of 8 · default, any · club.example.org:8765"
    assert found.silent() == ["10.0.0.2:8765: no open rooms listed"]


def quiet_server_given_up():
    """A server that never answers, asked, then waited for as long as the finder waits: (clock, finder, clients)."""
    clock = Clock()
    found, made = finder({"ws://quiet:8765/": []}, clock=clock)
    found.pump()
    assert len(made) == 1 and found.due_in() == ASK_WAIT
    clock.now += ASK_WAIT
    found.pump()
    return clock, found, made


def test_a_server_that_says_nothing_is_given_up():
    _, found, made = quiet_server_given_up()
    assert made[0].closed and found.silent() == ["quiet:8765: not answering"]


def test_each_server_is_asked_again_every_few_seconds():
    clock, found, made = quiet_server_given_up()
    clock.now += ASK_EVERY - 0.1
    found.pump()
    assert len(made) == 1                                  # not yet
    clock.now += 0.1
    found.pump()
    assert len(made) == 2                                  # asked again


def test_an_older_server_says_it_lists_no_rooms():
    found, _ = finder({"ws://old:8765/": [{"type": "error", "reason": "unknown message type (known: create, ...)"}]})
    found.pump()
    found.pump()
    assert found.rooms() == [] and found.silent() == ["old:8765: lists no rooms (an older Squarewise)"]


ZOE = Room("Q7KX2M", "Zoë", "192.168.1.20", 40123)


def test_rooms_found_on_the_network_show_at_once():
    found, _ = finder({}, Browser([ZOE]))
    assert [r.words() for r in found.rooms()] == ["on this network · 192.168.1.20:40123"]
    assert found.rooms()[0].target == "ws://192.168.1.20:40123/Q7KX2M"


def test_the_servers_of_rooms_found_on_the_network_are_asked():
    found, made = finder({}, Browser([ZOE]))
    found.pump()
    assert [c.url for c in made] == ["ws://192.168.1.20:40123/"]
    made[0].inbox.append({"type": "rooms", "rooms": [{**ANN, "room": "Q7KX2M", "host": "Zoë", "players": 1}]})
    found.pump()
    assert [r.words() for r in found.rooms()] == ["1 of 8 · default, any · 192.168.1.20:40123"]


def test_the_servers_asked_are_bounded():
    browser = Browser([Room("Q7KX2M", "Zoë", f"10.0.0.{i}", 8765) for i in range(20)])
    found, made = finder({"ws://club:8765/": []}, browser)
    found.pump()
    assert len(made) == MAX_SERVERS and made[0].url == "ws://club:8765/"


@pytest.fixture
def listed(app, server):
    """Bob's room listed on a server raced on lately, the lobby open until it shows the room:
    (lobby, Bob, the room's code)."""
    bob, code = opponent_room(server)
    try:
        bob.send("listing", listed=True)
        app.settings[SERVERS] = [server.url]                          # a server raced on lately
        app.push(TitleScene(app))
        app.open("online", bind="127.0.0.1", lan=False)
        lobby = app.top
        run_until(app, lambda: lobby.rooms.buttons, [bob])
        yield lobby, bob, code
    finally:
        bob.close()


def test_a_listed_room_is_a_button(server, listed):
    lobby, _, code = listed
    (button, target), = lobby.rooms.buttons.items()
    assert target == f"{server.url}{code}" and button.text == "Bob"
    assert lobby.rooms.shown[0].words() == f"1 of 8 · default, easy · 127.0.0.1:{server.port}"


def test_one_click_on_a_listed_room_joins_it(app, listed):
    lobby, bob, code = listed
    (button, _), = lobby.rooms.buttons.items()
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
    run_until(app, lambda: lobby.link is not None and len(lobby.link.players()) == 2, [bob])
    assert lobby.link.code == code and not lobby.rooms.buttons             # seated: no list


def test_a_private_room_is_not_listed(app, server):
    bob, _ = opponent_room(server)
    try:
        app.settings[SERVERS] = [server.url]
        app.push(TitleScene(app))
        app.open("online", bind="127.0.0.1", lan=False)
        lobby = app.top
        run_until(app, lambda: lobby.finder.silent(), [bob])
        assert lobby.rooms.buttons == {} and lobby.finder.silent() == [f"127.0.0.1:{server.port}: no open rooms listed"]
    finally:
        bob.close()
