"""Solver jobs of the Genius scene: module-level functions of a position's notation.

The worker runs them in a child process (so they must pickle: notations in, plain values
out) and the scene turns their answers into words.
"""
from __future__ import annotations

from solver.genius import search
from solver.genius.position import Position


def job_hint(notation: str, progress=None) -> tuple:
    """('hint', piece, cells) or ('stuck', piece to take back or None, the engine's reason)."""
    position = Position.parse(notation)
    found = search.hint(position)
    if found:
        return ("hint", found[0], sorted(found[1]))
    return ("stuck", search.blame(position), search.unsolvable_reason(position) or "")


def job_solve(notation: str, progress=None) -> tuple:
    """('solution', notation of the full board) or ('stuck', piece or None, reason)."""
    position = Position.parse(notation)
    found = search.solve(position)
    if found:
        return ("solution", found.notation())
    return ("stuck", search.blame(position), search.unsolvable_reason(position) or "")


def job_count(notation: str, progress=None) -> int:
    return search.count(Position.parse(notation), progress=progress)


def job_reason(notation: str, progress=None) -> str | None:
    return search.unsolvable_reason(Position.parse(notation))
