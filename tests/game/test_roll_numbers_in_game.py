"""A number for every roll, in the game: the header names the roll's number, and a number typed
where a game ID goes plays that roll of the dice set in use."""
from __future__ import annotations

import json

from solver.genius import dice, numbers
from solver.genius.position import Position


def test_a_rolled_board_shows_its_number(app, genius):
    genius.do("new")
    faces = genius.match.meta["rolled"]
    number = numbers.roll_number(dice.builtin("default"), faces)
    assert genius.match.meta["number"] == number and numbers.label(number) in genius.frame().shows.subtitle
    json.dumps(genius.match.to_dict())             # a plain int: the save can be written


def test_a_typed_number_plays_that_roll(app, genius):
    assert genius.ask_play_id("#41,233")
    want = Position.from_blockers(numbers.roll_from_number(dice.builtin("default"), 41233))
    assert genius.match.start == want and genius.match.meta["number"] == 41233
    assert "#41,233" in genius.frame().shows.subtitle


def test_a_number_out_of_range_is_refused_and_the_game_kept(app, genius):
    before = genius.match
    assert not genius.ask_play_id("62208")
    assert genius.match is before and "out of range" in app.toasts.latest


def test_the_level_picker_offers_the_ten_levels_and_draws_one(app, genius):
    from solver.genius.levels import level_of
    from tests.game.drive import choose, finish_roll
    choose(app, genius, "level", "Level 9 · hard")
    assert app.settings["genius_level"] == "9" and genius.kit.level_setting() == "9"
    genius.do("new")
    assert genius.session.job is not None and genius.session.job.label == "Drawing a level 9 (hard) roll"
    app.worker.drain(60)
    finish_roll(app, genius)
    start = genius.match.start
    assert level_of(dice.builtin("default"), start.blockers) == 9
    assert genius.match.meta["level"] == "hard" and genius.match.meta["number"] is not None
