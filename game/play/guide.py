"""The guided first game as data and checks (no pygame): the steps a puzzle's first game asks
for ("drag the red square here", "turn this piece", "this drop is refused: here is why", "press H
when stuck"), each checked against what the play screen hands the guide each frame (the
session's position, the hand, the hints asked) and the refusals it is told of. Each puzzle
writes its steps (`GuideGame`, in its entry of the game's list); the screen draws the card
(game/scenes/guide.py).
"""
from __future__ import annotations

from dataclasses import dataclass

PLACED, TURNED, REFUSED, HINTED = "placed", "turned", "refused", "hinted"
DONE_SHOWS = 8.0          # seconds the last card stays once every step is done


@dataclass(frozen=True)
class Step:
    """One thing to do. `check` says how the game sees it done: PLACED (`item` lies on `cell`),
    TURNED (`item` held and turned), REFUSED (a drop the rules refuse), HINTED (a hint asked)."""
    ask: str
    check: str
    item: str | int | None = None     # what the puzzle's hand holds: a Genius piece's name, a MacMahon tile's index
    cell: int | None = None           # the cell ringed on the board
    then: str = ""                    # said once it is done ({reason}: the rules' words)


@dataclass(frozen=True)
class GuideGame:
    game_id: str                      # the board the steps are written for
    steps: tuple[Step, ...]


class Steps:
    """The steps of one puzzle's guided game and how far the player is."""

    def __init__(self, game: GuideGame, name=str):
        self.game = game
        self.name = name                 # a step's item in the player's words, as the hints say it
        self.index = 0
        self.said = ""                   # what the last step done taught
        self.first_turn: tuple | None = None    # the held item as first seen in a TURNED step
        self.left = DONE_SHOWS           # seconds the card shows once all is done

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.game.steps

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def over(self) -> bool:
        """Every step done (or skipped) and the last card gone."""
        return self.step is None and self.left <= 0

    def _done(self, reason: str = "") -> None:
        self.said = self.step.then.format(reason=reason.rstrip("."))
        self.index += 1
        self.first_turn = None

    def observe(self, position, hand, hints: int, dt: float = 0.0) -> None:
        """Check the current step against the board, the hand (its `lies_on` and `turn_of`) and
        the hints asked."""
        step = self.step
        if step is None:
            self.left -= dt
        elif step.check == PLACED and hand.lies_on(position, step.item, step.cell):
            self._done()
        elif step.check == HINTED and hints > 0:
            self._done()
        elif step.check == TURNED:
            now = hand.turn_of(hand.held)
            if now is None or now[0] != step.item:
                self.first_turn = None
            elif self.first_turn is None:
                self.first_turn = now
            elif now != self.first_turn:
                self._done()

    def refused(self, reason: str) -> None:
        """The rules refused a drop, for `reason`."""
        if self.step is not None and self.step.check == REFUSED:
            self._done(reason)

    def skip(self) -> None:
        self.index = len(self.steps)
        self.left = 0.0

    def words(self) -> str:
        step = self.step
        if step is None:
            return f"{self.said} How to play (F1 twice) has the rules."
        ask = step.ask.format(piece=self.name(step.item)) if "{piece}" in step.ask else step.ask
        head = f"First game, step {self.index + 1} of {len(self.steps)}: {ask}"
        return f"{self.said} {head}" if self.said else head
