"""Settings: palette, each puzzle's own menus (The Genius Square's dice set: the game's list of
puzzles says them), animations, piece labels, sound, and the standings server (its address
checked when Enter keeps it, a bad one said in one line and not kept; the name kept for it can
be forgotten, asked first). The numbers are on the one statistics screen
(game/scenes/stats.py), which a button here opens."""
from __future__ import annotations

import importlib

import pygame
import pygame_gui

from game.draw import theme
from game.draw.theme import text_size
from game.draw.widgets import text, text_block, wrap
from game.net import identity
from game.puzzles import registry
from game.scenes.base import Scene
from game.net.desk import SETTING, configured, host_of, server_url
from solver.errors import SquarewiseError

NAME_NOTE = "Your name there is kept in this computer's data folder; lose the folder and you lose the name."

class SettingsScene(Scene):
    caption = "Squarewise - settings"

    def __init__(self, app):
        super().__init__(app)
        self.menus: list = []
        self.server_bad = False
        url = configured(app.settings)
        self.server_line = self.server_words(url) if url else ""   # the server kept, or why an address was not

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        col = pygame.Rect(app.px(60), app.px(124), min(app.px(460), w // 2 - app.px(80)), app.px(40))
        gap = app.px(84)
        labels = [p.label for p in theme.PALETTES.values()]
        self.palette_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            labels, app.palette.label, col.copy(), app.ui))
        col.y += gap
        self.menus = []                  # each puzzle's own: a widget with `handle(event)` (its keys too)
        for target in (t for entry in registry.PUZZLES for t in entry.settings_menus):
            module, name = target.split(":")
            self.menus.append(getattr(importlib.import_module(module), name)(self, col.copy()))
            col.y += gap
        box = pygame.Rect(col.x, col.y, app.px(28), app.px(28))
        self.animations = self.add(pygame_gui.elements.UICheckBox(
            box, "Animations (dice roll, blockers, solve)", app.ui,
            initial_state=bool(app.settings.get("animations", True))))
        box.y += app.px(44)
        self.labels = self.add(pygame_gui.elements.UICheckBox(
            box, "Write piece names on the pieces", app.ui,
            initial_state=bool(app.settings.get("labels", False))))
        box.y += app.px(44)
        self.mute = self.add(pygame_gui.elements.UICheckBox(
            box, "Mute the sounds", app.ui, initial_state=app.sounds.muted))
        box.y += app.px(62)
        self.volume = self.add(pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(col.x, box.y, col.width, app.px(32)), round(app.sounds.volume * 100), (0, 100), app.ui,
            click_increment=10))
        right = pygame.Rect(w // 2 + app.px(20), app.px(124), min(app.px(460), w // 2 - app.px(60)), app.px(40))
        self.server = self.add(pygame_gui.elements.UITextEntryLine(right, app.ui))
        self.server.set_text_length_limit(200)
        self.server.set_text(str(app.settings.get(SETTING, "")))
        self.note_top = right.bottom + app.px(54)       # (under the server's line: two lines of room)
        lines = len(wrap(NAME_NOTE, text_size("body", app.scale), right.width))
        self.forget = self.add(pygame_gui.elements.UIButton(pygame.Rect(
            right.x, self.note_top + lines * round(text_size("body", app.scale) * 1.3) + app.px(10),
            min(right.width, app.px(300)), app.px(40)), "Forget my name on this server", app.ui))
        self.sync_forget()
        bottom = h - app.px(80)
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(60), bottom, app.px(200), app.px(44)), "Back (Esc)", app.ui))
        self.charts = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(60) + app.px(216), bottom, app.px(200), app.px(44)), "Statistics...", app.ui))

    def sync_forget(self) -> None:
        url = configured(self.app.settings)
        known = url is not None and url in identity.load(self.app.storage.folder)
        self.forget.enable() if known else self.forget.disable()

    def keep_server(self, typed: str) -> None:
        """Keep the standings server typed (checked first: a bad address is said, not kept)."""
        try:
            url = server_url(typed)
        except SquarewiseError as exc:
            self.server_line, self.server_bad = str(exc), True
            return
        self.server_bad = False
        self.app.settings[SETTING] = typed.strip()
        self.app.save_settings()
        self.server_line = self.server_words(url) if url else "No standings server: dailies stay offline"
        self.sync_forget()

    def server_words(self, url: str) -> str:
        """The server kept, and the name the player holds there: 'Ranked dailies on HOST as Ann'."""
        kept = identity.load(self.app.storage.folder).get(url)
        return f"Ranked dailies on {host_of(url)}" + (f" as {kept.name}" if kept else ": a name is asked at the first run")

    def ask_forget(self) -> None:
        url = configured(self.app.settings)
        if url is None:
            return
        kept = identity.load(self.app.storage.folder).get(url)
        who = f"'{kept.name}'" if kept else "your name"

        def forget() -> None:
            try:
                identity.forget(self.app.storage.folder, url)
                self.server_line = f"Forgotten: {who} on {host_of(url)}"
            except (OSError, SquarewiseError) as exc:
                self.server_line = f"Could not forget it: {exc}"
            self.sync_forget()

        self.confirm(f"Forget {who} on {host_of(url)}? Nobody can give the name back: the next ranked run "
                     "asks for a new one.", forget, title="Forget my name?", action="Forget", destructive=True)

    def handle_event(self, event) -> bool:
        app = self.app
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.server:
            self.keep_server(self.server.get_text())
            return True
        if any(menu.handle(event) for menu in self.menus):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.palette_menu:
                for p in theme.PALETTES.values():
                    if p.label == event.text:
                        app.settings["palette"] = p.name
                        if p.name == "colourblind":
                            app.settings["labels"] = True
                app.save_settings()
                app.restyle()
                return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            key = {self.animations: "animations", self.labels: "labels", self.mute: "muted"}[event.ui_element]
            app.settings[key] = on
            app.sounds.muted = bool(app.settings["muted"])
            app.save_settings()
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.set_volume(event.value / 100)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.back()
            elif event.ui_element is self.charts:
                app.open("stats")
            elif event.ui_element is self.forget:
                self.ask_forget()
            return True
        return False

    def set_volume(self, volume: float) -> None:
        """The sounds' volume (0..1), remembered; a sample sound says how loud it is now."""
        self.app.sounds.volume = volume
        self.app.settings["volume"] = self.app.sounds.volume
        self.app.save_settings()
        self.app.sounds.play("drop")

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        text(surface, "Settings", (app.px(60), app.px(30)), app.px(34), pal.text, style="bold")
        y0, gap = app.px(98), app.px(84)
        for i, label in enumerate(("Palette", "Dice set")):
            text(surface, label, (app.px(60), y0 + i * gap), app.px(15), pal.dim_text)
        text(surface, f"Sound volume {round(app.sounds.volume * 100)}%", (app.px(60), self.volume.rect.top - app.px(22)),
             app.px(15), pal.dim_text)
        box, body = self.server.rect, text_size("body", app.scale)
        text(surface, "Standings server (host:port; empty: none)", (box.x, y0), app.px(15), pal.dim_text)
        typed = self.server.get_text().strip() != str(app.settings.get(SETTING, "")).strip()
        line = "Enter keeps this address" if typed and not self.server_line else self.server_line
        text_block(surface, [line], pygame.Rect(box.x, box.bottom + app.px(6), box.width, self.note_top - box.bottom - app.px(10)),
                   app.px(15), pal.illegal if self.server_bad and line == self.server_line else pal.dim_text)
        for i, part in enumerate(wrap(NAME_NOTE, body, box.width)):
            text(surface, part, (box.x, self.note_top + i * round(body * 1.3)), body, pal.text)
