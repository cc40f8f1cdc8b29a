"""Statistics per puzzle and level: games, wins, best and median times, streaks, charts' data.

The statistics file keeps its shape of today (game/storage.py), one entry per puzzle:

    {"played": n, "solved": n, "best": {key: seconds}}

where `key` says what kind of start the time is for (game/play/session.py `best_key`): the
dice set or the board header, "daily", or a key ending in " given" for a board with pieces
or tiles given. This module only adds
keys beside those, so an old file loads as it is and an old Squarewise reading a new file
still finds its three keys (the file's version stays 1):

    "games":   the last GAMES_KEPT finished games, oldest first, each
               {"key", "level", "seconds", "won", "assisted", "when", "daily", "game", "hints", "place"}
               (level None when not chosen, daily the daily puzzle's number or None, game the
               match's identity, so a game finished again replaces its record, hints the hints
               asked, kept only when there were some, place a race online's place, kept only
               for a finisher);
    "assisted": wins with hints or Solve (also counted in "solved");
    "streak":  {"current": n, "longest": n}: wins in a row (any game lost or given up ends it);
    "daily":   {"won": [numbers of the daily puzzles won, ascending]}.

"played" counts games that ended (won, won with help, lost or abandoned), so played = won +
won with help + lost. The contract the mid end keeps is in docs/records.md.

An assisted win counts as won but never sets a best time and is left out of the medians and
charts, which are about the player's own solving; so is a daily (`timed`: the one rule of the
times shown, docs/records.md). The totals and the overall streak are kept
for ever; figures by level come from the kept games. Nothing here draws (no pygame).
"""
from __future__ import annotations

import bisect
import math
import statistics as stats_module
from dataclasses import dataclass
from datetime import datetime

from game.play.match import MAX_ELAPSED
from solver import puzzles
from solver.daily import WEEK_LEVELS
from solver.errors import SquarewiseError


GAMES_KEPT = 500
DAILY = "daily"           # the best-time key of the daily puzzles
GIVEN = " given"          # the end of the best-time key of a start with pieces or tiles given
_NICE_WIDTHS = (1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600)
OTHER = "other"           # the row of the games with no level (rolls at any level, game IDs, free play, races)
DAILIES = "dailies"       # the row of a puzzle's dailies when their levels (the week's) are not its own


def rows(puzzle: str) -> tuple[str, ...]:
    """The puzzle's rows under "all levels", as its games are stored: its levels (the engine's
    list's), OTHER, and DAILIES unless the week's levels are its own (a Genius daily is in its
    level's row, easy .. very hard; a MacMahon daily's 'hard' is not one of its levels 1 to 10).
    Every kept game is in exactly one (`row`), so the rows add up to the games kept."""
    try:
        levels = puzzles.get(puzzle).levels
    except SquarewiseError:
        return (OTHER,)
    return levels + (OTHER,) + (() if set(WEEK_LEVELS) <= set(levels) else (DAILIES,))


def _entry(statistics: dict, puzzle: str) -> dict:
    return statistics.setdefault(puzzle, {"played": 0, "solved": 0, "best": {}})


