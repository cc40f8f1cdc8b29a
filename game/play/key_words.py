"""The key table in words (no pygame): which keys each action has, by the keys' names, what
each action is called, and the lines of a puzzle's key table. game/keys.py turns a pygame event
into an action from the same table; a button's tooltip, a banner's offer and the key table say
an action's keys with `describe`, so what is shown is always what works.

Each puzzle adds its own words (`PuzzleKeys`, in its entry of the game's list:
game/puzzles/registry.py): the actions only it has and what it calls an action where the words
below do not fit it, its number keys and its mouse.

>>> describe("undo")
'Ctrl+Z, U'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

CTRL, SHIFT = 1, 2

# action -> list of (the key's name, modifiers); modifiers must match exactly (Ctrl and Shift; Alt ignored).
KEYS: dict[str, list[tuple[str, int]]] = {
    "back": [("escape", 0)],
    "quit": [("q", CTRL)],
    "help": [("f1", 0)],
    "undo": [("z", CTRL), ("u", 0)],
    "redo": [("y", CTRL), ("z", CTRL | SHIFT)],
    "restart": [("r", CTRL)],
    "new": [("n", CTRL), ("f2", 0)],
    "save": [("s", CTRL)],
    "load": [("o", CTRL)],
    "copy": [("c", CTRL)],
    "copy_result": [("c", CTRL | SHIFT)],
    "paste": [("v", CTRL)],
    "hint": [("h", 0)],
    "pause": [("p", 0)],
    "solve": [("s", SHIFT)],
    "count": [("c", SHIFT)],
    "rotate": [("r", 0), ("e", 0)],
    "rotate_back": [("r", SHIFT), ("q", 0)],
    "flip": [("f", 0)],
    "place": [("return", 0), ("enter", 0), ("space", 0)],
    "drop": [("backspace", 0), ("delete", 0)],
    "next_piece": [("tab", 0)],
    "prev_piece": [("tab", SHIFT)],
    "up": [("up", 0), ("w", 0)],
    "down": [("down", 0), ("s", 0)],
    "left": [("left", 0), ("a", 0)],
    "right": [("right", 0), ("d", 0)],
    "fullscreen": [("f11", 0)],
    "edit_dice": [("d", CTRL)],
    "solutions": [("l", 0)],
    "mode": [("m", 0)],
    "variant": [("v", 0)],
    "browse": [("b", 0)],
    "next_puzzle": [("n", 0)],
    "harder": [("]", 0)],
    "same_level": [("=", 0)],
    "level_menu": [("l", SHIFT)],
}
PIECE_KEYS = tuple("123456789")          # the number keys: the n-th piece of the tray

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


@dataclass(frozen=True)
class PuzzleKeys:
    """A puzzle's part of the key table: the actions only it has, and what it calls an action
    where LABELS do not fit it, with its "numbers" and "mouse" lines ((keys, what they do))."""
    only: frozenset[str] = frozenset()
    words: Mapping[str, object] = field(default_factory=dict)


def key_name(name: str, mods: int) -> str:
    """A key as the table shows it: 'Ctrl+Z', 'Shift+Tab', 'F1', ']'."""
    parts = (["Ctrl"] if mods & CTRL else []) + (["Shift"] if mods & SHIFT else [])
    return "+".join(parts + [name.upper() if len(name) == 1 else name.title()])


def describe(action: str) -> str:
    """The keys of an action, e.g. 'Ctrl+Z, U'."""
    return ", ".join(key_name(k, m) for k, m in KEYS.get(action, []))


def help_lines(own: PuzzleKeys, others: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(keys, what they do) of a puzzle's key table (`own`: its keys; `others`: the actions only
    other puzzles have, left out), in table order."""
    words = {**LABELS, **own.words}
    lines = [("F1, ?" if name == "help" else describe(name), words[name]) for name in KEYS if name not in others]
    return [words["numbers"], *lines, words["mouse"]]
