"""The buttons under a won roll's banner: Next puzzle, Harder and Same level.

The Genius screen owns one `WinOffers`: it remembers the level (1..10) of the won board, works
out which offers apply (no Harder after level 10, no level offers for a board without one) and
shows them as a row of buttons at the foot of the board, above the daily's Copy result.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game import keys

LABELS = {"next_puzzle": "Next puzzle", "harder": "Harder", "same_level": "Same level"}


class WinOffers:
    def __init__(self, scene):
        self.scene = scene
        self.buttons: dict = {}          # action -> UIButton, while they show
        self.match = None                # the match whose level is remembered ...
        self.level: int | None = None    # ... and that level

    def level_of(self, match, compute) -> int | None:
        """The level of `match`'s board, worked out (`compute()`) once per match."""
        if self.match is not match:
            self.match, self.level = match, compute()
        return self.level

    def sync(self, actions: tuple[str, ...]) -> None:
        """Show the buttons of `actions` (none: hide them)."""
        alive = all(button.alive() for button in self.buttons.values())
        if tuple(self.buttons) == actions and alive:
            return
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if not actions:
            return
        app = self.scene.app
        lay = self.scene.layout()
        geo, strip = lay["geo"].rect, lay["dice"]           # the strip under the board: covers no cell
        gap = app.px(8)
        width = min(app.px(130), (geo.width - (len(actions) - 1) * gap) // len(actions))
        height = min(app.px(36), strip.height - app.px(4))
        left = geo.centerx - (len(actions) * width + (len(actions) - 1) * gap) // 2
        top = strip.centery - height // 2
        for i, name in enumerate(actions):
            rect = pygame.Rect(left + i * (width + gap), top, width, height)
            self.buttons[name] = self.scene.add(pygame_gui.elements.UIButton(
                rect, LABELS[name], app.ui, tool_tip_text=f"{keys.LABELS[name]}: {keys.describe(name)}"))

    def pressed(self, event) -> str | None:
        """The action of the offer button this event pressed, or None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((name for name, button in self.buttons.items() if event.ui_element is button), None)