def record_game(statistics: dict, puzzle: str, key: str, seconds: float, won: bool, *,
                level: str | None = None, assisted: bool = False, daily: int | None = None,
                when: datetime | None = None, game: str | None = None, hints: int = 0,
                place: int | None = None) -> bool:
    """Note a finished game (won, with help or not, or lost) in `statistics`; True if it is a new
    best time for `key`. A game counts as played here, when it ends. `game` is the match's
    identity: a game already recorded (a save of it loaded and finished, say) has its record
    replaced, so it is counted once, by its last result."""
    entry = _entry(statistics, puzzle)
    seconds = round(min(float(seconds), MAX_ELAPSED), 2)
    if type(daily) is not int or daily < 1:
        daily = None          # only a daily puzzle's number (from 1) is kept: what clean() accepts
    record = {"key": key, "level": level, "seconds": seconds, "won": bool(won), "assisted": bool(won and assisted),
              "when": (when or datetime.now()).isoformat(timespec="seconds"), "daily": daily}
    if game is not None:
        record["game"] = game
    if hints:
        record["hints"] = int(hints)
    if type(place) is int and place >= 1:
        record["place"] = place          # a race online's place, by the server's word
    games = entry.setdefault("games", [])
    old = next((g for g in games if game is not None and g.get("game") == game), None)
    if old is None:
        entry["played"] = entry.get("played", 0) + 1
        games.append(record)
        del games[:-GAMES_KEPT]
        streak = entry.setdefault("streak", {"current": 0, "longest": 0})
        streak["current"] = streak.get("current", 0) + 1 if won else 0
        streak["longest"] = max(streak.get("longest", 0), streak["current"])
    else:
        _count_win(entry, old, -1)
        games[games.index(old)] = record
        streak = entry.setdefault("streak", {"current": 0, "longest": 0})
        streak["current"] = _streaks([g["won"] for g in games])[0]
        streak["longest"] = max(streak.get("longest", 0), streak["current"])
    _count_win(entry, record, 1)
    if not won:
        return False
    if daily is not None:
        done = entry.setdefault("daily", {}).setdefault("won", [])
        at = bisect.bisect_left(done, daily)
        if at == len(done) or done[at] != daily:
            done.insert(at, daily)
    return not assisted and _keep_best(entry, key, seconds)


def _count_win(entry: dict, game: dict, sign: int) -> None:
    """Add (1) or take back (-1) what a game record counts in the totals: a win, a helped win."""
    if game["won"]:
        entry["solved"] = max(0, entry.get("solved", 0) + sign)
        if game["assisted"]:
            entry["assisted"] = max(0, entry.get("assisted", 0) + sign)


def _keep_best(entry: dict, key: str, seconds: float) -> bool:
    best = entry.setdefault("best", {})
    if key not in best or seconds < best[key]:
        best[key] = seconds
        return True
    return False


