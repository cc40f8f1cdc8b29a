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
    assert genius.match.meta["number"] == number and numbers.label(number) in genius.play_subtitle()
    json.dumps(genius.match.to_dict())             # a plain int: the save can be written


def test_a_typed_number_plays_that_roll(app, genius):
    assert genius.ask_play_id("#41,233")
    want = Position.from_blockers(numbers.roll_from_number(dice.builtin("default"), 41233))
    assert genius.match.start == want and genius.match.meta["number"] == 41233
    assert "#41,233" in genius.play_subtitle()


def test_a_number_out_of_range_is_refused_and_the_game_kept(app, genius):
    before = genius.match
    assert not genius.ask_play_id("62208")
    assert genius.match is before and "out of range" in app.toasts.latest
