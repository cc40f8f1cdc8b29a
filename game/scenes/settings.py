"""Settings: palette, dice set, animations, piece labels, sound. The numbers are on the one
statistics screen (game/scenes/stats.py), which a button here opens."""
from __future__ import annotations

import pygame
import pygame_gui

from game import keys
from game.draw import theme
from game.draw.widgets import text
from game.scenes.base import Scene
from game.scenes.genius.dice_menu import DiceMenu

class SettingsScene(Scene):
    caption = "Squarewise - settings"

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        col = pygame.Rect(app.px(60), app.px(124), min(app.px(460), w // 2 - app.px(80)), app.px(40))
        gap = app.px(84)
        labels = [p.label for p in theme.PALETTES.values()]
        self.palette_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            labels, app.palette.label, col.copy(), app.ui))
        col.y += gap
        self.dice = DiceMenu(self, col.copy())
        self.dice_menu = self.dice.menu
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
        bottom = h - app.px(80)
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(60), bottom, app.px(200), app.px(44)), "Back (Esc)", app.ui))
        self.charts = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(60) + app.px(216), bottom, app.px(200), app.px(44)), "Statistics...", app.ui))

    def handle_event(self, event) -> bool:
        app = self.app
        if keys.action(event) == "edit_dice":
            self.dice.open_editor()
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
            return self.dice.handle(event)
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
