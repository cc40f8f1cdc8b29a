"""MacMahon boards the window cannot show (issue 19): a typed game ID or a setting naming a
24x1, 22x28 or 1x616 board is refused in one line and the current game goes on; every board
the game does lay out keeps its cells playable, inside the window, and the buttons clear of
the game ID panel. At the smallest window (800x560) and the design size (1100x760). The kit
and its view on a FakeApp of that size, no window (what a refused game ID does on the screen,
a toast and the box showing the game's ID again, is tests/game/test_macmahon_play.py's)."""
from __future__ import annotations

import pygame
import pytest

from game.play.commands import Replace, Toast
from game.scenes.macmahon.kit import VARIANTS
from solver.errors import SquarewiseError
from solver.macmahon.position import Position
from tests.game.widget_app import WidgetApp, built_chrome, macmahon_kit

TOO_BIG = ["24x1x3", "22x28x7", "1x616x7"]
SIZES = [(800, 560), (1100, 760)]


@pytest.fixture(params=SIZES, ids=["800x560", "1100x760"])
def sized_app(request, tmp_path):
    return WidgetApp(tmp_path, size=request.param)


def assert_laid_out(app, kit) -> None:
    """The board inside its column and the window, cells playable, no button under the game ID."""
    lay = kit.view.layout()
    board = lay["geo"].rect
    assert pygame.Rect((0, 0), app.size).contains(board) and board.right <= lay["status"].left
    assert lay["geo"].cell >= app.px(16)
    panel = lay["game_id"]
    chrome = built_chrome(kit)
    assert chrome.buttons
    for name, button in chrome.buttons.items():
        assert not button.rect.colliderect(panel), name
        assert button.rect.height >= app.px(20), name


def refusals(effects) -> list[str]:
    return [e.text for e in effects if isinstance(e, Toast) and "does not fit this window" in e.text]


def too_big_id(header: str) -> str:
    return Position.empty(Position.parse(header).board).notation()


@pytest.mark.parametrize("header", TOO_BIG)
def test_a_typed_game_id_the_window_cannot_show_is_refused(sized_app, header):
    kit = macmahon_kit(sized_app)
    with pytest.raises(SquarewiseError, match="does not fit this window: keeping this game"):
        kit.dealer.parse_id(too_big_id(header))


@pytest.mark.parametrize("header", TOO_BIG)
def test_the_game_goes_on_past_a_game_id_the_window_cannot_show(sized_app, header):
    app = sized_app
    kit = macmahon_kit(app)
    before = kit.match.game_id
    with pytest.raises(SquarewiseError):
        kit.dealer.parse_id(too_big_id(header))
    assert kit.match.game_id == before
    assert_laid_out(app, kit)


@pytest.mark.parametrize("header", TOO_BIG)
def test_a_setting_naming_a_board_the_window_cannot_show_starts_the_classic_board(sized_app, header):
    app = sized_app
    app.settings["macmahon_variant"] = header
    kit = macmahon_kit(app, app.settings["macmahon_variant"])     # what the screen starts with
    assert kit.board.header == "4x6x3" and app.settings["macmahon_variant"] == "4x6x3"
    assert refusals(kit.started)
    effects = kit.dealer.ask_new_game(header)            # the menu's or a key's new game: refused the same way
    assert refusals(effects) and not any(isinstance(e, Replace) for e in effects)
    assert kit.board.header == "4x6x3"
    assert_laid_out(app, kit)


@pytest.mark.parametrize("header", [h for h, _ in VARIANTS] + ["6x4x3", "8x3x3", "1x24x3"])
def test_the_boards_the_game_offers_are_laid_out_whole(sized_app, header):
    app = sized_app
    kit = macmahon_kit(app)
    assert not refusals(kit.dealer.new_game(header))
    assert kit.board.header == header
    assert_laid_out(app, kit)


SIZES = pytest.mark.parametrize("size, least", [((800, 560), 42), ((1100, 760), 56), ((1400, 900), 64)])


@SIZES
def test_the_tiles_grow_with_the_window(tmp_path, size, least):
    """Board cells and tray tiles of at least `least` pixels (the tray's tiles were 36, 49 and 57
    px, under a board at the top of its column), the tray's tiles never bigger than the board's cells."""
    kit = macmahon_kit(WidgetApp(tmp_path, size=size))
    lay = kit.view.layout()
    geo = lay["geo"]
    tile = kit.view.tray_tile(lay["slots"][0]).width
    assert geo.cell >= least and least <= tile <= geo.cell, (geo.cell, tile)


@SIZES
def test_the_board_with_its_tray_sits_centred_in_its_column(tmp_path, size, least):
    app = WidgetApp(tmp_path, size=size)
    kit = macmahon_kit(app)
    lay = kit.view.layout()
    geo = lay["geo"]
    column = pygame.Rect(lay["top"].x, lay["top"].bottom, lay["status"].left, app.size[1] - lay["top"].bottom)
    labels = geo.rect.union(pygame.Rect(geo.x - int(geo.cell * 0.7), geo.y - int(geo.cell * 0.7), 1, 1))
    block = labels.union(lay["tray"])
    above, below = block.top - column.top, column.bottom - block.bottom
    assert abs(above - below) <= app.px(16), (above, below)                 # up and down in the middle ...
    board_room = lay["status"].left - app.px(20)
    assert abs((labels.left - app.px(14)) - (board_room - labels.right)) <= app.px(16)   # ... and across
