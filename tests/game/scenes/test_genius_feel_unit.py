"""Issue 10 in The Genius Square with no window: race mode, dragging from the tray, illegal
ghosts and free mode's marks, and the small slips (dice row, labels, where messages go), on a
Genius kit, its modes and its view on plain Surfaces (tests/game/genius_kits.py, genius_laid_out.py).
(Moved from tests/game/test_genius_feel.py, one concern each as there.)"""
from __future__ import annotations

import pygame
import pytest

from game.draw.pieces import shape_size
from game.draw.theme import font
from game.play.commands import Ask, Hover, Key, Press, Release, Square
from game.play.hints import capital
from game.puzzles.genius.hand import Aim
from game.scenes import play_view as genius_help
from game.scenes.genius import view as genius_view
from solver.genius import search
from solver.genius.pieces import PIECES, orientations
from solver.genius.position import Move
from tests.game.widget_app import drawn
from tests.game.genius_kits import act, drop, frame_of, genius_kit, intercepted, settle
from tests.game.genius_laid_out import enabled, laid_out, play_solve


def cell_centre(kit, cell: int):
    return kit.view.layout()["geo"].cell_rect(cell).center


def fill_board(kit) -> list:
    """Every piece dropped where a solution puts it; the wins handed to the mode (settle)."""
    done = search.solve(kit.session.position)
    effects = []
    for piece in PIECES:
        if piece not in kit.session.position.placed:
            effects += settle(kit, drop(kit.session, piece, sorted(done.placed[piece])))
    assert kit.match.finished
    return effects


def start_turn(kit) -> None:
    intercepted(kit, Key("place"))            # Start turn (Enter)


def first_player_done(tmp_path):
    """A hot-seat race: player 1 turns three tray pieces and fills the board in 32 s: the kit."""
    kit = genius_kit(tmp_path)
    act(kit, "race")
    start_turn(kit)                                 # player 1 starts
    assert kit.roll is None
    kit.match.timer._base += 32
    hand = kit.session.hand
    for piece in ("1", "2", "3-L"):
        hand.take(kit.session.position, piece, sticky=False)
        hand.turn(1)                                # turned in player 1's tray
        hand.let_go()
    fill_board(kit)
    return kit


def test_the_hand_over_screen_offers_nothing_to_take_back(tmp_path):
    kit = first_player_done(tmp_path)
    assert kit.mode.hidden and kit.mode.race.turn == 1
    for name in ("undo", "redo", "restart"):
        assert not enabled(kit)[name]


def test_each_race_player_gets_a_fresh_tray(tmp_path):
    kit = first_player_done(tmp_path)
    start_turn(kit)                                 # player 2
    assert all(o == 0 for o in kit.session.hand.orient.values()), "player 2's tray must not show player 1's turns"


def both_done(tmp_path):
    """As first_player_done, then player 2 fills the board in 17 s: the kit."""
    kit = first_player_done(tmp_path)
    start_turn(kit)
    kit.match.timer._base += 17
    fill_board(kit)
    return kit


def test_a_race_s_result_gives_each_player_their_own_time(tmp_path):
    kit = both_done(tmp_path)
    p1, p2 = kit.mode.race.times
    assert p2 < p1
    assert kit.session.status == f"Player 2 wins: 0:{int(p2):02d} against player 1's 0:{int(p1):02d}"
    assert list(frame_of(kit).shows.cover[:3]) == ["Player 2 wins", f"Player 1: 0:{int(p1):02d}",
                                                   f"Player 2: 0:{int(p2):02d}"]
    for name in ("undo", "redo", "restart"):
        assert not enabled(kit)[name]


def test_after_a_race_a_solution_can_be_shown(tmp_path):
    kit = both_done(tmp_path)
    assert enabled(kit)["race_solution"]
    act(kit, "race_solution")                       # after a race: a solution
    play_solve(kit)
    assert kit.mode.name == "view" and kit.match.finished and kit.session.position.is_solved


