"""The Genius scene driven by scripted mouse and key events, as a player would: the close box,
the clipboard, a long job's progress, the file dialogs, the dice menu. (An animated solve and a
drag let go over a button: with no window in tests/game/scenes/test_genius_play_unit.py; a full
board's time, a save and its load, a typed game ID, a game left while the dice roll: in
tests/game/scenes/test_genius_play_flows.py.)"""
import pygame
import pytest

from game.puzzles.genius.puzzle import GENIUS
from game.scenes.genius.scene import GeniusScene
from solver.genius import dice
from tests.game.drive import answer_confirm, finish_roll, frame, key, place_by_mouse

BOARD = "A1A2A4A6B4D5E1"


def closed(app, genius):
    """A piece placed, then the close box: the position it had."""
    place_by_mouse(app, genius, "3-I", [30, 31, 32])
    position = genius.position
    frame(app, pygame.event.Event(pygame.QUIT))
    return position


def test_the_close_box_saves(app, genius):
    closed(app, genius)
    assert not app.running and app.storage.exists(GENIUS.autosave)


def test_the_game_closed_comes_back(app, genius):
    position = closed(app, genius)
    again = GeniusScene(app)
    assert again.position == position and again.match.can_undo


def test_ctrl_v_plays_a_game_id_copied(app, genius):
    key(app, pygame.K_c, pygame.KMOD_LCTRL)
    if app.paste_text() != genius.match.game_id:
        pytest.skip("no clipboard on this machine")
    app.copy_text("b1a6a5a4a3a2a1")
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert genius.match.game_id == "A1A2A3A4A5A6B1"


def _slow_job(notation, progress=None):
    import time
    progress(1, 4)
    while True:
        time.sleep(0.01)


def thinking(app, genius) -> list:
    """A long job started, until its first report of progress: the list its answer would go to."""
    import time
    done = []
    genius.session.run_job("Thinking hard", _slow_job, (genius.position.notation(),), done.append)
    deadline = time.monotonic() + 120                  # a bound on a wait for the child's first report, not a timing
    while genius.session.job.fraction is None and time.monotonic() < deadline:
        frame(app)
    return done


def test_a_long_solver_call_shows_progress(app, genius):
    thinking(app, genius)
    job = genius.session.job
    try:
        assert job.fraction == 0.25 and genius.chrome.cancel.visible
    finally:
        job.cancel()                                   # (no child left to wake a later test's queue)
        job.wait(60)


def test_escape_cancels_a_long_solver_call(app, genius):
    done = thinking(app, genius)
    job = genius.session.job
    key(app, pygame.K_ESCAPE)
    assert job.cancelled() and genius.session.job is None and app.top is genius
    assert job.wait(60)
    frame(app)
    assert done == [] and not genius.chrome.cancel.visible


def test_the_cancel_button_cancels_a_long_solver_call(app, genius):
    import pygame_gui
    done = []
    genius.session.run_job("Thinking hard", _slow_job, (genius.position.notation(),), done.append)
    job = genius.session.job
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=genius.chrome.cancel))
    assert job.cancelled() and job.wait(60) and done == []


def saved_through_the_dialog(app, genius, tmp_path):
    """A piece placed, then Ctrl+S and a path picked in its dialog: the position saved."""
    import pygame_gui
    place_by_mouse(app, genius, "4-O", [14, 15, 20, 21])
    position = genius.position
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    dialog = [w for w in genius.widgets if isinstance(w, pygame_gui.windows.UIFileDialog)][-1]
    assert dialog.alive() and genius.dialog_open
    frame(app, pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialog,
                                  text=str(tmp_path / "picked")))
    return position


def test_ctrl_s_saves_through_the_file_dialog(app, genius, tmp_path):
    saved_through_the_dialog(app, genius, tmp_path)
    assert (tmp_path / "picked.json").exists()


def test_ctrl_o_loads_through_the_file_dialog(app, genius, tmp_path):
    import pygame_gui
    position = saved_through_the_dialog(app, genius, tmp_path)
    genius.do("undo")
    assert genius.position != position
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    dialog = [w for w in genius.widgets if isinstance(w, pygame_gui.windows.UIFileDialog)][-1]
    frame(app, pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialog,
                                  text=str(tmp_path / "picked.json")))
    assert answer_confirm(app, genius)          # loading over a game in progress asks first
    assert genius.position == position


def test_the_dice_menu_sets_the_next_roll(app, genius, tmp_path):
    import pygame_gui
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Alternative",
                                  ui_element=genius.kit.dice_menu.menu))
    assert app.storage.settings()["dice"] == "alternative"
    genius.do("new")
    seed = genius.match.meta["seed"]
    assert genius.match.meta["rolled"] == list(dice.builtin("alternative").roll(seed))
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "dice": [["A1"]]}')
    genius.kit.dice_menu.use_file(bad)
    assert "bad.json" in app.toasts.latest and app.settings["dice"] == "alternative"
    good = tmp_path / "mine.json"
    dice.save(dice.builtin("default"), good)
    genius.kit.dice_menu.use_file(good)
    assert app.settings["dice"] == str(good)
    genius.do("new")
    finish_roll(app, genius)
    assert genius.match.meta["rolled"] == list(dice.builtin("default").roll(genius.match.meta["seed"]))
