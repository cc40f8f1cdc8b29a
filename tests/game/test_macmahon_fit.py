"""MacMahon boards the window cannot show (issue 19): a typed game ID or a setting naming a
24x1, 22x28 or 1x616 board is refused in one line and the current game goes on; every board
the game does lay out keeps its cells playable, inside the window, and the buttons clear of
the game ID panel. At the smallest window (800x560) and the design size (1100x760)."""
from __future__ import annotations

import pytest

from game.scenes.macmahon.kit import VARIANTS
from game.storage import Storage
from solver.macmahon.position import Position
from tests.game.drive import frame

TOO_BIG = ["24x1x3", "22x28x7", "1x616x7"]
SIZES = [(800, 560), (1100, 760)]


@pytest.fixture(params=SIZES, ids=["800x560", "1100x760"])
def sized_app(request, data_dir):
    from game.app import App
    app = App(size=request.param, storage=Storage(data_dir))
    app.settings["howto_seen"] = {"genius": True, "macmahon": True}
    yield app
    app.worker.cancel_all()


def open_macmahon(app, **options):
    from game.scenes.macmahon.scene import MacMahonScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = MacMahonScene(app, **options)
    app.push(scene)
    frame(app)
    return scene


def assert_laid_out(app, scene) -> None:
    """The board inside its column and the window, cells playable, no button under the game ID."""
    lay = scene.view.layout()
    board = lay["geo"].rect
    assert pygame_rect(app).contains(board) and board.right <= lay["status"].left
    assert lay["geo"].cell >= app.px(16)
    panel = lay["game_id"]
    for name, button in scene.chrome.buttons.items():
        assert not button.rect.colliderect(panel), name
        assert button.rect.height >= app.px(20), name


def pygame_rect(app):
    import pygame
    return pygame.Rect((0, 0), app.size)


@pytest.mark.parametrize("header", TOO_BIG)
def test_a_typed_game_id_the_window_cannot_show_is_refused_and_the_game_goes_on(sized_app, header):
    app = sized_app
    scene = open_macmahon(app, new=True)
    before = scene.match.game_id
    assert not scene.ask_play_id(Position.empty(Position.parse(header).board).notation())
    frame(app)
    assert scene.match.game_id == before and scene.pending is None
    assert any("does not fit this window: keeping this game" in item[0] for item in app.toasts.items)
    assert_laid_out(app, scene)


@pytest.mark.parametrize("header", TOO_BIG)
def test_a_setting_naming_a_board_the_window_cannot_show_starts_the_classic_board(sized_app, header):
    app = sized_app
    app.settings["macmahon_variant"] = header
    scene = open_macmahon(app)
    assert scene.kit.board.header == "4x6x3" and app.settings["macmahon_variant"] == "4x6x3"
    assert any("does not fit this window" in item[0] for item in app.toasts.items)
    scene.perform(scene.kit.ask_new_game(header))            # the menu's or a key's new game: refused the same way
    frame(app)
    assert scene.kit.board.header == "4x6x3" and scene.pending is None
    assert_laid_out(app, scene)


@pytest.mark.parametrize("header", [h for h, _ in VARIANTS] + ["6x4x3", "8x3x3", "1x24x3"])
def test_the_boards_the_game_offers_are_laid_out_whole(sized_app, header):
    app = sized_app
    scene = open_macmahon(app, new=True)
    scene.perform(scene.kit.new_game(header))
    scene.on_resize()
    frame(app)
    assert scene.kit.board.header == header
    assert_laid_out(app, scene)
