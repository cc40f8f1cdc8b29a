"""`Frame`: everything a play screen's view draws, built once per frame (Tatham's `redraw` is
handed the old and new state and the ui; a view here is handed a Frame and reads nothing else).

The session fills in the match's part (the position on show without the held item, the hand,
where the held item would land, the status and clock lines, pause, the job under way); the
screen adds what its mode shows (`Shows`) and the animations under way (`Anims`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Shows:
    """What the mode on the board adds to the picture."""
    subtitle: str = ""                   # under the title ('Default · #41,233 · hard', 'race: player 2')
    cover: tuple[str, ...] = ()          # the board is hidden under these lines (a race's hand-over)
    free: Any = None                     # free mode's blockers (game/puzzles/genius/free.py FreeBoard)
    rivals: tuple = ()                   # the others' boards: (lines, position) each
    guide: Any = None                    # the guided first game's card (game/scenes/guide.py Guide)
    offers: tuple[str, ...] = ()         # the win's offers on show (they take the dice's strip)
    facts: tuple[str, ...] = ()          # lines of facts under the status (MacMahon: tiles placed, best time)
    game_id: bool = True                 # the game ID on show (not where the mode plays no game ID: a ranked run)


@dataclass(frozen=True)
class Anims:
    """The movements under way, owned by the screen."""
    celebration: Any = None              # the win's confetti and banner (game/scenes/anim.py)
    banner: tuple[str, ...] = ()         # the win banner's lines while they show
    motion: Any = None                   # the held item's lift, turn, settle and flight home
    roll: Any = None                     # the dice rolling in (Genius)


@dataclass(frozen=True)
class Frame:
    match: Any                           # the Match on the board (None while the first roll is drawn)
    shown: Any                           # the position the board shows: without the held item
    hand: Any                            # the puzzle's Hand: held item, cursor, keyboard, marks
    landing: Any                         # where the held item would land and whether it may (None: nothing held)
    status: str
    clock: str
    paused: bool
    job: Any                             # the solver job under way (label, fraction, age), or None
    pointer: tuple[int, int] = (0, 0)    # the pointer, in pixels (the held item off the board follows it)
    shows: Shows = field(default_factory=Shows)
    anims: Anims = field(default_factory=Anims)
    labels: bool = False                 # the pieces' names drawn on them (a setting)

    @property
    def finished(self) -> bool:
        return self.match is not None and self.match.finished
