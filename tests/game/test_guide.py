"""The guided first game, played through the real screens: each step is checked by the game
(a real drag, a turn, a refused drop, H), Skip ends it, the first plain launch starts it once,
How to play plays it again."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.genius.scene import GeniusScene
from game.scenes.guide import GAMES, HINTED, PLACED, REFUSED, TURNED
from game.scenes.howto import HowToScene
from game.scenes.macmahon.scene import MacMahonScene
from game.scenes.title import TitleScene
from solver.genius.pieces import PIECES
from solver.genius.position import Position as GeniusPosition
from solver.genius.solutions import Solutions
from solver.macmahon import search as macmahon_search
from solver.macmahon.position import Position as MacMahonPosition
from tests.game.drive import frame, key, move, press, release, wheel
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
    genius = GAMES["genius"]
    start = GeniusPosition.parse(genius.game_id)
    first = Solutions(start)[0]
    check_position(first)
    placed = genius.steps[0]
    assert placed.check == PLACED and first.placed[placed.item] == frozenset({placed.cell})
    mac = GAMES["macmahon"]
    board = MacMahonPosition.parse(mac.game_id)
    assert macmahon_search.completions(board) == 1
    done = macmahon_search.solve(board)
    assert done.is_solved
    step = next(s for s in mac.steps if s.check == PLACED)
    assert done.cells[step.cell][0] == step.item
    assert [s.check for s in genius.steps] == [PLACED, TURNED, REFUSED, HINTED]


def test_genius_first_launch_guides_each_step_by_the_game(app):
    scene = first_launch(app, "genius")
    assert isinstance(scene, GeniusScene) and scene.guide is not None
    assert scene.match.start.notation() == GeniusPosition.parse(GAMES["genius"].game_id).notation()
    assert app.settings["howto_seen"]["genius"] is True
    lay = scene.view.layout()
    geo = lay["geo"]
    # step 1: the red square dropped elsewhere is not the step; dropped on F4 it is
    slot_1 = lay["slots"][PIECES.index("1")].center
    press(app, slot_1)
    move(app, geo.cell_rect(34).center)
    release(app, geo.cell_rect(34).center)
    assert scene.position.placed["1"] == frozenset({34}) and scene.guide.index == 0
    press(app, geo.cell_rect(34).center)
    move(app, geo.cell_rect(33).center)
    release(app, geo.cell_rect(33).center)
    frame(app)
    assert scene.position.placed["1"] == frozenset({33}) and scene.guide.index == 1
    # step 2: pick up the 4-L and turn it with the wheel
    press(app, lay["slots"][PIECES.index("4-L")].center)
    frame(app)
    assert scene.session.hand.held.piece == "4-L" and scene.guide.index == 1
    wheel(app, 1)
    frame(app)
    assert scene.guide.index == 2
    # step 3: dropped on a blocker, it is refused, and the guide says the rules' reason
    move(app, geo.cell_rect(0).center)
    release(app, geo.cell_rect(0).center)
    frame(app)
    assert "4-L" not in scene.position.placed and scene.guide.index == 3
    assert scene.guide.said.startswith("Refused: ") and app.sounds.played[-1] == "illegal"
    # step 4: H
    key(app, pygame.K_h)
    frame(app)
    assert scene.guide.step is None and "How to play" in scene.guide.words()
    app.worker.drain(30)
    for _ in range(int(8.5 * 10)):
        frame(app, dt=0.1)
    assert scene.guide is None
    app.pop()
    app.open("genius")           # the second launch: no guide
    assert app.top.guide is None


def test_skip_ends_the_guide_and_a_new_game_does_too(app):
    scene = first_launch(app, "genius")
    frame(app)
    skip = scene.guide.skip_rect
    assert skip.width > 0
    press(app, skip.center)
    frame(app)
    assert scene.guide is None
    scene.start_guide()          # How to play's "Guided game" on the screen below
    frame(app)
    assert scene.guide is not None and scene.guide.index == 0
    scene.do("new")
    frame(app)
    assert scene.guide is None


def test_a_first_launch_with_a_game_id_keeps_the_guide_for_later(app):
    app.settings["howto_seen"] = {"genius": False, "macmahon": False}
    app.push(TitleScene(app))
    app.open("genius", game_id="A1A2A4A6B4D5E1", daily=3, level="easy")
    assert app.top.guide is None and app.settings["howto_seen"]["genius"] is False


def test_macmahon_guide_turn_place_refuse_hint(app):
    scene = first_launch(app, "macmahon")
    assert isinstance(scene, MacMahonScene) and scene.guide is not None
    lay = scene.view.layout()
    geo = lay["geo"]
    press(app, lay["slots"][20].center)           # tile 21
    frame(app)
    assert scene.session.hand.held.tile == 20 and scene.guide.index == 0
    wheel(app, 1)
    frame(app)
    assert scene.guide.index == 1
    for _ in range(4):                            # turned as the one completion has it
        if scene.session.hand.held.rotation == 3:
            break
        wheel(app, 1)
    move(app, geo.cell_rect(23).center)
    release(app, geo.cell_rect(23).center)
    frame(app)
    assert scene.position.cells[23] == (20, 3) and scene.guide.index == 2
    press(app, lay["slots"][22].center)           # tile 23 on the taken D6: refused
    move(app, geo.cell_rect(23).center)
    release(app, geo.cell_rect(23).center)
    frame(app)
    assert scene.guide.index == 3 and "Refused" in scene.guide.said
    key(app, pygame.K_h)
    frame(app)
    assert scene.guide.step is None
    app.worker.drain(30)


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_how_to_play_replays_the_guide(tmp_path, puzzle):
    from tests.game.headless_wc import ScreenApp, press
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
