"""The engine's list (solver/puzzles.py): what the race server reads of the puzzle it deals."""
import pytest

from solver.errors import SquarewiseError
from solver.puzzles import get, racing
from tests.validate_genius import completions


def test_a_race_deal_is_a_start_of_the_racing_puzzle_with_no_piece_placed():
    start = racing().race_deal("default", "hard", 5)
    assert racing().to_place(start) == racing().placings


def test_a_race_deal_is_the_same_for_the_same_seed():
    assert racing().race_deal("alternative", 4, 77) == racing().race_deal("alternative", 4, 77)


def test_a_race_deal_has_a_finish():
    start = racing().race_deal("default", "very hard", 9)
    assert completions(start.blockers, limit=1)


def test_a_typed_race_level_forgives_case_dashes():
    assert racing().check_level("Very-Hard") == "very hard"


def test_a_race_level_outside_the_list_is_refused_in_one_line():
    words, count = racing().race_levels
    with pytest.raises(SquarewiseError, match=f"1..{count}"):
        racing().check_level(count + 1)


def test_a_whole_macmahon_game_places_the_classic_tiles():
    assert get("macmahon").placings == 24
