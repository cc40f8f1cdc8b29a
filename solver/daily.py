"""What the daily puzzles of both games share: the day's number, its level, its seeds, the
one-line result to share.

A daily puzzle depends on the calendar date alone (no network, no clock other than the date
given), so everyone gets the same puzzle on the same day. Day 1 is EPOCH (2026-01-01); the
number is the count of days since the day before it. The level rises through the week:
Monday and Tuesday easy, Wednesday and Thursday medium, Friday and Saturday hard, Sunday
very hard. Random choices come from splitmix64 (solver/rng.py), seeded by the day's
number and the game's name, never from Python's `random`, so they are the same everywhere.
"""
from __future__ import annotations

import datetime as dt
import zlib
from dataclasses import dataclass

from .errors import SquarewiseError
from . import rng
from .puzzles import PUZZLES, get

EPOCH = dt.date(2026, 1, 1)
WEEK_LEVELS = ("easy", "easy", "medium", "medium", "hard", "hard", "very hard")  # Monday first
GAMES = {p.name: p.short for p in PUZZLES}        # each puzzle's short name (the engine's list's)


@dataclass(frozen=True)
class Day:
    """One puzzle's daily: its number, its level and its start (solver/puzzles.py `daily`)."""
    number: int
    level: str
    start: object


def parse_date(text: str | None, today: dt.date | None = None) -> dt.date:
    """The date YYYY-MM-DD (default: `today`, else the local date); SquarewiseError if malformed
    or before EPOCH."""
    if text is None:
        day = today or local_date()
    else:
        try:
            day = dt.date.fromisoformat(text.strip())
        except ValueError:
            raise SquarewiseError(f"'{text}' is not a date (expected YYYY-MM-DD, like 2026-03-14)") from None
    if day < EPOCH:
        raise SquarewiseError(f"the daily puzzles start on {EPOCH.isoformat()}; {day.isoformat()} is earlier")
    return day


def local_date() -> dt.date:
    """Today's date by the system clock; SquarewiseError if the clock is past what the system's
    time functions can turn into a date (past 2262 under `faketime`, or past 9999)."""
    try:
        return dt.date.today()
    except (OverflowError, OSError, ValueError):
        raise SquarewiseError("the system clock is set past any date Squarewise can read; "
                              "give the day with --date YYYY-MM-DD") from None


def number(day: dt.date) -> int:
    """The daily puzzle's number: 1 on EPOCH, 2 the day after, ..."""
    return (day - EPOCH).days + 1


def date_of(num: int) -> dt.date:
    """The date of daily puzzle number `num` (the inverse of `number`)."""
    if num < 1:
        raise SquarewiseError(f"daily puzzles are numbered from 1, not {num}")
    return EPOCH + dt.timedelta(days=num - 1)


def utc_number(moment: float) -> int:
    """The daily number of the UTC date at `moment` (seconds since the epoch).

    >>> utc_number(dt.datetime(2026, 1, 1, 23, 59, tzinfo=dt.timezone.utc).timestamp())
    1
    """
    return number(dt.datetime.fromtimestamp(moment, dt.timezone.utc).date())


def level(day: dt.date) -> str:
    """The day's level (WEEK_LEVELS by weekday)."""
    return WEEK_LEVELS[day.weekday()]


def seeds(game: str, day: dt.date):
    """An endless stream of 64-bit numbers for `game` on `day`, the same on every machine."""
    return rng.stream(number(day) << 32 ^ zlib.crc32(game.encode()))


def clock(seconds: float) -> str:
    """A solve time as the game's clock shows it: 1:42, or 1:02:05 past an hour."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def standing_time(ms: int | None) -> str:
    """A time in the standings, to the tenth (places are close): 0:48.2, 1:02:05.0; '-' for None.

    >>> standing_time(48_250), standing_time(3_725_000), standing_time(None)
    ('0:48.2', '1:02:05.0', '-')
    """
    return "-" if ms is None else f"{clock(ms / 1000)}.{ms % 1000 // 100}"


def hints_words(hints: int, assisted: bool) -> str:
    """How much help a win had, in share words: 'no hints', '1 hint', '3 hints', or 'with help'
    (the engine's Solve, or a solution handed over, with no hint asked)."""
    if hints > 0:
        return f"{hints} hint{'s' if hints != 1 else ''}"
    return "with help" if assisted else "no hints"


def share_text(game: str, num: int, seconds: float, level_name: str, hints: int = 0, assisted: bool = False,
               streak: int = 0) -> str:
    """The one-line result to copy, plain text that pastes anywhere:
    'Squarewise Genius #327 · hard · 1:42 · no hints · streak 5' (the streak left out below 1)."""
    title = get(game).short
    parts = [f"Squarewise {title} #{num}", level_name, clock(seconds), hints_words(hints, assisted)]
    if streak >= 1:
        parts.append(f"streak {streak}")
    return " · ".join(parts)
