"""The computer opponent's pace model against its documented numbers (docs/opponent.md),
its schedules, and its board as the match clock runs and pauses."""
import statistics

import pytest

from game.play.match import Timer
from game.puzzles.genius.opponent import (LEVELS, MEDIAN_PLAYER_SECONDS, MEDIAN_SOLUTIONS, MIN_PIECE_SECONDS, Opponent,
                           difficulty, piece_seconds, schedule)
from solver.genius import dice, search
from solver.genius.position import Position
from tests.validate_genius import check_position

BOARD = "A1A2A4A6B4D5E1"
SEEDS = range(1000)


def race_times(level, solutions):
    return [sum(piece_seconds(LEVELS[level], solutions, seed)) for seed in SEEDS]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("solutions", [MEDIAN_SOLUTIONS, 266, 22317])
def test_median_time_is_the_documented_one(level, solutions):
    # docs/opponent.md: median = 9 x seconds per piece x difficulty, within 5% (the jitter of the
    # nine pieces has mean 1, so the median of their sum sits a little below)
    expected = LEVELS[level].median_seconds * difficulty(solutions)
    assert statistics.median(race_times(level, solutions)) == pytest.approx(expected, rel=0.05)


def test_the_documented_medians_per_level():
    assert [round(level.median_seconds) for level in LEVELS.values()] == [117, 76, 54, 32]


def test_the_expert_beats_a_median_player_about_two_races_in_three():
    # a median player takes MEDIAN_PLAYER_SECONDS on a median roll, and as much longer as the
    # model says on a harder one; the expert is faster about two times in three (documented)
    for solutions in (MEDIAN_SOLUTIONS, 266):
        player = MEDIAN_PLAYER_SECONDS * difficulty(solutions)
        wins = sum(t < player for t in race_times("expert", solutions)) / len(SEEDS)
        assert 0.55 <= wins <= 0.8


def test_the_other_levels_against_a_median_player():
    # documented: the champion nearly always wins, the club player wins about one race in five,
    # the beginner almost never
    def share(level):
        return sum(t < MEDIAN_PLAYER_SECONDS for t in race_times(level, MEDIAN_SOLUTIONS)) / len(SEEDS)
    assert share("champion") >= 0.95
    assert 0.1 <= share("club") <= 0.35
    assert share("beginner") <= 0.05


def test_difficulty_grows_as_the_solutions_shrink():
    assert difficulty(MEDIAN_SOLUTIONS) == 1.0
    assert difficulty(11) > difficulty(266) > difficulty(715) > 1.0 > difficulty(2414) > difficulty(22317)


def test_difficulty_is_bounded():
    assert difficulty(1) == 2.5 and difficulty(10 ** 9) == 0.5


def test_difficulty_refuses_an_unsolvable_roll():
    with pytest.raises(ValueError, match="unsolvable"):
        difficulty(0)


def champion_seconds() -> list[list[float]]:
    """The champion's seconds per piece on an easy roll, for every seed."""
    return [piece_seconds(LEVELS["champion"], 22317, seed) for seed in SEEDS]


def test_every_piece_takes_at_least_a_drag():
    assert min(min(s) for s in champion_seconds()) >= MIN_PIECE_SECONDS


def test_the_first_pieces_take_longest_on_average():
    seconds = champion_seconds()
    first, last = (statistics.mean(s[k] for s in seconds) for k in (0, 8))
    assert first > 1.5 * last


def solved(start):
    return search.solve(start), search.count(start)


def club_schedule(seed: int) -> list:
    start = Position.parse(BOARD)
    return schedule(start, *solved(start), "club", seed)


def test_a_schedule_is_the_same_for_a_seed():
    assert club_schedule(7) == club_schedule(7)


def test_schedules_differ_between_seeds():
    assert [s.at for s in club_schedule(7)] != [s.at for s in club_schedule(8)]


def test_a_schedule_s_steps_come_one_after_another():
    one = club_schedule(7)
    assert all(a.at < b.at for a, b in zip(one, one[1:]))


@pytest.mark.parametrize("dice_name", ["default", "alternative", "custom"])
def test_the_computer_ends_on_a_valid_board_with_every_dice_set(dice_name):
    if dice_name == "custom":
        dice_set = dice.DiceSet("custom", [[0, 35], [5, 30], [14, 21], [3, 9], [26, 32], [17, 18], [11, 24]])
    else:
        dice_set = dice.builtin(dice_name)
    raced = 0
    for seed in range(3):
        start = Position.from_blockers(dice_set.roll(seed))
        solution, n = solved(start)
        if solution is None:
            continue
        raced += 1
        for level in LEVELS:
            opponent = Opponent(start, solution, n, level, seed)
            final = opponent.board(opponent.finish_time)
            check_position(final, start.blockers)
            assert final == solution and opponent.laid(opponent.finish_time) == 9
    assert raced


def four_laid():
    """The expert's board at its fourth step on a match clock: (now, timer, opponent)."""
    now = [0.0]
    timer = Timer(running=True, clock=lambda: now[0])
    start = Position.parse(BOARD)
    opponent = Opponent(start, *solved(start), level="expert", seed=3)
    assert opponent.board(timer.elapsed) == start and opponent.next_time(0.0) == opponent.steps[0].at
    now[0] = opponent.steps[3].at
    return now, timer, opponent


def test_the_board_fills_piece_by_piece_on_the_match_clock():
    _, timer, opponent = four_laid()
    assert opponent.laid(timer.elapsed) == 4 and len(opponent.board(timer.elapsed).placed) == 4


def test_the_computer_waits_while_the_match_clock_is_paused():
    now, timer, opponent = four_laid()
    timer.stop()                      # the player pauses: an hour passes, the computer waits
    now[0] += 3600
    assert opponent.laid(timer.elapsed) == 4 and not opponent.finished(timer.elapsed)


def test_the_computer_finishes_once_the_clock_runs_on():
    now, timer, opponent = four_laid()
    timer.stop()
    now[0] += 3600
    timer.start()
    now[0] += opponent.finish_time    # plenty: it finishes
    assert opponent.finished(timer.elapsed) and opponent.board(timer.elapsed).is_complete
    assert opponent.next_time(timer.elapsed) is None


def test_an_unknown_level_is_refused():
    start = Position.parse(BOARD)
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        Opponent(start, *solved(start), level="grandmaster")
