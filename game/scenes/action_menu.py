"""`ActionMenu`: a small drop-down of a play screen's menu bar ("Game", "Mode", "Level"), the
Tatham model of a calm board: the few controls used all the time stay buttons, the rest sit
in a menu. Choosing an entry calls `on_choose(key)` with the entry's key (for the Game menu
the named action the button used to run, `scene.do(name)`), so keys and tests keep working.
The menu then shows its label again (a picker shows the current choice: `show`). An entry
names its key too ('Save... (Ctrl+S)') when every such label fits the menu's width.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import font

class ActionMenu:
    """A pygame-gui drop-down whose entries are (key, label) pairs; it belongs to `scene`'s UI."""

    def __init__(self, scene, rect: pygame.Rect, label: str, entries: list[tuple[str, str]], on_choose,
                 shortcuts: dict | None = None):
        self.scene, self.rect, self.on_choose = scene, rect, on_choose
        self.entries = self.with_keys(list(entries), shortcuts or {})
        self.label = label
        self.menu = None
        self.build()

    def with_keys(self, entries: list[tuple[str, str]], shortcuts: dict) -> list[tuple[str, str]]:
        """`entries` with each key after its label, if all of them fit the menu's width."""
        app = self.scene.app
        size = max(9, round(16 * app.scale))              # the drop-down's font (themes/base.json)
        named = [(k, f"{label} ({shortcuts[k]})" if shortcuts.get(k) else label) for k, label in entries]
        fits = all(font(size).size(label)[0] <= self.rect.width - app.px(12) for _, label in named)
        return named if fits else entries

    def build(self) -> None:
        """The drop-down, closed, showing the label (made anew: pygame-gui keeps the last choice)."""
        if self.menu is not None:
            self.menu.kill()
            if self.menu in self.scene.widgets:
                self.scene.widgets.remove(self.menu)
        app = self.scene.app
        height = app.px(36) * (len(self.entries) + 1) + app.px(8)
        labels = [label for _, label in self.entries]
        if self.label not in labels:          # the open list shows the closed label first (pygame-gui needs it)
            labels.insert(0, self.label)
        self.menu = self.scene.add(pygame_gui.elements.UIDropDownMenu(
            labels, self.label, self.rect, app.ui,
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
