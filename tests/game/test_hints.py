"""Escalating hints: which, then where, then how, reset by any change of the position; the
words name the engine's own answer, and the full answer is a legal, solvable move."""
from __future__ import annotations

from game.hints import Hint, escalate, genius_text, macmahon_text, still_fresh
from solver.genius import search as genius
from solver.genius.position import Position as GeniusPosition
from solver.grid import cell_name, parse_cell
from solver.macmahon import search as macmahon
from solver.macmahon.position import Position as MacMahonPosition


def test_genius_hints_climb_on_one_position_and_restart_after_a_move():
    start = GeniusPosition.from_blockers(parse_cell(c) for c in "A6 E1 A1 A4 A2 D5 B4".split())
    answer = genius.hint(start)
    piece, cells = answer
    h = escalate(None, start.notation(), answer)
    assert (h.stage, genius_text(h)) == ("which", f"Place the {piece} next")
    assert still_fresh(h, start.notation())
    h = escalate(h, start.notation(), answer)
    assert h.stage == "where" and genius_text(h) == f"The {piece} covers {cell_name(min(cells))}"
    assert min(cells) == min(start.empty)
    h = escalate(h, start.notation(), answer)
    assert h.complete and genius_text(h).endswith(" ".join(cell_name(c) for c in sorted(cells)))
    assert escalate(h, start.notation(), answer).step == 2          # the last step repeats
    after = start.place(piece, cells)
    assert genius.solve(after) is not None                           # the hint keeps it solvable
    assert not still_fresh(h, after.notation())
    fresh = escalate(h, after.notation(), genius.hint(after))
    assert fresh.step == 0 and fresh.answer != h.answer


def test_macmahon_hints_name_tile_cell_and_turn():
    start = MacMahonPosition.empty()
    answer = macmahon.hint(start)
    tile, rotation, cell = answer
    h0 = escalate(None, start.notation(), answer)
    h1 = escalate(h0, start.notation(), answer)
    h2 = escalate(h1, start.notation(), answer)
    assert macmahon_text(h0) == f"Place tile {tile + 1} next"
    assert macmahon_text(h1) == f"Tile {tile + 1} goes on {start.board.cell_name(cell)}"
    assert macmahon_text(h2).startswith(macmahon_text(h1) + ", ")
    assert start.check(tile, rotation, cell) is None
    assert macmahon.solve(start.place(tile, rotation, cell)) is not None


def test_turn_words_cover_every_rotation():
    words = {macmahon_text(Hint("p", (0, k, 0), 2)).split(", ")[1] for k in range(4)}
    assert len(words) == 4
