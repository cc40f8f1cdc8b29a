"""Escalating hints: which, then where, then how, reset by any change of the position; the
words name the engine's own move, and the whole move is legal and keeps the board solvable."""
from __future__ import annotations

from game.play.hints import HintStep, escalate, still_fresh
from game.puzzles.genius.words import hint_text as genius_text
from game.puzzles.macmahon.words import hint_text as macmahon_text
from solver.genius import search as genius
from solver.genius.position import Position as GeniusPosition
from solver.grid import cell_name
from solver.macmahon import search as macmahon
from solver.macmahon.position import Move as MacMahonMove
from solver.macmahon.position import Position as MacMahonPosition


GENIUS_START = GeniusPosition.parse("A1A2A4A6B4D5E1")


def climbed(start: GeniusPosition) -> HintStep:
    """Three hints asked on one position: the last rung."""
    move = genius.hint(start)
    h = escalate(None, start.notation(), move)
    h = escalate(h, start.notation(), move)
    return escalate(h, start.notation(), move)


def test_genius_hints_climb_on_one_position():
    start = GENIUS_START
    move = genius.hint(start)
    h = escalate(None, start.notation(), move)
    assert (h.stage, genius_text(h)) == ("which", f"Place the {move.piece} next")
    assert still_fresh(h, start.notation())
    h = escalate(h, start.notation(), move)
    assert h.stage == "where" and genius_text(h) == f"The {move.piece} covers {cell_name(min(move.cells))}"
    assert min(move.cells) == min(start.empty)
    h = escalate(h, start.notation(), move)
    assert h.complete and genius_text(h).endswith(" ".join(cell_name(c) for c in sorted(move.cells)))
    assert escalate(h, start.notation(), move).step == 2          # the last step repeats


def test_a_genius_hint_keeps_the_board_solvable():
    assert genius.solve(GENIUS_START.place(genius.hint(GENIUS_START))) is not None


def test_genius_hints_start_again_after_a_move():
    h = climbed(GENIUS_START)
    after = GENIUS_START.place(h.move)
    assert not still_fresh(h, after.notation())
    fresh = escalate(h, after.notation(), genius.hint(after))
    assert fresh.step == 0 and fresh.move != h.move


MACMAHON_START = MacMahonPosition.parse("4x6x3")


def test_macmahon_hint_words_climb_from_the_tile_to_its_turn():
    start = MACMAHON_START
    move = macmahon.hint(start)
    h0 = escalate(None, start.notation(), move)
    h1 = escalate(h0, start.notation(), move)
    h2 = escalate(h1, start.notation(), move)
    assert macmahon_text(h0) == f"Place tile {move.tile + 1} next"
    assert macmahon_text(h1) == f"Tile {move.tile + 1} goes on {start.board.cell_name(move.cell)}"
    assert macmahon_text(h2).startswith(macmahon_text(h1) + ", ")


def test_a_macmahon_hint_is_legal():
    assert MACMAHON_START.check(macmahon.hint(MACMAHON_START)) is None


def test_a_macmahon_hint_keeps_the_board_solvable():
    start = MACMAHON_START
    move = macmahon.hint(start)
    assert macmahon.solve(start.place(move)) is not None


def test_turn_words_cover_every_rotation():
    words = {macmahon_text(HintStep("p", MacMahonMove(0, k, 0), 2)).split(", ")[1] for k in range(4)}
    assert len(words) == 4


def test_a_piece_is_named_as_the_player_sees_it():
    from game.puzzles.genius.words import piece_words
    assert piece_words("4-I", 5, "teal") == "the teal long bar (5)"
    assert piece_words("4-I", 5) == "the long bar (5)"                 # a palette told by pattern


def test_every_piece_has_a_shape_name_of_its_own():
    from game.puzzles.genius.words import SHAPES
    from solver.genius.pieces import PIECES
    assert set(SHAPES) == set(PIECES) and len(set(SHAPES.values())) == len(PIECES)


def test_only_a_palette_told_by_colour_names_its_colours():
    from game.draw.theme import PALETTES
    from solver.genius.pieces import PIECES
    classic = PALETTES["classic"].colour_names
    assert len(set(classic)) == len(PIECES) and PALETTES["colourblind"].colour_names is None


def test_the_hint_words_name_a_piece_as_the_player_sees_it():
    from game.draw.theme import PALETTES
    from game.puzzles.genius.words import piece_words
    from solver.genius.pieces import PIECES
    classic = PALETTES["classic"].colour_names
    start = GENIUS_START
    h = escalate(None, start.notation(), genius.hint(start))
    named = genius_text(h, lambda piece: piece_words(piece, PIECES.index(piece) + 1, classic[PIECES.index(piece)]))
    assert named.startswith("Place the ") and f"({PIECES.index(h.move.piece) + 1})" in named
    h = escalate(h, start.notation(), h.move)
    assert genius_text(h, lambda piece: "the teal long bar (5)").startswith("The teal long bar (5) covers ")
