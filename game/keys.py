"""The one table of key and mouse bindings, for both puzzles.

Scenes never test key codes themselves: they ask `action(event)` for the name of the
action an event means ("undo", "rotate", "left", ...) and act on that. The key table of
each puzzle (`help_lines(puzzle)`) and the button tooltips use `describe(action)`, so what is
shown is always what works; a puzzle's own actions (`ONLY`) and words (`WORDS`) are here too.
"""
from __future__ import annotations

import pygame

CTRL, SHIFT = 1, 2

# action -> list of (key, modifiers). Modifiers must match exactly (Ctrl and Shift; Alt ignored).
KEYS: dict[str, list[tuple[int, int]]] = {
    "back": [(pygame.K_ESCAPE, 0)],
    "quit": [(pygame.K_q, CTRL)],
    "help": [(pygame.K_F1, 0)],
    "undo": [(pygame.K_z, CTRL), (pygame.K_u, 0)],
    "redo": [(pygame.K_y, CTRL), (pygame.K_z, CTRL | SHIFT)],
    "restart": [(pygame.K_r, CTRL)],
    "new": [(pygame.K_n, CTRL), (pygame.K_F2, 0)],
    "save": [(pygame.K_s, CTRL)],
    "load": [(pygame.K_o, CTRL)],
    "copy": [(pygame.K_c, CTRL)],
    "copy_result": [(pygame.K_c, CTRL | SHIFT)],
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
    "mode": [(pygame.K_m, 0)],
    "variant": [(pygame.K_v, 0)],
    "browse": [(pygame.K_b, 0)],
    "next_puzzle": [(pygame.K_n, 0)],
    "harder": [(pygame.K_RIGHTBRACKET, 0)],
    "same_level": [(pygame.K_EQUALS, 0)],
    "level_menu": [(pygame.K_l, SHIFT)],
}
# The actions only one puzzle has.
ONLY = {"genius": {"flip", "edit_dice", "solutions"}, "macmahon": {"mode", "variant", "browse"}}
# Number keys 1..9 pick the n-th piece of the tray.
PIECE_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
              pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9]

# Mouse: the left button drags (moves) and clicks (takes from the tray; turns a placed piece
# clockwise where it lies), the wheel rotates (up: clockwise), the right button turns the
# other way: it flips a Genius piece and turns a MacMahon tile anticlockwise, held or placed.
MOUSE_DRAG = 1
MOUSE_FLIP = 3
WHEEL_ROTATES = True

LABELS = {
    "back": "back / cancel", "quit": "quit (the game is kept)", "help": "this help", "undo": "undo", "redo": "redo",
    "restart": "restart",
    "new": "new game", "save": "save game", "load": "load game", "copy": "copy game ID",
    "copy_result": "copy a won daily's result (the line to share)",
    "paste": "play the game ID on the clipboard", "hint": "hint", "pause": "pause / resume", "solve": "solve (animated)",
    "count": "count solutions", "rotate": "rotate clockwise", "rotate_back": "rotate anticlockwise",
    "flip": "flip", "place": "pick up / place at the cursor", "drop": "put the held piece back",
    "next_piece": "select next piece", "prev_piece": "select previous piece",
    "up": "cursor up", "down": "cursor down", "left": "cursor left", "right": "cursor right",
    "fullscreen": "full screen",
    "edit_dice": "dice editor",
    "solutions": "every solution of the roll (after a win)",
    "next_puzzle": "next puzzle (after a win)",
    "harder": "a board one level harder (after a win)",
    "same_level": "a board of the same level (after a win)",
    "level_menu": "open the Level picker (Up/Down, Enter picks, Esc closes)",
    "mode": "strict / free mode", "variant": "next variant (board and colour set)", "browse": "the solution browser",
}
# What a puzzle calls an action where the words above do not fit it; its number keys and mouse.
WORDS = {
    "genius": {"numbers": ("1 .. 9", "select a piece of the tray"),
               "mouse": ("Mouse", "drag pieces; click a placed one to turn it; wheel rotates; right button flips")},
    "macmahon": {"count": "is this still solvable?", "solve": "solve from here (animated)",
                 "place": "place the tile in hand / pick up the tile at the cursor",
                 "drop": "put the tile in hand back / take the tile at the cursor to the tray",
                 "rotate": "turn clockwise (the tile in hand, or the one at the cursor)",
                 "rotate_back": "turn anticlockwise", "next_piece": "hold the next tile of the tray",
                 "prev_piece": "hold the previous tile of the tray",
                 "numbers": ("1 .. 24", "hold tile number N (type two digits quickly)"),
                 "mouse": ("Mouse", "drag tiles; click a placed one to turn it; wheel turns; right button turns anticlockwise")},
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


def help_lines(puzzle: str = "genius") -> list[tuple[str, str]]:
    """(keys, what they do) of `puzzle`'s key table, in table order."""
    words = {**LABELS, **WORDS[puzzle]}
    others = set().union(*(only for name, only in ONLY.items() if name != puzzle))
    lines = [("F1, ?" if name == "help" else describe(name), words[name]) for name in KEYS if name not in others]
    return [words["numbers"], *lines, words["mouse"]]
