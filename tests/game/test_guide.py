"""The guided first game through the real screens: the first plain launch starts it once, a new
game ends it, How to play plays it again. (Each step checked by the game, in Genius and MacMahon,
and Skip on the card: with no window in tests/game/scenes/test_guide_unit.py.)"""
from __future__ import annotations

import pytest

from game.scenes.genius.scene import GeniusScene
from game.play.guide import HINTED, PLACED, REFUSED, TURNED
from game.puzzles import registry
from game.scenes.howto import HowToScene
from game.scenes.macmahon.scene import MacMahonScene
from game.scenes.title import TitleScene
from solver.genius.position import Move as GeniusMove
from solver.genius.position import Position as GeniusPosition
from solver.genius.solutions import Solutions
from solver.macmahon import search as macmahon_search
from solver.macmahon.position import Position as MacMahonPosition
from tests.game.drive import frame
from tests.validate_genius import check_position


def first_launch(app, key_name):
    app.settings["howto_seen"] = {"genius": False, "macmahon": False}     # a new player
    app.push(TitleScene(app))
    app.open(key_name)
    frame(app)
    return app.top


def test_the_guide_games_are_written_for_real_solutions():
    """The Genius target is the first solution's 1; the MacMahon board finishes only one way,
    with tile 21 on D6 (checked by the independent validator and the engine)."""
    genius = registry.get("genius").guide
    start = GeniusPosition.parse(genius.game_id)
    first = Solutions(start)[0]
    check_position(first)
    placed = genius.steps[0]
    assert placed.check == PLACED and first.placed[placed.item] == frozenset({placed.cell})
    mac = registry.get("macmahon").guide
    board = MacMahonPosition.parse(mac.game_id)
    assert macmahon_search.completions(board) == 1
    done = macmahon_search.solve(board)
    assert done.is_solved
    step = next(s for s in mac.steps if s.check == PLACED)
    assert done.cells[step.cell][0] == step.item
    assert [s.check for s in genius.steps] == [PLACED, TURNED, REFUSED, HINTED]


def test_the_first_plain_genius_launch_starts_the_guide_once(app):
    scene = first_launch(app, "genius")
    assert isinstance(scene, GeniusScene) and scene.guide is not None and scene.guide.index == 0
    assert scene.match.start.notation() == GeniusPosition.parse(registry.get("genius").guide.game_id).notation()
    assert app.settings["howto_seen"]["genius"] is True
    app.pop()
    app.open("genius")           # the second launch: no guide
    assert app.top.guide is None


def skipped(app) -> GeniusScene:
    """The first launch's guide skipped (Skip on the card: tests/game/scenes/test_guide_unit.py)."""
    scene = first_launch(app, "genius")
    scene.guide.skip()
    frame(app)
    return scene


def test_a_skipped_guide_goes(app):
    assert skipped(app).guide is None


def restarted(app) -> GeniusScene:
    """As skipped, then How to play's "Guided game" on the screen below."""
    scene = skipped(app)
    scene.start_guide()
    frame(app)
    return scene


def test_how_to_play_starts_a_skipped_guide_again(app):
    scene = restarted(app)
    assert scene.guide is not None and scene.guide.index == 0


def test_a_new_game_ends_the_guide(app):
    scene = restarted(app)
    scene.do("new")
    frame(app)
    assert scene.guide is None


def test_a_first_launch_with_a_game_id_keeps_the_guide_for_later(app):
    app.settings["howto_seen"] = {"genius": False, "macmahon": False}
    app.push(TitleScene(app))
    app.open("genius", game_id="A1A2A4A6B4D5E1", daily=3, level="easy")
    assert app.top.guide is None and app.settings["howto_seen"]["genius"] is False


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_how_to_play_replays_the_guide(tmp_path, puzzle):
    from tests.game.screen_app import ScreenApp, press
    app = ScreenApp(tmp_path)                      # the screens on a ScreenApp (no window)
    app.push(TitleScene(app))
    app.open(f"howto-{puzzle}")
    app.frame()
    howto = app.top
    assert isinstance(howto, HowToScene)
    press(app, howto.buttons["guide"])
    app.frame()
    assert isinstance(app.top, {"genius": GeniusScene, "macmahon": MacMahonScene}[puzzle])
    assert app.top.guide is not None and app.top.guide.index == 0


def resumed_after_a_skip(app):
    """The guide skipped, a first piece placed, the game left and opened again: (the screen, the
    screen again, the piece and its cells)."""
    scene = skipped(app)
    first = next(iter(Solutions(scene.match.start)[0].placed.items()))
    assert not isinstance(scene.session.move(GeniusMove(*first).notation()), str)
    frame(app)
    app.pop()                                        # to the title: the game is kept
    app.open("genius")
    frame(app)
    return scene, app.top, first


def test_the_board_of_a_skipped_guide_comes_back(app):
    scene, again, first = resumed_after_a_skip(app)
    assert again.match.start == scene.match.start and again.position.placed == {first[0]: first[1]}


def test_the_board_of_a_skipped_guide_is_counted_as_a_game(app):
    _, again, _ = resumed_after_a_skip(app)
    assert again.match.meta["kind"] == "play"
