"""MacMahon's finish (issue 10): what the status panel says, the game ID box, the win line,
redo after a pasted ID, tray badges, toasts, clash marks and the help table, driven as a player would."""
import pygame
import pytest

from solver.macmahon import search
from solver.macmahon.position import Board, Position
from solver.macmahon.symmetry import normal_code
from tests.game.drive import frame, key, move, press, release
from tests.game.macmahon_drive import count_fact, new_game
from tests.game.test_macmahon_play import macmahon, typed  # noqa: F401  (macmahon: the fixture)


def settle(app) -> None:
    app.worker.drain()
    frame(app)


def drop(app, scene, tile, cell) -> None:
    """Take `tile` from the tray and put it on `cell` as it comes (its rotation as shown)."""
    press(app, scene.view.layout()["slots"][tile].center)
    target = scene.view.layout()["geo"].cell_rect(cell).center
    move(app, target)
    release(app, target)


def test_the_count_is_about_the_position_on_show(app, macmahon):
    settle(app)
    assert count_fact(macmahon) == "106,624 solutions"
    done = search.solve(Position.empty(Board()))
    tile, rotation = done.cells[0]
    macmahon.session.hand.orient[tile] = rotation
    drop(app, macmahon, tile, 0)
    assert macmahon.position.cells[0] == (tile, rotation)
    settle(app)
    fact = count_fact(macmahon)
    table = search.solution_table(Board())
    n = int(fact.split()[0].replace(",", ""))
    assert n == int((table[:, 0] == normal_code(Board(), tile, rotation)).sum())
    assert fact.endswith("ways to finish from here") and 0 < n < 106_624
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    settle(app)
    assert count_fact(macmahon) == "106,624 solutions"


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1600, 1000)])
def test_the_whole_game_id_is_on_show(app, macmahon, size):
    """A complete 4 x 6 ID (the longest) is written out whole where nothing covers it, in
    lines that fit; the 4-colour boards' long IDs too."""
    from game.draw.theme import font
    app.window.size = size
    app.restyle()
    done = search.solve(Position.empty(Board()))
    macmahon.ask_play_id(done.notation())
    frame(app)
    for header in ("4x6x3", "7x10x4", "5x14x4"):
        if header != "4x6x3":
            macmahon.ask_play_id(header + ":" + "/".join(
                "".join(f"{t + 1}a" for t in range(r * int(header.split("x")[1]), (r + 1) * int(header.split("x")[1])))
                for r in range(int(header.split("x")[0]))))
            frame(app)
        lay = macmahon.view.layout()
        assert macmahon.kit.board.header == header and macmahon.position.is_complete
        area = lay["game_id"]
        lines = macmahon.view.id_lines(area.width - app.px(20), macmahon.position)
        assert "".join(lines) == macmahon.position.notation()
        glyph = font(macmahon.view.id_text_size(), "mono").size("0")[0]
        assert all(glyph * len(line) <= area.width - app.px(20) for line in lines)
        assert pygame.Rect(0, 0, *app.size).contains(area)
        widgets = [b.rect for b in macmahon.chrome.buttons.values()] + [macmahon.chrome.menus["variant"].menu.rect, lay["status"]]
        assert not any(area.colliderect(r) for r in widgets)
        assert all(r.height >= app.px(24) for r in (b.rect for b in macmahon.chrome.buttons.values()))


def solved() -> Position:
    return search.solve(Position.empty(Board()))


def last_tile_left(app, scene) -> tuple[int, int]:
    """Play a solution's ID without its A1 tile: (that tile, A1) is the winning drop."""
    done = solved()
    tile, rotation = done.cells[0]
    scene.ask_play_id(done.remove(0).notation())
    scene.session.hand.orient[tile] = rotation
    frame(app)
    return tile, 0


def test_a_win_is_one_clean_line_said_once(app, macmahon):
    tile, cell = last_tile_left(app, macmahon)
    drop(app, macmahon, tile, cell)
    assert macmahon.match.finished
    banner = macmahon.result.shown()
    assert banner[0].startswith("Solved in") and any("New game" in line for line in banner)
    assert macmahon.frame().status == ""
    assert not any("Solved" in m for m, *_ in app.toasts.items)
    for _ in range(10):
        frame(app, dt=0.4)
    line = macmahon.frame().status
    assert line.startswith("Solved in") and line.endswith("a new best time!")
    assert "  " not in line and " - " not in line and "\n" not in line


