"""`PlayView`: what the two puzzle views share (a base of GeniusView and MacMahonView): the
button, game ID and Cancel widgets, the top bar's geometry and the overlay over the widgets
(the held item off the board, the win banner, the pause cover, the key table). The puzzle's
view supplies `layout()` (with a "geo" board geometry and, if it has them, a "tray" and
"dice"), `draw_in_hand` and `draw_help`."""
from __future__ import annotations

import pygame
import pygame_gui

from game import keys
from game.draw.theme import mix, text_size
from game.draw.widgets import text
from game.scenes.anim import banner


class PlayView:
    TOOLTIPS: dict = {}      # button name -> keys action whose binding the tooltip names

    def tooltip(self, name: str) -> str | None:
        """A button's tooltip: what it does and its key."""
        action = self.TOOLTIPS.get(name)
        return f"{keys.LABELS[action]}: {keys.describe(action)}" if action else None

    def add_buttons(self, specs, rects) -> None:
        """One button per (name, label) of `specs`, in `rects`, into `self.buttons`."""
        for (name, label), rect in zip(specs, rects):
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                                       tool_tip_text=self.tooltip(name)))

    def add_id_entry(self, x: int, y: int, copy_tip: str, play_tip: str, width: int = 330) -> int:
        """The game ID entry at (x, y), `width` (unscaled) wide, with its Copy and Play buttons;
        the x where they end."""
        app = self.app
        entry_w = app.px(width)
        self.id_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, entry_w, app.px(36)), app.ui))
        self.buttons["copy"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy", app.ui, tool_tip_text=copy_tip))
        self.buttons["play_id"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play", app.ui, tool_tip_text=play_tip))
        return x + entry_w + app.px(152)

    def add_cancel_button(self, rect: pygame.Rect) -> None:
        self.cancel_button = self.add(pygame_gui.elements.UIButton(rect, "Cancel", self.app.ui))

    def top_and_body(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The top bar (title, game ID, clock) and the area under it inside the margin."""
        app = self.app
        w, h = app.size
        top = app.px(70)
        margin = app.px(14)
        return pygame.Rect(0, 0, w, top), pygame.Rect(margin, top + margin, w - 2 * margin, h - top - 2 * margin)

    def draw_clock(self, surface: pygame.Surface, top: pygame.Rect) -> None:
        """The clock at the right of the top bar; with hints used, a little smaller, the hints under it."""
        app, pal = self.app, self.app.palette
        colour = pal.accent if self.match.finished else pal.text
        clock, note = self.clock_text().partition(" · ")[::2]     # the time, the hints used
        right = top.right - app.px(20)
        if note:
            text(surface, clock, (right, top.centery - app.px(9)), app.px(28), colour, anchor="midright", style="mono")
            text(surface, note, (right, top.centery + app.px(19)), text_size("small", app.scale), pal.dim_text,
                 anchor="midright")
        else:
            text(surface, clock, (right, top.centery), app.px(34), colour, anchor="midright", style="mono")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Over the widgets: the held item off the board, the win, the pause cover and the key table."""
        geo = self.layout()["geo"]
        if self.paused:
            self.draw_paused(surface)
        elif self.held is not None and not self.keyboard:
            self.draw_in_hand(surface, geo)
        if self.celebration is not None:
            self.draw_win(surface, geo)
        if self.show_help:
            self.draw_help(surface)

    def hidden_when_paused(self) -> list[pygame.Rect]:
        """What a pause hides: the board (with its row and column labels), the tray and the dice."""
        lay = self.layout()
        r, cell = lay["geo"].rect, lay["geo"].cell
        label, frame = cell * 3 // 5, cell // 6          # the labels left and above, the frame round it
        board = pygame.Rect(r.x - label, r.y - label, r.w + label + frame, r.h + label + frame)
        return [board] + [lay[k] for k in ("tray", "dice") if k in lay]

    def draw_paused(self, surface: pygame.Surface) -> None:
        """The board, tray and dice covered, and a panel saying how to resume."""
        pal = self.app.palette
        for area in self.hidden_when_paused():
            pygame.draw.rect(surface, mix(pal.background, pal.panel, 0.5), area, border_radius=self.app.px(8))
        banner(surface, self.layout()["geo"].rect, [f"Paused: {keys.describe('pause')} to resume"],
               pal, self.app.scale)

    def draw_win(self, surface: pygame.Surface, geo) -> None:
        """The one win message (a banner with the confetti) and the confetti."""
        self.celebration.draw(surface, self.app.scale)
        lines = self.win_banner()
        if lines:                      # over the confetti, so it can be read
            banner(surface, geo.rect, lines, self.app.palette, self.app.scale)
