"""Playtest 2, finding 5: after a won ranked run Undo, Redo and Restart were greyed (their text
168 of 255 where an enabled one's is 237), yet a player took them for active: a greyed button
kept the enabled one's border and nearly its text. A greyed button now looks flat: its text
well under an enabled one's and its border close to its own fill."""
from __future__ import annotations

import numpy as np
import pygame


def looks(app, button) -> tuple[float, float]:
    """(the brightest text in the button, its top edge's brightness above the fill beside it)."""
    r = button.rect
    pixels = pygame.surfarray.array3d(app.surface)[r.left:r.right, r.top:r.bottom].sum(axis=2) / 3
    inner = pixels[4:-4, 4:-4]
    return inner.max(), abs(pixels[r.width // 2, 0] - pixels[r.width // 2, 4])


def test_a_greyed_buttons_text_is_well_under_an_enabled_ones(genius):
    app = genius.app
    assert not genius.chrome.buttons["undo"].is_enabled and genius.chrome.buttons["new"].is_enabled
    app.frame(1 / 60, [])
    assert looks(app, genius.chrome.buttons["undo"])[0] < 0.6 * looks(app, genius.chrome.buttons["new"])[0]


def test_a_greyed_buttons_border_is_fainter_than_an_enabled_ones(genius):
    app = genius.app
    app.frame(1 / 60, [])
    assert looks(app, genius.chrome.buttons["undo"])[1] < 0.5 * looks(app, genius.chrome.buttons["new"])[1]
