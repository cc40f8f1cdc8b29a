"""MacMahon's finish (issue 10): the win line, asking before abandoning, redo after a
pasted ID and the menu bar, driven as a player would. (The count in the status panel and where
messages land: tests/game/scenes/test_macmahon_kit.py; pause hiding the board and the ID: tests/game/scenes/test_macmahon_kit_ids.py; the game ID panel, the tray's numbers
and the clash marks: tests/game/scenes/test_macmahon_view.py, all without a window.)"""
import pygame

from solver.macmahon import search
from solver.macmahon.position import Board, Position
from tests.game.drive import frame, key, move, press, release
from tests.game.macmahon_drive import new_game
from tests.game.test_macmahon_play import macmahon, typed  # noqa: F401  (macmahon: the fixture)


def drop(app, scene, tile, cell) -> None:
    """Take `tile` from the tray and put it on `cell` as it comes (its rotation as shown)."""
    press(app, scene.view.layout()["slots"][tile].center)
    target = scene.view.layout()["geo"].cell_rect(cell).center
    move(app, target)
    release(app, target)


def solved() -> Position:
    return search.solve(Position.empty(Board()))


def last_tile_left(app, scene) -> tuple[int, int]:
    """Play a solution's ID without its A1 tile: (that tile, A1) is the winning drop."""
    done = solved()
    tile, rotation = done.cells[0]
    scene.ask_play_id(done.remove(0).notation())
    scene.session.hand.orient[tile] = rotation
    frame(app)
    return tile, 0


def test_a_win_is_one_clean_line_said_once(app, macmahon):
    tile, cell = last_tile_left(app, macmahon)
    drop(app, macmahon, tile, cell)
    assert macmahon.match.finished
    banner = macmahon.result.shown()
    assert banner[0].startswith("Solved in") and any("New game" in line for line in banner)
    assert macmahon.frame().status == ""
    assert not any("Solved" in m for m, *_ in app.toasts.items)
    for _ in range(10):
        frame(app, dt=0.4)
    assert macmahon.result.shown() == banner                 # it stays until the player acts (playtest 2, 16) ...
    press(app, (2, app.size[1] - 2))                         # ... a click closes it
    line = macmahon.frame().status
    assert line.startswith("Solved in") and line.endswith("a new best time!")
    assert "  " not in line and " - " not in line and "\n" not in line


def played(app) -> int:
    return app.statistics.get("macmahon", {}).get("played", 0)


def test_an_untouched_board_is_left_with_no_question(app, macmahon):
    before = played(app)
    macmahon.do("new")                               # an untouched board: no question, not a game begun
    typed(app, 'v')
    assert not macmahon.dialog_open and macmahon.kit.board.header == "3x8x3" and played(app) == before


def begun(app, macmahon):
    """A new 4x6x3 game with one tile dropped (counted only when it ends): the position."""
    before = played(app)
    new_game(macmahon, "4x6x3")
    drop(app, macmahon, 0, 0)
    started = macmahon.position
    assert started.cells[0] is not None and played(app) == before
    return started


def test_new_game_the_variant_menu_or_v_ask_before_abandoning(app, macmahon):
    import pygame_gui
    from tests.game.drive import answer_confirm
    started = begun(app, macmahon)
    menu = lambda: macmahon.chrome.menus["variant"].menu     # noqa: E731  (made anew after a choice)
    for i, ask in enumerate((lambda: macmahon.do("new"), lambda: typed(app, 'v'),
                             lambda: frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                                   ui_element=menu(), text="2 x 12, 3 colours")))):
        ask()
        assert macmahon.dialog_open, i
        assert answer_confirm(app, macmahon, yes=False)
        assert macmahon.position == started
        assert macmahon.chrome.menus["variant"].menu.selected_option[0] == "4 x 6, 3 colours (classic)"


def test_a_game_abandoned_for_another_variant_counts_lost_on_its_board(app, macmahon):
    import pygame_gui
    from tests.game.drive import answer_confirm
    begun(app, macmahon)
    before = played(app)
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=macmahon.chrome.menus["variant"].menu,
                                  text="2 x 12, 3 colours"))
    assert answer_confirm(app, macmahon, yes=True)
    assert macmahon.kit.board.header == "2x12x3" and played(app) == before + 1
    lost = app.statistics["macmahon"]["games"][-1]          # the abandoned game counts as lost on its board
    assert lost["won"] is False and lost["key"] == "4x6x3"


def test_redo_after_pasting_an_id_is_enabled_only_when_it_works(app, macmahon, monkeypatch):
    """Pasted (Ctrl+V) or typed in the ID box: the new game has nothing to redo, and the Redo
    button says so; once a move is undone, the button redoes it."""
    import pygame_gui
    from tests.game.drive import answer_confirm
    from tests.game.test_typing import click, pump, type_text
    done = solved()
    for way in ("paste", "type"):
        macmahon.session.hand.orient[done.cells[3][0]] = done.cells[3][1]
        drop(app, macmahon, done.cells[3][0], 3)
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert macmahon.chrome.buttons["redo"].is_enabled
        wanted = done.remove(0).remove(1).notation()
        if way == "paste":
            monkeypatch.setattr(app, "paste_text", lambda: wanted)
            key(app, pygame.K_v, pygame.KMOD_LCTRL)
        else:
            pygame.event.clear()
            click(app, macmahon.chrome.id_entry.rect.center)
            frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="",
                                          scancode=0))
            type_text(app, wanted)
            key(app, pygame.K_RETURN)
            pump(app)
        answer_confirm(app, macmahon)
        frame(app)
        assert macmahon.match.game_id == wanted and app.keyboard_owner() is None
        assert not macmahon.match.can_redo and not macmahon.chrome.buttons["redo"].is_enabled
        tile, rotation = done.cells[0]
        macmahon.session.hand.orient[tile] = rotation
        drop(app, macmahon, tile, 0)
        frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=macmahon.chrome.buttons["undo"]))
        assert macmahon.position.cells[0] is None and macmahon.chrome.buttons["redo"].is_enabled
        key(app, pygame.K_y, pygame.KMOD_LCTRL)
        assert macmahon.position.cells[0] == (tile, rotation) and not macmahon.chrome.buttons["redo"].is_enabled
        new_game(macmahon, "4x6x3")


def test_every_menu_of_the_macmahon_bar_opens(app, macmahon):
    from tests.game.macmahon_drive import open_every_menu
    assert set(macmahon.chrome.menus) == {"game", "rules", "level", "variant"} and len(macmahon.chrome.buttons) <= 9
    open_every_menu(app, macmahon)


def test_the_rules_menu_switches_the_rules(app, macmahon):
    from tests.game.drive import choose
    choose(app, macmahon, "rules", "Rules: free")
    assert app.settings["macmahon_mode"] == "free" and macmahon.chrome.menus["rules"].label == "Rules: free"


def test_keys_in_the_game_menu_shows_the_keys(app, macmahon):
    from tests.game.drive import choose
    choose(app, macmahon, "game", "Keys")
    assert macmahon.show_help
