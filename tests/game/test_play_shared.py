"""What both puzzle scenes share (game/scenes/play.py, play_input.py, play_view.py), driven
through the Genius scene with scripted events: the clock counts only playable time, pause,
the abandon prompt, "games started", one win message, the keyboard cursor."""
import pygame
import pygame_gui

from game.play import records

from game.draw.theme import mix
from game.play.match import Timer
from game.scenes.base import Scene
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.fakes import FakeClock
from tests.game.drive import answer_confirm, cell_centre, finish_roll, frame, key, move, place_by_mouse, press, release
from tests.validate_genius import check_position


def clocked(scene) -> FakeClock:
    """Give the scene's match a clock the test moves by hand, in a window in front (the dummy
    driver's own window events, e.g. a previous test's window going, may say otherwise)."""
    frame(scene.app, *(pygame.event.Event(t) for t in (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                                                       pygame.WINDOWFOCUSGAINED)))
    assert scene.app.active
    clock = FakeClock()
    scene.match.timer = Timer(0.0, running=True, clock=clock)
    return clock


def passes(app, clock, seconds) -> None:
    """`seconds` go by over a few frames."""
    for _ in range(4):
        clock.advance(seconds / 4)
        frame(app)


def test_the_clock_counts_only_time_the_board_can_be_played(app, genius):
    clock = clocked(genius)
    passes(app, clock, 10)
    assert genius.match.elapsed == 10
    key(app, pygame.K_F1)                                  # the help covers the board
    passes(app, clock, 30)
    key(app, pygame.K_SPACE)                               # any key closes it
    passes(app, clock, 5)
    assert genius.match.elapsed == 15
    app.push(Scene(app))                                   # another screen on top
    clock.now += 60
    frame(app)
    app.pop()
    passes(app, clock, 5)
    assert genius.match.elapsed == 20
    key(app, pygame.K_s, pygame.KMOD_LCTRL)                # the save dialog is open
    assert genius.dialog_open
    passes(app, clock, 40)
    key(app, pygame.K_ESCAPE)                              # closes it
    passes(app, clock, 5)
    assert genius.match.elapsed == 25
    frame(app, pygame.event.Event(pygame.WINDOWFOCUSLOST))
    passes(app, clock, 100)
    frame(app, pygame.event.Event(pygame.WINDOWMINIMIZED))
    frame(app, pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    passes(app, clock, 100)                                # still minimised
    frame(app, pygame.event.Event(pygame.WINDOWRESTORED))
    passes(app, clock, 5)
    assert genius.match.elapsed == 30


def test_a_finished_games_clock_stays_stopped_after_a_cover(app, genius):
    clock = clocked(genius)
    done = search.solve(genius.position)
    for piece in PIECES:
        place_by_mouse(app, genius, piece, done.placed[piece])
    assert genius.match.finished
    final = genius.match.elapsed
    key(app, pygame.K_F1)
    passes(app, clock, 10)
    key(app, pygame.K_SPACE)
    frame(app, pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frame(app, pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    passes(app, clock, 10)
    assert genius.match.elapsed == final and not genius.match.timer.running


def test_pause_hides_the_board_stops_the_clock_and_takes_no_moves(app, genius):
    clock = clocked(genius)
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])
    passes(app, clock, 10)
    before = genius.match.elapsed
    blocker = sorted(genius.position.blockers)[0]
    shown = app.surface.get_at(genius.view.layout()["geo"].cell_rect(blocker).center)
    key(app, pygame.K_p)
    assert genius.session.paused and genius.chrome.buttons["pause"].text == "Resume"
    passes(app, clock, 50)
    assert genius.match.elapsed == before
    cover = mix(app.palette.background, app.palette.panel, 0.5)
    hidden = app.surface.get_at(genius.view.layout()["geo"].cell_rect(blocker).center)
    assert hidden != shown and tuple(hidden)[:3] == cover
    position = genius.position
    key(app, pygame.K_u)                                   # undo
    key(app, pygame.K_2)                                   # take a piece
    press(app, genius.view.layout()["slots"][2].center)
    release(app, genius.view.layout()["slots"][2].center)
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=genius.chrome.buttons["hint"]))
    assert genius.position == position and genius.session.hand.held is None and genius.session.job is None
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=genius.chrome.buttons["pause"]))
    assert not genius.session.paused
    passes(app, clock, 5)
    assert genius.match.elapsed == before + 5
    key(app, pygame.K_u)
    assert genius.position != position


