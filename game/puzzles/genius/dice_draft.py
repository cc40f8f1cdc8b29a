"""The dice set being edited, pygame-free: `DiceDraft` (seven dice of board cells) and the
editor's two solver jobs (verify every roll, generate an always-solvable set), which the
worker runs in a child process (plain data in and out)."""
from __future__ import annotations

from solver.genius.make_dice import faces_of
from solver.grid import cell_name

DICE = 7
FACES = 6
SHOWN_BAD = 5          # unsolvable rolls listed by name after a verify
REASONED = 400         # of the unsolvable rolls, how many get a reason (to pick varied examples)


def faces_in_turn(cells) -> list[int]:
    """A die's faces from its cells: board order, repeated in turn (make_dice.faces_of) up to six faces."""
    cells = sorted(set(cells))
    return faces_of(cells, max(FACES, len(cells))) if cells else []


class DiceDraft:
    """The set being edited: seven face lists (cells 0..35) and a name."""

    def __init__(self, name: str, dice_faces=()):
        self.name = name
        self.faces = [list(d) for d in dice_faces][:DICE]
        self.faces += [[] for _ in range(DICE - len(self.faces))]

    @classmethod
    def from_set(cls, dice_set) -> "DiceDraft":
        return cls(dice_set.name, dice_set.dice)

    def owner(self, cell: int) -> int | None:
        """The index of the die the cell is on, or None."""
        for i, faces in enumerate(self.faces):
            if cell in faces:
                return i
        return None

    def cells(self, die: int) -> list[int]:
        return sorted(set(self.faces[die]))

    def weight(self, cell: int) -> int:
        """On how many faces of its die the cell is."""
        die = self.owner(cell)
        return 0 if die is None else self.faces[die].count(cell)

    def toggle(self, cell: int, die: int) -> None:
        """Put `cell` on `die` (moving it off another die), or take it off if it is there."""
        was = self.owner(cell)
        if was is not None:
            self.faces[was] = faces_in_turn(c for c in self.faces[was] if c != cell)
        if was != die:
            self.faces[die] = faces_in_turn(self.faces[die] + [cell])

    def remove(self, cell: int) -> None:
        was = self.owner(cell)
        if was is not None:
            self.toggle(cell, was)

    def free_cells(self) -> list[int]:
        return [c for c in range(36) if self.owner(c) is None]

    def document(self) -> dict:
        return {"name": self.name, "dice": [[cell_name(c) for c in faces] for faces in self.faces]}

    def to_set(self):
        """The engine's DiceSet; SquarewiseError with the engine's one-line reason if malformed."""
        from solver.genius import dice
        return dice.from_json(self.document(), self.name)


def engine_reason(exc: BaseException, source: str | None = None) -> str:
    """The engine's words, without the "dice file 'NAME': " prefix meant for files."""
    message = str(exc)
    if source is not None:
        message = message.removeprefix(f"dice file '{source}': ")
    return message


# --- jobs for the worker's child process (module level, plain data in and out) -----------
def verify_job(document: dict, progress=None) -> dict:
    """Every roll of the set decided by the engine; the first few bad ones with their reasons."""
    from solver.genius import dice, search
    from solver.genius.position import Position
    dice_set = dice.from_json(document, document.get("name", "editor"))
    bad = sorted(sorted(roll) for roll in dice.verify(dice_set, progress=progress))
    named = [(Position.from_blockers(roll).notation(), search.unsolvable_reason(Position.from_blockers(roll)))
             for roll in bad[:REASONED]]
    # one roll for each kind of reason first, then more in board order
    first, reasons = [], set()
    for name, reason in named:
        if reason not in reasons:
            reasons.add(reason)
            first.append((name, reason))
    first = first[:SHOWN_BAD]
    first += [item for item in named if item not in first][:SHOWN_BAD - len(first)]
    return {"rolls": dice_set.count(), "bad": len(bad), "first": sorted(first)}


def generate_job(seed: int, progress=None) -> dict:
    """A new always-solvable set from make_dice (it verifies every roll before returning)."""
    from solver.genius import make_dice
    made = make_dice.make(seed, progress=progress)
    return {"document": made.dice_set.to_json(), "rolls": made.dice_set.count(),
            "candidates": made.candidates, "seconds": made.search_seconds + made.verify_seconds}