def test_new_game_variant_menu_and_v_ask_before_abandoning(app, macmahon):
    import pygame_gui
    from tests.game.drive import answer_confirm
    played = lambda: app.statistics.get("macmahon", {}).get("played", 0)   # noqa: E731
    before = played()
    macmahon.do("new")                               # an untouched board: no question, not a game begun
    typed(app, 'v')
    assert not macmahon.dialog_open and macmahon.kit.board.header == "3x8x3" and played() == before
    new_game(macmahon, "4x6x3")
    drop(app, macmahon, 0, 0)
    started = macmahon.position
    assert started.cells[0] is not None and played() == before      # counted when it ends
    menu = lambda: macmahon.chrome.menus["variant"].menu     # noqa: E731  (made anew after a choice)
    for i, ask in enumerate((lambda: macmahon.do("new"), lambda: typed(app, 'v'),
                             lambda: frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                                   ui_element=menu(), text="2 x 12, 3 colours")))):
        ask()
        assert macmahon.dialog_open, i
        assert answer_confirm(app, macmahon, yes=False)
        assert macmahon.position == started
        assert macmahon.chrome.menus["variant"].menu.selected_option[0] == "4 x 6, 3 colours (classic)"
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=macmahon.chrome.menus["variant"].menu,
                                  text="2 x 12, 3 colours"))
    assert answer_confirm(app, macmahon, yes=True)
    assert macmahon.kit.board.header == "2x12x3" and played() == before + 1
    lost = app.statistics["macmahon"]["games"][-1]          # the abandoned game counts as lost on its board
    assert lost["won"] is False and lost["key"] == "4x6x3"


def test_pause_hides_the_board_and_the_game_id(app, macmahon):
    drop(app, macmahon, 0, 0)
    key(app, pygame.K_p)
    assert macmahon.session.paused and macmahon.chrome.buttons["pause"].text == "Resume"
    frame(app)
    from game.draw.theme import mix
    cover = mix(app.palette.background, app.palette.panel, 0.5)
    lay = macmahon.view.layout()
    for point in (lay["geo"].cell_rect(0).center, lay["game_id"].center, lay["slots"][5].center):
        assert tuple(app.surface.get_at(point))[:3] == cover
    key(app, pygame.K_p)
    assert not macmahon.session.paused


@pytest.mark.parametrize("header", ["7x10x4", "5x14x4"])
@pytest.mark.parametrize("size", [(800, 560), (1100, 760)])
def test_tray_numbers_cover_no_triangle(app, macmahon, header, size):
    """Many small slots: each number sits beside its tile, and every tile is drawn whole."""
    from game.draw.theme import font
    from game.draw.tiles import draw_tile
    from solver.macmahon.tiles import rotate
    app.window.size = size
    app.restyle()
    new_game(macmahon, header)
    frame(app)
    for tile in (0, 9, 69):
        slot = macmahon.view.layout()["slots"][tile]
        label, rect = macmahon.view.tray_label(slot), macmahon.view.tray_tile(slot)
        w, _ = font(label.height, "bold").size(str(tile + 1))
        assert slot.contains(label) and slot.contains(rect) and not label.colliderect(rect) and w <= slot.width
        alone = app.surface.copy()
        draw_tile(alone, rotate(macmahon.kit.board.tiles[tile], 0), rect, app.palette)
        shown = app.surface.subsurface(rect)
        assert all(shown.get_at((x, y)) == alone.get_at((rect.x + x, rect.y + y))
                   for x in range(0, rect.width, 2) for y in range(0, rect.height, 2))


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1600, 1000)])
def test_messages_cover_nothing_needed(app, macmahon, size):
    app.window.size = size
    app.restyle()
    macmahon.ask_play_id(solved().remove(5).notation())
    app.toasts.items.clear()                        # ("Playing ...": this test makes its own messages)
    frame(app)
    given = macmahon.view.layout()["geo"].cell_rect(0).center
    press(app, given)                               # a given tile: a message says it stays put
    release(app, given)
    app.toasts.show("Tile 12: its left edge is blue, but tile 7 on C2 shows red there; try another way round", 4)
    frame(app)
    assert app.toasts.latest and len(app.toasts.items) == 2
    lay = macmahon.view.layout()
    geo = lay["geo"]
    labels = pygame.Rect(geo.rect.x, geo.rect.y - int(geo.cell * 0.7), geo.rect.width, int(geo.cell * 0.7))
    needed = [geo.rect, labels, lay["status"], lay["game_id"], macmahon.chrome.menus["variant"].menu.rect, macmahon.chrome.id_entry.rect,
              *lay["slots"], *(b.rect for b in macmahon.chrome.buttons.values())]
    boxes = app.toasts.boxes(app.size, app.scale)
    assert boxes
    for box, _lines, _size in boxes:
        assert pygame.Rect(0, 0, *app.size).contains(box)
        assert not any(box.colliderect(r) for r in needed), box


