"""The Genius daily roll: reproducible, different from day to day, at the day's level."""
from __future__ import annotations

import datetime as dt

from solver import daily
from solver.genius import levels, search
from solver.genius.daily import genius_daily
from solver.genius.dice import builtin
from solver.genius.position import Position
from tests.validate_genius import check_pins

MONDAY = dt.date(2026, 11, 23)


def test_a_week_of_daily_rolls_is_at_the_days_level():
    default = builtin("default")
    for k in range(7):
        day = MONDAY + dt.timedelta(days=k)
        d = genius_daily(day)
        assert d.level == daily.level(day) and d.number == daily.number(day)
        assert d.solutions == search.count(Position.from_blockers(d.position.blockers))
        assert d.one_way == (day.weekday() == 6)
        assert levels.group_of(levels.level_of(default, d.position.blockers)) == d.level
        assert set(d.position.blockers) <= {c for die in default.dice for c in die}


def test_the_daily_roll_is_the_same_across_runs():
    a = genius_daily(MONDAY)
    assert a == genius_daily(MONDAY)
    # pinned: the same on every machine (splitmix64 seeds from the date, the real dice)
    assert (a.number, a.level, a.position.notation(), a.solutions) == (327, "easy", "A1A3C3E1F1F4F6", 5184)


def test_the_daily_roll_differs_between_dates():
    first = genius_daily(MONDAY).position.notation()
    others = {genius_daily(MONDAY + dt.timedelta(days=k)).position.notation() for k in range(1, 8)}
    assert first not in others and len(others) == 7


def test_sunday_s_daily_is_a_one_way_puzzle_the_same_for_everyone():
    """Sunday: the day's very hard roll with the fewest pieces given that leave one finish, checked
    by the validator (exactly one completion, no smaller set of the givens has one); pinned, so a
    change that would give another machine another puzzle fails."""
    sunday = MONDAY + dt.timedelta(days=6)
    d = genius_daily(sunday)
    assert d.one_way and d.level == "very hard" and d.position.givens == set(d.position.placed)
    assert d.position.notation() == "A5B1C3C6D2E5F1/3-L=E2F2F3"
    check_pins(d.position.blockers, {p: c for p, c in d.position.placed.items()})
    assert genius_daily(sunday) == d and genius_daily(sunday).position.notation() == d.position.notation()
    for k in range(1, 4):
        later = genius_daily(sunday + dt.timedelta(days=7 * k))
        assert later.one_way and search.count(later.position) == 1
