"""A held MacMahon tile over a cell where its sides clash keeps its own colours readable, the
clash marked on those sides (playtest 2, finding 15: a tile held where every side clashed was
drawn hatched purple and pink, no red, blue or white to be seen, so a keyboard player could not
tell which way to turn it). The view's picture of a frame, on a plain Surface (no window); the
tile taken and held over the cell through the session, as the keyboard does."""
from __future__ import annotations

import pygame

from game.draw.tiles import SIDES, triangle_centre
from game.play.commands import Cursor, Pick
from solver.macmahon import search
from solver.macmahon.position import Position
from tests.game.widget_app import WidgetApp, drawn, macmahon_kit

NAMES = {"W": "tile_white", "R": "tile_red", "B": "tile_blue"}


def nearest(pal, colour) -> str:
    """The tile colour (W, R or B) nearest to `colour`."""
    return min(NAMES, key=lambda k: sum((a - b) ** 2 for a, b in zip(getattr(pal, NAMES[k]), colour[:3])))


def worst_clash():
    """A board full but for one inner cell, and the tile of that cell turned so that most of its
    sides clash, a white one among them: (position, cell, tile, rotation, clashing sides)."""
    full = search.solve(Position.parse("4x6x3"))
    board = full.board
    best = None
    for cell in (7, 8, 9, 10, 13, 14, 15, 16):
        tile = full.cells[cell][0]
        position = full.remove(cell)
        for rotation in range(4):
            colours = board.tiles[tile]
            turned = colours[-rotation:] + colours[:-rotation] if rotation else colours
            sides = [s for s in range(4) if _clashes(position, cell, s, turned[s])]
            if any(turned[s] == "W" for s in sides) and (best is None or len(sides) > len(best[4])):
                best = (position, cell, tile, rotation, sides)
    assert best is not None and len(best[4]) >= 2
    return best


def _clashes(position, cell, side, colour) -> bool:
    """Whether `colour` on `side` of `cell` meets another colour across that edge (written here,
    apart from the engine: the neighbour's facing side)."""
    board = position.board
    r, c = divmod(cell, board.cols)
    dr, dc = [(-1, 0), (0, 1), (1, 0), (0, -1)][side]
    r2, c2 = r + dr, c + dc
    if not (0 <= r2 < board.rows and 0 <= c2 < board.cols):
        return False
    there = position.colours_at(r2 * board.cols + c2)
    return there is not None and there[(side + 2) % 4] != colour


def held_over_the_worst_clash(tmp_path):
    """The tile whose sides clash most, held by the keys over that cell: (app, surface drawn,
    the cell's rect, its colours as turned, its clashing sides)."""
    app = WidgetApp(tmp_path)
    kit = macmahon_kit(app, "4x6x3")
    position, cell, tile, rotation, sides = worst_clash()
    session = kit.session
    for move in session.match.position.moves_to(position):     # as tests/game/drive.py `jump` puts them
        assert not isinstance(session.move(move.notation(position.board)), str)
    session.process(Pick(tile + 1))                          # the number keys take a tile
    hand = session.hand
    assert hand.held is not None and hand.held.tile == tile and hand.keyboard
    while hand.cursor != cell:
        r, c = divmod(hand.cursor, position.board.cols)
        tr, tc = divmod(cell, position.board.cols)
        session.process(Cursor((tr > r) - (tr < r), 0 if tr != r else (tc > c) - (tc < c)))
    hand.turn((rotation - hand.held.rotation) % 4)
    landing = hand.landing(session.match.position)
    assert landing is not None and landing.reason is not None
    assert {s for where, s in landing.clashes if where == cell} == {SIDES[s] for s in sides}
    colours = position.board.tiles[tile]
    turned = colours[-rotation:] + colours[:-rotation] if rotation else colours
    return app, drawn(kit), kit.view.layout()["geo"].cell_rect(cell), turned, sides


def test_a_clashing_ghost_shows_its_own_colours(tmp_path):
    app, surface, rect, turned, sides = held_over_the_worst_clash(tmp_path)
    for side in range(4):
        cx, cy = triangle_centre(rect, side)
        got = surface.get_at((round(cx), round(cy)))
        assert nearest(app.palette, got) == turned[side], f"side {'TRBL'[side]}: {turned[side]} drawn as {got}"


def test_a_clashing_ghost_marks_each_clashing_side_along_its_edge(tmp_path):
    app, surface, rect, turned, sides = held_over_the_worst_clash(tmp_path)
    illegal = tuple(app.palette.illegal)
    for side in sides:
        (ax, ay), (bx, by) = [p for p in _corners(rect, side)]
        along = [(round(ax + (bx - ax) * t / 20), round(ay + (by - ay) * t / 20)) for t in range(5, 16)]
        near = [(x + dx, y + dy) for x, y in along for dx in range(-6, 7) for dy in range(-6, 7)]
        assert any(tuple(surface.get_at(p))[:3] == illegal for p in near), f"side {'TRBL'[side]} not marked"


def _corners(rect: pygame.Rect, side: int):
    return [(rect.topleft, rect.topright), (rect.topright, rect.bottomright),
            (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)][side]
