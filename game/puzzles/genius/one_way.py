"""One way, The Genius Square's puzzle mode, without pygame: the deal as a worker job, the
level setting, how a match of it is named and recorded, and its statistics per level.

A One way match is a Genius match whose start carries given pieces (solver/genius/one_way.py
deals it) and whose metadata says its level (`oneway`: 1..10). It is recorded in The Genius
Square's statistics in the row ROW ("one way"), its best times apart per level
(`best_key`: 'one way 3 given'), so the rows of the statistics still add up; `statistics_table`
breaks the row down by level.
"""
from __future__ import annotations

import datetime as dt

from game.play.match import format_time
from game.play.records import GIVEN, games, timed
from game.puzzles.genius.versus_stats import statistics_table as versus_table
from solver.errors import SquarewiseError
from solver.genius import dice, numbers
from solver.genius.daily import ONE_WAY_DAY
from solver.genius.one_way import LEVELS, check_level, deal

ROW = "one way"                    # the statistics row (and the kept games' level) of One way matches
SETTING = "oneway_level"           # the level of the next puzzle, "1".."10"
TITLE = "One way"


def job_deal(level: int, seed: int, progress=None) -> dict:
    """The puzzle of `level` from `seed` (a child process's job: plain values out): its start's
    notation, the dice faces in die order, its givens, the roll's fewest, solutions and number."""
    p = deal(level, seed)
    return {"start": p.start.notation(), "rolled": list(p.rolled), "givens": p.givens, "least": p.least,
            "solutions": p.solutions, "number": numbers.number_or_none(dice.builtin("default"), p.rolled)}


def level_setting(settings: dict) -> int:
    """The level of the next puzzle (the setting, 1 if it is missing or not a level)."""
    try:
        return check_level(int(str(settings.get(SETTING, "1"))))
    except (ValueError, SquarewiseError):
        return 1


def level_choices() -> list[tuple[str, str, str]]:
    """The level picker's entries (key, label, short label), level 1 (most pieces given) first."""
    return [(f"level={n}", f"Level {n} of {LEVELS}", f"Level {n}") for n in range(1, LEVELS + 1)]


def best_key(level: int) -> str:
    """The best-time key of a One way level: a start with pieces given, apart per level."""
    return f"{ROW} {level}{GIVEN}"


def daily_note(day: dt.date) -> str:
    """What the Genius daily of `day` is besides its level, as its Today card says it: 'one way'
    on the day the daily is a One way puzzle (Sunday: solver/genius/daily.py), else ''."""
    return TITLE.lower() if day.weekday() == ONE_WAY_DAY else ""


def subtitle(meta: dict, givens: int) -> str:
    """Under the title: 'One way · level 3 · 6 pieces given · #41,233'."""
    number = meta.get("number")
    words = [TITLE, f"level {meta.get('oneway')}", f"{givens} piece{'s' if givens != 1 else ''} given"]
    return " · ".join(words + ([numbers.label(number)] if number is not None else []))


def statistics_table(statistics: dict) -> list[tuple[str, ...]]:
    """The One way games kept, by level, for the statistics screen: a heading row, then one row
    per level played ("level 3", "2 of 4", "1", "1:42": won, won with help among them, best);
    their games add up to the row ROW. None when no One way game was kept."""
    kept = games(statistics, "genius", ROW)
    rows = []
    for level in range(1, LEVELS + 1):
        mine = [g for g in kept if g.get("key") == best_key(level)]
        if mine:
            best = min((g["seconds"] for g in mine if timed(g, ROW)), default=None)
            rows.append((f"level {level}", f"{sum(g['won'] for g in mine)} of {len(mine)}",
                         str(sum(g["assisted"] for g in mine)), format_time(best)))
    return [(TITLE, "won", "helped", "best")] + rows if rows else []


def tables(statistics: dict, row: str | None) -> list[tuple[str, ...]]:
    """The Genius Square's own table on the statistics screen for `row` (None: all levels): the
    races against the computer under all levels, One way's levels under its row."""
    return versus_table(statistics) if row is None else statistics_table(statistics) if row == ROW else []
