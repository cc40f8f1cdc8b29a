"""What the MacMahon view draws (game/scenes/macmahon/view.py), from a Frame onto a plain
Surface, no window: tray numbers beside their tiles, the whole game ID clear of the widgets,
the ghost's clash marks. (A turned tile's colours on the board: tests/game/test_macmahon_pixels.py;
the pause cover over the widgets: tests/game/test_macmahon_feel.py.)"""
from __future__ import annotations

import pygame
import pytest

from game.play.commands import Hover, Press, Release, Slot, Square
from solver.macmahon import search
from solver.macmahon.position import Board, Position
from solver.macmahon.tiles import rotate
from tests.game.widget_app import WidgetApp, built_chrome, drawn, frame_of, macmahon_kit


def solved() -> Position:
    return search.solve(Position.empty(Board()))


def play_id(kit, text: str) -> None:
    """A game ID played on the kit, as the screen's Play does once nothing is in progress."""
    kit.begin_id(kit.dealer.parse_id(text), {})


@pytest.mark.parametrize("header", ["7x10x4", "5x14x4"])
@pytest.mark.parametrize("size", [(800, 560), (1100, 760)])
def test_tray_numbers_cover_no_triangle(tmp_path, header, size):
    """Many small slots: each number sits beside its tile, and every tile is drawn whole."""
    from game.draw.theme import font
    from game.draw.tiles import draw_tile
    app = WidgetApp(tmp_path, size)
    kit = macmahon_kit(app, header)
    assert kit.board.header == header
    surface = drawn(kit)
    for tile in (0, 9, 69):
        slot = kit.view.layout()["slots"][tile]
        label, rect = kit.view.tray_label(slot), kit.view.tray_tile(slot)
        w, _ = font(label.height, "bold").size(str(tile + 1))
        assert slot.contains(label) and slot.contains(rect) and not label.colliderect(rect) and w <= slot.width
        alone = surface.copy()
        draw_tile(alone, rotate(kit.board.tiles[tile], 0), rect, app.palette)
        shown = surface.subsurface(rect)
        assert all(shown.get_at((x, y)) == alone.get_at((rect.x + x, rect.y + y))
                   for x in range(0, rect.width, 2) for y in range(0, rect.height, 2))


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1600, 1000)])
def test_the_whole_game_id_is_on_show(tmp_path, size):
    """A complete 4 x 6 ID (the longest) is written out whole where nothing covers it, in
    lines that fit; the 4-colour boards' long IDs too."""
    from game.draw.theme import font
    app = WidgetApp(tmp_path, size)
    kit = macmahon_kit(app)
    play_id(kit, solved().notation())
    for header in ("4x6x3", "7x10x4", "5x14x4"):
        if header != "4x6x3":
            rows, cols = int(header.split("x")[0]), int(header.split("x")[1])
            play_id(kit, header + ":" + "/".join("".join(f"{t + 1}a" for t in range(r * cols, (r + 1) * cols))
                                                 for r in range(rows)))
        lay = kit.view.layout()
        position = kit.match.position
        assert kit.board.header == header and position.is_complete
        area = lay["game_id"]
        lines = kit.view.id_lines(area.width - app.px(20), position)
        assert "".join(lines) == position.notation()
        glyph = font(kit.view.id_text_size(), "mono").size("0")[0]
        assert all(glyph * len(line) <= area.width - app.px(20) for line in lines)
        assert pygame.Rect(0, 0, *app.size).contains(area)
        chrome = built_chrome(kit)
        widgets = [b.rect for b in chrome.buttons.values()] + [chrome.menus["variant"].menu.rect, lay["status"]]
        assert not any(area.colliderect(r) for r in widgets)
        assert all(r.height >= app.px(24) for r in (b.rect for b in chrome.buttons.values()))


def test_the_ghost_marks_only_the_clashing_edges(tmp_path, monkeypatch):
    """Over a cell where it breaks the rules, the tile in hand gets rule marks (game/draw/marks)
    on the edges that clash, and on the neighbour's side of each clashing edge; nothing else
    (along the edges, so its colours stay in sight: playtest 2, finding 15)."""
    import game.scenes.macmahon.view as view
    app = WidgetApp(tmp_path)
    kit = macmahon_kit(app)
    session = kit.session
    done = solved()
    first, rot = done.cells[0]
    session.hand.orient[first] = rot
    session.process(Press(Slot(first)))
    session.process(Release(Square(0, 0)))                           # A1, as in a solution
    assert kit.match.position.cells[0] == (first, rot)
    right_of_first = rotate(kit.board.tiles[first], rot)[1]
    tile, rotation = next((t, r) for t in range(24) for r in range(4) if t != first
                          and rotate(kit.board.tiles[t], r)[3] != right_of_first)
    colours = rotate(kit.board.tiles[tile], rotation)
    expected = {(1, "L"), (0, "R")} | ({(1, "T")} if colours[0] != "W" else set())
    marked, crossed, rings = [], [], []
    monkeypatch.setattr(view, "mark_edge", lambda s, rect, side, colour: marked.append((rect, side)))
    monkeypatch.setattr(view, "mark_cells", lambda s, rects, colour: crossed.extend(rects))
    real = view.draw_tile
    monkeypatch.setattr(view, "draw_tile", lambda *a, **k: (rings.append(k.get("outline")), real(*a, **k)))
    session.hand.orient[tile] = rotation
    session.process(Press(Slot(tile)))
    session.process(Hover(Square(0, 1)))
    geo = kit.view.layout()["geo"]
    marked.clear(), rings.clear()
    drawn(kit, frame_of(kit, pointer=geo.cell_rect(1).center))
    assert {(geo.cell_at(rect.center), "TRBL"[side]) for rect, side in marked} == expected
    assert crossed == [] and app.palette.illegal not in rings
    marked.clear()
    session.process(Hover(Square(0, 0)))                             # over a taken cell: that cell is crossed
    drawn(kit, frame_of(kit, pointer=geo.cell_rect(0).center))
    assert crossed and all(geo.cell_at(r.center) == 0 for r in crossed) and marked == []
