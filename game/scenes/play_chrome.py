"""`PlayChrome`: the widgets of a play screen, apart from what it draws itself: the buttons in
sight, the menu bar's drop-downs (game/scenes/action_menu.py), the game ID entry with its Copy
and Play buttons, Cancel while a solver job runs, Copy result under a won daily's board and
the win's offers (Next puzzle, Harder, Same level). It turns a widget's event into the name
of an action (`pressed`), and shows what applies now (`refresh`).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game import ui_lists
from game.play import key_words
from game.draw.widgets import enable_buttons
from game.scenes.action_menu import ActionMenu

OFFER_LABELS = {"next_puzzle": "Next puzzle", "harder": "Harder", "same_level": "Same level"}


class PlayChrome:
    """The widgets, made in the UI of `scene` (which only registers them: `scene.add`);
    `tooltips`: button name -> the keys action its tooltip names."""

    def __init__(self, scene, tooltips: dict):
        self.scene = scene
        self.tooltips = tooltips
        self.buttons: dict = {}
        self.menus: dict = {}
        self.offers: dict = {}
        self.id_entry = None
        self.cancel = None
        self.result = None
        self.others: list = []           # a puzzle's own widgets with a `handle(event)` (Genius's dice menu)

    @property
    def app(self):
        return self.scene.app

    def tooltip(self, name: str) -> str | None:
        action = self.tooltips.get(name)
        return f"{key_words.LABELS[action]}: {key_words.describe(action)}" if action else None

    def clear(self) -> None:
        """The scene's UI was torn down: forget the widgets."""
        self.buttons, self.menus, self.offers, self.others = {}, {}, {}, []
        self.id_entry = self.cancel = self.result = None

    def add_buttons(self, specs, rects) -> None:
        for (name, label), rect in zip(specs, rects):
            self.buttons[name] = self.scene.add(pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                                             tool_tip_text=self.tooltip(name)))

    def add_menu(self, name: str, rect: pygame.Rect, label: str, entries, on_choose) -> None:
        """A drop-down of the menu bar; an action menu names each entry's key when there is room."""
        shortcuts = {e[0]: key_words.describe(self.tooltips[e[0]]) for e in entries if e[0] in self.tooltips}
        self.menus[name] = ActionMenu(self.scene, rect, label, entries, on_choose, shortcuts)

    def open_menu(self, name: str) -> bool:
        """Open drop-down `name`'s list, for the keys (game/ui_lists.py); False if there is none."""
        menu = self.menus.get(name)
        if menu is None or menu.menu is None or not menu.menu.is_enabled or not menu.menu.visible:
            return False
        ui_lists.open_list_of(menu.menu)
        return True

    def add_id_entry(self, x: int, y: int, copy_tip: str, play_tip: str, width: int = 330) -> int:
        """The game ID entry at (x, y), `width` (unscaled) wide, with Copy and Play; the x where they end."""
        app, add = self.app, self.scene.add
        entry_w = app.px(width)
        self.id_entry = add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, entry_w, app.px(36)), app.ui))
        self.buttons["copy"] = add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy", app.ui, tool_tip_text=copy_tip))
        self.buttons["play_id"] = add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play", app.ui, tool_tip_text=play_tip))
        return x + entry_w + app.px(152)

    def add_cancel(self, rect: pygame.Rect) -> None:
        self.cancel = self.scene.add(pygame_gui.elements.UIButton(rect, "Cancel", self.app.ui))
        self.cancel.hide()

    # ------------------------------------------------------------------ events
    def pressed(self, event) -> str | None:
        """The action a widget's `event` asks for ('cancel', 'copy_result', a button's or an
        offer's name, 'play_id' with the entry's text submitted), '' for a menu's own event
        (its choice has run), None if it is no widget's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element is self.cancel:
                return "cancel"
            if element is self.result:
                return "copy_result"
            named = {**self.buttons, **self.offers}
            return next((name for name, button in named.items() if button is element), None)
        if any(menu.handle(event) for menu in list(self.menus.values()) + self.others):
            return ""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.id_entry:
            return "play_id"
        return None

    def no_id(self, session, shown_id: str | None) -> bool:
        """Play (or Enter) with no game ID typed, or Paste with none on the clipboard: say on the
        status line what a game ID is and where one comes from, and show this game's again."""
        session.say(f"A game ID names one board: this game's is in the box ({key_words.describe('copy')} "
                    "copies it); type or paste one, then Enter")
        if self.id_entry is not None:
            self.id_entry.set_text(shown_id or "")
        return True

    # ------------------------------------------------------------------ what applies now
    def refresh(self, flags: dict, *, paused: bool, busy: bool, shown_id: str | None) -> None:
        """Enable what applies (`flags`: name -> enabled; a name left out is enabled), Pause or
        Resume, Cancel while a job runs (`busy`), and the game ID (None: leave the box as it is)."""
        if not self.buttons:
            return
        enable_buttons(self.buttons, flags)
        if "pause" in self.buttons:
            self.buttons["pause"].set_text("Resume" if paused else "Pause")
        if self.cancel is not None:
            self.cancel.show() if busy else self.cancel.hide()
        if shown_id is not None and self.id_entry is not None and not self.id_entry.is_focused:
            self.id_entry.set_text(shown_id)

    def show_result(self, wanted: bool) -> None:
        """Copy result where Cancel shows during a job (none runs then), while a won daily is on show."""
        shown = self.result is not None and self.result.alive()
        if wanted and not shown and self.cancel is not None:
            rect = self.cancel.rect.copy()
            rect.width = max(rect.width, self.app.px(140))
            rect.right = self.cancel.rect.right
            self.result = self.scene.add(pygame_gui.elements.UIButton(
                rect, "Copy result", self.app.ui, tool_tip_text=f"the line to share: {key_words.describe('copy_result')}"))
        elif shown and not wanted:
            self.result.kill()

    def show_offers(self, actions: tuple[str, ...], area: pygame.Rect | None) -> None:
        """The win's offers as a row of buttons centred in `area` (the strip under the board)."""
        alive = all(button.alive() for button in self.offers.values())
        if tuple(self.offers) == actions and alive:
            return
        for button in self.offers.values():
            button.kill()
        self.offers = {}
        if not actions or area is None:
            return
        app, gap = self.app, self.app.px(8)
        width = min(app.px(130), (area.width - (len(actions) - 1) * gap) // len(actions))
        height = min(app.px(36), area.height - app.px(4))
        left = area.centerx - (len(actions) * width + (len(actions) - 1) * gap) // 2
        for i, name in enumerate(actions):
            rect = pygame.Rect(left + i * (width + gap), area.centery - height // 2, width, height)
            self.offers[name] = self.scene.add(pygame_gui.elements.UIButton(
                rect, OFFER_LABELS[name], app.ui, tool_tip_text=f"{key_words.LABELS[name]}: {key_words.describe(name)}"))
