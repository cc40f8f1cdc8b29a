"""The dice editor, driven by scripted clicks and keys: on a ScreenApp (no window; its jobs run
inline and are answered on `app.worker.poll()`), and in the real App for its dialogs, the real
worker's Cancel and the ways to reach it."""
from __future__ import annotations

import json

import pygame
import pygame_gui

from game.scenes.genius.dice_editor import DiceEditorScene
from game.scenes.genius.dice_menu import EDIT
from solver.genius import dice, search
from solver.genius.position import Position
from solver.grid import parse_cell
from tests.game import screen_app as headless
from tests.game.drive import frame, key, press
from tests.game.screen_app import ScreenApp
from tests.validate_genius import check_position

NUMBER_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7]


def open_editor(app, start="empty"):
    editor = DiceEditorScene(app, start=start)
    app.push(editor)
    frame(app)
    return editor


def click_cell(app, editor, name):
    press(app, editor.layout()["geo"].cell_rect(parse_cell(name)).center)


def screen_editor(folder, start="empty", **options):
    """The editor on a ScreenApp (no window)."""
    app = ScreenApp(folder)
    return app, app.push(DiceEditorScene(app, start=start, **options))


def put(app, editor, name):
    headless.click(app, editor.layout()["geo"].cell_rect(parse_cell(name)).center)


def write_dice(path, dice_lists):
    path.write_text(json.dumps({"name": path.stem, "dice": dice_lists}), encoding="utf-8")
    return path


def test_clicks_build_the_dice_set(tmp_path):
    app, editor = screen_editor(tmp_path)
    plan = {1: ["A1", "F6"], 2: ["B2", "C3", "D4", "E5"], 3: ["A6"], 4: ["B1", "B3", "B5"],
            5: ["C2"], 6: ["D3", "D1"], 7: ["E2", "F3", "F1", "E6", "A3", "C5", "D6"]}
    for die, cells in plan.items():
        headless.key(app, NUMBER_KEYS[die - 1])
        for name in cells:
            put(app, editor, name)
    headless.key(app, pygame.K_3)
    put(app, editor, "E2")         # moves E2 from die 7 to die 3
    headless.key(app, pygame.K_1)
    put(app, editor, "C6")
    put(app, editor, "C6")         # a second click takes it off again
    plan[7].remove("E2")
    plan[3].append("E2")

    def in_turn(names):                    # written out here, not taken from the editor
        cells = sorted(parse_cell(n) for n in names)
        return [cells[i % len(cells)] for i in range(max(6, len(cells)))]

    expected = dice.DiceSet("custom", [in_turn(plan[d]) for d in range(1, 8)])
    assert editor.draft.to_set() == expected
    assert [parse_cell(n) for n in ("A1", "F6", "A1", "F6", "A1", "F6")] == list(expected.dice[0])
    assert len(expected.dice[6]) == 6 and expected.count() == 2 * 4 * 2 * 3 * 1 * 2 * 6
    assert parse_cell("C6") in editor.draft.free_cells()


def saved(app, tmp_path):
    """The default set with A1 moved from die 1 to die 4, saved with Ctrl+S to my-set.json: (editor, the file)."""
    editor = open_editor(app, start="default")
    key(app, pygame.K_4)
    click_cell(app, editor, "A1")          # A1 from die 1 to die 4
    assert editor.draft.to_set().count() == 2 * 5 * 5 * 6 ** 4
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialogs = [d for d in editor._dialogs if isinstance(d, pygame_gui.windows.UIFileDialog)]
    assert len(dialogs) == 1
    target = tmp_path / "my-set.json"
    frame(app, pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialogs[0], text=str(target)))
    return editor, target


def test_save_writes_a_file_that_loads_back(app, tmp_path):
    editor, target = saved(app, tmp_path)
    loaded = dice.load(target)
    assert loaded == editor.draft.to_set()
    assert loaded.name == "my-set"
    assert loaded.dice[3] == tuple(sorted(parse_cell(n) for n in ("A1", "A5", "B6", "E1", "F2"))) + (parse_cell("A1"),)
    assert loaded.dice[6] == dice.builtin("default").dice[6]       # an untouched die keeps its faces


def test_a_saved_set_is_used_once_the_offer_is_taken(app, tmp_path):
    editor, target = saved(app, tmp_path)
    assert app.settings.get("dice", "default") == "default"
    offers = [d for d in editor._dialogs if isinstance(d, pygame_gui.windows.UIConfirmationDialog)]
    assert len(offers) == 1
    frame(app, pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=offers[0]))
    assert app.settings["dice"] == str(target)
    assert app.storage.read("settings")["dice"] == str(target)


