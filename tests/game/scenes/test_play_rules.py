"""One rule each for the clocks and records of both puzzles (issue: the front half, item 9),
on the kits and views with no window: both clocks start when the board is shown and playable,
the guided first game is a lesson that records nothing, and a held piece that does not fit at
the keyboard cursor is still drawn there, clipped at the board's edge and marked."""
from __future__ import annotations

import random

import pygame

from game.play.commands import Cursor, Pick
from game.play.frame import Frame
from game.scenes.genius.kit import GeniusKit
from game.scenes.genius.modes import Solo
from game.scenes.macmahon.kit import MacMahonKit
from tests.game.fakes import BOARD, FakeApp
from tests.game.headless_wb import frame_of, genius_kit


def test_a_macmahon_board_starts_its_clock_when_shown_as_a_genius_board_does(tmp_path):
    app = FakeApp(tmp_path)
    macmahon = MacMahonKit(app, random.Random(1))
    macmahon.new_game("4x6x3")
    genius = GeniusKit(app, random.Random(3))
    genius.mode = Solo(genius)
    genius.begin_id(genius.parse_id(BOARD), {})
    assert macmahon.session.match.timer.running and genius.session.match.timer.running
    assert len(macmahon.session.match.history) == 1                  # before any move


def test_the_guided_first_game_is_a_lesson_and_records_nothing(tmp_path):
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.parse_id(BOARD), {"kind": "lesson"})
    session = kit.session
    from solver.genius import search
    for move in session.position.moves_to(search.solve(session.position)):
        session.move(move.notation())
    assert session.match.meta["result"] == "won"
    assert kit.app.statistics.get("genius", {}).get("games", []) == []


def test_a_held_piece_that_hangs_off_the_board_at_the_cursor_is_drawn_clipped_and_marked(tmp_path):
    kit = genius_kit(tmp_path)
    session = kit.session
    session.process(Pick(5))                                         # the long bar, at the cursor
    for _ in range(6):
        session.process(Cursor(0, 1))                                # to the right edge: part of it hangs off
    landing = session.hand.landing(session.position)
    assert landing.cells is None and landing.reason == "off the board"
    frame: Frame = frame_of(kit)
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame)
    geo = kit.view.layout()["geo"]
    row, col = session.hand.cursor
    on_board = [(row, c) for c in range(col - 2, 6) if session.position.occupant(row * 6 + c) is None]
    empty = pygame.Surface(kit.app.size)
    kit.view.draw(empty, frame_of(genius_kit(tmp_path / "b")))
    centres = [geo.cell_rect(r * 6 + c).center for r, c in on_board]
    assert on_board and all(surface.get_at(p)[:3] != empty.get_at(p)[:3] for p in centres)   # drawn there ...
    assert all(surface.get_at(p).r > surface.get_at(p).g for p in centres)   # ... the teal bar in the refusal's red
