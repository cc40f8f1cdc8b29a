"""A third puzzle is one entry in each list (issue 37): tests/game/third_puzzle.py, three
dominoes on a 2 x 3 board made in the test folder alone, is added to the engine's list and
the game's, then dealt, played through `session.process`, drawn by its view on a plain
surface, saved and loaded, and its game recorded, with no file of the product changed."""
from __future__ import annotations

import random

import pygame
import pytest

from game.play import records
from game.play.commands import Key, Pick, Refused, Toast
from game.play.session import PlaySession
from game.puzzles import registry
from solver import puzzles as engines
from tests.game import third_puzzle
from tests.game.fakes import FakeClock, ModeHost


@pytest.fixture
def listed(monkeypatch):
    engine, entry = third_puzzle.entries()
    monkeypatch.setattr(engines, "PUZZLES", engines.PUZZLES + (engine,))
    monkeypatch.setattr(registry, "PUZZLES", registry.PUZZLES + (entry,))
    return entry


def dealt(entry, host, clock):
    session = PlaySession(entry.puzzle, host, entry.hand(()))
    dealer = entry.dealer(session, host, random.Random(1), clock=clock)
    dealer.new_game()
    session.take_effects()
    return session


def play(session, number: int, *keys: str) -> list:
    effects = session.process(Pick(number))
    for key in keys:
        effects += session.process(Key(key))
    return effects


def test_the_lists_read_the_third_puzzle(listed):
    assert registry.get("dominoes") is listed and "dominoes" in registry.ordered()
    assert engines.get("dominoes").execute(engines.get("dominoes").parse("......"), "1:A1B1").notation() == "1..1.."
    assert registry.settings()["dominoes_cursor"] == "across"
    assert records.rows("dominoes") == ("1", records.OTHER, records.DAILIES)


def test_the_third_puzzle_is_dealt(listed, tmp_path):
    session = dealt(listed, ModeHost(tmp_path), FakeClock())
    assert session.match.puzzle == "dominoes" and session.match.timer.running


def refused_off_the_board(listed, tmp_path):
    """A dealt game of the third puzzle, domino 1 put across on A3: (host, clock, session, effects)."""
    host, clock = ModeHost(tmp_path), FakeClock()
    session = dealt(listed, host, clock)
    return host, clock, session, play(session, 1, "right", "right", "place")


def test_the_third_puzzle_refuses_a_domino_off_the_board(listed, tmp_path):
    _, _, session, refused = refused_off_the_board(listed, tmp_path)
    assert any(isinstance(e, Refused) for e in refused) and session.position.notation() == "......"
    assert any(isinstance(e, Toast) and "off the board" in e.text for e in refused)


def two_down(listed, tmp_path):
    """As refused_off_the_board, then domino 1 down on A3B3 (saved), and 7 s on domino 2 on A1B1:
    (host, session, the save)."""
    host, clock, session, _ = refused_off_the_board(listed, tmp_path)
    play(session, 1, "turn", "place")                                   # A3B3, down (the cursor stays on A3)
    assert session.position.notation() == "..1..1"
    saved = session.save_to(tmp_path / "dominoes")
    clock.advance(7)
    session.hand.cursor = 0
    play(session, 2, "place")                                           # A1B1 (still down)
    assert session.position.notation() == "2.12.1" and not session.match.finished
    return host, session, saved


def test_the_third_puzzle_loads_what_it_saved(listed, tmp_path):
    _, session, saved = two_down(listed, tmp_path)
    loaded = session.load(saved)
    assert loaded.position.notation() == "..1..1" and loaded.moves == ["", "1:A3B3"]


def test_the_third_puzzle_is_drawn_by_its_view(listed, tmp_path):
    _, session, _ = two_down(listed, tmp_path)
    surface = pygame.Surface((60, 40))
    third_puzzle.View().draw(surface, session.position)
    assert surface.get_at((5, 5))[:3] == third_puzzle.COLOURS[2]
    assert surface.get_at((25, 5))[:3] == third_puzzle.COLOURS[0]
    assert surface.get_at((45, 25))[:3] == third_puzzle.COLOURS[1]


def test_the_third_puzzle_is_played_to_a_win_recorded(listed, tmp_path):
    host, session, _ = two_down(listed, tmp_path)
    effects = play(session, 3, "place")                                 # the cursor's A1 is taken: refused
    assert any(isinstance(e, Refused) for e in effects)
    session.hand.cursor = 1
    play(session, 3, "place")                                           # A2B2: the board is full
    assert session.position.notation() == "231231" and session.match.finished
    assert host.statistics["dominoes"]["played"] == 1 and host.statistics["dominoes"]["solved"] == 1
    assert host.statistics["dominoes"]["best"] == {"2x3": pytest.approx(7)}
