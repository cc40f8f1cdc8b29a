"""Issue 10 in The Genius Square, driven with scripted events: the menu bar's drop-downs run the
same actions as the buttons. (Race mode, dragging from the tray, illegal ghosts, free mode's
marks, the dice row, the key table, where messages go and the menu bar's layout are tested with
no window in tests/game/scenes/test_genius_feel_unit.py.)"""
import pygame

from tests.game.drive import frame, key


def open_every_menu(app, scene):
    """Open each drop-down of the menu bar as a click does (pygame-gui builds the list then)."""
    for name, action_menu in scene.chrome.menus.items():
        drop_down = action_menu.menu
        drop_down.current_state.should_transition = True
        frame(app)
        assert drop_down.current_state is drop_down.menu_states["expanded"], name
        drop_down.current_state.should_transition = True
        frame(app)


def test_a_calm_board_few_buttons_in_sight_the_rest_in_menus_that_run_the_same_actions(app, genius):
    from tests.game.drive import choose
    shown = set(genius.chrome.buttons) - {"turn", "flip"}       # besides the small pair under the tray
    assert len(shown) <= 9 and {"new", "undo", "hint"} <= shown
    assert set(genius.chrome.menus) == {"game", "mode", "level"}
    open_every_menu(app, genius)
    choose(app, genius, "game", "Keys")                 # the Game menu runs the named action
    assert genius.show_help
    key(app, pygame.K_ESCAPE)
    choose(app, genius, "mode", "Free mode")            # the mode picker
    assert genius.mode.name == "free" and genius.chrome.menus["mode"].label == "Free mode"
    open_every_menu(app, genius)
    choose(app, genius, "mode", "Race")
    assert genius.mode.name == "race" and "race_start" in genius.chrome.buttons
    open_every_menu(app, genius)
    choose(app, genius, "mode", "Play")
    assert genius.mode.name == "play"
