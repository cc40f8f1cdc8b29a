"""Genius games on the kit with no window (tests/game/genius_kits.py): a daily labelled and kept
as the daily, a won daily's Next puzzle, a hot-seat race's solution shown, and Turn and Flip on
the carried piece. (Moved from tests/game/test_mid_end_cases.py, test_levels_in_game.py and
test_turn_in_place.py, one concern each as there.)"""
from __future__ import annotations

import datetime as dt

from game.play.commands import Key, Open, Press, Release, Slot, Toast
from game.play.session import Won
from solver.genius import search
from solver.genius.daily import genius_daily
from solver.genius.pieces import PIECES, flip, turn
from tests.game.fakes import BOARD
from tests.game.genius_kits import act, drop, frame_of, genius_kit, intercepted, settle


def win(kit) -> list:
    """Place every piece of an engine solution as a drag would; the board is won: the effects."""
    done = search.solve(kit.match.position)
    effects = []
    for piece in PIECES:
        if piece not in kit.match.position.placed:      # (a Sunday daily's given pieces are there)
            effects += drop(kit.session, piece, done.placed[piece])
    effects = settle(kit, effects)
    assert kit.match.finished and kit.match.meta["result"] == "won"
    return effects


def daily_327(tmp_path):
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id(BOARD), {"daily": 327, "level": "easy"})       # as the daily opens it
    kit.session.take_effects()
    return kit


def test_4_a_daily_is_labelled_as_the_daily(tmp_path):
    kit = daily_327(tmp_path)
    assert frame_of(kit).shows.subtitle.startswith("Daily #327") and kit.match.meta["daily"] == 327


def test_4_a_daily_won_is_kept_as_the_daily(tmp_path):
    kit = daily_327(tmp_path)
    win(kit)
    entry = kit.app.statistics["genius"]
    assert set(entry["best"]) == {"daily"} and entry["daily"]["won"] == [327]


def test_a_won_dailys_next_puzzle_opens_the_daily_puzzles(tmp_path):
    today = genius_daily(dt.date(2026, 3, 1))
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id(today.position.notation()), {"daily": today.number, "level": today.level})
    kit.session.take_effects()
    win(kit)
    assert "next_puzzle" in frame_of(kit).shows.offers
    assert act(kit, "next_puzzle") == [Open("daily")]       # (the N key)


def give_up_turn(kit) -> None:
    intercepted(kit, Key("place"))                # Start turn (Enter)
    act(kit, "give_up")[0].on_yes()                 # Give up, agreed


def race_solution_shown(tmp_path):
    """A hot-seat race both players gave up, then its solution shown to the end: (kit, its wins' endings)."""
    kit = genius_kit(tmp_path)
    act(kit, "race")
    give_up_turn(kit)
    give_up_turn(kit)
    assert kit.mode.race.over
    act(kit, "race_solution")
    effects = settle(kit)
    for _ in range(40):
        kit.session.step_solve(0.3, 0.1)
        effects += settle(kit)
    assert kit.match.finished and kit.match.meta["kind"] == "view"
    endings = [e.ending for e in effects if isinstance(e, Won)]
    assert len(endings) == 1
    return kit, endings


def test_1_a_solution_shown_after_a_hot_seat_race_celebrates_nothing(tmp_path):
    kit, endings = race_solution_shown(tmp_path)
    # what the screen does with a win (PlayScene.announce): the mode's own effects, else its words
    assert kit.mode.won(endings[0]) is None and kit.mode.win_words(endings[0])[0] is None   # no sound, no banner


def test_1_a_solution_shown_after_a_hot_seat_race_records_nothing(tmp_path):
    kit, _ = race_solution_shown(tmp_path)
    assert kit.app.statistics.get("genius", {}).get("played", 0) == 0


def carried_4l(tmp_path):
    """The 4-L carried by a click on its tray slot: (kit, what was held)."""
    kit = genius_kit(tmp_path)
    slot = Slot(PIECES.index("4-L"), (0, 0))
    kit.session.process(Press(slot))
    kit.session.process(Release(slot, click=True))           # carried by a click
    held = kit.session.hand.held
    assert held is not None and held.sticky
    return kit, held


def test_the_turn_button_turns_the_carried_piece(tmp_path):
    kit, held = carried_4l(tmp_path)
    act(kit, "turn")
    assert kit.session.hand.held is not None and kit.session.hand.held.orientation == turn("4-L", held.orientation)


def test_the_flip_button_flips_the_carried_piece(tmp_path):
    kit, held = carried_4l(tmp_path)
    act(kit, "turn")
    act(kit, "flip")
    assert kit.session.hand.held.orientation == flip("4-L", turn("4-L", held.orientation))


def test_turn_with_nothing_carried_says_what_to_do(tmp_path):
    kit, _ = carried_4l(tmp_path)
    kit.session.process(Key("back"))                          # (Escape)
    said = act(kit, "turn")                                   # nothing in hand: it says what to do
    assert kit.session.hand.held is None and any(isinstance(e, Toast) and "Pick up a piece first" in e.text
                                                    for e in said)
