"""The day's puzzles as the game opens them: a game ID, number and level for each puzzle, and
the result a player shares. Pygame-free, so the worker can compute a day in a child process
(the Genius daily of a very hard day takes about a second).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from game.play import records
from game.puzzles import registry
from solver import daily, puzzles
from solver.cli_common import ordinal


@dataclass(frozen=True)
class Daily:
    """One puzzle of one day: `game_id` opens it (`App.open(puzzle, game_id=...)`)."""
    puzzle: str          # its name in the engine's list (solver/puzzles.py)
    number: int
    level: str
    game_id: str


def day_puzzles(iso_date: str, progress=None) -> dict[str, Daily]:
    """Every puzzle's daily of the date YYYY-MM-DD, by name (a module-level function: a worker
    job, which is handed a `progress` callback it has no use for: each puzzle is one step)."""
    day = dt.date.fromisoformat(iso_date)
    made = {engine.name: engine.daily(day) for engine in puzzles.PUZZLES}
    return {name: Daily(name, d.number, d.level, d.start.notation()) for name, d in made.items()}


def first_win(statistics: dict, puzzle: str, number: int) -> dict | None:
    """The first won game of daily puzzle `number` among the kept games (its time is the result)."""
    return next((g for g in records.games(statistics, puzzle) if g.get("daily") == number and g["won"]), None)


def result_line(statistics: dict, puzzle: str, number: int) -> str | None:
    """The line to share for a solved daily ('Squarewise Genius #327 · hard · 1:42 · no hints ·
    streak 5': its first win, and the run of dailies won up to it), else None."""
    game = first_win(statistics, puzzle, number)
    if game is None:
        return None
    level = game.get("level") or daily.level(daily.date_of(number))
    streak, _ = records.daily_streak(statistics, puzzle, number)
    return daily.share_text(puzzle, number, game["seconds"], level, game.get("hints", 0), game["assisted"], streak)


def copy_result(app, puzzle: str, number: int) -> bool:
    """Put the share line of daily `number` of `puzzle` on the clipboard (or show it where there
    is no clipboard); False when that daily has not been won."""
    line = result_line(app.statistics, puzzle, number)
    if line is None:
        return False
    ok = app.copy_text(line)
    app.toasts.show(f"Copied: {line}" if ok else f"No clipboard here: {line}", 5)
    return True


def status(statistics: dict, puzzle: str, number: int) -> str:
    """Whether daily `number` is done, in words: 'solved in 1:42' ('... with help'), else 'not solved yet'."""
    win = first_win(statistics, puzzle, number)
    if win is None:
        return "not solved yet"
    return f"solved in {daily.clock(win['seconds'])}" + (" with help" if win["assisted"] else "")


def place_words(statistics: dict, puzzle: str, number: int) -> str:
    """The place of daily `number`'s ranked run as kept ('ranked 3rd': the server's when the player
    last looked, records.set_place), or ''."""
    place = records.ranked_place(statistics, puzzle, number)
    return f"ranked {ordinal(place)}" if place is not None else ""


def solved_time(statistics: dict, puzzle: str, number: int) -> str:
    """Daily `number`'s time in short ('1:42', '1:42 helped'), or 'open' while it is not solved."""
    win = first_win(statistics, puzzle, number)
    if win is None:
        return "open"
    return daily.clock(win["seconds"]) + (" helped" if win["assisted"] else "")


def until_next(now: dt.datetime) -> str:
    """How long until the next daily (local midnight), in words: 'next in 5 h 12 min'."""
    left = int((dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time()) - now).total_seconds())
    hours, minutes = left // 3600, left % 3600 // 60
    if hours:
        return f"next in {hours} h {minutes} min"
    return f"next in {minutes} min" if minutes else f"next in {left} s"


def next_change(now: dt.datetime) -> float:
    """Seconds until `until_next`'s words change (the next whole minute left, or second in the
    last minute; midnight, with the new day's puzzles, among them)."""
    left = (dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time()) - now).total_seconds()
    step = 1.0 if left <= 60 else 60.0
    return left % step + 0.01                   # (the words count whole seconds left, rounded down)


@dataclass(frozen=True)
class Card:
    """What the title's Today card says about one puzzle's daily."""
    heading: str         # 'Genius #327 · hard' ('Genius #333 · very hard · one way' on a Sunday)
    status: str          # 'solved in 1:42' / 'not solved yet'
    streak: str          # 'daily streak 5'
    solved: bool
    place: str = ""      # 'ranked 3rd': the place kept of today's ranked run


def level_words(puzzle: str, day: dt.date) -> str:
    """The level of `puzzle`'s daily of `day`, and what else that daily is (the puzzle's
    `daily_note`): 'hard', 'very hard · one way'."""
    return " · ".join(w for w in (daily.level(day), registry.get(puzzle).daily_note(day)) if w)


def card(statistics: dict, puzzle: str, today: dt.date) -> Card:
    """Today's card of `puzzle`: its number and level, and what else its daily is that day (the
    puzzle's `daily_note`; all known without working the puzzle out), whether it is done and in
    what time, and the daily streak."""
    n = daily.number(today)
    current, _ = records.daily_streak(statistics, puzzle, n)
    return Card(f"{puzzles.get(puzzle).short} #{n} · {level_words(puzzle, today)}", status(statistics, puzzle, n),
                f"daily streak {current}", first_win(statistics, puzzle, n) is not None,
                place_words(statistics, puzzle, n))
