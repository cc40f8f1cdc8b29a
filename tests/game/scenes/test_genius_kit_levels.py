"""A roll's number and level on the Genius kit with no window (tests/game/genius_kits.py): the
number of a roll, a typed number, the level picker's draw, the win's offers and what L and N do
before a win. (Moved from tests/game/test_roll_numbers_in_game.py, test_levels_in_game.py and
test_learn_finish.py, one concern each as there.)"""
from __future__ import annotations

import json

from game.play.commands import Unused
from solver.genius import dice, numbers, search
from solver.genius.levels import level_of
from solver.genius.pieces import PIECES
from solver.genius.position import Position
from tests.game.genius_kits import act, drop, genius_kit, settle


def win(kit) -> None:
    done = search.solve(kit.session.position)
    for piece in PIECES:
        settle(kit, drop(kit.session, piece, done.placed[piece]))
    assert kit.match.finished and kit.match.meta["result"] == "won"


def drawn(kit, before) -> int:
    """The level draw answered (as the app's frame would) and the dice landed: the new board's level."""
    settle(kit)
    assert kit.roll is None and kit.match is not before and not kit.match.finished, kit.session.status
    return level_of(dice.builtin("default"), kit.match.start.blockers)


def test_a_rolled_board_shows_its_number(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "new")
    faces = kit.match.meta["rolled"]
    number = numbers.roll_number(dice.builtin("default"), faces)
    assert kit.match.meta["number"] == number and numbers.label(number) in kit.mode.shows()["subtitle"]
    json.dumps(kit.match.to_dict())             # a plain int: the save can be written


def test_a_typed_number_plays_that_roll(tmp_path):
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id("#41,233"), {})
    want = Position.from_blockers(numbers.roll_from_number(dice.builtin("default"), 41233))
    assert kit.match.start == want and kit.match.meta["number"] == 41233
    assert "#41,233" in kit.mode.shows()["subtitle"]


def level_9_picked(tmp_path):
    kit = genius_kit(tmp_path)
    entries = {label: key for key, label, _ in kit.dealer.level_choices()}
    act(kit, entries["Level 9 · hard"])
    return kit


def test_the_level_picker_sets_the_level(tmp_path):
    kit = level_9_picked(tmp_path)
    assert kit.app.settings["genius_level"] == "9" and kit.dealer.level_setting() == "9"


def test_new_draws_a_roll_of_the_level_picked(tmp_path):
    kit = level_9_picked(tmp_path)
    before = kit.match
    act(kit, "new")
    assert kit.session.job is not None and kit.session.job.label == "Drawing a level 9 (hard) roll"
    assert drawn(kit, before) == 9
    assert kit.match.meta["level"] == "hard" and kit.match.meta["number"] is not None


def level_10_won(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "level=10")
    before = kit.match
    act(kit, "new")
    assert drawn(kit, before) == 10
    win(kit)
    return kit


def test_level_ten_offers_no_harder(tmp_path):
    assert sorted(level_10_won(tmp_path).mode.offers()) == ["next_puzzle", "same_level"]


def test_next_puzzle_follows_the_level_setting(tmp_path):
    kit = level_10_won(tmp_path)
    act(kit, "level=2")
    before = kit.match
    act(kit, "next_puzzle")
    assert drawn(kit, before) == 2


def test_l_does_nothing_before_the_win(tmp_path):
    kit = genius_kit(tmp_path)
    assert act(kit, "solutions") == [Unused(None)] and kit.app.opened == []


def test_n_does_nothing_before_the_win(tmp_path):
    kit = genius_kit(tmp_path)
    before = kit.match
    assert act(kit, "next_puzzle") == [Unused(None)]      # Next puzzle: offered only after a win
    assert kit.app.opened == [] and kit.match is before
