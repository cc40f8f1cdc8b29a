"""The one translation step of a play screen's input: a pygame event becomes at most one
`Command` (game/play/commands.py), the pixel a board square or a tray slot through the view's
`target_at`. What comes after (what the command means) is the puzzle's and the session's.
"""
from __future__ import annotations

import pygame

from game import keys
from game.play.commands import MAIN, OTHER, Cursor, Flip, Hover, Key, Pick, Press, Release, Turn
from solver.grid import is_ascii_number

CLICK_SLOP = 6             # pixels a press may move and still count as a click
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
TURNS = {"rotate": 1, "rotate_back": 3}
RESIZES = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)     # the window's new size (the App has laid it out)


class Pointer:
    """Where the pointer is, and where the dragging button went down (for a click)."""

    def __init__(self):
        self.pos = (0, 0)
        self.pressed_at: tuple[int, int] | None = None


def translate(event, target_at, pointer: Pointer, hand):
    """The command `event` makes (None: none). `target_at(pos)`: the view's square or slot at a
    pixel; `hand`: what is held (the wheel turns only that; a resize places again what the
    mouse holds under the pointer, in the new layout, without waiting for the pointer to move)."""
    if event.type == pygame.KEYDOWN:
        return key_command(event)
    if event.type in RESIZES:
        mouse_held = hand.held is not None and not getattr(hand, "keyboard", False)
        return Hover(target_at(pointer.pos)) if mouse_held else None
    if event.type == pygame.MOUSEMOTION:
        pointer.pos = event.pos
        return Hover(target_at(event.pos))
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (keys.MOUSE_DRAG, keys.MOUSE_FLIP):
        pointer.pos = event.pos
        if event.button == keys.MOUSE_DRAG:
            pointer.pressed_at = event.pos
        return Press(target_at(event.pos), MAIN if event.button == keys.MOUSE_DRAG else OTHER)
    if event.type == pygame.MOUSEBUTTONUP and event.button == keys.MOUSE_DRAG:
        pointer.pos = event.pos
        press, pointer.pressed_at = pointer.pressed_at, None
        click = press is not None and abs(press[0] - event.pos[0]) + abs(press[1] - event.pos[1]) <= CLICK_SLOP
        return Release(target_at(event.pos), click)
    if event.type == pygame.MOUSEWHEEL and hand.held is not None and keys.WHEEL_ROTATES:
        return Turn(1 if event.y > 0 else 3)
    return None


def key_command(event):
    """The command of a key: a number picks, the arrows move the cursor, R / Q turn, F flips,
    any other key of the table is its named action."""
    name = keys.action(event)
    if name is None:
        number = keys.piece_number(event)
        typed = getattr(event, "unicode", "") or ""
        if number is not None:
            return Pick(number + 1)
        if is_ascii_number(typed, 1) and not keys.modifiers(getattr(event, "mod", 0)) & keys.CTRL:
            return Pick(int(typed))
        return None
    if name in DIRECTIONS:
        return Cursor(*DIRECTIONS[name])
    if name in TURNS:
        return Turn(TURNS[name])
    return Flip() if name == "flip" else Key(name)
