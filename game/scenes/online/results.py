"""The results of a race online: every player's place, time and final board, side by side.

Opened over the race screen when the server says the race is over (and again with the race's
Results button). Rematch (once the link is still online) asks the server for a new race in
the same room and goes back to the lobby; Leave gives the seat up; Escape goes back to the
player's own board.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.widgets import grid_rects, pressed_name, screen_heading
from game.play.match import format_time
from game.puzzles import registry
from game.scenes.base import Scene
from game.net.race_link import RaceLink
from solver.cli_common import ordinal
from solver.puzzles import racing


class ResultsScene(Scene):
    caption = "Squarewise - race results"

    def __init__(self, app, *, link: RaceLink, own):
        super().__init__(app)
        self.link = link
        self.own = own
        self.buttons: dict = {}

    def rows(self) -> list[tuple[list[str], object]]:
        """(lines, final board or None) of each player, by place: the finishers, then the rest."""
        out = []
        for entry in self.link.results or []:
            mine = entry["seat"] == self.link.seat
            board = self.own if mine else self.link.boards.get(entry["seat"])
            if entry.get("position"):
                board = racing().parse(entry["position"])
            place = f"{ordinal(entry['place'])}, {format_time(entry['ms'] / 1000)}" if entry["place"] else "unplaced"
            name = f"{entry['name']} (you)" if mine else entry["name"]
            pieces = f"{len(board.placed)} of {racing().placings} pieces" if board is not None else ""
            out.append(([place, name, pieces], board))
        return out

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        bw, bh = app.px(160), app.px(44)
        y = h - app.px(24) - bh
        for i, (name, label) in enumerate((("rematch", "Rematch"), ("leave", "Leave"))):
            rect = pygame.Rect(w // 2 - bw - app.px(8) + i * (bw + app.px(16)), y, bw, bh)
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(rect, label, app.ui))
        app.toasts.place(pygame.Rect(app.px(24), y - app.px(110), w - app.px(48), app.px(100)))   # above the buttons
        self.sync()

    def sync(self) -> None:
        if "rematch" in self.buttons:
            ready = self.link.results is not None and self.link.online
            self.buttons["rematch"].enable() if ready else self.buttons["rematch"].disable()

    def handle_event(self, event) -> bool:
        name = pressed_name(event, self.buttons) if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        if name == "rematch":
            self.link.send("rematch")
            self.app.pop()                   # the race screen ...
            self.app.pop()                   # ... and back to the lobby: Ready again
        elif name == "leave":
            self.link.send("leave")
            self.app.pop()
            self.app.top.back()              # the race screen leaves through the lobby
        return name is not None

    def update(self, dt: float) -> None:
        self.link.pump()                     # (a message from the server wakes the loop)
        for words in self.link.departures():
            self.app.toasts.show(words, 4)
        self.sync()

    def redraw_in(self) -> float | None:
        """The link's next look with no message (a ping, a silence, a try to get back): a player
        who reads the results for a while keeps the seat, and Rematch works after any wait."""
        return self.link.due_in()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        w, h = app.size
        screen_heading(surface, app, f"Race over · room {self.link.code}")
        rows = self.rows() or [(["No results yet"], None)]
        top = app.px(90)
        area = pygame.Rect(app.px(24), top, w - app.px(48), h - top - app.px(210))
        columns = 2 if len(rows) > 1 else 1
        cells = grid_rects(area, columns, (len(rows) + columns - 1) // columns, app.px(12))
        draw_rival = registry.load(registry.get(racing().name).rival_view)
        for (lines, board), cell in zip(rows, cells):
            draw_rival(surface, app, cell, board, lines)
