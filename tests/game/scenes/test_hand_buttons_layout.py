"""The hand's buttons (Genius's Turn and Flip under the tray, MacMahon's Turn among its buttons)
at 800x560, 1100x760 and 1400x900: inside the window and clear of every other widget and of
what the view draws. The kits' widgets as they place them on a FakeApp of that size, no window
(clicking them: tests/game/test_turn_in_place.py)."""
from __future__ import annotations

import pygame
import pytest

from tests.game.widget_app import WidgetApp, built_chrome, genius_kit, macmahon_kit

SIZES = [(800, 560), (1100, 760), (1400, 900)]


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_buttons_overlap_nothing(tmp_path, monkeypatch, size):
    kit = genius_kit(WidgetApp(tmp_path, size), monkeypatch)
    chrome = built_chrome(kit)
    lay = kit.view.layout()
    pair = [chrome.buttons[n].rect for n in ("turn", "flip")]
    others = [b.rect for n, b in chrome.buttons.items() if n not in ("turn", "flip")]
    others += [m.menu.rect for m in chrome.menus.values()] + list(lay["slots"]) + [lay["status"], lay["messages"]]
    assert all(pygame.Rect(0, 0, *size).contains(r) and r.height >= 20 for r in pair)
    assert not [(a, b) for a in pair for b in others if a.colliderect(b)]
    assert not pair[0].colliderect(pair[1])


@pytest.mark.parametrize("size", SIZES)
def test_macmahon_turn_button_overlaps_nothing(tmp_path, size):
    kit = macmahon_kit(WidgetApp(tmp_path, size))
    chrome = built_chrome(kit)
    lay = kit.view.layout()
    rects = [b.rect for b in chrome.buttons.values()] + [m.menu.rect for m in chrome.menus.values()]
    rects += [lay["messages"], lay["status"]]
    assert "turn" in chrome.buttons and pygame.Rect(0, 0, *size).contains(chrome.buttons["turn"].rect)
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
