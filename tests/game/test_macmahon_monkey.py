"""10,000 random events at the MacMahon scene: no exception, and the position is always one
the engine accepts (strict mode: no clash ever; it reads back from its own notation)."""
import random

import pygame

from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon.position import Position
from tests.game.drive import back_from_how_to_play, random_event

KEYS = [(pygame.K_r, "r"), (pygame.K_e, "e"), (pygame.K_q, "q"), (pygame.K_RETURN, "\r"), (pygame.K_SPACE, " "),
        (pygame.K_BACKSPACE, "\b"), (pygame.K_DELETE, ""), (pygame.K_TAB, "\t"), (pygame.K_UP, ""),
        (pygame.K_DOWN, ""), (pygame.K_LEFT, ""), (pygame.K_RIGHT, ""), (pygame.K_u, "u"), (pygame.K_F1, ""),
        (pygame.K_z, "z"), (pygame.K_y, "y")] + [(pygame.K_0 + d, str(d)) for d in range(10)]


def start(app, mode: str) -> MacMahonScene:
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.settings["macmahon_mode"] = mode
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    return scene


def play_area(scene) -> pygame.Rect:
    """The board, the tray and the status panel; the buttons (menu, browser, dialogs) are tested elsewhere."""
    lay = scene.view.layout()
    return pygame.Rect(0, lay["top"].bottom, lay["controls"].x, scene.app.size[1] - lay["top"].bottom)


def test_monkey(app):
    scene = start(app, "strict")
    rng = random.Random(2026)
    area = play_area(scene)
    placed_ever = 0
    for step in range(1000):
        app.frame(1 / 60, [random_event(rng, area, KEYS) for _ in range(10)])
        back_from_how_to_play(app)
        assert app.top is scene, "the monkey left the scene"
        pos = scene.position
        assert not pos.clashes(), f"strict mode let a clash through: {pos.notation()}"
        assert Position.parse(pos.notation()) == pos
        assert len(set(pos.placed_tiles)) == sum(v is not None for v in pos.cells)
        assert scene.match.history[0] == scene.match.start
        placed_ever = max(placed_ever, 24 - len(pos.unplaced))
    assert len(scene.match.history) > 20 and placed_ever >= 3, "the monkey never really played"


def test_monkey_in_free_mode(app):
    """3,000 events in free mode: clashes are allowed (and happen), but a cell holds one tile,
    a tile is on one cell, and the position reads back from its notation."""
    scene = start(app, "free")
    rng = random.Random(7)
    area = play_area(scene)
    clashed = False
    for _ in range(300):
        app.frame(1 / 60, [random_event(rng, area, KEYS) for _ in range(10)])
        back_from_how_to_play(app)
        assert app.top is scene
        pos = scene.position
        assert Position.parse(pos.notation()) == pos
        placed = [v[0] for v in pos.cells if v is not None]
        assert len(placed) == len(set(placed))
        clashed = clashed or bool(pos.clashes())
    assert len(scene.match.history) > 5 and clashed
