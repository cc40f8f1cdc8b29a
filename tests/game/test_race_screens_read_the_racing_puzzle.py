"""The race screens read the puzzle races deal from the engine's list (`racing()`), never a
puzzle of their own: the host's dice and level pickers offer its `race_dice` and
`race_levels` and send a pick as its `check_level` takes it, a room starts with the player's
dice set only if races may roll it, and the results parse each final board with its `parse`,
count its `placings` and draw the board with the drawer its registry entry names
(`rival_view`). Here the racing puzzle is the test folder's third one (tests/game/third_puzzle.py),
and this module is its rules for the engine's list."""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
import pytest

from game.net.race_link import RaceLink
from game.puzzles import registry
from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.online.results import ResultsScene
from solver import puzzles as engines
from solver.errors import SquarewiseError
from tests.game import third_puzzle

parse = third_puzzle.parse               # this module as the racing puzzle's rules
PLACINGS = 3
RACE_DICE = ("plain", "spotted")
RACE_LEVELS = (("calm", "any"), 2)


def check_level(value):
    if value in ("calm", "any"):
        return value
    if value in ("1", "2"):
        return int(value)
    raise SquarewiseError(f"no level '{value}'")


DRAWN: list = []


def draw_board(surface, app, area, board, lines) -> None:
    """The racing puzzle's drawer of a racer's board: it writes down what it was asked to draw."""
    DRAWN.append((board.notation() if board is not None else None, lines))


@pytest.fixture
def racing(monkeypatch):
    """The dominoes are the puzzle races deal, the others are not."""
    engine, entry = third_puzzle.entries()
    engine = dataclasses.replace(engine, module=__name__, races=True)
    entry = dataclasses.replace(entry, rival_view=f"{__name__}:draw_board")
    others = tuple(dataclasses.replace(e, races=False) for e in engines.PUZZLES)
    monkeypatch.setattr(engines, "PUZZLES", others + (engine,))
    monkeypatch.setattr(registry, "PUZZLES", registry.PUZZLES + (entry,))
    DRAWN.clear()
    return engine


class Client:
    """A connection that hears nothing and keeps what is sent."""
    url = "ws://127.0.0.1:4321/"
    trust = wake = None

    def __init__(self):
        self.sent: list = []

    def poll(self) -> list:
        return []

    def send(self, kind: str, **fields) -> None:
        self.sent.append((kind, fields))

    def close(self, timeout=None) -> None:
        pass


def seated(room: dict, seat: int = 0) -> RaceLink:
    link = RaceLink(Client(), ("create", {"name": "Ann", "dice": "plain", "level": "any"}), clock=lambda: 1000.0)
    link.connected, link.seat, link.room = True, seat, room
    return link


ROOM = {"type": "room", "room": "K7QX", "host": 0, "phase": "lobby", "dice": "plain", "level": "any",
        "boards": "hidden", "players": [{"seat": 0, "name": "Ann", "ready": False, "connected": True},
                                        {"seat": 1, "name": "Bob", "ready": False, "connected": True}]}


def lobby(app) -> RaceOnlineScene:
    app.open("online", bind="127.0.0.1", lan=False)
    scene = app.top
    scene.stop_finding()
    return scene


def options(menu) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def test_the_hosts_pickers_offer_what_the_racing_puzzle_may_deal(app, racing):
    scene = lobby(app)
    assert options(scene.pickers.menus["dice"]) == ["plain", "spotted"]
    assert options(scene.pickers.menus["level"]) == ["any", "calm", "1", "2"]


def test_a_picked_level_is_sent_as_the_racing_puzzle_takes_it(app, racing):
    scene = lobby(app)
    scene.seat(seated(dict(ROOM)), "Opening")
    app.frame(1 / 60, [])
    assert scene.pickers.menus["level"].visible
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.pickers.menus["level"],
                                          text="calm")])
    assert scene.link.client.sent[-1] == ("settings", {"dice": "plain", "level": "calm", "boards": "hidden"})


@pytest.mark.parametrize("kept, starts", [("spotted", "spotted"), ("default", "plain")])
def test_a_room_starts_with_the_players_dice_only_if_races_may_roll_them(app, racing, kept, starts):
    app.settings["dice"] = kept
    assert lobby(app).dice() == starts


def test_the_results_show_each_board_through_the_racing_puzzle(app, racing):
    link = seated(dict(ROOM, phase="over"))
    link.results = [{"seat": 1, "name": "Bob", "place": 1, "ms": 61000, "position": "1.1..."},
                    {"seat": 0, "name": "Ann", "place": 0, "ms": 0}]
    app.push(ResultsScene(app, link=link, own=parse("22..33")))
    app.frame(1 / 60, [])
    assert DRAWN[:2] == [("1.1...", ["1st, 1:01", "Bob", "1 of 3 pieces"]),
                         ("22..33", ["unplaced", "Ann (you)", "2 of 3 pieces"])]
