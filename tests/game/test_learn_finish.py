"""Issue 11's last wiring, driven by scripted events: the other solutions after a Genius win,
the difficulty of a new roll. (A race against the computer at any level and an abandoned game
lost: with no window in tests/game/scenes/test_learn_finish_unit.py; How to play from F1 and a
first roll drawn at a level: in tests/game/scenes/test_learn_finish_flows.py.)"""
import pygame

from game.scenes.genius.all_solutions import AllSolutionsScene
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import frame, key, place_by_mouse


def win(app, genius) -> None:
    done = search.solve(genius.position)
    for piece in PIECES:
        place_by_mouse(app, genius, piece, done.placed[piece])
    frame(app)
    assert genius.match.finished


def test_after_a_win_l_opens_the_rolls_other_solutions_with_the_players_own_first(app, genius):
    genius.match.meta["solutions"] = 12
    win(app, genius)
    assert any("the other 11 solutions" in line and "L" in line for line in genius.result.shown())
    key(app, pygame.K_l)
    stepper = app.top
    assert isinstance(stepper, AllSolutionsScene)
    app.worker.drain(30)
    frame(app)
    assert stepper.shown == genius.match.position             # the player's own solution first
    key(app, pygame.K_ESCAPE)
    assert app.top is genius


def press_button(app, scene, name) -> None:
    import pygame_gui
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.chrome.buttons[name]))


def hard_chosen(app, genius) -> None:
    from tests.game.drive import choose
    assert genius.chrome.menus["level"].label == "Level: any"
    choose(app, genius, "level", "Hard")


def test_the_level_menu_sets_the_level(app, genius):
    from game.storage import Storage
    hard_chosen(app, genius)
    assert app.settings["genius_level"] == "hard" and genius.chrome.menus["level"].label == "Level: hard"
    menu = genius.chrome.menus["level"]
    assert menu.menu.selected_option[0] == menu.shown("Level: hard")      # what the closed menu shows
    assert Storage(app.storage.folder).settings()["genius_level"] == "hard"      # remembered


def test_a_new_roll_of_a_level_is_drawn_off_the_ui_thread(app, genius):
    hard_chosen(app, genius)
    before = genius.match
    genius.do("new")                              # (as F2 does; no frame polls the worker before the check)
    try:
        assert genius.match is before and genius.session.job is not None                 # drawing, in a worker
    finally:
        app.worker.drain(60)                      # (no job left to wake a later test's queue)


def test_the_new_roll_is_drawn_at_the_level_set(app, genius):
    from solver.genius import dice
    from solver.genius.levels import group_of, level_of
    from solver.genius.solutions import Solutions
    from tests.game.drive import finish_roll
    hard_chosen(app, genius)
    before = genius.match
    genius.do("new")
    app.worker.drain(60)
    frame(app)
    finish_roll(app, genius)
    meta = genius.match.meta
    assert genius.match is not before and meta["level"] == "hard"
    n = len(Solutions(genius.match.start))                                       # counted independently
    assert meta["solutions"] == n and group_of(level_of(dice.builtin("default"), genius.match.start.blockers)) == "hard"
    assert genius.frame().shows.subtitle.endswith(" · hard")
