"""The Scene base class: one screen of the game (title, a puzzle, settings, a dialog).

The app keeps a stack of scenes and only the top one gets events, updates and draws.
A scene builds its pygame-gui widgets in `build_ui()` with `self.add(...)`; the app tears
them down and builds them again whenever the scene is covered, uncovered or the window is
resized, so layouts are always computed from the current window size.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.draw.widgets import FileDialog, pressed_name
from game.play.commands import Ask, Leave, Open


class Scene:
    """Override what you need; every method has a sensible default."""

    #: the window title while this scene is on top
    caption = "Squarewise"
    #: the part of the window that changes when `redraw_in` comes due with nothing else happening
    #: (a play screen's clock bar: the app redraws that part alone), or None: all of it
    due_area: pygame.Rect | None = None

    def __init__(self, app):
        self.app = app
        self.widgets: list = []
        self._dialogs: dict = {}     # pygame-gui dialog -> callback

    # --- life cycle -------------------------------------------------------------------
    def on_enter(self) -> None:
        """The scene became the top of the stack (pushed, or uncovered by a pop)."""
        self.build_ui()

    def on_exit(self) -> None:
        """The scene stopped being the top (covered by a push, or popped)."""
        self.clear_ui()

    def on_resize(self) -> None:
        """The window changed size (or the UI scale or palette changed)."""
        self.clear_ui()
        self.build_ui()

    def on_focus(self, active: bool) -> None:
        """The player can (True) or cannot (False) see and play this scene any more: the window
        lost or regained the focus, was minimised or restored, hidden or shown. A scene with a
        clock pauses it here. Only the top scene is told."""

    def on_quit(self) -> None:
        """The app is closing: save anything worth keeping (called on every scene in the stack)."""

    # --- widgets ----------------------------------------------------------------------
    def build_ui(self) -> None:
        """Create this scene's pygame-gui widgets (use `self.add`)."""

    def add(self, element):
        """Register a pygame-gui element so it is killed with the scene's UI."""
        self.widgets.append(element)
        return element

    def clear_ui(self) -> None:
        for element in self.widgets:
            element.kill()
        self.widgets.clear()
        self._dialogs.clear()

    # --- dialogs (pygame-gui windows; their answer comes back through a callback) -----
    def ask_file(self, title: str, on_pick, initial: Path | str | None = None, *,
                 must_exist: bool = True, suffixes=(".json",)) -> None:
        """A file dialog; `on_pick(path)` runs with the chosen Path."""
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(w - 40, self.app.px(640)), min(h - 40, self.app.px(480)))
        rect.center = (w // 2, h // 2)
        dialog = self.add(FileDialog(
            rect, self.app.ui, window_title=title, initial_file_path=str(initial) if initial else None,
            allowed_suffixes=set(suffixes), allow_existing_files_only=must_exist, always_on_top=True))
        self._dialogs[dialog] = lambda event: on_pick(Path(event.text))

    def answer(self, effect, perform) -> bool:
        """Do what a part of the screen asks that only a screen does: a question (`Ask`: the effects
        of a yes go to `perform`), another screen over this one (`Open`), this one closed (`Leave`).
        False if `effect` is none of these."""
        if isinstance(effect, Ask):
            self.confirm(effect.question, lambda: perform(effect.on_yes() or []), effect.title, effect.action)
        elif isinstance(effect, Open):
            self.app.open(effect.key, **effect.options)
        elif isinstance(effect, Leave):
            self.app.pop()
        return isinstance(effect, (Ask, Open, Leave))

    def confirm(self, message: str, on_yes, title: str = "Are you sure?", action: str = "OK", *,
                destructive: bool = False) -> None:
        """A yes/no dialog; `on_yes()` runs if confirmed. A `destructive` one (its yes throws work
        away) is not the default: Enter answers no."""
        w, h = self.app.size
        rect = pygame.Rect(0, 0, self.app.px(420), self.app.px(220))
        rect.center = (w // 2, h // 2)
        dialog = self.add(pygame_gui.windows.UIConfirmationDialog(
            rect, message, self.app.ui, window_title=title, action_short_name=action, always_on_top=True))
        dialog.enter_cancels = destructive
        self._dialogs[dialog] = lambda event: on_yes()

    @property
    def dialog_open(self) -> bool:
        return any(d.alive() for d in self._dialogs)

    def handle_dialog(self, event) -> bool:
        """Route a dialog's answer to its callback (the app calls this before handle_event)."""
        if event.type in (pygame_gui.UI_FILE_DIALOG_PATH_PICKED, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED):
            dialog = getattr(event, "ui_element", None)
            callback = self._dialogs.pop(dialog, None)
            if callback:
                dialog.kill()            # answered: closed (pygame-gui closes it too), so keys are the game's again
                callback(event)
                return True
        return False

    def copy_game_id(self, game_id: str) -> None:
        """Put a game ID on the clipboard (or, with no clipboard, show it) and say so."""
        ok = self.app.copy_text(game_id)
        self.app.toasts.show("Game ID copied" if ok else f"No clipboard here; the game ID is {game_id}")

    def run_pressed(self, event) -> bool:
        """A press of one of the scene's `buttons` (name -> button) runs `self.do(name)`; True if it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = pressed_name(event, self.buttons)
        if name is not None:
            self.do(name)
        return name is not None

    # --- the frame --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event (pygame-gui's own events arrive here too); True if used."""
        return False

    def back(self) -> None:
        """Escape: leave this scene."""
        self.app.pop()

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def redraw_in(self) -> float | None:
        """Seconds until this scene looks different with no event: 0 while it animates, None
        (the default) while it is still. The app sleeps until then, so a still screen costs nothing."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (the app draws the widgets and messages on top)."""
        surface.fill(self.app.palette.background)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw what must cover the widgets too (a dragged piece, a help screen)."""
