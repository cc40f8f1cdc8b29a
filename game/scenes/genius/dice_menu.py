"""The dice-set menu (default, alternative, a custom file, the dice editor), shared by Settings and the game."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game import keys
from solver.errors import SquarewiseError

CUSTOM = "Custom file..."
EDIT = "Edit dice..."


def dice_label(setting: str) -> str:
    """How a dice setting reads in a menu: 'Default', 'Alternative' or 'File: NAME'."""
    if setting in ("default", "alternative"):
        return setting.capitalize()
    if setting.endswith(".json") or "/" in setting or "\\" in setting:
        return f"File: {Path(setting).name}"
    return setting


class DiceMenu:
    """A pygame-gui drop-down bound to the 'dice' setting; the choice applies from the next roll."""

    def __init__(self, scene, rect: pygame.Rect):
        self.scene = scene
        app = scene.app
        current = app.settings.get("dice", "default")
        options = ["Default", "Alternative"]
        if current not in ("default", "alternative"):
            options.append(dice_label(current))
        options += [CUSTOM, EDIT]
        self.menu = scene.add(pygame_gui.elements.UIDropDownMenu(options, dice_label(current), rect, app.ui,
                                                                 expansion_height_limit=app.px(200)))

    def handle(self, event) -> bool:
        """Act on the menu's own events (and the edit_dice key); True if the event was for it."""
        if keys.action(event) == "edit_dice":
            self.open_editor()
            return True
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or event.ui_element is not self.menu:
            return False
        if event.text == CUSTOM:
            self.scene.ask_file("Choose a dice set (JSON)", self.use_file)
        elif event.text == EDIT:
            self.open_editor()
        elif event.text in ("Default", "Alternative"):
            self.choose(event.text.lower())
        return True

    def use_file(self, path: Path) -> None:
        from solver.genius import dice
        try:
            dice.load(path)
        except SquarewiseError as exc:
            self.scene.app.toasts.show(str(exc), 5, self.scene.app.palette.illegal)
            self.scene.on_resize()
            return
        self.choose(str(path))

    def choose(self, setting: str) -> None:
        app = self.scene.app
        app.settings["dice"] = setting
        app.save_settings()
        app.toasts.show(f"Dice set: {dice_label(setting)} (from the next roll)")
        self.scene.on_resize()

    def open_editor(self) -> None:
        """Push the dice editor, starting from the current dice setting."""
        self.scene.app.open("dice-editor")
