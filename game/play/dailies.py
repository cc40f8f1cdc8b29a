"""The day's puzzles as the game opens them: a game ID, number and level for each puzzle, and
the result a player shares. Pygame-free, so the worker can compute a day in a child process
(the Genius daily of a very hard day takes about a second).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from game.play import records
from solver import daily


@dataclass(frozen=True)
class Daily:
    """One puzzle of one day: `game_id` opens it (`App.open(puzzle, game_id=...)`)."""
    puzzle: str          # "genius" or "macmahon"
    number: int
    level: str
    game_id: str


def day_puzzles(iso_date: str, progress=None) -> dict[str, Daily]:
    """Both daily puzzles of the date YYYY-MM-DD (a module-level function: a worker job, which
    is handed a `progress` callback it has no use for: each puzzle is one step)."""
    from solver.genius.daily import genius_daily
    from solver.macmahon.daily import macmahon_daily
    day = dt.date.fromisoformat(iso_date)
    g, m = genius_daily(day), macmahon_daily(day)
    return {"genius": Daily("genius", g.number, g.level, g.position.notation()),
            "macmahon": Daily("macmahon", m.number, m.level, m.puzzle.notation())}


def first_win(statistics: dict, puzzle: str, number: int) -> dict | None:
    """The first won game of daily puzzle `number` among the kept games (its time is the result)."""
    return next((g for g in records.games(statistics, puzzle) if g.get("daily") == number and g["won"]), None)


def result_line(statistics: dict, puzzle: str, number: int) -> str | None:
    """The line to share for a solved daily ('Squarewise Genius #312 · 1:42 · hard'), else None."""
    game = first_win(statistics, puzzle, number)
    if game is None:
        return None
    level = game.get("level") or daily.level(daily.date_of(number))
    return daily.share_text(puzzle, number, game["seconds"], level, game["assisted"])
