"""The lobby's list of open rooms: one button per room, its host's name (a click joins it), the
room said beside it, under a heading, and one dim line per server that lists nothing. The
rooms come from a `RoomFinder` (finder.py)."""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import font, text_size
from game.draw.widgets import text
from game.net.finder import Listed


class RoomList:
    """Buttons for the rooms found, inside `area` (as many as fit)."""

    def __init__(self, scene, area: pygame.Rect):
        self.scene, self.app, self.area = scene, scene.app, area
        self.buttons: dict = {}                     # button -> what Join takes
        self.shown: list[Listed] = []

    def rows(self) -> tuple[int, int, int]:
        """(top of the first button, a button's height, the step between two)."""
        app = self.app
        line = font(text_size("body", app.scale)).get_linesize()
        return self.area.y + line + app.px(8), app.px(36), app.px(42)

    def sync(self, rooms: list[Listed]) -> None:
        """One button per room, as many as fit (remade only when the rooms change)."""
        top, height, step = self.rows()
        rooms = rooms[:max(0, (self.area.bottom - top) // step)]
        if rooms == self.shown:
            return
        for button in self.buttons:
            button.kill()
        self.buttons, self.shown = {}, rooms
        for i, room in enumerate(rooms):
            rect = pygame.Rect(self.area.x, top + i * step, self.button_width(), height)
            self.buttons[self.scene.add(pygame_gui.elements.UIButton(rect, room.host, self.app.ui))] = room.target

    def button_width(self) -> int:
        """A button holds a name of 24 characters: 40% of the row, at least 220 design pixels."""
        return min(self.area.width // 2, max(self.app.px(220), self.area.width * 2 // 5))

    def clear(self) -> None:
        self.sync([])

    def handle(self, event) -> str | None:
        """What Join takes for the room whose button was pressed, if one was."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return self.buttons.get(event.ui_element)

    def draw(self, surface: pygame.Surface, silent: list[str]) -> None:
        """The heading, and under the buttons the servers that list nothing (`silent`)."""
        app, pal = self.app, self.app.palette
        body, small = text_size("body", app.scale), text_size("small", app.scale)
        text(surface, "Open rooms (one click joins)", self.area.topleft, body, pal.dim_text)
        top, height, step = self.rows()
        x = self.area.x + self.button_width() + app.px(12)
        for i, room in enumerate(self.shown):
            text(surface, room.words(), (x, top + i * step + height // 2), body, pal.text, anchor="midleft",
                 max_width=self.area.right - x)
        y, line = top + len(self.shown) * step, font(small).get_linesize()
        none = [] if self.shown else ["None listed yet: a room its host lists, on this network or on a server "
                                      "you raced on, shows here"]
        for words in none + silent:
            if y + line > self.area.bottom:
                return
            text(surface, words, (self.area.x, y), small, pal.dim_text, max_width=self.area.width)
            y += line
