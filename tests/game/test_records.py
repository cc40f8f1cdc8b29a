"""The statistics model: old files load, new keys survive a save, counts, medians, streaks,
daily streaks, the assisted mark and the histogram."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from game.play import records
from game.play.records import Bin, histogram, record_game, summary
from game.storage import Storage

T0 = datetime(2026, 11, 23, 12, 0)


def play(stats, results, puzzle="genius", key="default", level="hard"):
    """results: seconds for a win, None for a loss; 'a' + seconds for an assisted win."""
    for k, r in enumerate(results):
        assisted = isinstance(r, str)
        seconds = float(r[1:]) if assisted else (r or 50.0)
        record_game(stats, puzzle, key, seconds, r is not None, level=level, assisted=assisted,
                    when=T0 + timedelta(minutes=k))


def _old_file(tmp_path) -> tuple[Storage, dict]:
    """A version-1 statistics file (totals and best times only), read."""
    old = {"version": 1, "data": {"genius": {"played": 4, "solved": 2, "best": {"default": 95.5}},
                                  "macmahon": {"played": 1, "solved": 1, "best": {"4x6x3": 600.0}}}}
    (tmp_path / "statistics.json").write_text(json.dumps(old))
    storage = Storage(tmp_path)
    return storage, storage.statistics()


def test_an_old_file_loads_with_its_totals(tmp_path):
    storage, stats = _old_file(tmp_path)
    assert records.clean(stats) == [] and storage.warnings == []
    s = summary(stats, "genius")
    assert (s.played, s.won, s.assisted, s.best, s.median, s.current_streak, s.recent) == (4, 2, 0, 95.5, None, 0, ())


def test_an_old_file_extended_by_a_game_survives_a_save(tmp_path):
    storage, stats = _old_file(tmp_path)
    assert record_game(stats, "genius", "default", 80.0, True, level="easy", daily=327, when=T0)
    storage.write("statistics", stats)
    again = Storage(tmp_path).statistics()
    assert records.clean(again) == [] and again == stats
    assert again["genius"]["best"] == {"default": 80.0} and again["genius"]["solved"] == 3
    assert again["genius"]["games"][0] == {"key": "default", "level": "easy", "seconds": 80.0, "won": True,
                                           "assisted": False, "when": "2026-11-23T12:00:00", "daily": 327}


def test_record_game_counts_each_game_it_is_told_of():
    stats = {}
    for s in (90, 70, 80):
        record_game(stats, "genius", "default", s, True)
    assert {k: stats["genius"][k] for k in ("played", "solved")} == {"played": 3, "solved": 3}


def test_record_game_keeps_the_best_time_per_key():
    stats = {}
    assert [record_game(stats, "genius", "default", s, True) for s in (90, 70, 80)] == [True, True, False]
    assert stats["genius"]["best"] == {"default": 70.0}


def _two_levels() -> dict:
    """Five hard games (one lost) then two easy ones."""
    stats = {}
    play(stats, [100, 80, None, 120, 90], level="hard")
    play(stats, [40, 30], level="easy")
    return stats


def test_each_level_is_summed_up_on_its_own():
    stats = _two_levels()
    hard = summary(stats, "genius", level="hard")
    assert (hard.played, hard.won, hard.best, hard.median) == (5, 4, 80.0, 95.0)
    assert (hard.current_streak, hard.longest_streak, hard.recent) == (2, 2, (100.0, 80.0, 120.0, 90.0))
    easy = summary(stats, "genius", level="easy")
    assert (easy.played, easy.won, easy.best, easy.median) == (2, 2, 30.0, 35.0)


def test_the_summary_over_every_level_counts_them_all():
    total = summary(_two_levels(), "genius")
    assert (total.played, total.won, total.best, total.current_streak, total.longest_streak) == (7, 6, 30.0, 4, 4)


def test_a_puzzle_never_played_sums_up_to_nothing():
    assert summary(_two_levels(), "macmahon") == records.Summary(0, 0, 0, None, None, 0, 0, ())


def test_an_assisted_win_is_counted_apart():
    stats = {}
    play(stats, [100, "a20", 90])
    s = summary(stats, "genius")
    assert (s.won, s.assisted) == (2, 1)
    assert summary(stats, "genius", level="hard").assisted == 1


def test_an_assisted_win_keeps_the_streak():
    stats = {}
    play(stats, [100, "a20", 90])
    assert summary(stats, "genius").current_streak == 3


def test_an_assisted_win_sets_no_best_time():
    stats = {}
    play(stats, [100, "a20", 90])
    assert summary(stats, "genius").best == 90.0
    assert not record_game(stats, "genius", "default", 5, True, assisted=True)
    assert stats["genius"]["best"] == {"default": 90.0}


def test_an_assisted_win_stays_off_the_charts():
    stats = {}
    play(stats, [100, "a20", 90])
    assert summary(stats, "genius").recent == (100.0, 90.0)


def ten_kept_five(monkeypatch) -> dict:
    """Ten games won (10 s to 19 s) with five kept."""
    monkeypatch.setattr(records, "GAMES_KEPT", 5)
    stats = {}
    play(stats, [float(s) for s in range(10, 20)])
    return stats


def test_only_the_last_games_are_kept(monkeypatch):
    stats = ten_kept_five(monkeypatch)
    assert len(stats["genius"]["games"]) == 5 and stats["genius"]["games"][0]["seconds"] == 15.0


def test_the_totals_count_the_games_no_longer_kept(monkeypatch):
    s = summary(ten_kept_five(monkeypatch), "genius")
    assert (s.played, s.won, s.best, s.longest_streak) == (10, 10, 10.0, 10)


def test_daily_streaks_run_to_today_or_yesterday():
    stats = {}
    for n in (3, 4, 5, 9, 10, 11, 12, 20, 21, 21):
        record_game(stats, "macmahon", "4x6x3", 60, True, daily=n, when=T0)
    record_game(stats, "macmahon", "4x6x3", 60, False, daily=22, when=T0)   # lost: not won
    assert records.daily_won(stats, "macmahon") == [3, 4, 5, 9, 10, 11, 12, 20, 21]
    assert records.daily_streak(stats, "macmahon", 21) == (2, 4)
    assert records.daily_streak(stats, "macmahon", 22) == (2, 4)     # today still to do
    assert records.daily_streak(stats, "macmahon", 23) == (0, 4)
    assert records.daily_streak({}, "macmahon", 5) == (0, 0)


def _damaged() -> dict:
    return {"genius": {"played": 3, "solved": 2, "best": {"default": 50.0}, "assisted": -1,
                        "streak": "long", "daily": {"won": [1, "x"]},
                        "games": [{"key": "default", "level": None, "seconds": 50.0, "won": True,
                                   "assisted": False, "when": "2026-01-01T10:00:00", "daily": None},
                                  {"key": "default", "seconds": "fast"}, 7]},
             "macmahon": {"played": 1, "solved": 0, "best": {}, "games": "none"}}


def test_damaged_extension_keys_are_dropped():
    stats = _damaged()
    dropped = records.clean(stats)
    assert sorted(dropped) == ["genius.assisted", "genius.daily.won (1 damaged)", "genius.games (2 damaged)",
                               "genius.streak", "macmahon.games"]
    assert stats["genius"]["daily"] == {"won": [1]} and stats["genius"]["assisted"] == 0


def test_cleaning_keeps_what_is_sound():
    stats = _damaged()
    records.clean(stats)
    assert len(stats["genius"]["games"]) == 1 and stats["genius"]["best"] == {"default": 50.0}
    assert summary(stats, "genius").median == 50.0


TIMES = [62, 65, 71, 80, 95, 130, 131, 179]


def test_histogram_counts_every_time_in_at_most_its_bars():
    assert histogram([]) == []
    bars = histogram(TIMES, bins=8)
    assert len(bars) <= 8 and sum(b.count for b in bars) == len(TIMES)
    assert bars[0].start <= min(TIMES) and bars[-1].stop > max(TIMES)
    assert histogram([42.0]) == [Bin(42, 43, 1)]
    long = histogram([10, 20_000], bins=4)
    assert len(long) <= 4 and sum(b.count for b in long) == 2


def test_histogram_bars_have_round_widths():
    bars = histogram(TIMES, bins=8)
    assert bars[0] == Bin(60, 75, 3) and {b.stop - b.start for b in bars} == {15}
    long = histogram([10, 20_000], bins=4)
    assert long[0].stop - long[0].start == 2 * 3600


def test_histogram_refuses_a_single_bar():
    with pytest.raises(ValueError):
        histogram([1, 2], bins=1)


def with_a_daily() -> dict:
    """Two hard games won in 100 s and 120 s, and a daily won in 30 s."""
    stats = {}
    play(stats, [100, 120], level="hard")
    record_game(stats, "genius", records.DAILY, 30.0, True, level="hard", daily=5, when=T0)
    return stats


def test_a_daily_is_counted_as_played():
    stats = with_a_daily()
    for level in (None, "hard"):
        s = summary(stats, "genius", level)
        assert (s.played, s.won) == (3, 3)


def test_a_daily_is_left_out_of_every_time_figure():
    stats = with_a_daily()
    for level in (None, "hard"):
        s = summary(stats, "genius", level)
        assert (s.best, s.median, s.recent) == (100.0, 110.0, (100.0, 120.0))
        assert records.solve_times(stats, "genius", level) == [100.0, 120.0]


def _from_empty_and_given() -> dict:
    """One MacMahon game from an empty board (level 10), two with tiles given (level 7)."""
    stats = {}
    play(stats, [600], puzzle="macmahon", key="4x6x3", level="10")
    play(stats, [40, 50], puzzle="macmahon", key="4x6x3" + records.GIVEN, level="7")
    return stats


def test_the_all_levels_times_are_of_starts_from_an_empty_board():
    everything = summary(_from_empty_and_given(), "macmahon")
    assert (everything.played, everything.best, everything.median) == (3, 600.0, 600.0)


def test_a_level_s_times_are_of_all_its_games():
    seven = summary(_from_empty_and_given(), "macmahon", "7")
    assert (seven.played, seven.best, seven.median) == (2, 40.0, 45.0)
