from game.puzzles.genius.versus_stats import RACES_KEPT, level_record, record_race, statistics_table, summary_lines


def four_races() -> tuple[dict, dict]:
    """Three races at expert (won, won, lost) and one lost at club, on an entry with its own keys:
    (the statistics, the expert record after the last)."""
    stats = {"genius": {"played": 3, "solved": 2, "best": {"default": 41.0}}}
    record_race(stats, "expert", True, 50.0, 61.5)
    record_race(stats, "expert", True, 47.25, 52.0)
    record_race(stats, "club", False, 80.0, 70.0)
    return stats, record_race(stats, "expert", False, 70.0, 55.0)


def test_races_are_counted_per_level_with_a_streak_each():
    stats, expert = four_races()
    assert expert == {"played": 3, "won": 2, "best": 47.25, "streak": 0, "longest": 2,
                      "races": [[50.0, 61.5, True], [47.25, 52.0, True], [70.0, 55.0, False]]}
    assert level_record(stats, "club")["played"] == 1 and level_record(stats, "club")["streak"] == 0
    assert level_record(stats, "champion") == {"played": 0, "won": 0, "best": None, "streak": 0,
                                               "longest": 0, "races": []}


def test_races_leave_the_entry_s_own_keys_alone():
    stats, _ = four_races()
    assert stats["genius"]["best"] == {"default": 41.0} and stats["genius"]["played"] == 3


def test_a_file_without_races_reads_as_none_raced():
    assert level_record({}, "expert")["played"] == 0


def test_the_first_race_makes_the_puzzle_s_entry():
    stats = {}
    record_race(stats, "beginner", True, 99.0, 120.0)
    assert stats["genius"]["versus"]["beginner"]["won"] == 1 and stats["genius"]["best"] == {}


def damaged() -> dict:
    return {"genius": {"played": 1, "solved": 0, "best": {},
                        "versus": {"expert": {"played": "many", "won": -2, "best": "fast", "streak": 3,
                                              "longest": 1, "races": [[1, 2, True], "junk", [1, None, False]]},
                                   "club": 7}}}


def test_damaged_values_read_as_missing():
    stats = damaged()
    assert level_record(stats, "expert") == {"played": 0, "won": 0, "best": None, "streak": 3, "longest": 3,
                                             "races": [[1.0, 2.0, True]]}
    assert level_record(stats, "club")["played"] == 0


def test_the_next_race_after_damaged_values_writes_clean():
    stats = damaged()
    record_race(stats, "club", True, 30.0, 31.0)
    assert stats["genius"]["versus"]["club"]["played"] == 1
    stats["genius"]["versus"] = "broken"
    record_race(stats, "club", True, 30.0, 31.0)
    assert stats["genius"]["versus"] == {"club": level_record(stats, "club")}


def many_races() -> dict:
    """Five races more than are kept, won and lost in turn: the expert record."""
    stats = {}
    for k in range(RACES_KEPT + 5):
        record = record_race(stats, "expert", k % 2 == 0, 40 + k, 50.0)
    return record


def test_only_the_last_races_are_kept():
    record = many_races()
    assert len(record["races"]) == RACES_KEPT and record["races"][0][0] == 45.0


def test_the_race_totals_count_the_races_no_longer_kept():
    record = many_races()
    assert record["played"] == RACES_KEPT + 5 and record["best"] == 40.0


def test_the_summary_lines_of_a_level():
    record = many_races()
    assert summary_lines(record) == [f"won 28 of {RACES_KEPT + 5}", "streak 1 (longest 1)", "fastest win 0:40"]
    assert summary_lines(level_record({}, "club")) == ["won 0 of 0", "streak 0 (longest 0)"]


def test_a_table_for_the_statistics_screen_one_row_per_level_raced():
    stats = {}
    assert statistics_table(stats) == []
    record_race(stats, "champion", False, 60.0, 31.0)
    record_race(stats, "club", True, 65.5, 80.0)
    assert statistics_table(stats) == [("vs computer", "won", "streak", "fastest"),
                                       ("club", "1 of 1", "1", "1:05"),
                                       ("champion", "0 of 1", "0", "\u2014")]
