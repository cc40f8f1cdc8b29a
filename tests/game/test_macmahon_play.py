"""The MacMahon scene driven by scripted mouse and key events, as a player would."""
import random

import pygame
import pytest

from game.puzzles.macmahon.puzzle import MACMAHON
from game.scenes.macmahon.scene import MacMahonScene
from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from solver.macmahon.tiles import rotate
from tests.game.drive import jump, frame, key, move, press, release, wheel
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
        if rotate(scene.board.tiles[scene.session.hand.held.tile], scene.session.hand.held.rotation) == colours:
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
    assert scene.target_cell() == cell and scene.verdict(cell) is None     # the ghost says it fits
    release(app, cell_centre(scene, cell))


def place_by_keys(app, scene, tile, cell, colours) -> None:
    for char in str(tile + 1):
        typed(app, char)
    assert scene.session.hand.held is not None and scene.session.hand.held.tile == tile
    turn_to(app, scene, colours, TURNERS[0])
    r, c = divmod(cell, scene.board.cols)
    cr, cc = divmod(scene.session.hand.cursor, scene.board.cols)
    for _ in range(abs(r - cr)):
        key(app, pygame.K_DOWN if r > cr else pygame.K_UP)
    for _ in range(abs(c - cc)):
        key(app, pygame.K_RIGHT if c > cc else pygame.K_LEFT)
    assert scene.session.hand.cursor == cell
    key(app, pygame.K_RETURN)


def test_scripted_play_to_a_win_by_mouse_and_keys(app, macmahon):
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


def test_strict_mode_refuses_with_the_engines_reason(app, macmahon):
    start = macmahon.position
    tile = 6            # tile 7 "RBWW": red at the top
    press(app, slot(macmahon, tile))
    move(app, cell_centre(macmahon, 0))
    reason = macmahon.verdict(0)
    assert reason == start.check(Move(tile, macmahon.session.hand.held.rotation, 0)) and reason.startswith("border must be white")
    release(app, cell_centre(macmahon, 0))
    assert macmahon.position == start and macmahon.session.hand.held is None
    assert reason in app.toasts.latest


def test_free_mode_allows_and_marks(app, macmahon):
    typed(app, "m")
    assert app.settings["macmahon_mode"] == "free"
    press(app, slot(macmahon, 6))
    release(app, (slot(macmahon, 6)[0] + 2, slot(macmahon, 6)[1]))          # a click: the tile follows
    assert macmahon.session.hand.held.sticky
    move(app, cell_centre(macmahon, 0))
    press(app, cell_centre(macmahon, 0))
    assert macmahon.position.cells[0] == (6, 0)
    assert (0, "T") in macmahon.position.clashes()
    # a taken cell is refused even in free mode
    typed(app, "1")
    move(app, cell_centre(macmahon, 0))
    press(app, cell_centre(macmahon, 0))
    assert "taken" in app.toasts.latest and macmahon.position.cells[0] == (6, 0)


def test_a_full_board_that_clashes_is_not_a_win(app, macmahon):
    app.settings["macmahon_mode"] = "free"
    solution = engine_solution()
    cells = list(solution.cells)
    cells[0], cells[1] = cells[1], cells[0]          # two tiles swapped: still full, now clashing
    wrong = Position(solution.board, tuple(cells))
    assert wrong.is_complete and wrong.clashes()
    jump(macmahon, wrong)
    assert not macmahon.match.finished and macmahon.match.timer.running
    assert "macmahon" not in app.statistics or not app.statistics["macmahon"].get("best")


def test_pick_up_move_and_return_a_tile(app, macmahon):
    solution = engine_solution()
    tile, rotation = solution.cells[0]
    macmahon.play(macmahon.position.place(Move(tile, rotation, 0)))
    frame(app)
    # drag it from A1 to A6 (the corner tiles fit both corners only if turned: use the engine's verdict)
    press(app, cell_centre(macmahon, 0))
    assert macmahon.session.hand.held.tile == tile and macmahon.session.hand.held.source == 0
    assert macmahon.board_position().cells[0] is None
    move(app, (10, app.size[1] - 5))
    release(app, (10, app.size[1] - 5))                   # dropped off the board: back to the tray
    assert macmahon.position.cells[0] is None and tile in macmahon.position.unplaced
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert macmahon.position.cells[0] == (tile, rotation)
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert macmahon.position.cells[0] is None
    key(app, pygame.K_r, pygame.KMOD_LCTRL)
    assert macmahon.position == macmahon.match.start


