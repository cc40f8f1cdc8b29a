"""The hot-seat race, a level's draw and the level setting on the Genius kit with no window
(tests/game/genius_kits.py). (Moved from tests/game/test_genius_feel.py and
test_mid_end_cases.py, one concern each as there.)"""
from __future__ import annotations

from game.play.commands import Key
from game.play.match import Match, Timer
from tests.game.genius_kits import act, frame_of, genius_kit, intercepted


def give_up_turn(kit) -> None:
    intercepted(kit, Key("place"))                # Start turn (Enter)
    act(kit, "give_up")[0].on_yes()                 # Give up, agreed


def test_race_where_both_give_up_says_so_in_words(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "race")
    for _ in range(2):
        give_up_turn(kit)
    assert kit.session.status == "Nobody filled the board: both players gave up"
    assert "\u2014" not in " ".join(frame_of(kit).shows.cover)


def test_8_start_turn_is_enabled_at_the_hand_over(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "race")
    assert kit.mode.flags()["race_start"]
    give_up_turn(kit)
    assert kit.mode.hidden and kit.mode.flags()["race_start"]


def test_9_the_clock_stands_while_a_level_roll_is_drawn(tmp_path):
    kit = genius_kit(tmp_path)
    kit.app.settings["genius_level"] = "very hard"
    clock = [0.0]
    kit.session.begin(Match(kit.session.position, puzzle="genius", meta={"dice": "default"},
                            timer=Timer(running=True, clock=lambda: clock[0])))
    act(kit, "new")                          # nothing played: no question; the draw runs
    assert kit.session.job is not None
    clock[0] += 20
    assert kit.match.elapsed == 0.0


def test_a_level_setting_written_as_the_cli_writes_it_is_that_level(tmp_path):
    kit = genius_kit(tmp_path)
    kit.app.settings["genius_level"] = "very-hard"
    assert kit.dealer.level_setting() == "very hard"
    kit.app.settings["genius_level"] = 3
    assert kit.dealer.level_setting() == "3"           # one of the ten levels
    kit.app.settings["genius_level"] = 42
    assert kit.dealer.level_setting() == "any"
