"""The dice editor's finish (issue 10): plain counts, no lost edits on Escape, the theme's text
sizes. Driven by scripted clicks and keys; what it draws on a ScreenApp (no window)."""
from __future__ import annotations

import pygame

from game.draw.theme import TEXT_SIZES, text_size
from game.scenes.genius.dice_editor import DiceEditorScene
from game.scenes.title import TitleScene
from solver.grid import parse_cell
from tests.game import screen_app as headless
from tests.game.drive import answer_confirm, frame, key, press
from tests.game.screen_app import ScreenApp


def open_editor(app, start="empty"):
    app.push(TitleScene(app))
    editor = DiceEditorScene(app, start=start)
    app.push(editor)
    frame(app)
    return editor


class Seen(list):
    where: list


def drawn_text(monkeypatch, module):
    """Record (line, size) of every text the module draws."""
    seen, where = Seen(), []
    real = module.text

    def record(surface, line, pos, size, colour, **kw):
        seen.append((line, size))
        where.append(pos)
        return real(surface, line, pos, size, colour, **kw)

    monkeypatch.setattr(module, "text", record)
    seen.where = where
    return seen


def test_one_free_cell_is_one_cell(tmp_path, monkeypatch):
    import game.scenes.genius.dice_editor_view as view
    app = ScreenApp(tmp_path)
    editor = app.push(DiceEditorScene(app, start="empty"))
    for cell in range(35):                          # every cell but F6 onto die 1
        headless.click(app, editor.layout()["geo"].cell_rect(cell).center)
    assert list(editor.draft.free_cells()) == [parse_cell("F6")]
    seen = drawn_text(monkeypatch, view)
    app.draw()
    lines = [line for line, _ in seen]
    assert "1 cell on no die" in lines and not any("1 cells" in line for line in lines)


def test_escape_asks_before_throwing_away_unsaved_edits(app, tmp_path):
    editor = open_editor(app, "default")
    key(app, pygame.K_ESCAPE)                      # nothing edited: it just closes
    assert app.top is not editor
    editor = DiceEditorScene(app, start="default")
    app.push(editor)
    frame(app)
    press(app, editor.layout()["geo"].cell_rect(parse_cell("C3")).center)
    assert editor.unsaved
    key(app, pygame.K_ESCAPE)
    assert app.top is editor and editor.dialog_open
    assert answer_confirm(app, editor, yes=False)   # keep editing
    assert app.top is editor and editor.unsaved
    key(app, pygame.K_ESCAPE)
    assert editor.dialog_open
    key(app, pygame.K_RETURN)                       # Enter is not Discard: the destructive choice is no default
    frame(app, *pygame.event.get())                 # (what the dialog posted)
    assert app.top is editor and editor.unsaved and not editor.dialog_open
    key(app, pygame.K_ESCAPE)
    assert answer_confirm(app, editor, yes=True)    # "Discard your changes?" Discard
    assert app.top is not editor
    editor = DiceEditorScene(app, start="default")
    app.push(editor)
    frame(app)
    press(app, editor.layout()["geo"].cell_rect(parse_cell("C3")).center)
    assert editor.save_to(tmp_path / "mine.json")  # saved: Escape closes without a question
    answer_confirm(app, editor, yes=False)         # ("Use it for new games?" not now)
    key(app, pygame.K_ESCAPE)
    assert app.top is not editor


def test_the_editor_uses_the_theme_text_sizes(tmp_path, monkeypatch):
    import game.scenes.genius.dice_editor_view as view
    app = ScreenApp(tmp_path)
    editor = app.push(DiceEditorScene(app, start="default"))
    editor.say("All 62,208 rolls solvable.", details=["A1 B2: no way"], total=1)
    seen = drawn_text(monkeypatch, view)
    app.draw()
    theme = {text_size(role, app.scale) for role in TEXT_SIZES}
    cells = {max(9, editor.layout()["geo"].cell // 6), max(12, editor.layout()["geo"].cell * 2 // 5)}
    assert any(line.startswith("All 62,208") for line, _ in seen)
    assert {size for _, size in seen} <= theme | cells, {(l, s) for l, s in seen if s not in theme | cells}


def test_a_dice_set_is_never_saved_under_a_name_of_spaces(tmp_path):
    app = ScreenApp(tmp_path)
    editor = app.push(DiceEditorScene(app, start="default"))
    for blank in ("   .json", "   "):
        assert not editor.save_to(tmp_path / blank)
        assert editor.status_colour == app.palette.illegal and "name" in editor.status
    assert not list(tmp_path.glob("*.json"))
    assert editor.save_to(tmp_path / "  mine  .json")                 # the spaces at its ends dropped
    assert (tmp_path / "mine.json").is_file() and editor.draft.name == "mine"
