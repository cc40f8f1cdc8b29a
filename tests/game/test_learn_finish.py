"""Issue 11's last wiring, driven by scripted events: the other solutions after a Genius win,
How to play from F1, the difficulty of a new roll. (A race against the computer at any level and
an abandoned game lost: with no window in tests/game/scenes/test_learn_finish_unit.py.)"""
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


def test_f1_twice_opens_how_to_play_for_the_puzzle(app, genius):
    from game.scenes.howto import HowToScene
    key(app, pygame.K_F1)
    assert genius.show_help and app.top is genius
    key(app, pygame.K_F1)
    assert not genius.show_help
    assert isinstance(app.top, HowToScene) and app.top.puzzle == "genius"
    key(app, pygame.K_ESCAPE)
    assert app.top is genius


def test_f1_then_another_key_only_closes_the_key_table(app, genius):
    key(app, pygame.K_F1)
    key(app, pygame.K_x)
    assert not genius.show_help and app.top is genius


def test_f1_twice_in_macmahon_opens_its_how_to_play(app):
    from game.scenes.howto import HowToScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.open("macmahon")
    scene = app.top
    frame(app)
    key(app, pygame.K_F1)
    key(app, pygame.K_F1)
    assert isinstance(app.top, HowToScene) and app.top.puzzle == "macmahon"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def press_button(app, scene, name) -> None:
    import pygame_gui
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.chrome.buttons[name]))


def test_the_level_menu_sets_the_level_and_a_new_roll_is_drawn_at_that_level_off_the_ui_thread(app, genius):
    from solver.genius import dice
    from solver.genius.levels import group_of, level_of
    from solver.genius.solutions import Solutions
    from game.storage import Storage
    from tests.game.drive import finish_roll
    from tests.game.drive import choose
    assert genius.chrome.menus["level"].label == "Level: any"
    choose(app, genius, "level", "Hard")
    assert app.settings["genius_level"] == "hard" and genius.chrome.menus["level"].label == "Level: hard"
    menu = genius.chrome.menus["level"]
    assert menu.menu.selected_option[0] == menu.shown("Level: hard")      # what the closed menu shows
    assert Storage(app.storage.folder).settings()["genius_level"] == "hard"      # remembered
    before = genius.match
    genius.do("new")                              # (as F2 does; no frame polls the worker before the check)
    assert genius.match is before and genius.session.job is not None                     # drawing, in a worker
    app.worker.drain(60)
    frame(app)
    finish_roll(app, genius)
    meta = genius.match.meta
    assert genius.match is not before and meta["level"] == "hard"
    n = len(Solutions(genius.match.start))                                       # counted independently
    assert meta["solutions"] == n and group_of(level_of(dice.builtin("default"), genius.match.start.blockers)) == "hard"
    assert genius.frame().shows.subtitle.endswith(" · hard")


def test_a_genius_scene_opened_at_a_level_draws_its_first_roll_before_showing_a_board(app):
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.title import TitleScene
    from tests.game.drive import finish_roll
    app.settings["genius_level"] = "easy"
    app.push(TitleScene(app))
    scene = GeniusScene(app, new=True)
    app.push(scene)
    assert scene.match is None and scene.session.job is not None
    for k in (pygame.K_h, pygame.K_u, pygame.K_1, pygame.K_c):
        key(app, k)                                     # nothing to act on yet, and nothing breaks
    app.worker.drain(60)
    frame(app)
    finish_roll(app, scene)
    assert scene.match.meta["level"] == "easy"
