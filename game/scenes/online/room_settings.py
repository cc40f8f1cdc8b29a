"""The host's pickers in the lobby: the dice set and the level of the next roll, whether the
racers see each other's boards, and the removal of a player.

pygame-gui drop-downs, shown to the room's host only while the room is in the lobby; a choice
goes to the server as a `settings` (or `remove`) message (docs/protocol.md) and comes back to
every player in the `room` message, which the lobby writes out for all. The levels are those
solver/genius/levels.py `check_level` takes: a word or 1 (most solutions) .. 10 (fewest).
Boards are hidden by default (the others see each racer's progress only, so nobody can copy a
board); a friendly race shows them.
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
BOARDS = {"hidden": "Hidden: progress only", "visible": "Visible: a friendly race"}
REMOVE = "Remove a player..."


class RoomSettings:
    """The dice and level drop-downs of the lobby's host."""

    def __init__(self, scene, x: int, y: int, w: int, h: int, dice: str):
        """The pickers one above the other from (x, y), each under its label; `dice`: the set
        the room is created with (what the dice picker shows first)."""
        app = scene.app
        self.scene, self.app = scene, app
        self.picked = {"dice": dice, "level": "any", "boards": "hidden"}   # the host's picks
        step = h + app.px(44)
        self.labels = [("Dice set", (x, y)), ("Level", (x, y + step)), ("Boards", (x, y + 2 * step))]
        self.dice = scene.add(pygame_gui.elements.UIDropDownMenu(
            DICE_OPTIONS, dice, pygame.Rect(x, y + app.px(20), w, h), app.ui, expansion_height_limit=app.px(200)))
        self.level = scene.add(pygame_gui.elements.UIDropDownMenu(
            LEVEL_OPTIONS, LEVEL_OPTIONS[0], pygame.Rect(x, y + step + app.px(20), w, h), app.ui,
            expansion_height_limit=app.px(240)))
        self.boards = scene.add(pygame_gui.elements.UIDropDownMenu(
            list(BOARDS.values()), BOARDS["hidden"], pygame.Rect(x, y + 2 * step + app.px(20), w, h), app.ui))
        self.remove_rect = pygame.Rect(x, y + 3 * step, w, h)
        self.remove = None                       # the drop-down of the others, while there are some
        self.others: list[tuple[int, str]] = []

    def sync(self, link: RaceLink | None) -> None:
        """Shown to the host in the lobby only (the pickers show the host's last picks)."""
        room = link.room if link is not None else None
        mine = room is not None and link.online and room["host"] == link.seat and room["phase"] == "lobby"
        for menu in (self.dice, self.level, self.boards):
            menu.show() if mine else menu.hide()
        others = [(p["seat"], p["name"]) for p in link.rivals()] if mine else []
        if others != self.others:
            self.others = others
            if self.remove is not None:
                self.remove.kill()
                self.remove = None
            if others:
                self.remove = self.scene.add(pygame_gui.elements.UIDropDownMenu(
                    [REMOVE] + [name for _, name in others], REMOVE, self.remove_rect, self.app.ui))

    def draw(self, surface: pygame.Surface) -> None:
        """The pickers' labels, while they are shown."""
        if self.dice.visible:
            size = text_size("body", self.app.scale)
            for words, at in self.labels:
                text(surface, words, at, size, self.app.palette.dim_text)

    def handle(self, event, link: RaceLink | None) -> bool:
        """A pick by the host: sent to the server (the room message brings it back to all)."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or \
                event.ui_element not in (self.dice, self.level, self.boards, self.remove):
            return False
        if link is None or link.room is None:
            return True
        if event.ui_element is self.remove:
            seat = next((seat for seat, name in self.others if name == event.text), None)
            if seat is not None:
                link.send("remove", seat=seat)
            return True
        if event.ui_element is self.dice:
            self.picked["dice"] = event.text
        elif event.ui_element is self.level:
            self.picked["level"] = check_level(event.text)
        else:
            self.picked["boards"] = next(k for k, words in BOARDS.items() if words == event.text)
        link.send("settings", **self.picked)
        return True