def test_a_piece_from_the_tray_keeps_the_grabbed_square_under_the_pointer(tmp_path):
    kit = genius_kit(tmp_path)
    view, session = kit.view, kit.session
    piece = "4-I"
    orient = session.hand.orient
    shape = orientations(piece)[orient[piece]]
    end = max(shape)                                 # the last square of the bar
    size = view.tray_square(piece, orient)
    x0, y0 = view.tray_origin(piece, size, view.layout()["slots"][PIECES.index(piece)], orient)
    grab_at = (int(x0 + (end[1] + 0.5) * size), int(y0 + (end[0] + 0.5) * size))
    pos = session.position
    for cell in range(36):                           # a cell where the piece fits with its end on it
        r, c = divmod(cell, 6)
        cells = [(r - end[0] + dr) * 6 + c - end[1] + dc for dr, dc in shape]
        if all(0 <= r - end[0] + dr < 6 and 0 <= c - end[1] + dc < 6 for dr, dc in shape) and \
                pos.check(Move(piece, tuple(cells))) is None:
            break
    session.process(Press(view.target_at(grab_at, session.hand)))
    assert session.hand.held.grab == end
    session.process(Hover(view.target_at((grab_at[0] + 40, grab_at[1]), session.hand)))
    session.process(Hover(view.target_at(cell_centre(kit, cell), session.hand)))
    session.process(Release(view.target_at(cell_centre(kit, cell), session.hand)))
    assert session.position.placed[piece] == frozenset(cells)


def test_an_illegal_ghost_crosses_out_only_the_cells_that_break_the_rule(tmp_path, monkeypatch):
    crossed = []
    monkeypatch.setattr(genius_view, "mark_cells", lambda surface, rects, colour: crossed.append(list(rects)))
    kit = genius_kit(tmp_path)
    view, session = kit.view, kit.session
    pos = session.position
    slot = view.layout()["slots"][PIECES.index("4-I")]
    session.process(Press(view.target_at(slot.center, session.hand)))
    session.process(Hover(view.target_at((slot.centerx + 30, slot.centery), session.hand)))
    geo = view.layout()["geo"]
    for cell in range(36):                           # aim so that exactly one cell is on a blocker
        session.process(Hover(view.target_at(cell_centre(kit, cell), session.hand)))
        cells, reason = session.hand.landing(session.position)[:2] or (None, None)
        if cells and reason and len(set(cells) & pos.blockers) == 1:
            break
    crossed.clear()
    frame = frame_of(kit)
    surface = pygame.Surface(kit.app.size)
    view.draw(surface, frame)
    view.draw_overlay(surface, frame)
    assert crossed and crossed[-1] == [geo.cell_rect(c) for c in sorted(set(cells) & pos.blockers)]
    assert session.hand.landing(session.position).offending == set(cells) & pos.blockers and len(cells) == 4


def test_free_mode_marks_the_isolated_cells_it_names(tmp_path):
    kit = genius_kit(tmp_path)
    act(kit, "free")
    walls = [1, 6, 4, 11, 17, 20, 30]                # cells 0 and 5 are walled in
    for cell in walls:
        kit.mode.intercept(Press(Square(*divmod(cell, 6))))
        kit.mode.intercept(Release(Square(*divmod(cell, 6)), click=True))
    settle(kit)
    assert kit.session.status == "Unsolvable: two isolated single cells"
    assert kit.mode.free.reason_cells == {0, 5}
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame_of(kit))
    illegal = tuple(kit.app.palette.illegal)[:3]
    for cell in (0, 5, 13):
        rect = kit.view.layout()["geo"].cell_rect(cell)
        found = any(tuple(surface.get_at((x, y)))[:3] == illegal for x in range(rect.left, rect.right, 2)
                    for y in range(rect.top, rect.bottom, 2))
        assert found == (cell != 13), cell


