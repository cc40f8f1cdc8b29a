"""What both play screens share, on a GeniusScene with no window (made on a FakeApp with a UI
manager, never shown, tests/game/play_scenes.py): the abandon question, one win message, a
pause hiding the game ID.
(Moved from tests/game/test_play_shared.py, one concern each as there.)"""
from __future__ import annotations

from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.play_scenes import finish_roll, genius_scene, place


def test_a_started_game_is_only_abandoned_when_confirmed(tmp_path):
    genius = genius_scene(tmp_path)
    genius.do("new")                        # nothing played yet: a new roll at once
    assert genius.asked == []
    finish_roll(genius)
    first = genius.position
    place(genius, "1", search.solve(first).placed["1"])
    started = genius.position
    for action in ("new", "race", "free"):
        genius.do(action)
        assert len(genius.asked) == 1 and genius.asked[0][0].startswith("Abandon this game")
        genius.asked.clear()                # Cancel
        genius.update(0.0)
        assert genius.position == started and genius.mode.name == "play"
    assert genius.ask_play_id("A1A2A4A6B4D5E1")          # a typed game ID
    assert len(genius.asked) == 1 and genius.position == started
    genius.asked.pop()[1]()                              # OK
    genius.update(0.0)
    assert genius.position.notation() == "A1A2A4A6B4D5E1"


def won(tmp_path):
    """A Genius screen (animations on, as the App's settings have them) played to a win."""
    genius = genius_scene(tmp_path)
    genius.app.settings["animations"] = True
    done = search.solve(genius.position)
    for piece in PIECES:
        place(genius, piece, done.placed[piece])
    genius.update(0.0)
    return genius


def test_a_win_s_banner_offers_the_next_game(tmp_path):
    banner = won(tmp_path).result.shown()
    assert banner[0].startswith("Solved in") and any("New game" in line for line in banner)


def test_a_win_is_said_once(tmp_path):
    genius = won(tmp_path)
    assert genius.frame().status == ""                      # the banner says it, not the status line too
    assert not any("Solved" in m for m, *_ in genius.app.toasts.items), "and no toast"


def test_a_win_s_banner_stays_until_the_player_acts(tmp_path):
    genius = won(tmp_path)
    banner = genius.result.shown()
    for _ in range(10):
        genius.update(0.4)
    assert genius.result.shown() == banner                  # (playtest 2, finding 16)


def test_the_status_line_says_the_win_once_the_banner_goes(tmp_path):
    genius = won(tmp_path)
    genius.result.clear()
    assert genius.frame().status.startswith("Solved in")


def one_piece_shown(tmp_path):
    """A Genius screen with the game ID box and Pause (widgets, as refresh sets them), one piece placed."""
    from tests.game.genius_laid_out import Shown
    genius = genius_scene(tmp_path)
    genius.chrome.id_entry = Shown()
    genius.chrome.buttons = {"pause": Shown()}
    place(genius, "1", search.solve(genius.position).placed["1"])
    genius.refresh()
    return genius


def test_a_pause_hides_the_game_id_too(tmp_path):
    genius = one_piece_shown(tmp_path)
    assert genius.chrome.id_entry.get_text() == genius.match.game_id
    genius.do("pause")
    genius.update(0.0)
    assert genius.session.paused and genius.chrome.id_entry.get_text() == ""        # it spells out the blockers
    genius.do("pause")
    genius.update(0.0)
    assert genius.chrome.id_entry.get_text() == genius.match.game_id


def test_new_asks_one_abandon_question_a_game(tmp_path):
    import pygame
    from game.modes.genius.play import HotSeat
    from tests.game.play_scenes import key
    genius = one_piece_shown(tmp_path)
    genius.do("new")
    genius.perform(genius.kit.table.switch(HotSeat(genius.kit.table)))     # (a race, as the agreed question would start it)
    key(genius, pygame.K_RETURN)                        # player 1 starts: a race in progress
    finish_roll(genius)
    genius.do("new")
    assert [message for message, _ in genius.asked] == [
        "Abandon this game for a new roll? It counts as lost.",
        "Abandon this game for a new roll? A race records nothing."]
