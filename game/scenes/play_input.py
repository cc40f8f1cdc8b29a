"""`PlayInput`: the keys and the mouse of a play scene (a mixin of `PlayScene`).

The held item (a Genius piece, a MacMahon tile) is dragged, or clicked to carry it until the
next click; the wheel and R / Q turn it; the arrows move a keyboard cursor on the board and
Enter / Delete place, pick up or send back at the cursor. What is held, how it turns and
what a board cell holds are the puzzle scene's hooks below.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from game import keys

CLICK_SLOP = 6             # pixels a press may move and still count as a click
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class PlayInput:
    """Turns keys and mouse events into the scene's actions and hooks."""

    def handle_input(self, event) -> bool:
        """Keys, the mouse and the wheel."""
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.on_press(event)
        if event.type == pygame.MOUSEBUTTONUP:      # every release reaches the scene, over a button too
            self.keyboard = False                   # the mouse is in use: no keyboard cursor
            if event.button == keys.MOUSE_DRAG:
                return self.on_release(event)
            return False
        if event.type == pygame.MOUSEWHEEL and self.held and keys.WHEEL_ROTATES:
            self.turn_held(1 if event.y > 0 else 3)
            return True
        return False

    def on_key(self, event) -> bool:
        name = keys.action(event)
        if self.job is not None and name == "back":
            self.cancel_job()
            return True
        used = self.puzzle_key(event, name)
        if used is not None:
            return used
        if name in ("next_piece", "prev_piece"):
            return self.select_next(1 if name == "next_piece" else -1)
        if self.cursor_key(name):
            return True
        if name in ("rotate", "rotate_back"):
            times = 1 if name == "rotate" else 3
            if self.held is None:
                return self.turn_at_cursor(times)
            self.turn_held(times)
            return True
        if name == "place":
            self.keyboard = True
            if self.held:
                self.drop()
            else:
                self.take_at_cursor()
            return True
        if name == "drop":
            if self.held:
                self.held = None
            else:
                self.remove_at_cursor()
            return True
        if name == "back" and self.held:
            self.held = None
            return True
        if name and name != "back":
            return self.do(name)
        return False

    def cursor_key(self, name: str | None) -> bool:
        """The arrows (or WASD) move the keyboard cursor; True if `name` was one of them."""
        if name not in DIRECTIONS:
            return False
        self.move_cursor(*DIRECTIONS[name])
        self.keyboard = True
        return True

    def puzzle_key(self, event, name: str | None) -> bool | None:
        """Hook: a key only this puzzle knows (or a mode that takes every key): whether it was
        used, or None to carry on with the shared keys."""
        return None

    def on_press(self, event) -> bool:
        self.mouse = event.pos
        self.keyboard = False
        if self.hands_off():
            return False
        if event.button == keys.MOUSE_FLIP:
            return self.right_press(event.pos)
        if event.button != keys.MOUSE_DRAG:
            return False
        if self.held is not None:
            if self.held.sticky:
                self.drop()
                return True
            return False
        self.press = event.pos
        return self.pick_up_at(event.pos)

    def on_release(self, event) -> bool:
        self.mouse = event.pos
        if self.held is None or self.held.sticky:
            return False
        press, self.press = self.press, None
        if press is not None and abs(press[0] - event.pos[0]) + abs(press[1] - event.pos[1]) <= CLICK_SLOP:
            self.held = replace(self.held, sticky=True)      # a click: carry it until the next click
            return True
        self.drop()
        return True

    # the hooks of holding, turning and the cursor
    def hands_off(self) -> bool:
        """Hook: True while the board takes nothing from the mouse."""
        return False

    def right_press(self, pos) -> bool:
        """Hook: the right button at `pos`."""
        return False

    def pick_up_at(self, pos) -> bool:
        """Hook: the left button down at `pos` with nothing in hand: pick up what is there."""
        raise NotImplementedError

    def select_next(self, step: int) -> bool:
        """Hook: Tab / Shift+Tab: hold the next (step 1) or previous (-1) item of the tray."""
        raise NotImplementedError

    def move_cursor(self, dr: int, dc: int) -> None:
        """Hook: move the keyboard cursor by a row and a column, staying on the board."""
        raise NotImplementedError

    def turn_held(self, times: int = 1) -> None:
        """Hook: turn the held item `times` quarter turns clockwise."""
        raise NotImplementedError

    def turn_at_cursor(self, times: int) -> bool:
        """Hook: R / Q with nothing in hand."""
        return False

    def take_at_cursor(self) -> None:
        """Hook: Enter with nothing in hand: pick up what is at the cursor."""

    def remove_at_cursor(self) -> None:
        """Hook: Delete with nothing in hand: send what is at the cursor back to the tray."""

    def drop(self) -> None:
        """Hook: put the held item down where it is."""
        raise NotImplementedError
