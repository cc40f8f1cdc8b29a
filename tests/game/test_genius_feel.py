"""Issue 10 in The Genius Square, driven with scripted events: race mode, dragging from the
tray, illegal ghosts and free mode's marks, and the small slips (dice row, numbers, labels,
where messages go)."""
import pygame
import pytest
import pygame_gui

from game.draw.theme import font
from game.scenes import play_view as genius_help
from game.scenes.genius import view as genius_view
from solver.genius import search
from solver.genius.pieces import PIECES, orientations
from solver.genius.position import Move
from tests.game.drive import (answer_confirm, cell_centre, finish_roll, frame, key, move, place_by_mouse,
                              press, release, slot_of)


def button(app, scene, name):
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.chrome.buttons[name]))


def fill_board(app, scene):
    done = search.solve(scene.position)
    for piece in PIECES:
        place_by_mouse(app, scene, piece, done.placed[piece])
    assert scene.match.finished


def test_race_each_player_gets_a_fresh_tray_and_a_result_with_their_own_time(app, genius):
    genius.do("race")
    key(app, pygame.K_RETURN)                       # player 1 starts
    finish_roll(app, genius)
    genius.match.timer._base += 32
    for piece in ("1", "2", "3-L"):
        genius.session.hand.take(genius.position, piece, sticky=False)
        genius.session.hand.turn(1)                 # turned in player 1's tray
        genius.session.hand.let_go()
    fill_board(app, genius)
    assert genius.mode.hidden and genius.mode.race.turn == 1
    for name in ("undo", "redo", "restart"):        # nothing to take back on the hand-over screen
        assert not genius.chrome.buttons[name].is_enabled
    key(app, pygame.K_RETURN)                       # player 2
    finish_roll(app, genius)
    assert all(o == 0 for o in genius.session.hand.orient.values()), "player 2's tray must not show player 1's turns"
    genius.match.timer._base += 17
    fill_board(app, genius)
    p1, p2 = genius.mode.race.times
    assert p2 < p1
    assert genius.session.status == f"Player 2 wins: 0:{int(p2):02d} against player 1's 0:{int(p1):02d}"
    assert list(genius.frame().shows.cover[:3]) == ["Player 2 wins", f"Player 1: 0:{int(p1):02d}", f"Player 2: 0:{int(p2):02d}"]
    for name in ("undo", "redo", "restart"):
        assert not genius.chrome.buttons[name].is_enabled
    assert genius.chrome.buttons["race_solution"].is_enabled
    button(app, genius, "race_solution")            # after a race: a solution
    app.worker.drain()
    for _ in range(60):
        frame(app, dt=0.1)
    assert genius.mode.name == "view" and genius.match.finished and genius.position.is_solved


def test_a_piece_from_the_tray_keeps_the_grabbed_square_under_the_pointer(app, genius):
    piece = "4-I"
    shape = orientations(piece)[genius.session.hand.orient[piece]]
    end = max(shape)                                 # the last square of the bar
    orient = genius.session.hand.orient
    size = genius.view.tray_square(orient)
    x0, y0 = genius.view.tray_origin(piece, size, genius.view.layout()["slots"][PIECES.index(piece)], orient)
    grab_at = (int(x0 + (end[1] + 0.5) * size), int(y0 + (end[0] + 0.5) * size))
    pos = genius.position
    for cell in range(36):                           # a cell where the piece fits with its end on it
        r, c = divmod(cell, 6)
        cells = [(r - end[0] + dr) * 6 + c - end[1] + dc for dr, dc in shape]
        if all(0 <= r - end[0] + dr < 6 and 0 <= c - end[1] + dc < 6 for dr, dc in shape) and \
                pos.check(Move(piece, tuple(cells))) is None:
            break
    press(app, grab_at)
    assert genius.session.hand.held.grab == end
    move(app, (grab_at[0] + 40, grab_at[1]))
    move(app, cell_centre(genius, cell))
    release(app, cell_centre(genius, cell))
    assert genius.position.placed[piece] == frozenset(cells)


def test_an_illegal_ghost_crosses_out_only_the_cells_that_break_the_rule(app, genius, monkeypatch):
    crossed = []
    monkeypatch.setattr(genius_view, "mark_cells", lambda surface, rects, colour: crossed.append(list(rects)))
    pos = genius.position
    piece = "4-I"
    press(app, slot_of(genius, piece).center)
    move(app, (slot_of(genius, piece).centerx + 30, slot_of(genius, piece).centery))
    geo = genius.view.layout()["geo"]
    for cell in range(36):                           # aim so that exactly one cell is on a blocker
        move(app, cell_centre(genius, cell))
        cells, reason = genius.session.hand.landing(genius.position)[:2] or (None, None)
        if cells and reason and len(set(cells) & pos.blockers) == 1:
            break
    crossed.clear()
    frame(app)
    assert crossed and crossed[-1] == [geo.cell_rect(c) for c in sorted(set(cells) & pos.blockers)]
    assert genius.session.hand.landing(genius.position).offending == set(cells) & pos.blockers and len(cells) == 4
    release(app, cell_centre(genius, cell))


