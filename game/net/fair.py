"""Fair play: the floor of a ranked run from its moves, and the shapes of a rhythm a script leaves.

The floor is the least time a person's hands could have made the run's moves in: a reading
time for the board (READ_MS), then each move at the fastest hand through the faster of the
game's two inputs. With the pointer, a piece or tile is pointed at in the tray and dragged to
its place (Fitts's law: an aimed movement of index of difficulty ID bits takes ID / THROUGHPUT
seconds, the IDs the least the game's layout allows at any window size); a turn in place is a
click. With the keyboard, each key is a keystroke at the fastest typist's pace (KEY_MS): a
number or Enter to pick a piece up, the turns, an arrow per square the cursor moves (the
cursor sits on the piece the last keyboard move put down), Enter to put it down. The keyboard
part is a lower bound over every mix of the two (`_floor`: two states, the cursor known to be
on the last piece or anywhere). docs/server.md says where each figure comes from.

A run is held for review (left out of the standings until an operator accepts it) when its
time is under its floor, or when any stretch of its moves came faster than their floor by
more than SLACK_MS (what the network can bunch). Its rhythm is flagged for review, not
excluded: gaps between moves too even for a person (EVEN_CV), no pause before the first move
(FIRST_PAUSE_MS), no take-back in a run far faster than the day's median (FAR_FASTER). A bot
that imitates both a person's pace and rhythm cannot be told from that person; the floor is
what bounds it.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from functools import lru_cache

from solver.genius.board import SIZE
from solver.genius.pieces import flip, orientation_of, orientations, turn
from solver.genius.position import Move as PieceMove
from solver.grid import parse_cell
from solver.macmahon.moves import FROM, TAKE_BACK
from solver.macmahon.position import Move as TileMove

READ_MS = 300           # the board seen and a first move chosen: a reaction (100 ms at best) and one look (200 ms)
KEY_MS = 80             # a keystroke at the fastest typist's pace (135 words a minute; the keystroke-level model)
CLICK_MS = 100          # the least an aimed act takes: a click on the piece under the pointer
THROUGHPUT = 6.95       # bits a second of aimed movement: direct touch, the fastest pointing measured
POINT_BITS = {"genius": 1.42, "macmahon": 1.25}    # the board to a tray slot, the nearest pair at any window size
DRAG_BITS = {"genius": 1.43, "macmahon": 1.14}     # a tray slot to a board square, likewise
SHORT_BITS = 1.0        # a placed piece dragged one square on or off the board: log2(1 + 1)
SLACK_MS = 500          # a stretch of moves may arrive this much faster than made (a message held up, then the rest)
EVEN_GAPS = 6           # gaps between moves needed to judge their spread ...
EVEN_CV = 0.1           # ... and their spread (standard deviation over mean) under which they are a script's
FIRST_PAUSE_MS = 1000   # a first move sooner than this after the board came is flagged
FAR_FASTER = 3.0        # a run this many times faster than the day's median, with no move taken back, is flagged ...
MEDIAN_RUNS = 5         # ... once this many runs are placed that day


@dataclass(frozen=True)
class Act:
    """One accepted move as a hand makes it: 'place' (from the tray), 'move' (a placed piece
    elsewhere), 'turn' (turned or flipped where it lies), 'back' (to the tray); the cells it
    goes to (or leaves, for 'back'), the cells it left, and the turns the keyboard needs."""
    kind: str
    cells: frozenset[int]
    was: frozenset[int]
    turns: int
    piece: object


@dataclass(frozen=True)
class Verdict:
    """A finished run judged: held below the floor, and every reason (the floor's first, if held)."""
    floor_ms: int
    held: bool
    reasons: tuple[str, ...]


def _distance(a: frozenset[int], b: frozenset[int], cols: int) -> int:
    """The fewest cursor steps from a cell of `a` to a cell of `b`."""
    return min(abs(x // cols - y // cols) + abs(x % cols - y % cols) for x in a for y in b) if a and b else 0


@lru_cache(maxsize=None)
def _turns(piece: str, start: int, end: int) -> int:
    """The fewest turn and flip keys (R, Q, F) that take a Genius piece from one orientation to another."""
    seen, frontier, steps = {start}, [start], 0
    while end not in seen:
        frontier = [n for o in frontier for n in (turn(piece, o), turn(piece, turn(piece, turn(piece, o))),
                                                  flip(piece, o)) if n not in seen]
        seen.update(frontier)
        steps += 1
    return steps


def _genius_acts(start, moves: list[str]) -> list[Act]:
    placed: dict[str, frozenset[int]] = {}
    tray: dict[str, int] = {}           # the way round each piece last went down (the tray keeps it)
    acts = []
    for text in moves:
        if text.startswith("-"):
            piece = text[1:].strip().upper()
            was = placed.pop(piece)
            acts.append(Act("back", was, was, 0, piece))
            continue
        move = PieceMove.parse(text)
        piece, cells = move.piece, frozenset(move.cells)
        end = orientation_of(piece, cells)
        was = placed.get(piece, frozenset())
        if was:
            turns = _turns(piece, orientation_of(piece, was), end)
            kind = "turn" if was & cells and turns else "move"
        else:
            turns = min(_turns(piece, 0, end), _turns(piece, tray.get(piece, 0), end))
            kind = "place"
        tray[piece] = end
        placed[piece] = cells
        acts.append(Act(kind, cells, was, turns, piece))
    return acts


def _macmahon_acts(start, moves: list[str]) -> list[Act]:
    board = start.board
    rotation = {cell: v[1] for cell, v in enumerate(start.cells) if v is not None}
    acts = []
    for text in moves:
        if text.startswith(TAKE_BACK):
            cell = parse_cell(text[1:], board.rows, board.cols)
            rotation.pop(cell, None)
            acts.append(Act("back", frozenset({cell}), frozenset({cell}), 0, cell))
            continue
        source, _, rest = text.rpartition(FROM)
        move = TileMove.parse(rest, board)
        if source:
            old = parse_cell(source, board.rows, board.cols)
            turned = (move.rotation - rotation.pop(old, 0)) % 4
            kind = "turn" if old == move.cell else "move"
        else:
            old, turned, kind = None, move.rotation % 4, "place"
        rotation[move.cell] = move.rotation
        acts.append(Act(kind, frozenset({move.cell}), frozenset() if old is None else frozenset({old}),
                        min(turned, 4 - turned), move.tile))
    return acts


def acts(puzzle: str, start, moves: list[str]) -> list[Act]:
    """The run's accepted moves (legal, in order, from `start`) as acts of a hand."""
    return (_genius_acts if puzzle == "genius" else _macmahon_acts)(start, moves)


def _pointer_ms(puzzle: str, act: Act) -> float:
    """The act with the pointer at the fastest hand."""
    if act.kind == "turn":
        return CLICK_MS
    bits = POINT_BITS[puzzle] + DRAG_BITS[puzzle] if act.kind == "place" else SHORT_BITS
    return max(CLICK_MS, 1000 * bits / THROUGHPUT)


def _keys(puzzle: str, act: Act, cursor: frozenset[int] | None, cols: int) -> int:
    """Keystrokes of the act by keyboard with the cursor on `cursor` (None: anywhere)."""
    near = lambda cells: 0 if cursor is None else _distance(cursor, cells, cols)     # noqa: E731
    if puzzle == "genius":          # a number key picks a piece up (a placed one: the cursor jumps to it)
        steps = {"place": near(act.cells), "move": _distance(act.was, act.cells, cols), "turn": 0, "back": 0}
        return 2 + act.turns + steps[act.kind]        # pick, turns, arrows, Enter (or Backspace)
    if act.kind == "turn":                              # R on the tile at the cursor
        return act.turns + near(act.cells)
    if act.kind == "back":                              # Delete on the tile at the cursor
        return 1 + near(act.cells)
    if act.kind == "move":                              # Enter on it, arrows, turns, Enter
        return 2 + act.turns + near(act.was) + _distance(act.was, act.cells, cols)
    return 2 + act.turns + near(act.cells)              # a tile picked from the tray, arrows, turns, Enter


def _cols(puzzle: str, start) -> int:
    return SIZE if puzzle == "genius" else start.board.cols


def act_floors(puzzle: str, start, run: list[Act]) -> list[float]:
    """Each act's own least time (ms), the cursor anywhere: what a stretch of moves is held to."""
    cols = _cols(puzzle, start)
    return [min(_pointer_ms(puzzle, act), KEY_MS * _keys(puzzle, act, None, cols)) for act in run]


def floor_ms(puzzle: str, start, run: list[Act]) -> float:
    """The least time (ms) a person could have made the acts in, from the board's coming:
    READ_MS, then each act by the pointer or the keyboard, whichever the hands make faster, with
    the keyboard's cursor either on the piece the last keyboard act put down or (after a
    pointer act) anywhere (a lower bound over every mix of the two)."""
    cols = _cols(puzzle, start)
    on_last, anywhere = float("inf"), 0.0           # the least time so far, by the state of the cursor
    last: Act | None = None
    for act in run:
        pointer = _pointer_ms(puzzle, act)
        keyed = min(on_last + KEY_MS * _keys(puzzle, act, last.cells if last else None, cols),
                    anywhere + KEY_MS * _keys(puzzle, act, None, cols))
        on_last, anywhere, last = keyed, min(on_last, anywhere) + pointer, act
    return READ_MS + min(on_last, anywhere)


def judge(puzzle: str, start, timeline: list[tuple[str, int | None]], ms: int, pieces: int,
          median: int | None = None, placed: int = 0) -> Verdict:
    """A finished ranked run: its moves (each with its time on the run's clock, None if not
    known: a move kept before version 4), its time, the pieces or tiles it places, and the day's
    median of placed runs (and how many there are). Held below the floor; flagged by its rhythm."""
    run = acts(puzzle, start, [move for move, _ in timeline])
    floor = floor_ms(puzzle, start, run)
    reasons = []
    times = [t for _, t in timeline]
    stretch = _stretch(times, act_floors(puzzle, start, run))
    if ms < floor:
        reasons.append(f"below the floor: {ms / 1000:.2f} s, a person's hands need {floor / 1000:.2f} s for these "
                       f"{len(run)} moves")
    elif stretch is not None:
        reasons.append(stretch)
    held = bool(reasons)
    if None not in times:
        reasons += _rhythm(times, run, ms, pieces, median, placed)
    return Verdict(round(floor), held, tuple(reasons))


def _stretch(times: list[int | None], floors: list[float]) -> str | None:
    """Why a stretch of moves came faster than hands make them (by more than SLACK_MS), or None:
    the stretch after move j up to move k needs the floors of moves j+1..k, and took t_k - t_j."""
    worst, low, made = None, None, 0.0      # low: the least (floors so far - time) at a move before
    for k, (at, floor) in enumerate(zip(times, floors)):
        made += floor
        if at is None:                      # a move of unknown time (kept before version 4): start again
            low = None
            continue
        ahead = made - at
        if low is not None and ahead - low[0] > SLACK_MS and (worst is None or ahead - low[0] > worst[0]):
            worst = (ahead - low[0], low[1], k, at - low[2], made - low[3])
        if low is None or ahead < low[0]:
            low = (ahead, k, at, made)
    if worst is None:
        return None
    _, j, k, took, need = worst
    return (f"moves {j + 2} to {k + 1} came {took / 1000:.2f} s after move {j + 1}; a person's hands need "
            f"{need / 1000:.2f} s for them")


def _rhythm(times: list[int], run: list[Act], ms: int, pieces: int, median: int | None, placed: int) -> list[str]:
    """The flags of a rhythm a script leaves (each a reason, for the operator)."""
    flags = []
    gaps = [b - a for a, b in zip(times, times[1:])]
    if len(gaps) >= EVEN_GAPS:
        mean = statistics.fmean(gaps)
        spread = statistics.pstdev(gaps)
        if mean > 0 and spread / mean < EVEN_CV:
            flags.append(f"moves evenly spaced: {len(gaps)} gaps of {mean:.0f} ms, spread {spread:.0f} ms "
                         f"({spread / mean:.2f} of the gap; a person's vary more)")
    if times and times[0] < FIRST_PAUSE_MS:
        flags.append(f"no pause before the first move: {times[0] / 1000:.2f} s after the board came")
    direct = len(run) == pieces and all(act.kind == "place" for act in run)
    if direct and median is not None and placed >= MEDIAN_RUNS and ms * FAR_FASTER < median:
        flags.append(f"no move taken back in a run {median / ms:.1f} times faster than the day's median "
                     f"({median / 1000:.1f} s over {placed} runs)")
    return flags
