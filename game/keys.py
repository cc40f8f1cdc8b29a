"""The one table of key and mouse bindings.

Scenes never test key codes themselves: they ask `action(event)` for the name of the
action an event means ("undo", "rotate", "left", ...) and act on that. The help overlay and
button tooltips use `describe(action)`, so what is shown is always what works.
"""
from __future__ import annotations

import pygame

CTRL, SHIFT = 1, 2

# action -> list of (key, modifiers). Modifiers must match exactly (Ctrl and Shift; Alt ignored).
KEYS: dict[str, list[tuple[int, int]]] = {
    "back": [(pygame.K_ESCAPE, 0)],
    "help": [(pygame.K_F1, 0)],
    "undo": [(pygame.K_z, CTRL), (pygame.K_u, 0)],
    "redo": [(pygame.K_y, CTRL), (pygame.K_z, CTRL | SHIFT)],
    "restart": [(pygame.K_r, CTRL)],
    "new": [(pygame.K_n, CTRL), (pygame.K_F2, 0)],
    "save": [(pygame.K_s, CTRL)],
    "load": [(pygame.K_o, CTRL)],
    "copy": [(pygame.K_c, CTRL)],
    "paste": [(pygame.K_v, CTRL)],
    "hint": [(pygame.K_h, 0)],
    "pause": [(pygame.K_p, 0)],
    "solve": [(pygame.K_s, SHIFT)],
    "count": [(pygame.K_c, SHIFT)],
    "rotate": [(pygame.K_r, 0), (pygame.K_e, 0)],
    "rotate_back": [(pygame.K_r, SHIFT), (pygame.K_q, 0)],
    "flip": [(pygame.K_f, 0)],
    "place": [(pygame.K_RETURN, 0), (pygame.K_KP_ENTER, 0), (pygame.K_SPACE, 0)],
    "drop": [(pygame.K_BACKSPACE, 0), (pygame.K_DELETE, 0)],
    "next_piece": [(pygame.K_TAB, 0)],
    "prev_piece": [(pygame.K_TAB, SHIFT)],
    "up": [(pygame.K_UP, 0), (pygame.K_w, 0)],
    "down": [(pygame.K_DOWN, 0), (pygame.K_s, 0)],
    "left": [(pygame.K_LEFT, 0), (pygame.K_a, 0)],
    "right": [(pygame.K_RIGHT, 0), (pygame.K_d, 0)],
    "fullscreen": [(pygame.K_F11, 0)],
    "edit_dice": [(pygame.K_d, CTRL)],
    "solutions": [(pygame.K_l, 0)],
}
# Number keys 1..9 pick the n-th piece of the tray.
PIECE_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
              pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9]

# Mouse: the left button drags and clicks, the wheel rotates (up: clockwise), the right
# button flips a held piece (or puts it back when nothing would flip).
MOUSE_DRAG = 1
MOUSE_FLIP = 3
WHEEL_ROTATES = True

LABELS = {
    "back": "back / cancel", "help": "this help", "undo": "undo", "redo": "redo", "restart": "restart",
    "new": "new game", "save": "save game", "load": "load game", "copy": "copy game ID",
    "paste": "play the game ID on the clipboard", "hint": "hint", "pause": "pause / resume", "solve": "solve (animated)",
    "count": "count solutions", "rotate": "rotate clockwise", "rotate_back": "rotate anticlockwise",
    "flip": "flip", "place": "pick up / place at the cursor", "drop": "put the held piece back",
    "next_piece": "select next piece", "prev_piece": "select previous piece",
    "up": "cursor up", "down": "cursor down", "left": "cursor left", "right": "cursor right",
    "fullscreen": "full screen",
    "edit_dice": "dice editor",
    "solutions": "every solution of the roll (after a win)",
}


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
    mods = modifiers(getattr(event, "mod", 0))
    for name, combos in KEYS.items():
        for key, need in combos:
            if event.key == key and mods == need:
                return name
    if getattr(event, "unicode", "") == "?":      # wherever '?' sits on the keyboard
        return "help"
    return None


def piece_number(event: pygame.event.Event) -> int | None:
    """0..8 for the keys 1..9 (without Ctrl), else None."""
    if event.type != pygame.KEYDOWN or modifiers(getattr(event, "mod", 0)) & CTRL:
        return None
    try:
        return PIECE_KEYS.index(event.key)
    except ValueError:
        return None


def key_name(key: int, mods: int) -> str:
    parts = []
    if mods & CTRL:
        parts.append("Ctrl")
    if mods & SHIFT:
        parts.append("Shift")
    name = pygame.key.name(key)
    parts.append(name.upper() if len(name) == 1 else name.title())
    return "+".join(parts)


def describe(name: str) -> str:
    """The keys for an action, e.g. 'Ctrl+Z, U'."""
    return ", ".join(key_name(k, m) for k, m in KEYS.get(name, []))


def help_lines() -> list[tuple[str, str]]:
    """(keys, what they do) for the help overlay, in table order."""
    lines = [(describe(name), LABELS.get(name, name)) for name in KEYS]
    lines[lines.index((describe("help"), LABELS["help"]))] = ("F1, ?", LABELS["help"])
    lines.insert(0, ("1 .. 9", "select a piece of the tray"))
    lines.append(("Mouse", "drag pieces; wheel rotates; right button flips"))
    return lines
