"""The MacMahon screen driven by scripted mouse and key events, as a player would: what only a
window shows (a whole game through the real event path, the widgets, the solver's jobs).
The rules and flows (refusals, givens, turning in place, the keyboard's picking) are tested
without a window in tests/game/puzzles/test_macmahon_rules.py; every variant's layout, the
variants' counts and solves and a board without solutions in tests/game/scenes/test_macmahon_kit.py;
hint, check and solve from here, the M and V keys' and the variant menu's boards in
tests/game/scenes/test_macmahon_kit_games.py; a game ID played or refused in tests/game/scenes/test_macmahon_kit_ids.py; saves in
tests/game/scenes/test_macmahon_kit_saves.py."""

import pygame
import pytest

from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon import search
from solver.macmahon.position import Board, Position
from solver.macmahon.tiles import rotate
from tests.game.drive import frame, key, move, press, release, wheel
from tests.game.macmahon_drive import landing
from tests.validate_macmahon import problems


def typed(app, char: str) -> None:
    """A key that types `char` (digits pick tiles by number)."""
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=ord(char), mod=0, unicode=char, scancode=0))


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


def engine_solution(board=None) -> Position:
    done = search.solve(Position.empty(board or Board()))
    assert done is not None and problems(done.colour_rows(), done.board.colours) == []
    return done


def slot(scene, tile):
    return scene.view.layout()["slots"][tile].center


def cell_centre(scene, cell):
    return scene.view.layout()["geo"].cell_rect(cell).center


def turn_to(app, scene, colours, how) -> None:
    """Turn the held tile with R / E / Q / the wheel until it shows `colours`."""
    for i in range(4):
        if rotate(scene.kit.board.tiles[scene.session.hand.held.tile], scene.session.hand.held.rotation) == colours:
            return
        how(app, i)
    raise AssertionError("the tile never showed the wanted colours")


TURNERS = [lambda app, i: key(app, pygame.K_r), lambda app, i: wheel(app, 1), lambda app, i: key(app, pygame.K_e),
           lambda app, i: key(app, pygame.K_q)]


def place_by_mouse(app, scene, tile, cell, colours, turner) -> None:
    start = slot(scene, tile)
    press(app, start)
    assert scene.session.hand.held is not None and scene.session.hand.held.tile == tile
    move(app, (start[0] + 40, start[1] - 40))
    turn_to(app, scene, colours, turner)
    move(app, cell_centre(scene, cell))
    assert landing(scene).cell == cell and landing(scene).reason is None     # the ghost says it fits
    release(app, cell_centre(scene, cell))


def place_by_keys(app, scene, tile, cell, colours) -> None:
    for char in str(tile + 1):
        typed(app, char)
    assert scene.session.hand.held is not None and scene.session.hand.held.tile == tile
    turn_to(app, scene, colours, TURNERS[0])
    r, c = divmod(cell, scene.kit.board.cols)
    cr, cc = divmod(scene.session.hand.cursor, scene.kit.board.cols)
    for _ in range(abs(r - cr)):
        key(app, pygame.K_DOWN if r > cr else pygame.K_UP)
    for _ in range(abs(c - cc)):
        key(app, pygame.K_RIGHT if c > cc else pygame.K_LEFT)
    assert scene.session.hand.cursor == cell
    key(app, pygame.K_RETURN)


def test_a_game_played_half_by_mouse_half_by_keys_is_won(app, macmahon):
    solution = engine_solution()
    order = list(range(24))
    for n, cell in enumerate(order):
        tile, _ = solution.cells[cell]
        colours = solution.colours_at(cell)
        if n % 2 == 0:
            place_by_mouse(app, macmahon, tile, cell, colours, TURNERS[(n // 2) % 4])
        else:
            place_by_keys(app, macmahon, tile, cell, colours)
        assert macmahon.position.colours_at(cell) == colours, f"tile {tile + 1} did not land on {cell}"
        assert not macmahon.position.clashes()
    final = macmahon.position
    assert problems(final.colour_rows(), 3) == []
    assert macmahon.match.finished and not macmahon.match.timer.running
    best = app.statistics["macmahon"]["best"]["4x6x3"]
    assert best == pytest.approx(macmahon.match.elapsed, abs=0.01)
    assert "Solved in" in macmahon.session.status


def test_cancel_a_solver_job(app, macmahon):
    macmahon.do("hint")
    assert macmahon.session.job is not None
    key(app, pygame.K_ESCAPE)
    assert macmahon.session.job is None and macmahon.session.status == "Cancelled" and app.top is macmahon