def test_the_ghost_marks_only_the_clashing_edges(app, macmahon, monkeypatch):
    """Over a cell where it breaks the rules, the tile in hand gets rule marks (game/draw/marks)
    on the triangles that clash, and on the neighbour's side of each clashing edge; nothing else."""
    import game.scenes.macmahon.view as view
    from solver.macmahon.tiles import rotate
    done = solved()
    first, rot = done.cells[0]
    macmahon.session.hand.orient[first] = rot
    drop(app, macmahon, first, 0)                                    # A1, as in a solution
    right_of_first = rotate(macmahon.kit.board.tiles[first], rot)[1]
    tile, rotation = next((t, r) for t in range(24) for r in range(4) if t != first
                          and rotate(macmahon.kit.board.tiles[t], r)[3] != right_of_first)
    colours = rotate(macmahon.kit.board.tiles[tile], rotation)
    expected = {(1, "L"), (0, "R")} | ({(1, "T")} if colours[0] != "W" else set())
    marked, crossed, rings = [], [], []
    monkeypatch.setattr(view, "mark_triangle", lambda s, rect, side, colour: marked.append((rect, side)))
    monkeypatch.setattr(view, "mark_cells", lambda s, rects, colour: crossed.extend(rects))
    real = view.draw_tile
    monkeypatch.setattr(view, "draw_tile", lambda *a, **k: (rings.append(k.get("outline")), real(*a, **k)))
    macmahon.session.hand.orient[tile] = rotation
    press(app, macmahon.view.layout()["slots"][tile].center)
    target = macmahon.view.layout()["geo"].cell_rect(1).center
    move(app, target)
    marked.clear(), rings.clear()
    frame(app)
    geo = macmahon.view.layout()["geo"]
    assert {(geo.cell_at(rect.center), "TRBL"[side]) for rect, side in marked} == expected
    assert crossed == [] and app.palette.illegal not in rings
    marked.clear()
    move(app, geo.cell_rect(0).center)                               # over a taken cell: that cell is crossed
    frame(app)
    assert crossed and all(geo.cell_at(r.center) == 0 for r in crossed) and marked == []
    release(app, geo.cell_rect(0).center)


def test_redo_after_pasting_an_id_is_enabled_only_when_it_works(app, macmahon, monkeypatch):
    """Pasted (Ctrl+V) or typed in the ID box: the new game has nothing to redo, and the Redo
    button says so; once a move is undone, the button redoes it."""
    import pygame_gui
    from tests.game.drive import answer_confirm
    from tests.game.test_typing import click, pump, type_text
    done = solved()
    for way in ("paste", "type"):
        macmahon.session.hand.orient[done.cells[3][0]] = done.cells[3][1]
        drop(app, macmahon, done.cells[3][0], 3)
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert macmahon.chrome.buttons["redo"].is_enabled
        wanted = done.remove(0).remove(1).notation()
        if way == "paste":
            monkeypatch.setattr(app, "paste_text", lambda: wanted)
            key(app, pygame.K_v, pygame.KMOD_LCTRL)
        else:
            pygame.event.clear()
            click(app, macmahon.chrome.id_entry.rect.center)
            frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="",
                                          scancode=0))
            type_text(app, wanted)
            key(app, pygame.K_RETURN)
            pump(app)
        answer_confirm(app, macmahon)
        frame(app)
        assert macmahon.match.game_id == wanted and app.keyboard_owner() is None
        assert not macmahon.match.can_redo and not macmahon.chrome.buttons["redo"].is_enabled
        tile, rotation = done.cells[0]
        macmahon.session.hand.orient[tile] = rotation
        drop(app, macmahon, tile, 0)
        frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=macmahon.chrome.buttons["undo"]))
        assert macmahon.position.cells[0] is None and macmahon.chrome.buttons["redo"].is_enabled
        key(app, pygame.K_y, pygame.KMOD_LCTRL)
        assert macmahon.position.cells[0] == (tile, rotation) and not macmahon.chrome.buttons["redo"].is_enabled
        new_game(macmahon, "4x6x3")


def test_macmahon_menu_bar_opens_and_runs_the_same_actions(app, macmahon):
    from tests.game.drive import choose
    from tests.game.macmahon_drive import open_every_menu
    assert set(macmahon.chrome.menus) == {"game", "rules", "level", "variant"} and len(macmahon.chrome.buttons) <= 9
    open_every_menu(app, macmahon)
    choose(app, macmahon, "rules", "Rules: free")
    assert app.settings["macmahon_mode"] == "free" and macmahon.chrome.menus["rules"].label == "Rules: free"
    choose(app, macmahon, "game", "Keys")
    assert macmahon.show_help
