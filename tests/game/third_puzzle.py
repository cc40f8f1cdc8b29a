"""A third puzzle made in the test folder alone: three dominoes on a 2 x 3 board. It is what
a new puzzle brings (issue 37): its rules for the engine's list (this module is its rules
module: parse, start, execute, describe, strict, daily, to_place, LEVELS), and for the game's
list its Puzzle record, a hand, a dealer and a view. `entries()` gives the two list entries;
tests/game/test_third_puzzle.py adds them and plays it. No file of the product knows it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.play.commands import Changed, Key, Pick, Play, Refused, UNUSED
from game.play.guide import GuideGame
from game.play.key_words import PuzzleKeys
from game.play.match import Match
from game.play.puzzle import Puzzle, Stuck
from solver.errors import IllegalMove, SquarewiseError

NAME = "dominoes"
ROWS, COLS = 2, 3
LEVELS = ("1",)


def cell_name(cell: int) -> str:
    return "AB"[cell // COLS] + str(cell % COLS + 1)


def cell_of(name: str) -> int:
    if len(name) != 2 or name[0] not in "AB" or name[1] not in "123":
        raise SquarewiseError(f"no cell '{name}' on the 2 x 3 board")
    return "AB".index(name[0]) * COLS + int(name[1]) - 1


@dataclass(frozen=True)
class Position:
    """Each cell empty (0) or covered by domino 1..3; notation: '1.2...' (a cell a character)."""
    cells: tuple = (0,) * (ROWS * COLS)

    def notation(self) -> str:
        return "".join(str(c) if c else "." for c in self.cells)

    @property
    def placed(self) -> frozenset:
        return frozenset(c for c in self.cells if c)

    @property
    def is_complete(self) -> bool:
        return all(self.cells)

    @property
    def is_solved(self) -> bool:
        return self.is_complete


# ---------------------------------------------------------------------- the rules (the engine's list)
def parse(text: str) -> Position:
    if len(text) != ROWS * COLS or set(text) - set(".123"):
        raise SquarewiseError(f"not a dominoes position: {text!r}")
    return Position(tuple(0 if ch == "." else int(ch) for ch in text))


start = parse


def execute(position: Position, move: str) -> Position:
    """'2:A1A2': domino 2 on two cells side by side, both empty; the domino not yet placed."""
    try:
        number, cells = int(move[0]), (cell_of(move[2:4]), cell_of(move[4:6]))
    except (ValueError, IndexError, SquarewiseError):
        raise IllegalMove(f"not a dominoes move: {move!r}") from None
    a, b = sorted(cells)
    if not 1 <= number <= 3 or number in position.placed:
        raise IllegalMove(f"domino {number} is not in the tray")
    if not (b - a == 1 and a // COLS == b // COLS or b - a == COLS):
        raise IllegalMove(f"{cell_name(a)} and {cell_name(b)} are not side by side")
    if position.cells[a] or position.cells[b]:
        raise IllegalMove("a cell is covered already")
    cells_after = list(position.cells)
    cells_after[a] = cells_after[b] = number
    return Position(tuple(cells_after))


def describe(before: Position, after: Position) -> str:
    new = [i for i, (x, y) in enumerate(zip(before.cells, after.cells)) if x != y]
    if len(new) != 2 or before.cells[new[0]] or after.cells[new[0]] != after.cells[new[1]]:
        raise SquarewiseError("not one domino placed")
    return f"{after.cells[new[0]]}:{cell_name(new[0])}{cell_name(new[1])}"


def strict(move: str) -> str:
    return move


def daily(day):
    raise SquarewiseError("dominoes has no daily")


def to_place(position: Position) -> int:
    return 3 - len(position.placed)


# ---------------------------------------------------------------------- the game's side
class Hand:
    """What is held (a domino's number) and where it goes: the cursor's cell, across or down."""

    def __init__(self):
        self.held: int | None = None
        self.cursor = 0
        self.down = False

    def fresh(self, start) -> None:
        self.held, self.cursor = None, 0

    def let_go(self) -> None:
        self.held = None

    def clear_marks(self) -> None:
        pass

    def filled(self, position: Position) -> float:
        return sum(1 for c in position.cells if c) / len(position.cells)


def interpret(hand: Hand, position: Position, command):
    """A number picks a domino up, 'turn' turns it, 'right'/'down' move the cursor, 'place' plays it."""
    if isinstance(command, Pick):
        hand.held = command.digit
        return Changed(sound="pick")
    if not isinstance(command, Key):
        return UNUSED
    if command.action == "turn":
        hand.down = not hand.down
        return Changed(motion="turned")
    if command.action in ("right", "down"):
        hand.cursor = (hand.cursor + (1 if command.action == "right" else COLS)) % (ROWS * COLS)
        return Changed()
    if command.action == "place" and hand.held is not None:
        other = hand.cursor + (COLS if hand.down else 1)
        if other >= ROWS * COLS or not hand.down and other % COLS == 0:
            return Refused("off the board", f"domino {hand.held}")
        return Play(f"{hand.held}:{cell_name(hand.cursor)}{cell_name(other)}", f"domino {hand.held}")
    return UNUSED


def no_help(notation: str, progress=None):
    return Stuck(None, "this puzzle gives no help")


PUZZLE = Puzzle(NAME, "dominoes-game", parse, execute, describe, best_key=lambda start, meta: "2x3",
                hint_job=no_help, solve_job=no_help, interpret=interpret)


class Dealer:
    """Every board it plays: the empty 2 x 3 board."""

    def __init__(self, session, services, rng, clock=None):
        self.session, self.services, self.rng, self.clock = session, services, rng, clock

    def new_game(self) -> list:
        self.session.begin(Match.new(PUZZLE, Position(), clock=self.clock, kind="play"))
        self.session.match.timer.start()
        return []


COLOURS = {0: (240, 236, 226), 1: (220, 60, 60), 2: (60, 160, 80), 3: (60, 100, 220)}


@dataclass
class View:
    """Draws a position: a square of CELL pixels a cell, in its domino's colour."""
    cell: int = 20
    colours: dict = field(default_factory=lambda: dict(COLOURS))

    def draw(self, surface, position: Position) -> None:
        import pygame
        for i, c in enumerate(position.cells):
            surface.fill(self.colours[c], pygame.Rect(i % COLS * self.cell, i // COLS * self.cell, self.cell, self.cell))


def entries():
    """Its entry in the engine's list and in the game's."""
    from game.puzzles.registry import Entry, Screen
    from solver.puzzles import Engine
    engine = Engine(NAME, "Dominoes", "Dominoes", __name__)
    entry = Entry(PUZZLE, lambda colours: Hand(), Dealer, GuideGame("......", ()), PuzzleKeys(),
                  Screen(NAME, "Dominoes", "three dominoes on a 2 x 3 board", f"{__name__}:View"), "", "Dominoes board",
                  settings={"dominoes_cursor": "across"})
    return engine, entry
