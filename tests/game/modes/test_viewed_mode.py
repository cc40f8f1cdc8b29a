"""A viewed MacMahon solution (from the solution browser): a mode with nothing to undo, redo,
restart, hint, solve or pause, and nothing recorded (issue 26, item 9), without a window."""
from __future__ import annotations

from types import SimpleNamespace

from game.play.commands import Key, Unused
from game.play.match import Match, Timer
from game.puzzles.macmahon.puzzle import MACMAHON
from game.modes.macmahon.play import Viewed
from solver.macmahon import search
from solver.macmahon.position import Board, Position
from tests.game.fakes import table_for
from tests.game.macmahon_drive import macmahon_session


def viewed(tmp_path):
    """A session showing a solution as the browser hands it over (the empty board, then the solution)."""
    session = macmahon_session(tmp_path)
    solution = search.solve(Position.empty(Board()))
    empty = Position.empty(Board())
    session.begin(Match(empty, puzzle=MACMAHON.name, meta={"assisted": True, "kind": "view"}, timer=Timer(),
                        history=[empty, solution], moves=["", "view"]))
    mode = Viewed(table_for(session, SimpleNamespace()))
    return session, mode, solution


def test_a_viewed_solution_has_nothing_to_undo(tmp_path):
    session, mode, solution = viewed(tmp_path)
    effects = session.process(Key("undo"), mode.allows)
    assert isinstance(effects[0], Unused) and session.position == solution


def test_a_viewed_solution_has_nothing_to_restart(tmp_path):
    session, mode, solution = viewed(tmp_path)
    session.process(Key("restart"), mode.allows)
    assert session.position == solution


def test_a_viewed_solution_cannot_be_paused(tmp_path):
    session, mode, _ = viewed(tmp_path)
    session.process(Key("pause"), mode.allows)
    assert not session.paused


def test_a_viewed_solution_offers_none_of_the_mid_ends_buttons(tmp_path):
    _, mode, _ = viewed(tmp_path)
    assert not any(mode.flags()[name] for name in ("undo", "redo", "restart", "hint", "solve", "pause"))


def test_a_viewed_solution_is_not_kept_for_next_time(tmp_path):
    _, mode, _ = viewed(tmp_path)
    assert mode.keep() is False