def test_verify_reports_the_bad_rolls_of_a_small_set(tmp_path):
    # seven dice of two cells each (128 rolls): the all-dark roll is one-coloured and cannot be tiled
    dark = ["A1", "A3", "A5", "C1", "C5", "E3", "F6"]
    light = ["B1", "B3", "D2", "D6", "E2", "F1", "A4"]
    path = write_dice(tmp_path / "small.json", [[d, l] for d, l in zip(dark, light)])
    app, editor = screen_editor(tmp_path, start=str(path))
    headless.press(app, editor.buttons["verify"])
    assert editor.job is not None
    app.worker.poll()
    assert editor.job is None
    # decide every roll again, independently of dice.verify: search.solve, checked by the validator
    bad = []
    for roll in dice.load(path).rolls():
        position = Position.from_blockers(sorted(roll))
        solved = search.solve(position)
        if solved is None:
            bad.append(position.notation())
        else:
            check_position(solved, blockers=roll)
    assert frozenset(parse_cell(n) for n in dark) in [frozenset(Position.parse(b).blockers) for b in bad]
    assert sorted(Position.from_blockers(sorted(r)).notation() for r in dice.verify(dice.load(path), jobs=1)) == sorted(bad)
    assert editor.status == f"{len(bad)} of 128 rolls cannot be solved."
    shown = editor.details[:min(5, len(bad))]
    assert shown and all(line.split(":")[0] in bad for line in shown)
    for line in shown:
        notation, reason = line.split(": ", 1)
        blockers = Position.parse(notation).blockers
        dark_count = sum((c // 6 + c % 6) % 2 == 0 for c in blockers)
        assert (reason == "all 7 blockers on one checkerboard colour") == (dark_count in (0, 7))


def test_verify_of_the_default_set_can_be_cancelled(app):
    editor = open_editor(app, start="default")
    editor.do("verify")
    assert editor.job is not None and editor.cancel_button.visible
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=editor.cancel_button))
    assert editor.job is None and editor.status == "Cancelled."
    assert editor.buttons["verify"].is_enabled


def test_malformed_sets_show_the_engine_reason(tmp_path):
    app, editor = screen_editor(tmp_path)
    put(app, editor, "A1")
    assert editor.status == "No cells yet on die 2, 3, 4, 5, 6, 7." and editor.status_colour is None
    editor.do("verify")
    assert editor.job is None and editor.status == "die 2 has no faces (expected a list of cells)"
    assert editor.status_colour == app.palette.illegal
    headless.key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert not editor.dialog_open and "has no faces" in editor.status
    app.draw()

    shared = write_dice(tmp_path / "shared.json", [["A1"], ["A1"], ["B1"], ["B2"], ["B3"], ["B4"], ["B5"]])
    six = write_dice(tmp_path / "six.json", [["A1"], ["A2"], ["B1"], ["B2"], ["B3"], ["B4"]])
    before = editor.draft.document()
    for path, words in ((shared, "die 2 face 1 (A1) is also on die 1"), (six, "needs 7 dice, found 6")):
        editor.start_from(path)
        assert editor.status == f"dice file '{path}': {words}"
        assert editor.status_colour == app.palette.illegal
        assert editor.draft.document() == before          # the set being edited is kept
        app.draw()
    editor.start_from(tmp_path / "missing.json")
    assert "not found" in editor.status
    app.draw()


def test_the_editor_is_reached_from_the_genius_dice_menu(genius):
    app = genius.app
    assert EDIT in genius.kit.dice_menu.menu.options_list or EDIT in [o[0] for o in genius.kit.dice_menu.menu.options_list]
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=genius.kit.dice_menu.menu, text=EDIT))
    assert isinstance(app.top, DiceEditorScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is genius
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert isinstance(app.top, DiceEditorScene)
    frame(app)


def test_settings_offers_the_editor_too(tmp_path):
    from game.scenes.settings import SettingsScene
    app = ScreenApp(tmp_path)
    settings = app.push(SettingsScene(app))
    headless.choose(app, settings.menus[0].menu, EDIT)
    assert isinstance(app.top, DiceEditorScene)
    app.top.back()                                 # (Escape, as the App hands it on)
    assert app.top is settings
    headless.key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert isinstance(app.top, DiceEditorScene)


def test_start_from_menu(tmp_path):
    app, editor = screen_editor(tmp_path, start="default")
    for choice, name in (("Empty", "custom"), ("Alternative", "alternative"), ("Default", "default")):
        headless.choose(app, editor.start_menu, choice)
        assert editor.draft.name == name
        if choice == "Empty":
            assert editor.draft.free_cells() == list(range(36))
        else:
            assert editor.draft.to_set() == dice.builtin(name)
    assert not editor.dialog_open
    headless.choose(app, editor.start_menu, "File...")
    assert editor.dialog_open


def test_generate_gives_an_always_solvable_partition(tmp_path):
    import random
    app, editor = screen_editor(tmp_path, rng=random.Random(11))
    headless.press(app, editor.buttons["generate"])
    assert editor.job is not None and not editor.buttons["verify"].is_enabled
    app.worker.poll()
    assert editor.job is None
    assert editor.status.startswith("New set") and "all 62,208 rolls verified solvable" in editor.status
    made = editor.draft.to_set()
    cells = [c for die in made.dice for c in set(die)]
    assert sorted(cells) == list(range(36)) and all(len(die) == 6 for die in made.dice)
    rolls = list(made.rolls())
    for roll in random.Random(2).sample(rolls, 150):         # spot-check with the independent validator
        solved = search.solve(Position.from_blockers(sorted(roll)))
        assert solved is not None
        check_position(solved, blockers=roll)


def test_keyboard_assigns_with_the_cursor(tmp_path):
    app, editor = screen_editor(tmp_path)
    headless.key(app, pygame.K_4)
    start = editor.cursor
    headless.key(app, pygame.K_RETURN)                      # the cursor's cell onto die 4
    headless.key(app, pygame.K_RIGHT)
    headless.key(app, pygame.K_DOWN)
    headless.key(app, pygame.K_SPACE)                       # the cell one right and one down too
    assert editor.draft.cells(3) == sorted([start, start + 7])
    headless.key(app, pygame.K_DELETE)                      # and off again
    assert editor.draft.cells(3) == [start]
    assert editor.show_cursor