def test_tab_selects_and_delete_takes_back(app, macmahon):
    key(app, pygame.K_TAB)
    assert macmahon.session.hand.held.tile == 0
    key(app, pygame.K_TAB)
    assert macmahon.session.hand.held.tile == 1
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert macmahon.session.hand.held.tile == 0
    key(app, pygame.K_RETURN)                     # tile 1 (all white) fits on A1
    assert macmahon.position.cells[0] == (0, 0)
    key(app, pygame.K_DELETE)
    assert macmahon.position.cells[0] is None


def test_game_id_givens_stay_put(app, macmahon):
    solution = engine_solution()
    given = Position.empty(Board())
    for cell in (0, 5):
        given = given.place(Move(*solution.cells[cell], cell))
    assert macmahon.ask_play_id(given.notation())
    frame(app)
    assert macmahon.chrome.id_entry.get_text() == given.notation()
    press(app, cell_centre(macmahon, 0))
    assert macmahon.session.hand.held is None
    release(app, cell_centre(macmahon, 0))
    key(app, pygame.K_RETURN)                     # Enter at the cursor (A1): a given, refused
    assert macmahon.session.hand.held is None and macmahon.position == given
    assert Position.parse(macmahon.position.notation()) == given
    assert macmahon.ask_play_id("4x6x3:99a...../....../....../......") is False
    assert "unknown tile 99" in app.toasts.latest and macmahon.position == given


def test_save_load_and_autosave(app, macmahon, tmp_path):
    solution = engine_solution()
    for cell in (0, 1, 2):
        macmahon.play(macmahon.position.place(Move(*solution.cells[cell], cell)))
    macmahon.undo()
    path = tmp_path / "game.json"
    macmahon.save_to(path)
    history = list(macmahon.match.history)
    macmahon.new_game("4x6x3")
    assert macmahon.position == Position.empty(Board())
    assert macmahon.ask_load(path)
    assert macmahon.match.history == history and macmahon.match.can_redo
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "data": {"puzzle": "genius"}}')
    assert not macmahon.ask_load(bad) and "genius" in app.toasts.latest
    app.pop()                                     # leaving keeps the game for next time
    assert app.storage.exists(MACMAHON.autosave)
    again = MacMahonScene(app)
    assert again.position == macmahon.position


def test_hint_solvable_and_solve_from_here(app, macmahon):
    pos = macmahon.position
    macmahon.do("hint")
    app.worker.drain(30)
    macmahon.do("hint")                  # which, where, then how: the whole move on the board
    macmahon.do("hint")
    tile, rotation, cell, step, _ = macmahon.hint
    assert step == 2                        # the last rung: the ghost
    after = pos.place(Move(tile, rotation, cell))
    completed = search.solve(after)
    assert problems(completed.colour_rows(), 3) == [] and completed.colours_at(cell) == after.colours_at(cell)
    # a legal position no solution extends: the engine's blame names the tile to take back
    rng = random.Random(5)
    bad, grow = None, pos
    while bad is None:
        tile, rotation, cell = rng.choice(grow.unplaced), rng.randrange(4), rng.randrange(24)
        if grow.check(Move(tile, rotation, cell)) is None:
            candidate = grow.place(Move(tile, rotation, cell))
            if search.solve(candidate) is None:
                bad = candidate
            else:
                grow = candidate
    assert bad.clashes() == frozenset()
    jump(macmahon, bad)
    key(app, pygame.K_c, pygame.KMOD_LSHIFT)
    app.worker.drain(30)
    assert macmahon.session.status.startswith("No") and macmahon.blamed is not None
    blamed = macmahon.blamed[0]
    rescued = search.solve(bad.remove(blamed))
    assert problems(rescued.colour_rows(), 3) == []
    macmahon.restart()
    macmahon.do("check")
    app.worker.drain(30)
    assert macmahon.session.status.startswith("Yes")
    key(app, pygame.K_s, pygame.KMOD_LSHIFT)
    app.worker.drain(30)
    for _ in range(40):
        frame(app, dt=0.2)
    final = macmahon.position
    assert final.is_complete and problems(final.colour_rows(), 3) == []
    assert macmahon.match.finished and "with help" in macmahon.session.status
    assert "macmahon" not in app.statistics or "4x6x3" not in app.statistics["macmahon"].get("best", {})


def test_cancel_a_solver_job(app, macmahon):
    macmahon.do("hint")
    assert macmahon.session.job is not None
    key(app, pygame.K_ESCAPE)
    assert macmahon.session.job is None and macmahon.session.status == "Cancelled" and app.top is macmahon


