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

from solver.acts import Act
from solver.puzzles import get

READ_MS = 300           # the board seen and a first move chosen: a reaction (100 ms at best) and one look (200 ms)
KEY_MS = 80             # a keystroke at the fastest typist's pace (135 words a minute; the keystroke-level model)
CLICK_MS = 100          # the least an aimed act takes: a click on the piece under the pointer
THROUGHPUT = 6.95       # bits a second of aimed movement: direct touch, the fastest pointing measured
SHORT_BITS = 1.0        # a placed piece dragged one square on or off the board: log2(1 + 1)
SLACK_MS = 500          # a stretch of moves may arrive this much faster than made (a message held up, then the rest)
EVEN_GAPS = 6           # gaps between moves needed to judge their spread ...
EVEN_CV = 0.1           # ... and their spread (standard deviation over mean) under which they are a script's
FIRST_PAUSE_MS = 1000   # a first move sooner than this after the board came is flagged
FAR_FASTER = 3.0        # a run this many times faster than the day's median, with no move taken back, is flagged ...
MEDIAN_RUNS = 5         # ... once this many runs are placed that day


@dataclass(frozen=True)
class Verdict:
    """A finished run judged: held below the floor, and every reason (the floor's first, if held)."""
    floor_ms: int
    held: bool
    reasons: tuple[str, ...]


def acts(puzzle: str, start, moves: list[str]) -> list[Act]:
    """The run's accepted moves (legal, in order, from `start`) as acts of a hand (the puzzle's own)."""
    return get(puzzle).acts(start, moves)


def _pointer_ms(act: Act) -> float:
    """The act with the pointer at the fastest hand."""
    if act.kind == "turn":
        return CLICK_MS
    bits = act.POINT_BITS + act.DRAG_BITS if act.kind == "place" else SHORT_BITS
    return max(CLICK_MS, 1000 * bits / THROUGHPUT)


def act_floors(run: list[Act]) -> list[float]:
    """Each act's own least time (ms), the cursor anywhere: what a stretch of moves is held to."""
    return [min(_pointer_ms(act), KEY_MS * act.keys(None)) for act in run]


def floor_ms(run: list[Act]) -> float:
    """The least time (ms) a person could have made the acts in, from the board's coming:
    READ_MS, then each act by the pointer or the keyboard, whichever the hands make faster, with
    the keyboard's cursor either on the piece the last keyboard act put down or (after a
    pointer act) anywhere (a lower bound over every mix of the two)."""
    on_last, anywhere = float("inf"), 0.0           # the least time so far, by the state of the cursor
    last: Act | None = None
    for act in run:
        pointer = _pointer_ms(act)
        keyed = min(on_last + KEY_MS * act.keys(last.cells if last else None), anywhere + KEY_MS * act.keys(None))
        on_last, anywhere, last = keyed, min(on_last, anywhere) + pointer, act
    return READ_MS + min(on_last, anywhere)


def judge(puzzle: str, start, timeline: list[tuple[str, int | None]], ms: int, pieces: int,
          median: int | None = None, placed: int = 0) -> Verdict:
    """A finished ranked run: its moves (each with its time on the run's clock, None if not
    known: a move kept before version 4), its time, the pieces or tiles it places, and the day's
    median of placed runs (and how many there are). Held below the floor; flagged by its rhythm."""
    run = acts(puzzle, start, [move for move, _ in timeline])
    floor = floor_ms(run)
    reasons = []
    times = [t for _, t in timeline]
    stretch = _stretch(times, act_floors(run))
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
