"""`ActionMenu`: a small drop-down of a play screen's menu bar ("Game", "Mode", "Level"), the
Tatham model of a calm board: the few controls used all the time stay buttons, the rest sit
in a menu. Choosing an entry calls `on_choose(key)` with the entry's key (for the Game menu
the named action the button used to run, `scene.do(name)`), so keys and tests keep working.
The menu then shows its label again (a picker shows the current choice: `show`). An entry
names its key too ('Save... (Ctrl+S)') when every such label fits the menu's width; an entry
may carry a short label too, ("10", "Level 10 · very hard", "Level 10"), shown when one of the
long ones would be cut. `needed_width` is what a menu needs to show its labels whole.
"""
from __future__ import annotations

import pygame
import pygame_gui


ARROW = 20          # pixels: the drop-down's open arrow (pygame-gui does not scale it)


def text_room(app, width: int) -> int:
    """The pixels a drop-down `width` wide has for its label (less its arrow and borders)."""
    return width - ARROW - app.px(12)


def needed_width(app, labels) -> int:
    """The width of a drop-down that shows each of `labels` whole."""
    drawn = app.ui.get_theme().get_font(["drop_down_menu"])      # the font pygame-gui draws it with
    return max(drawn.size(label)[0] for label in labels) + ARROW + app.px(12)


def short_label(label: str, entries: list[tuple]) -> str:
    """The short form of `label` among `entries` (itself if it has none)."""
    return next((e[-1] for e in entries if e[1] == label), label)


def menu_row(app, row: pygame.Rect, labels: list[list[str]], gap: int) -> list[pygame.Rect]:
    """`row` cut into one rect per menu, each as wide as its `labels` (the short ones) need when they all fit
    (the room left over shared alike), else the room shared in proportion to the need."""
    need = [needed_width(app, group) for group in labels]
    room = row.width - gap * (len(need) - 1)
    extra = room - sum(need)
    widths = [n + extra // len(need) for n in need] if extra >= 0 else [room * n // sum(need) for n in need]
    rects, x = [], row.x
    for width in widths:
        rects.append(pygame.Rect(x, row.y, width, row.height))
        x += width + gap
    return rects


class ActionMenu:
    """A pygame-gui drop-down whose entries are (key, label) or (key, label, short label)
    tuples; it belongs to `scene`'s UI."""

    def __init__(self, scene, rect: pygame.Rect, label: str, entries: list[tuple], on_choose,
                 shortcuts: dict | None = None):
        self.scene, self.rect, self.on_choose = scene, rect, on_choose
        self.long = {entry[1]: entry[-1] for entry in entries}     # a long label -> its short one
        self.entries = self.fitted(list(entries), shortcuts or {})
        self.label = label
        self.menu = None
        self.build()

    def fits(self, labels) -> bool:
        return needed_width(self.scene.app, labels) <= self.rect.width

    def fitted(self, entries: list[tuple], shortcuts: dict) -> list[tuple[str, str]]:
        """(key, label) of each entry as shown: with its key after it if all of them fit the
        menu's width, else as it is if all of those fit, else its short label."""
        named = [(e[0], f"{e[1]} ({shortcuts[e[0]]})" if shortcuts.get(e[0]) else e[1]) for e in entries]
        if self.fits(label for _, label in named):
            return named
        plain = [(e[0], e[1]) for e in entries]
        if self.fits(label for _, label in plain):
            self.long = {}
            return plain
        return [(e[0], e[-1]) for e in entries]

    def shown(self, label: str) -> str:
        """How the closed menu shows `label` (its short form when the entries are shortened)."""
        short = self.long.get(label, label)
        return short if any(short == text for _, text in self.entries) else label

    def build(self) -> None:
        """The drop-down, closed, showing the label (made anew: pygame-gui keeps the last choice)."""
        if self.menu is not None:
            self.menu.kill()
            if self.menu in self.scene.widgets:
                self.scene.widgets.remove(self.menu)
        app = self.scene.app
        height = app.px(36) * (len(self.entries) + 1) + app.px(8)
        labels = [label for _, label in self.entries]
        closed = self.shown(self.label)
        if closed not in labels:          # the open list shows the closed label first (pygame-gui needs it)
            labels.insert(0, closed)
        self.menu = self.scene.add(pygame_gui.elements.UIDropDownMenu(
            labels, closed, self.rect, app.ui,
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
