"""Fuzzing the game's data files with well-formed JSON of the wrong types and ranges (issue 19):
statistics, settings, saves and autosaves of both puzzles, each value anywhere in the tree
replaced (`meta`, `seconds`, history, moves, counts, daily numbers).

What the loaders accept, the game can use: statistics come back clean (nothing left that the
repair would drop), with times the charts can draw and records that can still be added to;
a damaged file's original is kept byte for byte; a save either is refused in one line or
loads into a match whose end can be recorded and whose save loads again.
"""
from __future__ import annotations

import json

from hypothesis import given

from game.play import records
from game.play.match import MAX_ELAPSED, Match
from tests.fuzz.strategies import fuzz, mutated, tried

GAME = {"key": "default", "level": "hard", "seconds": 50.0, "won": True, "assisted": False,
        "when": "2026-01-01T10:00:00", "daily": 3, "game": "abc"}
STATISTICS = {
    "genius": {"played": 3, "solved": 2, "assisted": 1, "best": {"default": 75.5, "daily": 40.0},
               "games": [GAME, {**GAME, "won": False, "daily": None, "game": "def"}],
               "streak": {"current": 1, "longest": 2}, "daily": {"won": [1, 3, 4]}},
    "macmahon": {"played": 1, "solved": 1, "best": {"4x6x3": 300.0}, "games": [{**GAME, "key": "4x6x3"}]},
}
SETTINGS = {"palette": "classic", "window": [1100, 760], "volume": 0.8, "muted": False,
            "howto_seen": {"genius": True, "macmahon": False}, "genius_level": "any"}




def write(folder, name: str, data) -> bytes:
    text = json.dumps({"version": 1, "data": data}).encode()
    (folder / f"{name}.json").write_bytes(text)
    return text


@fuzz
@given(mutated(STATISTICS))
def test_statistics_values_of_the_wrong_type_or_range(fresh, capsys, data):
    from game.storage import Storage
    folder = fresh()
    original = write(folder, "statistics", data)
    tried()
    storage = Storage(folder)
    stats = storage.statistics()
    assert records.clean(stats) == []                  # what the loader gives back is all usable
    for puzzle, entry in stats.items():
        assert all(0 <= t <= MAX_ELAPSED for t in entry.get("best", {}).values())
        records.summary(stats, puzzle)
        records.histogram(records.solve_times(stats, puzzle))
        records.daily_streak(stats, puzzle, 10)
    records.record_game(stats, "genius", "default", 12.0, True, daily=5, level="easy", game="new")
    assert records.clean(stats) == []
    err = capsys.readouterr().err.splitlines()
    assert len(err) <= 1
    if err:                                            # something was dropped: the original is kept
        assert (folder / "statistics.json.corrupt-1").read_bytes() == original
    storage.write("statistics", stats)
    assert Storage(folder).statistics() == stats and not capsys.readouterr().err


@fuzz
@given(mutated(SETTINGS))
def test_settings_values_of_the_wrong_type_or_range(fresh, capsys, data):
    from game.storage import DEFAULT_SETTINGS, Storage
    folder = fresh()
    write(folder, "settings", data if isinstance(data, dict) else {})
    tried()
    settings = Storage(folder).settings()
    for key, default in DEFAULT_SETTINGS.items():
        assert type(settings[key]) is type(default) or (isinstance(default, float) and type(settings[key]) is int)
    assert all(type(settings["howto_seen"][k]) is bool for k in DEFAULT_SETTINGS["howto_seen"])
    assert len(capsys.readouterr().err.splitlines()) <= 1


def _genius_save():
    from solver.genius.position import Move, Position
    match = Match(Position.parse("A1A2A4A6B4D5E1"), puzzle="genius",
                  meta={"dice": "default", "seed": 5, "daily": 7, "level": "hard", "hints": 1, "game": "g", "kind": "play"})
    match.play(match.position.place(Move.parse("1:F6")), "1:F6")
    return match.to_dict()


def _macmahon_save():
    from game.puzzles.macmahon.puzzle import MACMAHON
    from solver.macmahon import search as tiles
    from solver.macmahon.position import Position
    start = Position.parse("4x6x3")
    match = Match(start, puzzle="macmahon", meta={"mode": "strict", "game": "m", "kind": "play"})
    for move in start.moves_to(tiles.solve(start))[:2]:
        text = move.notation(match.position.board)
        match.play(MACMAHON.execute(match.position, text), text)
    return match.to_dict()


def _puzzle(name):
    from game.puzzles.genius.puzzle import GENIUS
    from game.puzzles.macmahon.puzzle import MACMAHON
    return {"genius": GENIUS, "macmahon": MACMAHON}[name]


def check_save(data, puzzle) -> None:
    from solver.errors import SquarewiseError
    tried()
    try:
        match = Match.from_dict(data, puzzle)
    except SquarewiseError as exc:
        assert str(exc).isprintable() and "\n" not in str(exc)
        return
    assert 0 <= match.index < len(match.history) and 0 <= match.elapsed <= MAX_ELAPSED
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())), puzzle)   # what it writes, it reads
    assert again.position == match.position and again.history == match.history
    stats: dict = {}
    meta = match.meta
    records.record_game(stats, puzzle.name, puzzle.best_key(match.start, meta), match.elapsed, True,
                        level=meta.get("level"), daily=meta.get("daily"), game=meta.get("game"))
    assert records.clean(stats) == []                  # its end is recorded as the loader wants it


@fuzz
@given(mutated(_genius_save()))
def test_genius_saves_of_the_wrong_type_or_range(data):
    check_save(data, _puzzle("genius"))


@fuzz
@given(mutated(_macmahon_save()))
def test_macmahon_saves_of_the_wrong_type_or_range(data):
    check_save(data, _puzzle("macmahon"))
