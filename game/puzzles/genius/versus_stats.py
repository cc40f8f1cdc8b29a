"""Races against the computer in the statistics: wins, losses, times and a win streak per level.

They sit beside the Genius entry's own keys (game/storage.py), so an old statistics file
loads as it is and an older Squarewise reading a new file still finds what it knows:

    statistics["genius"]["versus"][level] = {
        "played": n, "won": n, "best": seconds or None,   # best: the player's fastest win
        "streak": n, "longest": n,                        # wins in a row against this level
        "races": [[player seconds, computer seconds, won], ...]   # the last RACES_KEPT
    }

A race is recorded once it ends: the player finished first (won), or the computer did, or
the player left or gave up (lost). Reading never trusts the file: a value of the wrong
shape reads as if it were missing, and the next race writes a clean record. Nothing here
draws (no pygame).
"""
from __future__ import annotations

import math

from game.play.match import format_time
from game.puzzles.genius.opponent import LEVELS

PUZZLE = "genius"
RACES_KEPT = 50


def _count(value) -> int:
    return value if type(value) is int and value >= 0 else 0


def _seconds(value) -> float | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < math.inf
    return float(value) if ok else None


def _race(value) -> list | None:
    if not (isinstance(value, list) and len(value) == 3 and isinstance(value[2], bool)):
        return None
    player, computer = _seconds(value[0]), _seconds(value[1])
    return None if player is None or computer is None else [player, computer, value[2]]


def level_record(statistics: dict, level: str) -> dict:
    """The record of races against `level` (zeros for none), cleaned of anything malformed."""
    entry = statistics.get(PUZZLE)
    versus = entry.get("versus") if isinstance(entry, dict) else None
    stored = versus.get(level) if isinstance(versus, dict) else None
    stored = stored if isinstance(stored, dict) else {}
    races = stored.get("races")
    races = [r for r in map(_race, races) if r is not None] if isinstance(races, list) else []
    streak = _count(stored.get("streak"))
    return {"played": _count(stored.get("played")), "won": _count(stored.get("won")),
            "best": _seconds(stored.get("best")), "streak": streak,
            "longest": max(streak, _count(stored.get("longest"))), "races": races[-RACES_KEPT:]}


def record_race(statistics: dict, level: str, won: bool, player_seconds: float, computer_seconds: float) -> dict:
    """Note a finished race against `level` in `statistics` (changed in place); its new record."""
    record = level_record(statistics, level)
    player_seconds, computer_seconds = round(float(player_seconds), 2), round(float(computer_seconds), 2)
    record["played"] += 1
    if won:
        record["won"] += 1
        record["streak"] += 1
        record["longest"] = max(record["longest"], record["streak"])
        if record["best"] is None or player_seconds < record["best"]:
            record["best"] = player_seconds
    else:
        record["streak"] = 0
    record["races"] = (record["races"] + [[player_seconds, computer_seconds, bool(won)]])[-RACES_KEPT:]
    entry = statistics.get(PUZZLE)
    if not isinstance(entry, dict):
        entry = statistics[PUZZLE] = {"played": 0, "solved": 0, "best": {}}
    if not isinstance(entry.get("versus"), dict):
        entry["versus"] = {}
    entry["versus"][level] = record
    return record


def statistics_table(statistics: dict) -> list[tuple[str, str, str, str]]:
    """The races against the computer as a table for the statistics screen: a heading row, then
    one row per level raced against, easiest first: ("expert", "3 of 5", "2", "0:48"); none
    when no race was run."""
    rows = []
    for level in LEVELS:
        record = level_record(statistics, level)
        if record["played"]:
            rows.append((level, f"{record['won']} of {record['played']}", str(record["streak"]),
                         format_time(record["best"])))
    return [("vs computer", "won", "streak", "fastest")] + rows if rows else []


def summary_lines(record: dict) -> list[str]:
    """The record in short lines: ["won 3 of 5", "streak 2 (longest 4)", "fastest win 0:48"]."""
    lines = [f"won {record['won']} of {record['played']}", f"streak {record['streak']} (longest {record['longest']})"]
    return lines + ([f"fastest win {format_time(record['best'])}"] if record["best"] is not None else [])
