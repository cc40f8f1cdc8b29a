"""The Genius Square daily puzzle: a roll of the real game's dice at the day's level.

The roll is `levels.roll_at_level(default dice, level of the day, seed of the day)`: the
seed comes from the date alone (solver.daily), so it is the same roll for everyone that day.
On Sundays the daily is a One way puzzle on that roll (solver/genius/one_way.py, at level
ONE_WAY_LEVEL, from the day's next seed): the fewest pieces given that leave one finish.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .. import daily
from .dice import builtin
from .levels import roll_at_level
from .one_way import deal
from .position import Position

DICE = "default"
ONE_WAY_DAY = 6           # Sunday (date.weekday())
ONE_WAY_LEVEL = 10        # the fewest given pieces the roll allows


@dataclass(frozen=True)
class GeniusDaily:
    """The daily puzzle of `date`: its number, level, board (a Sunday's with its given pieces)
    and the roll's solution count."""
    date: dt.date
    number: int
    level: str
    position: Position
    solutions: int

    @property
    def one_way(self) -> bool:
        """A One way puzzle (pieces given, one finish): Sunday's."""
        return bool(self.position.givens)


def genius_daily(day: dt.date, stream=None) -> GeniusDaily:
    """The daily puzzle of `day` (SquarewiseError before solver.daily.EPOCH); `stream`: draw it
    from those 64-bit numbers instead of the day's own (a server's secret deal, game/net/deal.py:
    the same level rules, another roll)."""
    day = daily.parse_date(day.isoformat())
    seeds = daily.seeds("genius", day) if stream is None else stream
    draw = roll_at_level(builtin(DICE), daily.level(day), next(seeds))
    position = Position.from_blockers(draw.faces)
    if day.weekday() == ONE_WAY_DAY:
        position = deal(ONE_WAY_LEVEL, next(seeds), position).start
    return GeniusDaily(day, daily.number(day), draw.group, position, draw.solutions)
