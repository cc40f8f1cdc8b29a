"""Settings and statistics: palette, dice set, animations, piece labels; best times."""
from __future__ import annotations

import pygame
import pygame_gui

from game import keys
from game.draw import theme
from game.draw.widgets import text
from game.play.match import format_time
from game.scenes.base import Scene
from game.scenes.genius.dice_menu import DiceMenu, dice_label
from game.scenes.registry import PUZZLES
from game.storage import DEFAULT_STATISTICS
from game.puzzles.genius.versus_stats import statistics_rows

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
        self.reset = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 + app.px(40), bottom, app.px(240), app.px(44)), "Reset statistics", app.ui))
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(60), bottom, app.px(200), app.px(44)), "Back (Esc)", app.ui))
        self.charts = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 + app.px(40), bottom - app.px(56), app.px(240), app.px(44)), "Charts and streaks",
            app.ui))

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
            elif event.ui_element is self.reset:
                self.confirm("Forget every best time and count?", self.reset_statistics, action="Reset")
            return True
        return False

    def set_volume(self, volume: float) -> None:
        """The sounds' volume (0..1), remembered; a sample sound says how loud it is now."""
        self.app.sounds.volume = volume
        self.app.settings["volume"] = self.app.sounds.volume
        self.app.save_settings()
        self.app.sounds.play("drop")

    def reset_statistics(self) -> None:
        import copy
        self.app.statistics = copy.deepcopy(DEFAULT_STATISTICS)
        self.app.save_statistics()
        self.app.toasts.show("Statistics reset")

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        text(surface, "Settings", (app.px(60), app.px(30)), app.px(34), pal.text, style="bold")
        y0, gap = app.px(98), app.px(84)
        for i, label in enumerate(("Palette", "Dice set")):
            text(surface, label, (app.px(60), y0 + i * gap), app.px(15), pal.dim_text)
        text(surface, f"Sound volume {round(app.sounds.volume * 100)}%", (app.px(60), self.volume.rect.top - app.px(22)),
             app.px(15), pal.dim_text)
        x = w // 2 + app.px(40)
        text(surface, "Statistics", (x, app.px(30)), app.px(34), pal.text, style="bold")
        y = app.px(100)
        for label, value in statistics_lines(app.statistics):
            text(surface, label, (x, y), app.px(18), pal.text if not value else pal.dim_text,
                 style="bold" if not value else "regular", max_width=w - x - app.px(160))
            if value:
                text(surface, value, (w - app.px(60), y), app.px(18), pal.text, anchor="topright", style="mono")
            y += app.px(30)


def statistics_lines(statistics: dict) -> list[tuple[str, str]]:
    """(label, value) rows for every puzzle in the statistics; a heading has an empty value.

    Each puzzle's entry may hold 'played', 'solved' and 'best' (key -> seconds)."""
    titles = {e.key: e.title for e in PUZZLES}
    lines = []
    for puzzle in sorted(statistics, key=lambda k: list(titles).index(k) if k in titles else len(titles)):
        stats = statistics[puzzle]
        if not isinstance(stats, dict):
            continue
        lines += [(titles.get(puzzle, puzzle), ""), ("games started", str(stats.get("played", 0))),
                  ("boards filled", str(stats.get("solved", 0)))]
        best = stats.get("best") or {}
        for key in sorted(best):
            lines.append((f"best time, {dice_label(key).lower()}", format_time(best[key])))
        if not best:
            lines.append(("best times", "none yet"))
        if puzzle == "genius":
            lines += statistics_rows(statistics)
    return lines
