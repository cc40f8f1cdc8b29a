"""The Genius Square daily puzzle: a roll of the real game's dice at the day's level.

The roll is `levels.roll_at_level(default dice, level of the day, seed of the day)`: the
seed comes from the date alone (solver.daily), so it is the same roll for everyone that day.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .. import daily
from .dice import builtin
from .levels import roll_at_level
from .position import Position

DICE = "default"


@dataclass(frozen=True)
class GeniusDaily:
    """The daily roll of `date`: its number, level, board and solution count."""
    date: dt.date
    number: int
    level: str
    position: Position
    solutions: int


def genius_daily(day: dt.date, stream=None) -> GeniusDaily:
    """The daily puzzle of `day` (SquarewiseError before solver.daily.EPOCH); `stream`: draw it
    from those 64-bit numbers instead of the day's own (a server's secret deal, game/net/deal.py:
    the same level rules, another roll)."""
    day = daily.parse_date(day.isoformat())
    seeds = daily.seeds("genius", day) if stream is None else stream
    draw = roll_at_level(builtin(DICE), daily.level(day), next(seeds))
    return GeniusDaily(day, daily.number(day), draw.group, Position.from_blockers(draw.faces), draw.solutions)
