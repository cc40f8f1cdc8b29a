"""The dealers (game/puzzles/<p>/deal.py): every board a puzzle plays made without pygame, each
through `Match.new`, whose metadata is checked against the puzzle's types."""
from __future__ import annotations

import random

import pytest

from game.play.match import Match
from game.play.session import PlaySession
from game.puzzles import registry
from game.puzzles.genius.deal import RollIn
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.macmahon.puzzle import MACMAHON
from solver.macmahon.position import Position
from tests.game.fakes import BOARD, FakeClock, ModeHost


def dealer_of(puzzle, host, clock=None):
    entry = registry.get(puzzle.name)
    session = PlaySession(puzzle, host, entry.hand(("red",) * 9))
    return entry.dealer(session, host, random.Random(7), clock=clock)


def rolled_at_any_level(tmp_path):
    """A Genius dealer at any level, a new roll asked for: (dealer, its effects, clock)."""
    host, clock = ModeHost(tmp_path), FakeClock()
    host.settings["genius_level"] = "any"
    dealer = dealer_of(GENIUS, host, clock)
    return dealer, dealer.new_roll(), clock


def test_a_genius_roll_at_any_level_is_dealt(tmp_path):
    match = rolled_at_any_level(tmp_path)[0].match
    assert match.puzzle == "genius" and match.meta["kind"] == "play" and match.meta["assisted"] is False
    assert len(match.meta["rolled"]) == 7


def test_a_genius_roll_rolls_in_before_its_clock_starts(tmp_path):
    dealer, effects, clock = rolled_at_any_level(tmp_path)
    match = dealer.match
    assert [type(e) for e in effects][:1] == [RollIn] and dealer.rolling
    assert not match.timer.running
    dealer.landed()
    clock.advance(3)
    assert match.timer.running and match.elapsed == pytest.approx(3)


def test_a_macmahon_game_id_is_dealt_with_its_tiles_given(tmp_path):
    host = ModeHost(tmp_path)
    dealer = dealer_of(MACMAHON, host)
    first = Position.parse("4x6x3:2b...../....../....../......")
    dealer.play_id(dealer.parse_id(first.notation()), {"daily": 5})
    match = dealer.match
    assert match.puzzle == "macmahon" and {k: v for k, v in match.meta.items() if k != "game"} == {"assisted": False, "kind": "play", "daily": 5}
    assert match.start.givens == frozenset({0}) and match.timer.running


def test_a_match_keeps_only_the_metadata_its_puzzle_types():
    start = GENIUS.parse(BOARD)
    with pytest.raises(TypeError, match="keeps no colour"):
        Match.new(GENIUS, start, colour="red")
    with pytest.raises(TypeError):
        Match.new(GENIUS, start, daily="five")