def _seconds(value) -> bool:
    """A time a record can hold: a number from 0 to MAX_ELAPSED (what a save's clock may be)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_ELAPSED


def _whole(value):
    """`value` as a count (a whole number >= 0: 10.0 reads as 10), or None if it is not one."""
    if type(value) is float and value.is_integer():
        value = int(value)
    return value if type(value) is int and value >= 0 else None


def _is_game(game) -> bool:
    if not isinstance(game, dict):
        return False
    daily = game.get("daily")
    return (_seconds(game.get("seconds")) and isinstance(game.get("key"), str) and isinstance(game.get("won"), bool)
            and isinstance(game.get("assisted"), bool) and isinstance(game.get("when"), str)
            and (game.get("level") is None or isinstance(game.get("level"), str))
            and (daily is None or (type(daily) is int and daily >= 1))
            and isinstance(game.get("game", ""), str) and type(game.get("hints", 0)) is int and game.get("hints", 0) >= 0
            and type(game.get("place", 1)) is int and game.get("place", 1) >= 1)


def _counts(holder: dict, keys, name: str, dropped: list[str]) -> None:
    """Read each of `keys` in `holder` as a count (10.0 as 10); 0 when it is not one."""
    for key in keys:
        if key in holder:
            count = _whole(holder[key])
            if count is None:
                dropped.append(f"{name}.{key}")
            holder[key] = count or 0


def clean(statistics: dict) -> list[str]:
    """Drop what is of the wrong shape (a hand-edited or damaged file), element by element,
    keeping everything else; returns what was dropped, as 'puzzle.key' names, for a warning.
    Counts written as whole floats (10.0) are read as whole numbers."""
    dropped = []
    for puzzle, entry in list(statistics.items()):
        if not isinstance(entry, dict):
            del statistics[puzzle]
            dropped.append(puzzle)
            continue
        if "best" in entry and not isinstance(entry["best"], dict):
            entry["best"] = {}
            dropped.append(f"{puzzle}.best")
        for key, seconds in list(entry.get("best", {}).items()):
            if not _seconds(seconds):
                del entry["best"][key]
                dropped.append(f"{puzzle}.best.{key}")
        _counts(entry, ("played", "solved", "assisted"), puzzle, dropped)
        if "games" in entry:
            games = entry["games"]
            if not isinstance(games, list):
                del entry["games"]
                dropped.append(f"{puzzle}.games")
            elif not all(map(_is_game, games)):
                entry["games"] = [g for g in games if _is_game(g)]
                dropped.append(f"{puzzle}.games ({len(games) - len(entry['games'])} damaged)")
        if "streak" in entry:
            streak = entry["streak"]
            if isinstance(streak, dict):
                _counts(streak, ("current", "longest"), f"{puzzle}.streak", dropped)
            else:
                del entry["streak"]
                dropped.append(f"{puzzle}.streak")
        if "daily" in entry:
            daily = entry["daily"]
            won = daily.get("won", []) if isinstance(daily, dict) else None
            if not isinstance(won, list):
                entry["daily"] = {"won": []}
                dropped.append(f"{puzzle}.daily")
                continue
            numbers = [n for n in map(_whole, won) if n is not None and n >= 1]
            if len(numbers) < len(won):
                dropped.append(f"{puzzle}.daily.won ({len(won) - len(numbers)} damaged)")
            daily["won"] = sorted(set(numbers))
    return dropped


@dataclass(frozen=True)
class Summary:
    """What the statistics screen shows for one puzzle (and one level, or all): games played =
    won + won with help + lost."""
    played: int
    won: int                       # won without help
    assisted: int                  # won with hints or Solve
    best: float | None
    median: float | None
    current_streak: int
    longest_streak: int
    recent: tuple[float, ...]      # the last RECENT unassisted winning times, oldest first

    @property
    def lost(self) -> int:
        return max(0, self.played - self.won - self.assisted)


RECENT = 30


def row(puzzle: str, game: dict) -> str:
    """The row of the statistics a kept game is counted in (one of `rows(puzzle)`): its level, a
    daily under DAILIES where the puzzle has that row, a game with no level (or one the puzzle
    does not have) under OTHER."""
    own = rows(puzzle)
    if DAILIES in own and game.get("daily") is not None:
        return DAILIES
    level = game.get("level")
    return level if level in own and level not in (OTHER, DAILIES) else OTHER


def games(statistics: dict, puzzle: str, level: str | None = None) -> list[dict]:
    """The kept games of `puzzle`, oldest first, of one row when given (`row`: a level, OTHER, DAILIES)."""
    entry = statistics.get(puzzle)
    kept = entry.get("games", []) if isinstance(entry, dict) else []
    return [g for g in kept if level is None or row(puzzle, g) == level]


def timed(game: dict, level: str | None = None) -> bool:
    """Whether a kept game's time is among the times of the view of `level` (None: all levels, else a row):
    the one rule of the best time, the median and the charts (docs/records.md). An unassisted
    win that is not a daily; in the all-levels view and the OTHER row (starts of every kind), also
    not a start with pieces or tiles given."""
    return (game["won"] and not game["assisted"] and game.get("daily") is None
            and (level not in (None, OTHER) or not game["key"].endswith(GIVEN)))


def solve_times(statistics: dict, puzzle: str, level: str | None = None) -> list[float]:
    """The times of the view of `level` (None: all levels) among the kept games, oldest first (`timed`)."""
    return [g["seconds"] for g in games(statistics, puzzle, level) if timed(g, level)]


def _streaks(results: list[bool]) -> tuple[int, int]:
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def summary(statistics: dict, puzzle: str, level: str | None = None) -> Summary:
    """The figures of `puzzle`, for all its games or those of one level.

    Games are counted whatever they were (dailies included); the best time, the median and the
    recent times are those of `timed` games. For all levels the counts, streaks and best time
    are the durable totals of the file (the best over the keys of starts from an empty board,
    the same games); for one level they come from the kept games."""
    entry = statistics.get(puzzle) if isinstance(statistics.get(puzzle), dict) else {}
    kept = games(statistics, puzzle, level)
    times = solve_times(statistics, puzzle, level)
    median = stats_module.median(times) if times else None
    if level is None:
        streak = entry.get("streak", {})
        assisted = entry.get("assisted", 0)
        return Summary(entry.get("played", 0), max(0, entry.get("solved", 0) - assisted), assisted,
                       plain_best(entry.get("best", {})), median, streak.get("current", 0), streak.get("longest", 0),
                       tuple(times[-RECENT:]))
    current, longest = _streaks([g["won"] for g in kept])
    helped = sum(g["assisted"] for g in kept)
    return Summary(len(kept), sum(g["won"] for g in kept) - helped, helped, min(times, default=None), median,
                   current, longest, tuple(times[-RECENT:]))


def plain_best(best: dict) -> float | None:
    """The best time over the starts from an empty board: a daily or a board with pieces or tiles
    given is a shorter task, with best times of its own."""
    return min((t for k, t in best.items() if k != DAILY and not k.endswith(GIVEN)), default=None)


def daily_best(statistics: dict, puzzle: str) -> float | None:
    """The best time of a daily puzzle won without help (a ranked run's is the server's time)."""
    entry = statistics.get(puzzle)
    best = entry.get("best", {}) if isinstance(entry, dict) else {}
    return best.get(DAILY) if isinstance(best, dict) else None


def daily_won(statistics: dict, puzzle: str) -> list[int]:
    """The numbers of the daily puzzles won, ascending (for a calendar of past dailies)."""
    entry = statistics.get(puzzle)
    daily = entry.get("daily", {}) if isinstance(entry, dict) else {}
    return list(daily.get("won", []))


def ranked_place(statistics: dict, puzzle: str, number: int) -> int | None:
    """The place kept with the ranked run of daily `number` (the server's, as last heard), or None."""
    run = _ranked_run(statistics, puzzle, number)
    return run["place"] if run is not None else None


def set_place(statistics: dict, puzzle: str, number: int, place: int) -> bool:
    """The server's place now of the ranked run of daily `number` (a later, faster finisher moves
    it down) kept in its record; True if the kept place changed."""
    run = _ranked_run(statistics, puzzle, number)
    if run is None or type(place) is not int or place < 1 or run["place"] == place:
        return False
    run["place"] = place
    return True


def _ranked_run(statistics: dict, puzzle: str, number: int) -> dict | None:
    """The kept record of the placed ranked run of daily `number` (a daily's record with a place:
    only a ranked run has one), the last if there were two."""
    return next((g for g in reversed(games(statistics, puzzle)) if g.get("daily") == number and "place" in g), None)


def daily_streak(statistics: dict, puzzle: str, today: int) -> tuple[int, int]:
    """(current, longest) runs of consecutive daily puzzles won. The current run ends today,
    or yesterday while today's puzzle is still to do."""
    won = daily_won(statistics, puzzle)
    longest = run = 0
    previous = None
    for n in won:
        run = run + 1 if previous is not None and n == previous + 1 else 1
        longest = max(longest, run)
        previous = n
    done = set(won)
    end = today if today in done else today - 1
    current = 0
    while end - current in done:
        current += 1
    return current, longest


@dataclass(frozen=True)
class Bin:
    """One bar of a histogram: times in [start, stop) seconds, and how many."""
    start: float
    stop: float
    count: int


def histogram(times, bins: int = 8) -> list[Bin]:
    """Times binned for a chart: at most `bins` bars of one round width (1, 2, 5, 10, 15, 20,
    30 s, 1, 2, 5, 10, 15, 30 min, 1 h), starting at a multiple of it, the last one holding the
    slowest time. Empty for no times."""
    times = sorted(float(t) for t in times)
    if not times:
        return []
    low, high = times[0], times[-1]
    if bins < 2:
        raise ValueError("a histogram needs at least 2 bins")
    width = next((w for w in _NICE_WIDTHS if math.floor(high / w) - math.floor(low / w) < bins),
                 3600 * max(1, math.ceil((high - low) / 3600 / (bins - 1))))
    start = math.floor(low / width) * width
    count = math.floor(high / width) - math.floor(low / width) + 1
    out = []
    for k in range(count):
        lo, hi = start + k * width, start + (k + 1) * width
        out.append(Bin(lo, hi, bisect.bisect_left(times, hi) - bisect.bisect_left(times, lo)))
    return out
