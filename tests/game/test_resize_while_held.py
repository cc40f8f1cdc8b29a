"""A resize while a piece is held by the mouse (playtest 2, finding 9): the held piece's ghost
is placed again at once under the pointer in the new layout, not left in the old one until the
pointer moves. Driven through the App's own dispatch: the window's resize event, nothing else."""
from __future__ import annotations

import pygame

from game.play.commands import Square
from tests.game.drive import finish_roll, frame, move, press, slot_of


def resize(app, size) -> None:
    """The window made `size` (as a window manager does) and its resize event handled."""
    app.window.size = size
    frame(app, pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_the_held_piece_s_ghost_follows_the_new_layout_at_once(app, genius):
    resize(app, (1400, 900))
    finish_roll(app, genius)
    press(app, slot_of(genius, "2").center)
    assert genius.session.hand.held is not None
    geo = genius.view.layout()["geo"]
    pointer = geo.cell_rect(2 * 6 + 2).center               # C3 at 1400 x 900
    move(app, pointer)
    before = genius.frame().landing
    assert before is not None and genius.session.hand.pointer == (2, 2)
    resize(app, (1100, 760))                                 # the pointer has not moved
    new = genius.view.layout()["geo"]
    under = Square(*new.row_col_at(pointer))
    assert (under.row, under.col) != (2, 2)                  # the same pixel is another square now
    assert genius.session.hand.pointer == (under.row, under.col)
    assert genius.frame().landing == genius.session.hand.landing(genius.position)


def test_a_keyboard_held_piece_stays_at_its_cursor_on_a_resize(app, genius):
    finish_roll(app, genius)
    move(app, genius.view.layout()["geo"].cell_rect(0).center)
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    hand = genius.session.hand
    assert hand.held is not None and hand.keyboard
    cursor = hand.cursor
    resize(app, (1400, 900))
    assert hand.keyboard and hand.cursor == cursor and hand.held is not None


def test_a_held_macmahon_tile_follows_the_new_layout_at_once(app):
    from game.scenes.macmahon.scene import MacMahonScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    resize(app, (1400, 900))
    press(app, scene.view.layout()["slots"][0].center)
    hand = scene.session.hand
    assert hand.held is not None and hand.held.tile == 0
    geo = scene.view.layout()["geo"]
    pointer = geo.cell_rect(geo.cols + 2).center            # B3 at 1400 x 900
    move(app, pointer)
    assert hand.pointer == geo.cols + 2
    resize(app, (1100, 760))
    new = scene.view.layout()["geo"]
    assert new.cell_at(pointer) != geo.cols + 2 and hand.pointer == new.cell_at(pointer)
    assert scene.frame().landing.cell == new.cell_at(pointer)
