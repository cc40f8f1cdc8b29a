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


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1600, 1000)])
def test_the_whole_game_id_is_on_show(app, macmahon, size):
    """A complete 4 x 6 ID (the longest) is written out whole where nothing covers it, in
    lines that fit; the 4-colour boards' long IDs too."""
    from game.draw.theme import font
    app.window.size = size
    app.restyle()
    done = search.solve(Position.empty(Board()))
    macmahon.play_id(done.notation())
    frame(app)
    for header in ("4x6x3", "7x10x4", "5x14x4"):
        if header != "4x6x3":
            macmahon.play_id(header + ":" + "/".join(
                "".join(f"{t + 1}a" for t in range(r * int(header.split("x")[1]), (r + 1) * int(header.split("x")[1])))
                for r in range(int(header.split("x")[0]))))
            frame(app)
        lay = macmahon.layout()
        assert macmahon.board.header == header and macmahon.position.is_complete
        area, lines = lay["game_id"], lay["id_lines"]
        assert "".join(lines) == macmahon.position.notation()
        glyph = font(macmahon.id_text_size(), "mono").size("0")[0]
        assert all(glyph * len(line) <= area.width - app.px(20) for line in lines)
        assert pygame.Rect(0, 0, *app.size).contains(area)
        widgets = [b.rect for b in macmahon.buttons.values()] + [macmahon.variant_menu.rect, lay["status"]]
        assert not any(area.colliderect(r) for r in widgets)
        assert all(r.height >= app.px(24) for r in (b.rect for b in macmahon.buttons.values()))
