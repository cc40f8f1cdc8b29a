"""What the player asks of a board, as plain values (Tatham's front end to mid end).

A screen turns each pygame event into at most one `Command` in one step (game/scenes/
play_input.py), using its view's geometry: the pixel becomes a board square or a tray slot
once, there. The puzzle's `interpret(hand, position, command)` answers with an `Outcome`:
a move string for the session to play (`Play`), a change of what is held or where
(`Changed`), a refusal in the player's words (`Refused`) or `UNUSED`; the session's
`process` turns that into `Effect`s (a sound, a message, a motion) that the screen performs,
and falls back to the mid end's own keys (undo, redo, restart, hint, solve, pause) for a
command the puzzle did not use.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

MAIN, OTHER = "main", "other"       # the mouse buttons: the one that drags, and the other (right)


# ---------------------------------------------------------------------- where the pointer is
@dataclass(frozen=True)
class Square:
    """A board square (row, col); a pointer just off the board's edge gives the square there
    (row or column -1 or one past the last), so a piece can hang over the edge."""
    row: int
    col: int


@dataclass(frozen=True)
class Slot:
    """A tray slot (the n-th piece or tile, from 0) and, for a Genius piece, the square of its
    tray shape under the pointer (the one that stays under the pointer once picked up)."""
    index: int
    grab: tuple[int, int] | None = None


Target = Union[Square, Slot, None]       # None: over nothing of the board or the tray


# ---------------------------------------------------------------------- commands
@dataclass(frozen=True)
class Press:
    """A mouse button went down at `at`."""
    at: Target
    button: str = MAIN


@dataclass(frozen=True)
class Release:
    """The dragging button came up at `at`; `click`: it had hardly moved since the press."""
    at: Target
    click: bool = False


@dataclass(frozen=True)
class Hover:
    """The pointer moved to `at` (the held item follows it)."""
    at: Target


@dataclass(frozen=True)
class Key:
    """A named action of the key table (game/keys.py): 'place', 'drop', 'undo', ..."""
    action: str


@dataclass(frozen=True)
class Pick:
    """A number key: the piece or tile of that number (a MacMahon number may take two keys:
    `digit` is the key typed, the hand puts the number together)."""
    digit: int


@dataclass(frozen=True)
class Turn:
    """Turn the held item (or the one at the keyboard cursor) `times` quarter turns clockwise."""
    times: int = 1


@dataclass(frozen=True)
class Flip:
    """Turn the held Genius piece over."""


@dataclass(frozen=True)
class Cursor:
    """Move the keyboard cursor one square."""
    dr: int
    dc: int


Command = Union[Press, Release, Hover, Key, Pick, Turn, Flip, Cursor]


# ---------------------------------------------------------------------- what a puzzle answers
@dataclass(frozen=True)
class Play:
    """A move for the session (`item`: what moved, in the player's words; `sound`: the drop's)."""
    move: str
    item: str
    sound: str = "drop"
    settle: object = None        # what settles with a glow once played (a piece, a cell)


@dataclass(frozen=True)
class Changed:
    """What is held, or where, changed: no move (`sound`: what it sounds like, if anything)."""
    sound: str | None = None
    motion: str | None = None    # 'turned', 'flipped'
    times: int = 1
    toast: str | None = None     # a word to the player (a given tile stays put, ...)


@dataclass(frozen=True)
class Refused:
    """The rules refuse it: `reason` in the player's words, about `item`; `home`: where the
    refused held item flies back to (its piece or cell, for the view), if it was held."""
    reason: str
    item: str
    home: object = None
    seconds: float = 2.5


class _Unused:
    """The puzzle has no use for the command: the session's own keys may."""

    def __repr__(self) -> str:
        return "UNUSED"


UNUSED = _Unused()
Outcome = Union[Play, Changed, Refused, _Unused]


# ---------------------------------------------------------------------- what a screen performs
@dataclass(frozen=True)
class Sound:
    name: str


@dataclass(frozen=True)
class Toast:
    """A message for a moment; `alarm`: in the colour of a refusal."""
    text: str
    seconds: float = 2.5
    alarm: bool = False


@dataclass(frozen=True)
class Withdraw:
    """A message shown by a Toast that is no longer true: taken down before its time."""
    text: str


@dataclass(frozen=True)
class Motion:
    """A movement of the held item: 'turned' (times), 'flipped', 'settled' (what), 'refused'
    (home: where it flies back to)."""
    kind: str
    arg: object = None


@dataclass(frozen=True)
class Unused:
    """Nobody below the screen used the command (the screen's own actions may: New, Save, ...)."""
    command: Command




@dataclass(frozen=True)
class Ask:
    """A yes/no question for the player; `on_yes()` runs if they agree (Enter says no to a
    `destructive` one)."""
    question: str
    on_yes: object
    title: str = "Are you sure?"
    action: str = "OK"


@dataclass(frozen=True)
class Replace:
    """Put another game on the board with `start()`, asking first if that abandons one in
    progress (`what`: the other game, in words)."""
    start: object
    what: str = "a new game"


@dataclass(frozen=True)
class Banner:
    """Lines over the board for a moment (a race's result, a loss), no confetti, with `sound`;
    one that `stays` shows until the player closes it (a ranked run's result); `again`: new words
    for the banner on show (a ranked run's place moved), no sound, nothing once it is closed."""
    lines: tuple
    sound: str = "win"
    stays: bool = False
    again: bool = False


@dataclass(frozen=True)
class Open:
    """Open the screen `key` on top of this one (game/screens.py), with `options`."""
    key: str
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Leave:
    """Close this screen."""


@dataclass(frozen=True)
class Refresh:
    """What applies changed: the buttons' states and labels are shown again."""


@dataclass(frozen=True)
class Rebuild:
    """The screen's widgets change (another mode's buttons, another board's size)."""


Effect = Union[Sound, Toast, Motion, Unused, Ask, Replace, Banner, Refresh, Rebuild]