def test_a_started_game_is_only_abandoned_when_confirmed(app, genius):
    genius.do("new")                        # nothing played yet: a new roll at once
    assert not genius.dialog_open
    finish_roll(app, genius)
    first = genius.position
    place_by_mouse(app, genius, "1", search.solve(first).placed["1"])
    started = genius.position
    for action in ("new", "race", "free"):
        genius.do(action)
        assert genius.dialog_open
        assert answer_confirm(app, genius, yes=False)
        assert genius.position == started and genius.mode.name == "play"
    genius.chrome.id_entry.set_text("A1A2A4A6B4D5E1")      # a typed game ID, Enter pressed
    frame(app, pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=genius.chrome.id_entry,
                                  text="A1A2A4A6B4D5E1"))
    assert genius.dialog_open and genius.position == started
    assert answer_confirm(app, genius, yes=True)
    assert genius.position.notation() == "A1A2A4A6B4D5E1"


def test_played_counts_each_game_once_when_it_ends(app, genius):
    def played():
        return app.statistics.get("genius", {}).get("played", 0)

    before = played()
    for _ in range(3):
        genius.do("new")                    # boards shown, nothing played: no game
        finish_roll(app, genius)
    assert played() == before
    done = search.solve(genius.position)
    place_by_mouse(app, genius, "1", done.placed["1"])
    place_by_mouse(app, genius, "2", done.placed["2"])
    assert played() == before               # a game in progress is not counted yet ...
    genius.do("new")
    assert answer_confirm(app, genius, yes=True)
    assert played() == before + 1           # ... an abandoned one is, as lost
    assert records.summary(app.statistics, "genius").lost == 1

def test_a_win_says_it_once_and_offers_the_next_game(app, genius):
    done = search.solve(genius.position)
    for piece in PIECES:
        place_by_mouse(app, genius, piece, done.placed[piece])
    frame(app)
    banner = genius.result.shown()
    assert banner[0].startswith("Solved in") and any("New game" in line for line in banner)
    assert genius.frame().status == ""                      # the banner says it, not the status line too
    assert not any("Solved" in m for m, *_ in app.toasts.items), "and no toast"
    for _ in range(10):
        frame(app, dt=0.4)
    assert genius.result.shown() == [] and genius.frame().status.startswith("Solved in")


def test_a_win_by_solve_gets_the_confetti_but_no_best_time(app, genius):
    genius.do("solve")
    app.worker.drain()
    for _ in range(60):
        frame(app, dt=0.1)
        if genius.match.finished:
            break
    check_position(genius.position)
    assert genius.result.celebration is not None and genius.result.shown()[0].startswith("Solved with help")
    assert "game ID" not in app.statistics["genius"]["best"]
    assert app.statistics["genius"]["assisted"] == 1                   # counted as a win with help
    assert app.statistics["genius"]["games"][-1]["assisted"] is True


def test_the_keyboard_cursor_goes_when_the_mouse_is_used(app, genius):
    move(app, genius.chrome.buttons["undo"].rect.center)          # the pointer rests on a button
    key(app, pygame.K_RIGHT)
    assert genius.session.hand.keyboard
    press(app, genius.chrome.buttons["undo"].rect.center)         # clicked without moving
    release(app, genius.chrome.buttons["undo"].rect.center)
    assert not genius.session.hand.keyboard
    key(app, pygame.K_RIGHT)
    move(app, cell_centre(genius, 20))
    assert not genius.session.hand.keyboard


def test_a_cancelled_game_id_leaves_the_box_showing_the_game_copy_copies(app, genius):
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])     # a game in progress
    real = genius.match.game_id
    genius.chrome.id_entry.set_text("B1B2B4B6C4E5F1")
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=genius.chrome.buttons["play_id"]))
    assert genius.dialog_open
    assert answer_confirm(app, genius, yes=False)                                  # Cancel
    frame(app)
    assert genius.match.game_id == real and genius.chrome.id_entry.get_text() == real


def test_a_pause_hides_the_game_id_too_and_one_abandon_question(app, genius):
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])
    genius.do("pause")
    frame(app)
    assert genius.session.paused and genius.chrome.id_entry.get_text() == ""                      # it spells out the blockers
    genius.do("pause")
    frame(app)
    assert genius.chrome.id_entry.get_text() == genius.match.game_id
    asked = []
    genius.confirm = lambda message, *a, **k: asked.append(message)
    genius.do("new")
    from game.scenes.genius.modes import HotSeat
    genius.perform(genius.kit.switch(HotSeat(genius.kit)))     # (a race, as the agreed question would start it)
    key(app, pygame.K_RETURN)                           # player 1 starts: a race in progress
    finish_roll(app, genius)
    genius.do("new")
    assert asked == ["Abandon this game for a new roll? It counts as lost.",
                     "Abandon this game for a new roll? A race records nothing."]