def test_free_mode_marks_the_isolated_cells_it_names(app, genius):
    genius.do("free")
    walls = [1, 6, 4, 11, 17, 20, 30]                # cells 0 and 5 are walled in
    for cell in walls:
        press(app, cell_centre(genius, cell))
        release(app, cell_centre(genius, cell))
    app.worker.drain()
    frame(app)
    assert genius.session.status == "Unsolvable: two isolated single cells"
    assert genius.mode.free.reason_cells == {0, 5}
    illegal = tuple(app.palette.illegal)[:3]
    for cell in (0, 5, 13):
        rect = genius.view.layout()["geo"].cell_rect(cell)
        found = any(tuple(app.surface.get_at((x, y)))[:3] == illegal for x in range(rect.left, rect.right, 2)
                    for y in range(rect.top, rect.bottom, 2))
        assert found == (cell != 13), cell


def test_the_dice_menu_is_wide_enough_for_a_file_name(app, genius, tmp_path):
    app.settings["dice"] = str(tmp_path / "made-22.json")
    genius.on_resize()
    label = "File: made-22.json"
    assert genius.kit.dice_menu.menu.rect.width >= font(round(16 * app.scale)).size(label)[0] + app.px(40)


def test_messages_go_where_they_cover_nothing_needed(app, genius):
    genius.app.toasts.show("A message long enough to wrap over two lines in the strip given to messages")
    frame(app)
    lay = genius.view.layout()
    boxes = [box for box, *_ in app.toasts.boxes(app.size, app.scale)]
    assert boxes
    geo = lay["geo"]
    labelled = pygame.Rect(geo.rect.x - geo.cell, geo.rect.y - geo.cell, geo.rect.w + geo.cell, geo.rect.h + geo.cell)
    needed = [labelled, lay["dice"], lay["status"], lay["tray"]] + \
        [b.rect for b in genius.chrome.buttons.values()]
    for box in boxes:
        assert box.left >= 0 and box.right <= app.size[0]
        assert not [r for r in needed if box.colliderect(r)], (box, lay["messages"])


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_the_key_table_uses_one_text_size_for_every_row(app, genius, monkeypatch, puzzle):
    """One key table for both puzzles (game/keys.py), drawn by the play screen both share."""
    from game.keys import help_lines
    if puzzle == "macmahon":
        app.open("macmahon")
    calls = []
    original = genius_help.text
    monkeypatch.setattr(genius_help, "text", lambda surface, line, pos, size, *a, **k:
                        calls.append((line, size, k.get("max_width"), k.get("style", "regular"))) or original(surface, line, pos, size, *a, **k))
    key(app, pygame.K_F1)
    frame(app)
    rows = [(line, size) for line, size, _, _ in calls if any(line in pair for pair in help_lines(puzzle))]
    assert any(line == "Mouse" for line, _ in rows) and len(rows) > 20
    assert len({size for _, size in rows}) == 1
    for line, size, width, style in calls:        # and none is shrunk to fit its column (text() would)
        if width:
            assert font(size, style).size(line)[0] <= width, line


def test_a_race_in_progress_is_asked_about_and_a_finished_one_is_not(app, genius):
    genius.do("race")
    key(app, pygame.K_RETURN)
    finish_roll(app, genius)
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])
    genius.do("new")
    assert answer_confirm(app, genius, yes=False) and genius.mode.name == "race"
    button(app, genius, "give_up")
    assert answer_confirm(app, genius, yes=False) and not genius.mode.race.waiting   # asked, and kept playing
    button(app, genius, "give_up")
    assert answer_confirm(app, genius)
    key(app, pygame.K_RETURN)
    finish_roll(app, genius)
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])
    button(app, genius, "give_up")
    assert answer_confirm(app, genius)
    assert genius.mode.race.over
    genius.do("new")                                  # the race is over: nothing to lose
    assert not genius.dialog_open and genius.mode.name == "play"


def open_every_menu(app, scene):
    """Open each drop-down of the menu bar as a click does (pygame-gui builds the list then)."""
    for name, action_menu in scene.chrome.menus.items():
        drop_down = action_menu.menu
        drop_down.current_state.should_transition = True
        frame(app)
        assert drop_down.current_state is drop_down.menu_states["expanded"], name
        drop_down.current_state.should_transition = True
        frame(app)


def test_a_calm_board_few_buttons_in_sight_the_rest_in_menus_that_run_the_same_actions(app, genius):
    from tests.game.drive import choose
    shown = set(genius.chrome.buttons) - {"turn", "flip"}       # besides the small pair under the tray
    assert len(shown) <= 9 and {"new", "undo", "hint"} <= shown
    assert set(genius.chrome.menus) == {"game", "mode", "level"}
    open_every_menu(app, genius)
    choose(app, genius, "game", "Keys")                 # the Game menu runs the named action
    assert genius.show_help
    key(app, pygame.K_ESCAPE)
    choose(app, genius, "mode", "Free mode")            # the mode picker
    assert genius.mode.name == "free" and genius.chrome.menus["mode"].label == "Free mode"
    open_every_menu(app, genius)
    choose(app, genius, "mode", "Race")
    assert genius.mode.name == "race" and "race_start" in genius.chrome.buttons
    open_every_menu(app, genius)
    choose(app, genius, "mode", "Play")
    assert genius.mode.name == "play"


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_the_menu_bar_and_buttons_neither_overlap_nor_spill(app, genius, size):
    app.window.size = size
    app.restyle()
    for mode in ("play", "free", "race"):
        if mode != "play":
            genius.do(mode)
        frame(app)
        rects = [b.rect for b in genius.chrome.buttons.values()] + [m.menu.rect for m in genius.chrome.menus.values()]
        window = pygame.Rect(0, 0, *size)
        assert all(window.contains(r) for r in rects), mode
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)], mode
