"""The shared daily-puzzle rules: numbers, dates, weekly levels, seeds, the share line."""
from __future__ import annotations

import datetime as dt
import itertools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver import daily, rng
from solver.errors import SquarewiseError


def test_numbers_count_days_from_the_epoch():
    assert daily.number(daily.EPOCH) == 1
    assert daily.number(dt.date(2026, 11, 23)) == 327


@pytest.mark.parametrize("n", [1, 2, 365, 1000])
def test_a_number_gives_back_its_date(n):
    assert daily.number(daily.date_of(n)) == n


def test_no_date_comes_before_the_epoch():
    with pytest.raises(SquarewiseError):
        daily.date_of(0)


def test_dates_parse_strictly():
    assert daily.parse_date("2026-03-14") == dt.date(2026, 3, 14)
    assert daily.parse_date(None, today=dt.date(2026, 5, 1)) == dt.date(2026, 5, 1)
    for bad in ("2026-02-30", "14/03/2026", "tomorrow", ""):
        with pytest.raises(SquarewiseError, match="is not a date"):
            daily.parse_date(bad)
    with pytest.raises(SquarewiseError, match="start on 2026-01-01"):
        daily.parse_date("2025-12-31")


def test_the_level_rises_through_the_week():
    monday = dt.date(2026, 11, 23)
    assert monday.weekday() == 0
    week = [daily.level(monday + dt.timedelta(days=k)) for k in range(7)]
    assert week == ["easy", "easy", "medium", "medium", "hard", "hard", "very hard"]


DAY = dt.date(2026, 6, 1)


def first_seeds(game: str, day: dt.date) -> list[int]:
    return list(itertools.islice(daily.seeds(game, day), 3))


def test_seeds_repeat_for_the_same_game_on_the_same_day():
    first = first_seeds("genius", DAY)
    assert first == first_seeds("genius", DAY)
    assert all(0 <= s < 2 ** 64 for s in first)


def test_seeds_differ_between_games():
    assert first_seeds("genius", DAY) != first_seeds("macmahon", DAY)


def test_seeds_differ_between_days():
    assert first_seeds("genius", DAY) != first_seeds("genius", DAY + dt.timedelta(days=1))


def test_shuffled_is_a_reproducible_permutation():
    day = dt.date(2026, 6, 1)
    a = rng.shuffled(range(24), daily.seeds("x", day))
    assert sorted(a) == list(range(24)) and a != list(range(24))
    assert a == rng.shuffled(range(24), daily.seeds("x", day))


def test_share_text():
    assert daily.share_text("genius", 312, 102.4, "hard") == "Squarewise Genius #312 · hard · 1:42 · no hints"
    assert daily.share_text("genius", 327, 102, "hard", streak=5) == \
        "Squarewise Genius #327 · hard · 1:42 · no hints · streak 5"
    assert daily.share_text("macmahon", 5, 3725, "easy", assisted=True) == \
        "Squarewise MacMahon #5 · easy · 1:02:05 · with help"
    assert daily.share_text("macmahon", 5, 61, "easy", hints=1, assisted=True, streak=1) == \
        "Squarewise MacMahon #5 · easy · 1:01 · 1 hint · streak 1"
    assert daily.share_text("genius", 9, 5, "medium", hints=3, assisted=True).endswith("· 0:05 · 3 hints")
    assert daily.clock(59.99) == "0:59"


@pytest.mark.parametrize("clock", [1e20, 253402300800.0])     # past time_t; 10000-01-01
@pytest.mark.parametrize("game", ["genius", "macmahon"])
def test_a_clock_past_any_date_is_one_line(monkeypatch, capsys, clock, game):
    import time
    from solver.cli import main
    monkeypatch.setattr(time, "time", lambda: clock)            # what date.today() asks
    assert main([game, "daily"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("squarewise: error: the system clock is set past any date Squarewise can read; "
                                 "give the day with --date YYYY-MM-DD\n")


@pytest.mark.skipif(shutil.which("faketime") is None, reason="needs faketime (Debian: apt-get install faketime)")
def test_the_daily_under_faketime_past_2262_is_one_line():
    proc = subprocess.run(["faketime", "9999-12-31", sys.executable, "-m", "game", "genius", "daily"],
                          capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("squarewise: error: the system clock is set past") and proc.stderr.count("\n") == 1
