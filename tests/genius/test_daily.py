"""The Genius daily roll: reproducible, different from day to day, at the day's level."""
from __future__ import annotations

import datetime as dt

from solver import daily
from solver.genius import levels, search
from solver.genius.daily import genius_daily
from solver.genius.dice import builtin

MONDAY = dt.date(2026, 11, 23)


def test_a_week_of_daily_rolls_is_at_the_days_level():
    default = builtin("default")
    for k in range(7):
        day = MONDAY + dt.timedelta(days=k)
        d = genius_daily(day)
        assert d.level == daily.level(day) and d.number == daily.number(day)
        assert d.solutions == search.count(d.position)
        assert levels.group_of(levels.level_of(default, d.position.blockers)) == d.level
        assert set(d.position.blockers) <= {c for die in default.dice for c in die}


def test_the_daily_roll_is_the_same_across_runs_and_differs_between_dates():
    a = genius_daily(MONDAY)
    assert a == genius_daily(MONDAY)
    # pinned: the same on every machine (splitmix64 seeds from the date, the real dice)
    assert (a.number, a.level, a.position.notation(), a.solutions) == (327, "easy", "A1A3C3E1F1F4F6", 5184)
    others = {genius_daily(MONDAY + dt.timedelta(days=k)).position.notation() for k in range(1, 8)}
    assert a.position.notation() not in others and len(others) == 7