def test_the_dice_menu_is_wide_enough_for_a_file_name(tmp_path, monkeypatch):
    from tests.game.widget_app import built_chrome
    kit, _ = laid_out(tmp_path, monkeypatch)
    app = kit.app
    app.settings["dice"] = str(tmp_path / "made-22.json")
    built_chrome(kit)                                # (the screen builds its widgets again on a resize)
    label = "File: made-22.json"
    assert kit.dice_menu.menu.rect.width >= font(round(16 * app.scale)).size(label)[0] + app.px(40)


def test_messages_go_where_they_cover_nothing_needed(tmp_path, monkeypatch):
    kit, chrome = laid_out(tmp_path, monkeypatch)
    app = kit.app
    lay = kit.view.layout()
    app.toasts.place(lay["messages"])                # (where the screen puts them: PlayScene.build_ui)
    app.toasts.show("A message long enough to wrap over two lines in the strip given to messages")
    app.toasts.update(1 / 60)
    boxes = [box for box, *_ in app.toasts.boxes(app.size, app.scale)]
    assert boxes
    geo = lay["geo"]
    labelled = pygame.Rect(geo.rect.x - geo.cell, geo.rect.y - geo.cell, geo.rect.w + geo.cell, geo.rect.h + geo.cell)
    needed = [labelled, lay["dice"], lay["status"], lay["tray"]] + [b.rect for b in chrome.buttons.values()]
    for box in boxes:
        assert box.left >= 0 and box.right <= app.size[0]
        assert not [r for r in needed if box.colliderect(r)], (box, lay["messages"])


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_the_key_table_uses_one_text_size_for_every_row(tmp_path, monkeypatch, puzzle):
    """One key table for both puzzles (game/play/key_words.py), drawn by the play screen both share."""
    from game.puzzles.registry import key_table as help_lines
    from tests.game.fakes import FakeApp
    app = FakeApp(tmp_path)
    calls = []
    original = genius_help.text
    monkeypatch.setattr(genius_help, "text", lambda surface, line, pos, size, *a, **k:
                        calls.append((line, size, k.get("max_width"), k.get("style", "regular"))) or original(surface, line, pos, size, *a, **k))
    genius_help.draw_help(pygame.Surface(app.size), app, puzzle)
    rows = [(line, size) for line, size, _, _ in calls if any(line in pair for pair in help_lines(puzzle))]
    assert any(line == "Mouse" for line, _ in rows) and len(rows) > 20
    assert len({size for _, size in rows}) == 1
    for line, size, width, style in calls:        # and none is shrunk to fit its column (text() would)
        if width:
            assert font(size, style).size(line)[0] <= width, line


def race_under_way(tmp_path):
    """A hot-seat race, player 1's turn started and one piece placed: the kit."""
    kit = genius_kit(tmp_path)
    act(kit, "race")
    start_turn(kit)
    drop(kit.session, "1", sorted(search.solve(kit.session.position).placed["1"]))
    return kit


def test_a_race_in_progress_is_asked_about(tmp_path):
    kit = race_under_way(tmp_path)
    assert kit.mode.in_progress()                     # New asks first (PlayScene.replace_game) ...
    asked = act(kit, "give_up")
    assert [type(e) for e in asked] == [Ask]          # ... and so does Give up:
    assert not kit.mode.race.waiting and kit.mode.name == "race"      # unanswered, the turn goes on


def test_a_finished_race_is_not_asked_about(tmp_path):
    kit = race_under_way(tmp_path)
    act(kit, "give_up")[0].on_yes()
    start_turn(kit)
    drop(kit.session, "1", sorted(search.solve(kit.session.position).placed["1"]))
    act(kit, "give_up")[0].on_yes()
    assert kit.mode.race.over
    assert not kit.mode.in_progress()                 # the race is over: nothing to lose, no question
    act(kit, "new")
    assert kit.mode.name == "play"


SIZES = pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])


