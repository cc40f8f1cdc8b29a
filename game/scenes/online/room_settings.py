"""The host's pickers in the lobby: the dice set and the level of the next roll, whether the
racers see each other's boards, whether the room is listed, and the removal of a player.

pygame-gui drop-downs, shown to the room's host only while the room is in the lobby, and always
showing the room as the server last described it (after a rematch too). A choice goes to the
server as a `settings` (`listing`, `remove`) message (docs/protocol.md) and comes back to every
player in the `room` message, which the lobby writes out for all. The dice sets and the levels
are those of the puzzle races deal (solver/puzzles.py `racing`: `race_dice`, `race_levels`,
`check_level`): 'any' first, then its words, then its numbered levels.
Boards are hidden by default (the others see each racer's progress only, so nobody can copy a
board); a friendly race shows them. A listed room is in the server's list of open rooms (and a
room hosted here is announced on the local network); a private one is joined by its invite.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import text_size
from game.draw.widgets import text
from game.net.race_link import RaceLink
from solver.puzzles import racing

ANY = "any"                  # the level a room is created with: a roll of any level
BOARDS = {"hidden": "Hidden: progress only", "visible": "Visible: a friendly race"}
LISTING = {True: "Listed: anyone may join", False: "Private: by invite"}
REMOVE = "Remove a player..."


def level_options() -> list[str]:
    """The level picker's choices: 'any', the racing puzzle's other words, its numbers."""
    words, count = racing().race_levels
    return [ANY, *(word for word in words if word != ANY), *map(str, range(1, count + 1))]


def pickers() -> tuple[tuple[str, str, list[str]], ...]:
    """(name, label, options) of each picker, top to bottom."""
    return (("dice", "Dice set", list(racing().race_dice)), ("level", "Level", level_options()),
            ("boards", "Boards", list(BOARDS.values())), ("listed", "Room", list(LISTING.values())))


def shown(room: dict, listed: bool) -> dict:
    """The option each picker shows for `room` (a `room` message) listed or not."""
    return {"dice": room["dice"], "level": str(room["level"]), "boards": BOARDS[room["boards"]],
            "listed": LISTING[listed]}


class RoomSettings:
    """The host's drop-downs: dice, level, boards, listed."""

    def __init__(self, scene, x: int, y: int, w: int, h: int, dice: str):
        """The pickers one above the other from (x, y), each under its label; `dice`: the set
        the room is created with (what the dice picker shows first)."""
        app = scene.app
        self.scene, self.app = scene, app
        step = h + app.px(36)
        self.choices = pickers()
        self.labels = [(label, (x, y + i * step)) for i, (_, label, _) in enumerate(self.choices)]
        self.rects = {name: pygame.Rect(x, y + i * step + app.px(20), w, h)
                      for i, (name, _, _) in enumerate(self.choices)}
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.options: dict[str, str] = {}        # what each shows: the room's, or the host's pick on its way
        self.sent: dict | None = None            # the settings last sent, until a `room` message has them
        for name, option in {"dice": dice, "level": ANY, "boards": BOARDS["hidden"], "listed": LISTING[False]}.items():
            self.build(name, option)
        self.remove_rect = pygame.Rect(x, y + len(self.choices) * step, w, h)
        self.remove = None                       # the drop-down of the others, while there are some
        self.others: list[tuple[int, str]] = []

    def build(self, name: str, option: str) -> None:
        """(Re)make picker `name` showing `option`."""
        if name in self.menus:
            self.menus[name].kill()
        options = next(choices for key, _, choices in self.choices if key == name)
        self.menus[name] = self.scene.add(pygame_gui.elements.UIDropDownMenu(
            options, option, self.rects[name], self.app.ui, expansion_height_limit=self.app.px(240)))
        self.options[name] = option

    def sync(self, link: RaceLink | None) -> None:
        """Shown to the host in the lobby only, each showing the room's setting."""
        room = link.room if link is not None else None
        mine = room is not None and link.online and room["host"] == link.seat and room["phase"] == "lobby"
        if mine and self.sent is not None and all(room[k] == v for k, v in self.sent.items()):
            self.sent = None                     # the server has the host's picks: the room is the truth again
        if mine:
            for name, option in shown(room, link.listed).items():
                if self.options[name] != option and (self.sent is None or name == "listed"):
                    self.build(name, option)
        for menu in self.menus.values():
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
        if self.menus["dice"].visible:
            size = text_size("body", self.app.scale)
            for words, at in self.labels:
                text(surface, words, at, size, self.app.palette.dim_text)

    def handle(self, event, link: RaceLink | None) -> bool:
        """A pick by the host: sent to the server (the room message brings it back to all)."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return False
        picked = next((name for name, menu in self.menus.items() if menu is event.ui_element), None)
        if picked is None and (self.remove is None or event.ui_element is not self.remove):
            return False
        if link is None or link.room is None:
            return True
        if picked is None:
            seat = next((seat for seat, name in self.others if name == event.text), None)
            if seat is not None:
                link.send("remove", seat=seat)
            return True
        self.options[picked] = event.text
        if picked == "listed":
            link.list_room(event.text == LISTING[True])
            return True
        self.sent = {"dice": self.options["dice"], "level": racing().check_level(self.options["level"]),
                     "boards": next(k for k, words in BOARDS.items() if words == self.options["boards"])}
        link.send("settings", **self.sent)
        return True
