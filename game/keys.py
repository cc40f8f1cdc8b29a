"""The keys and the mouse as pygame sees them: `action(event)` names the action a key event
means ("undo", "rotate", "left", ...) from the one key table (game/play/key_words.py, where the
keys are named and described), and `piece_number(event)` the tray number a number key picks.
Scenes never test key codes themselves.
"""
from __future__ import annotations

from functools import cache

import pygame

from game.play.key_words import CTRL, KEYS, PIECE_KEYS, SHIFT

# Mouse: the left button drags (moves) and clicks (takes from the tray; turns a placed piece
# clockwise where it lies), the wheel rotates (up: clockwise), the right button turns the
# other way: it flips a Genius piece and turns a MacMahon tile anticlockwise, held or placed.
MOUSE_DRAG = 1
MOUSE_FLIP = 3
WHEEL_ROTATES = True
CONSTANTS = {"enter": "KP_ENTER", "]": "RIGHTBRACKET", "=": "EQUALS"}     # names whose pygame.K_ constant differs


def code(name: str) -> int:
    """The pygame key code of a key named as pygame names it ('escape', 'q', 'f1', ']')."""
    return getattr(pygame, "K_" + CONSTANTS.get(name, name if len(name) == 1 else name.upper()))


@cache
def codes() -> dict[tuple[int, int], str]:
    """(pygame key code, modifiers) -> action, from the key table's names."""
    return {(code(name), mods): action for action, combos in KEYS.items() for name, mods in combos}


@cache
def number_codes() -> tuple[int, ...]:
    return tuple(map(code, PIECE_KEYS))


def modifiers(mods: int) -> int:
    out = 0
    if mods & pygame.KMOD_CTRL or mods & pygame.KMOD_META:
        out |= CTRL
    if mods & pygame.KMOD_SHIFT:
        out |= SHIFT
    return out


def action(event: pygame.event.Event) -> str | None:
    """The action a KEYDOWN event means, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    found = codes().get((event.key, modifiers(getattr(event, "mod", 0))))
    if found is None and getattr(event, "unicode", "") == "?":      # wherever '?' sits on the keyboard
        return "help"
    return found


def piece_number(event: pygame.event.Event) -> int | None:
    """0..8 for the keys 1..9 (without Ctrl), else None."""
    if event.type != pygame.KEYDOWN or modifiers(getattr(event, "mod", 0)) & CTRL:
        return None
    try:
        return number_codes().index(event.key)
    except ValueError:
        return None
