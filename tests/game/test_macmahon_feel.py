"""MacMahon's finish (issue 10): what the status panel says, the game ID box, the win line,
redo after a pasted ID, tray badges, toasts, clash marks and the help table, driven as a player would."""
import pygame
import pytest

from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from solver.macmahon.symmetry import normal_code
from tests.game.drive import frame, key, move, press, release


@pytest.fixture
def macmahon(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.settings["macmahon_mode"] = "strict"
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    frame(app)
    return scene


def settle(app) -> None:
    app.worker.drain()
    frame(app)


def drop(app, scene, tile, cell) -> None:
    """Take `tile` from the tray and put it on `cell` as it comes (its rotation as shown)."""
    press(app, scene.layout()["slots"][tile].center)
    target = scene.layout()["geo"].cell_rect(cell).center
    move(app, target)
    release(app, target)


def test_the_count_is_about_the_position_on_show(app, macmahon):
    settle(app)
    assert macmahon.count_fact() == "106,624 solutions"
    done = search.solve(Position.empty(Board()))
    tile, rotation = done.cells[0]
    macmahon.orient[tile] = rotation
    drop(app, macmahon, tile, 0)
    assert macmahon.position.cells[0] == (tile, rotation)
    settle(app)
    fact = macmahon.count_fact()
    table = search.solution_table(Board())
    n = int(fact.split()[0].replace(",", ""))
    assert n == int((table[:, 0] == normal_code(Board(), tile, rotation)).sum())
    assert fact.endswith("ways to finish from here") and 0 < n < 106_624
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    settle(app)
    assert macmahon.count_fact() == "106,624 solutions"