def test_variants(app, macmahon):
    macmahon.new_game("3x8x3")
    app.worker.drain()
    frame(app)
    assert (macmahon.board.rows, macmahon.board.cols) == (3, 8) and len(macmahon.view.layout()["slots"]) == 24
    assert macmahon.match.meta["solutions"] == 0
    macmahon.do("check")
    app.worker.drain(30)
    assert "no solution at all" in macmahon.session.status
    macmahon.new_game("7x10x4")
    frame(app)
    assert len(macmahon.view.layout()["slots"]) == 70
    macmahon.do("solve")
    app.worker.drain(60)
    app.settings["animations"] = False
    for _ in range(80):
        frame(app)
    final = macmahon.position
    assert final.is_complete and problems(final.colour_rows(), 4) == []


def test_every_variant_draws_at_small_and_large_sizes(app, macmahon):
    from game.scenes.macmahon.scene import VARIANTS
    for header, _ in VARIANTS:
        macmahon.new_game(header)
        for size in ((800, 560), (1600, 1000)):
            app.window.size = size
            app.restyle()
            frame(app)
            lay = macmahon.view.layout()
            assert lay["geo"].rect.right <= lay["status"].x and lay["tray"].bottom <= app.size[1]
            assert all(lay["tray"].contains(s) for s in lay["slots"])


def test_turn_a_placed_tile_where_it_lies(app, macmahon):
    # tile 3 (two reds side by side) fits the A1 corner one way round only
    corner, tile = 0, 2
    fits = [k for k in range(4) if macmahon.position.check(Move(tile, k, corner)) is None]
    assert len(fits) == 1
    macmahon.play(macmahon.position.place(Move(tile, fits[0], corner)))
    before = macmahon.position
    press(app, cell_centre(macmahon, corner), button=3)
    assert macmahon.position == before and "fits no other way" in app.toasts.latest
    typed(app, "m")                                   # free mode: a quarter turn back, and the clash is marked
    press(app, cell_centre(macmahon, corner), button=3)
    tile, rotation = before.cells[corner]
    assert macmahon.position.cells[corner] == (tile, (rotation + 3) % 4)
    assert any(cell == corner for cell, _ in macmahon.position.clashes())
    key(app, pygame.K_RIGHT)                          # keyboard: the cursor to A1, R turns it on again
    key(app, pygame.K_LEFT)
    assert macmahon.session.hand.cursor == corner and macmahon.session.hand.keyboard
    key(app, pygame.K_r)
    assert macmahon.position.cells[corner] == (tile, rotation)


def test_variant_and_browser_keys(app, macmahon):
    from game.scenes.macmahon.browser import BrowserScene
    from game.scenes.macmahon.view import VARIANTS
    seen = []
    for _ in VARIANTS:
        typed(app, "v")
        seen.append(macmahon.board.header)
    assert seen == [h for h, _ in VARIANTS[1:]] + ["4x6x3"]
    assert macmahon.variant_menu.selected_option in (VARIANTS[0][1], (VARIANTS[0][1], VARIANTS[0][1]))
    typed(app, "b")
    assert isinstance(app.top, BrowserScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is macmahon


def test_a_tile_taken_by_keyboard_finds_an_empty_cell(app, macmahon):
    key(app, pygame.K_TAB)                        # tile 1 to A1
    key(app, pygame.K_RETURN)
    assert macmahon.position.cells[0] == (0, 0) and macmahon.session.hand.cursor == 0
    typed(app, "2")                               # A1 is filled: the cursor moves on to A2
    assert macmahon.session.hand.held.tile == 1 and macmahon.session.hand.cursor == 1


def test_the_variant_menu_starts_a_game_on_that_board(app, macmahon):
    import pygame_gui
    from game.scenes.macmahon.view import variant_label
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=macmahon.variant_menu,
                                  text=variant_label("5x14x4")))
    frame(app)
    assert macmahon.board.header == "5x14x4" and macmahon.position.unplaced == tuple(range(70))
    assert app.settings["macmahon_variant"] == "5x14x4"


def test_a_board_without_solutions_suggests_free_mode_only_in_strict_mode(app):
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    said = {}
    for mode in ("strict", "free"):
        app.settings["macmahon_mode"] = mode
        scene = MacMahonScene(app, new=True, variant="3x8x3")
        app.push(scene)
        app.worker.drain(60)
        frame(app)
        said[mode] = scene.session.status
        app.pop()
    assert "no solution" in said["strict"] and said["strict"].endswith("or try free mode")
    assert "no solution" in said["free"] and "free mode" not in said["free"]
