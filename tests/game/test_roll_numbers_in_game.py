"""A number for every roll, in the game: the header names the roll's number, and a number typed
where a game ID goes plays that roll of the dice set in use (the rest on the kit with no
window: tests/game/scenes/test_genius_kit_levels.py)."""
from __future__ import annotations


def test_a_number_out_of_range_is_refused_keeping_the_game(app, genius):
    before = genius.match
    assert not genius.ask_play_id("62208")
    assert genius.match is before and "out of range" in app.toasts.latest

