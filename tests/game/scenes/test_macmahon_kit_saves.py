"""MacMahon's saves without a window (moved from tests/game/test_macmahon_play.py): the kit on a
FakeApp, a save written and loaded by its session, the game kept on leaving (the session's
autosave, as PlayScene.on_exit calls it) and resumed by a new kit (as MacMahonScene.resume
plays it)."""
from __future__ import annotations

import random

import pytest

from game.play.commands import Key
from game.puzzles.macmahon.puzzle import MACMAHON
from game.play.match import Timer
from solver.errors import SquarewiseError
from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from tests.game.fakes import FakeApp
from tests.game.widget_app import macmahon_kit


def three_tiles_one_undone(tmp_path):
    """A 4x6x3 game with three tiles of a solution placed, the last undone: (app, kit)."""
    app = FakeApp(tmp_path / "data")
    kit = macmahon_kit(app, "4x6x3")
    session = kit.session
    solution = search.solve(Position.empty(Board()))
    for cell in (0, 1, 2):
        here = session.match.position
        after = here.place(Move(*solution.cells[cell], cell))
        session.play(after, MACMAHON.describe(here, after))
        kit.dealer.moved()
    session.process(Key("undo"))
    return app, kit


def test_a_saved_macmahon_game_loads_with_its_history(tmp_path):
    _, kit = three_tiles_one_undone(tmp_path)
    session = kit.session
    path = tmp_path / "game.json"
    session.save_to(path)
    history = list(kit.match.history)
    kit.dealer.new_game("4x6x3")
    assert kit.match.position == Position.empty(Board())
    match = session.load(path)                      # as PlayScene.ask_load plays it
    match.timer = Timer(match.elapsed)
    kit.dealer.play_match(match)
    assert kit.match.history == history and kit.match.can_redo


def test_a_save_of_the_other_puzzle_is_refused(tmp_path):
    _, kit = three_tiles_one_undone(tmp_path)
    session = kit.session
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "data": {"puzzle": "genius"}}')
    with pytest.raises(SquarewiseError, match="genius"):
        session.load(bad)


def test_the_autosave_brings_the_macmahon_game_back(tmp_path):
    app, kit = three_tiles_one_undone(tmp_path)
    session = kit.session
    session.autosave(kit.mode.keep())               # leaving keeps the game for next time
    assert app.storage.exists(MACMAHON.autosave)
    again = macmahon_kit(app, "4x6x3", random.Random(4))
    kept = again.session.resume()
    assert kept is not None
    again.dealer.play_match(kept)
    assert again.match.position == kit.match.position
