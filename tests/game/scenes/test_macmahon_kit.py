"""The MacMahon kit's flows on a FakeApp, no window: the count of completions follows the
position on show, messages land where they cover nothing needed, every variant lays out at
small and large sizes, a board without solutions says so (suggesting free mode only in strict
mode), and the variants are counted, checked and solved. The jobs run in the fake worker and
are answered on `poll()`, as in a frame."""
from __future__ import annotations

import pygame
import pytest

from game.play.commands import Key, Press, Release, Slot, Square, Toast
from game.play.session import Moved
from solver.macmahon import search
from solver.macmahon.position import Board, Position
from solver.macmahon.symmetry import normal_code
from tests.game.widget_app import WidgetApp, built_chrome, macmahon_kit


def count_fact(kit) -> str:
    """The status panel's count of completions, or '' while it is not known (macmahon_drive.count_fact)."""
    facts = kit.dealer.facts()[0].split(", ")
    return next((f for f in facts if "solution" in f or "to finish" in f), "")


def settle(kit, effects=()) -> None:
    """What the screen does in its frame after a command: a move makes it count again (Moved ->
    `kit.dealer.moved()`), and the worker's answers are delivered."""
    effects = list(effects) + kit.session.take_effects()
    if any(isinstance(e, Moved) for e in effects):
        kit.dealer.moved()
    kit.app.worker.poll()


def solved() -> Position:
    return search.solve(Position.empty(Board()))


def test_the_count_is_about_the_position_on_show(tmp_path):
    kit = macmahon_kit(WidgetApp(tmp_path))
    session = kit.session
    settle(kit)
    assert count_fact(kit) == "106,624 solutions"
    done = solved()
    tile, rotation = done.cells[0]
    session.hand.orient[tile] = rotation
    effects = session.process(Press(Slot(tile))) + session.process(Release(Square(0, 0)))
    assert kit.match.position.cells[0] == (tile, rotation)
    settle(kit, effects)
    fact = count_fact(kit)
    table = search.solution_table(Board())
    n = int(fact.split()[0].replace(",", ""))
    assert n == int((table[:, 0] == normal_code(Board(), tile, rotation)).sum())
    assert fact.endswith("ways to finish from here") and 0 < n < 106_624
    settle(kit, session.process(Key("undo"), kit.allows))
    assert count_fact(kit) == "106,624 solutions"


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1600, 1000)])
def test_messages_cover_nothing_needed(tmp_path, size):
    app = WidgetApp(tmp_path, size)
    kit = macmahon_kit(app)
    kit.begin_id(kit.dealer.parse_id(solved().remove(5).notation()), {})
    app.toasts.place(kit.view.layout()["messages"])          # where the screen puts messages (build_ui)
    given = Square(0, 0)                                     # a given tile: a message says it stays put
    for effect in kit.session.process(Press(given)) + kit.session.process(Release(given, click=True)):
        if isinstance(effect, Toast):
            app.toasts.show(effect.text, effect.seconds)
    app.toasts.show("Tile 12: its left edge is blue, but tile 7 on C2 shows red there; try another way round", 4)
    assert app.toasts.latest and len(app.toasts.items) == 2
    lay = kit.view.layout()
    chrome = built_chrome(kit)
    geo = lay["geo"]
    labels = pygame.Rect(geo.rect.x, geo.rect.y - int(geo.cell * 0.7), geo.rect.width, int(geo.cell * 0.7))
    needed = [geo.rect, labels, lay["status"], lay["game_id"], chrome.menus["variant"].menu.rect, chrome.id_entry.rect,
              *lay["slots"], *(b.rect for b in chrome.buttons.values())]
    boxes = app.toasts.boxes(app.size, app.scale)
    assert boxes
    for box, _lines, _size in boxes:
        assert pygame.Rect(0, 0, *app.size).contains(box)
        assert not any(box.colliderect(r) for r in needed), box


def test_every_variant_lays_out_at_every_window_size(tmp_path):
    from game.scenes.macmahon.kit import VARIANTS
    for header, _ in VARIANTS:
        for size in ((800, 560), (1600, 1000)):
            app = WidgetApp(tmp_path, size)
            kit = macmahon_kit(app, header)
            assert kit.board.header == header
            lay = kit.view.layout()
            assert lay["geo"].rect.right <= lay["status"].x and lay["tray"].bottom <= app.size[1]
            assert all(lay["tray"].contains(s) for s in lay["slots"])


def test_a_board_without_solutions_suggests_free_mode_only_in_strict_mode(tmp_path):
    said = {}
    for mode in ("strict", "free"):
        app = WidgetApp(tmp_path / mode)
        app.settings["macmahon_mode"] = mode
        kit = macmahon_kit(app, "3x8x3")
        app.worker.poll()                                    # the count of solutions answers
        said[mode] = kit.session.status
    assert "no solution" in said["strict"] and said["strict"].endswith("or try free mode")
    assert "no solution" in said["free"] and "free mode" not in said["free"]


def test_variants(tmp_path):
    from tests.validate_macmahon import problems
    app = WidgetApp(tmp_path)
    kit = macmahon_kit(app, "3x8x3")
    session = kit.session
    app.worker.poll()                                        # the count of solutions
    assert (kit.board.rows, kit.board.cols) == (3, 8) and len(kit.view.layout()["slots"]) == 24
    assert kit.match.meta["solutions"] == 0
    kit.do("check")
    app.worker.poll()
    assert "no solution at all" in session.status
    kit.dealer.new_game("7x10x4")
    assert len(kit.view.layout()["slots"]) == 70
    session.process(Key("solve"), kit.allows)
    app.worker.poll()
    for _ in range(80):                                      # the solve plays out, one move a frame
        session.step_solve(1 / 60, 0.0)
    final = kit.match.position
    assert final.is_complete and problems(final.colour_rows(), 4) == []
