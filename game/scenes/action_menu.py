"""`ActionMenu`: a small drop-down of a play screen's menu bar ("Game", "Mode", "Level"), the
Tatham model of a calm board: the few controls used all the time stay buttons, the rest sit
in a menu. Choosing an entry calls `on_choose(key)` with the entry's key (for the Game menu
the named action the button used to run, `scene.do(name)`), so keys and tests keep working.
The menu then shows its label again (a picker shows the current choice: `show`).
"""
from __future__ import annotations

import pygame
import pygame_gui

class ActionMenu:
    """A pygame-gui drop-down whose entries are (key, label) pairs; it belongs to `scene`'s UI."""

    def __init__(self, scene, rect: pygame.Rect, label: str, entries: list[tuple[str, str]], on_choose):
        self.scene, self.rect, self.entries, self.on_choose = scene, rect, list(entries), on_choose
        self.label = label
        self.menu = None
        self.build()

    def build(self) -> None:
        """The drop-down, closed, showing the label (made anew: pygame-gui keeps the last choice)."""
        if self.menu is not None:
            self.menu.kill()
            if self.menu in self.scene.widgets:
                self.scene.widgets.remove(self.menu)
        app = self.scene.app
        height = app.px(36) * len(self.entries) + app.px(8)
        self.menu = self.scene.add(pygame_gui.elements.UIDropDownMenu(
            [label for _, label in self.entries], self.label, self.rect, app.ui,
            expansion_height_limit=min(height, app.size[1] - self.rect.bottom)))

    def show(self, label: str) -> None:
        """Show `label` on the closed menu (a picker's current choice)."""
        if label != self.label:
            self.label = label
            self.build()

    def choose(self, key: str) -> None:
        """Act as if the entry `key` had been picked (what a click on it does)."""
        self.build()
        self.on_choose(key)

    def handle(self, event) -> bool:
        """Run the chosen entry; True if `event` was this menu's."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or event.ui_element is not self.menu:
            return False
        key = next((k for k, label in self.entries if label == event.text), None)
        if key is None:
            self.build()
        else:
            self.choose(key)
        return True
