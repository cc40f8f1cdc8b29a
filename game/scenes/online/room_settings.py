"""The host's two pickers in the lobby: the dice set and the level of the next roll.

Two pygame-gui drop-downs, shown to the room's host only while the room is in the lobby; a
choice goes to the server as a `settings` message (docs/protocol.md) and comes back to every
player in the `room` message, which the lobby writes out for all. The levels are those
solver/genius/levels.py `check_level` takes: a word or 1 (most solutions) .. 10 (fewest).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import text_size
from game.draw.widgets import text
from game.scenes.online.link import RaceLink
from solver.genius.dice import BUILTIN
from solver.genius.levels import ANY, COUNT, LEVELS, check_level

DICE_OPTIONS = list(BUILTIN)
LEVEL_OPTIONS = [ANY, *LEVELS, *map(str, range(1, COUNT + 1))]


class RoomSettings:
    """The dice and level drop-downs of the lobby's host."""

    def __init__(self, scene, x: int, y: int, w: int, h: int, dice: str):
        """The pickers one above the other from (x, y), each under its label; `dice`: the set
        the room is created with (what the dice picker shows first)."""
        app = scene.app
        self.picked = {"dice": dice, "level": "any"}   # the host's picks (what the room is created with)
        self.app, self.labels = app, [("Dice set", (x, y)), ("Level", (x, y + h + app.px(50)))]
        self.dice = scene.add(pygame_gui.elements.UIDropDownMenu(
            DICE_OPTIONS, dice, pygame.Rect(x, y + app.px(22), w, h), app.ui, expansion_height_limit=app.px(200)))
        self.level = scene.add(pygame_gui.elements.UIDropDownMenu(
            LEVEL_OPTIONS, LEVEL_OPTIONS[0], pygame.Rect(x, y + h + app.px(72), w, h), app.ui,
            expansion_height_limit=app.px(240)))

    def sync(self, link: RaceLink | None) -> None:
        """Shown to the host in the lobby only (the pickers show the host's last picks)."""
        room = link.room if link is not None else None
        mine = room is not None and link.online and room["host"] == link.seat and room["phase"] == "lobby"
        for menu in (self.dice, self.level):
            menu.show() if mine else menu.hide()

    def draw(self, surface: pygame.Surface) -> None:
        """The pickers' labels, while they are shown."""
        if self.dice.visible:
            size = text_size("body", self.app.scale)
            for words, at in self.labels:
                text(surface, words, at, size, self.app.palette.dim_text)

    def handle(self, event, link: RaceLink | None) -> bool:
        """A pick by the host: sent to the server (the room message brings it back to all)."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or event.ui_element not in (self.dice, self.level):
            return False
        if event.ui_element is self.dice:
            self.picked["dice"] = event.text
        else:
            self.picked["level"] = check_level(event.text)
        if link is not None and link.room is not None:
            link.send("settings", boards=link.room["boards"], **self.picked)
        return True