def bar_rects(tmp_path, monkeypatch, size):
    """The rectangles of the bar's buttons and menus in each mode: {mode: rects}."""
    from tests.game.widget_app import built_chrome
    kit, chrome = laid_out(tmp_path, monkeypatch, size)
    found = {}
    for mode in ("play", "free", "race"):
        if mode != "play":
            act(kit, mode)
            chrome = built_chrome(kit)                # (a Rebuild: the screen builds its widgets again)
        found[mode] = [b.rect for b in chrome.buttons.values()] + [m.menu.rect for m in chrome.menus.values()]
    return found


@SIZES
def test_the_bar_s_widgets_stay_in_the_window(tmp_path, monkeypatch, size):
    window = pygame.Rect(0, 0, *size)
    for mode, rects in bar_rects(tmp_path, monkeypatch, size).items():
        assert all(window.contains(r) for r in rects), mode


@SIZES
def test_the_bar_s_widgets_never_overlap(tmp_path, monkeypatch, size):
    for mode, rects in bar_rects(tmp_path, monkeypatch, size).items():
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)], mode


def test_turning_one_tray_piece_leaves_the_others_still(tmp_path):
    kit = genius_kit(tmp_path)
    view, orient = kit.view, dict(kit.session.hand.orient)
    slots = view.layout()["slots"]

    def drawn(orient):
        return {p: (view.tray_square(p, orient), view.tray_origin(p, view.tray_square(p, orient), slots[i], orient))
                for i, p in enumerate(PIECES)}

    still = drawn(orient)
    for piece in PIECES:
        for turn in range(len(orientations(piece))):
            turned = drawn({**orient, piece: turn})
            assert {p: v for p, v in turned.items() if p != piece} == {p: v for p, v in still.items() if p != piece}
            size, (x0, y0) = turned[piece]
            rows, cols = shape_size(orientations(piece)[turn])
            slot = slots[PIECES.index(piece)]
            assert slot.left <= x0 and x0 + cols * size <= slot.right and slot.top <= y0 and y0 + rows * size <= slot.bottom


def test_a_piece_held_by_the_mouse_over_the_edge_is_said_to_hang_off(tmp_path, monkeypatch):
    kit = genius_kit(tmp_path)
    view, session = kit.view, kit.session
    slot = view.layout()["slots"][PIECES.index("4-I")]
    session.process(Press(view.target_at(slot.center, session.hand)))
    lines = drawn_lines(monkeypatch)
    for square, said in (((5, 5), True), ((5, 6), False)):    # on the board, its bar over the edge; off it
        session.process(Hover(Square(*square)))
        assert session.hand.landing(session.position).cells is None
        lines.clear()
        drawn(kit)
        assert any("off the board" in line for line, _ in lines) == said, lines


def test_a_long_refusal_wraps_in_the_status_font_not_a_smaller_one(tmp_path, monkeypatch):
    kit = genius_kit(tmp_path)
    view, session = kit.view, kit.session
    session.process(Press(view.target_at(view.layout()["slots"][PIECES.index("1")].center, session.hand)))
    session.process(Hover(Square(0, 0)))                          # A1: a blocker
    reason = session.hand.landing(session.position).reason
    long = f"{reason} and the orange domino (2) at E1"          # two lines at the status font
    monkeypatch.setattr(type(session.hand), "landing", lambda hand, position: Aim(None, long, frozenset()))
    lines = drawn_lines(monkeypatch)
    drawn(kit)
    said = f"{capital(session.hand.name('1'))}: {long}"
    mine = [size for line, size in lines if len(line) > 3 and line in said]
    assert len(mine) >= 2 and set(mine) == {kit.app.px(16)}, lines


def drawn_lines(monkeypatch) -> list:
    """Record (line, font size) of every line the widgets draw."""
    import game.draw.widgets as widgets
    lines, real = [], widgets.text

    def record(surface, line, pos, size, *a, **kw):
        lines.append((line, size))
        return real(surface, line, pos, size, *a, **kw)

    monkeypatch.setattr(widgets, "text", record)
    monkeypatch.setattr(genius_view, "text", record)
    return lines
