"""What the Genius view draws of a frame, on a plain Surface with no window (the kit on FakeApp,
tests/game/genius_kits.py). (Moved from tests/game/test_genius_feel.py, one concern each as there.)"""
from __future__ import annotations

import random

import pygame

from game.draw import widgets
from game.scenes.genius import view as genius_view
from tests.game.fakes import lines_drawn
from tests.game.genius_kits import act, frame_of, genius_kit


def drawn(kit) -> pygame.Surface:
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame_of(kit))
    return surface


def hand_over_drawn(tmp_path, monkeypatch) -> list:
    """The hand-over screen of a hot-seat race drawn: the board and the lines drawn."""
    kit = genius_kit(tmp_path)
    shown = []
    monkeypatch.setattr(genius_view, "draw_board", lambda *a, **k: shown.append("board"))
    monkeypatch.setattr(genius_view, "text", lambda surface, line, *a, **k: shown.append(line) or pygame.Rect(0, 0, 1, 1))
    act(kit, "race")
    assert kit.mode.hidden
    shown.clear()
    drawn(kit)
    return shown


def test_the_hand_over_screen_hides_the_board(tmp_path, monkeypatch):
    assert "board" not in hand_over_drawn(tmp_path, monkeypatch)


def test_the_hand_over_screen_hides_the_pieces_line(tmp_path, monkeypatch):
    assert not any("pieces to place" in str(t) for t in hand_over_drawn(tmp_path, monkeypatch))


def test_the_dice_row_is_centred_under_the_board(tmp_path):
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.play import Solo
    from tests.game.fakes import FakeApp
    kit = GeniusKit(FakeApp(tmp_path), random.Random(5))
    kit.table.seat(Solo(kit.table))
    rects = kit.view.dice_rects(7)
    assert abs((rects[0].left + rects[-1].right) / 2 - kit.view.layout()["geo"].rect.centerx) <= 1


def test_numbers_have_thousands_separators(tmp_path, monkeypatch):
    kit = genius_kit(tmp_path)
    kit.match.meta["solutions"] = 1152
    shown = []
    original = widgets.text
    for module in (genius_view, widgets):         # (the status line is a block of text: widgets.text_block)
        monkeypatch.setattr(module, "text", lambda surface, line, *a, **k:
                            shown.append(line) or original(surface, line, *a, **k))
    drawn(kit)
    assert any("1,152 solutions" in line for line in shown)


def test_free_mode_text_is_one_size(tmp_path, monkeypatch):
    kit = genius_kit(tmp_path)
    sizes = []
    original = genius_view.text
    monkeypatch.setattr(genius_view, "text", lambda surface, line, pos, size, *a, **k:
                        sizes.append((line, size)) or original(surface, line, pos, size, *a, **k))
    act(kit, "free")
    drawn(kit)
    body = [size for line, size in sizes if line in genius_view.FREE_HELP]
    assert len(body) >= 3 and len(set(body)) == 1


def test_one_rival_online_has_the_whole_column_for_its_words(tmp_path, monkeypatch):
    """A race against one other player: their lines are whole at 800x560 ('2 of 9 pieces', not
    '2 of 9 pie…', cut to half a column made for two rivals a row)."""
    import dataclasses
    from game.scenes.genius import versus_view
    kit = genius_kit(tmp_path, size=(800, 560))
    view = genius_view.GeniusView(kit.app, column="rivals")
    shown = lines_drawn(monkeypatch, versus_view)
    frame = frame_of(kit)
    lines = ("Ann", "2 of 9 pieces", "1st in 0:02")
    view.draw(pygame.Surface(kit.app.size), dataclasses.replace(frame, shows=dataclasses.replace(
        frame.shows, rivals=((lines, None),))))
    assert shown == list(lines)
