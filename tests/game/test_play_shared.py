"""What both puzzle scenes share (game/scenes/play.py, play_input.py, play_view.py), driven
through the Genius scene with scripted events: the clock counts only playable time, the game ID
box when a typed ID is cancelled. (A finished game's clock, pause, "games started", a win with
help and the keyboard cursor: with no window in tests/game/scenes/test_play_shared_unit.py; the
abandon prompt, one win message, a pause hiding the game ID: in test_play_shared_flows.py there.)"""
import pygame
import pygame_gui

from game.play.match import Timer
from game.scenes.base import Scene
from solver.genius import search
from tests.game.fakes import FakeClock
from tests.game.drive import answer_confirm, frame, key, place_by_mouse


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


def test_a_cancelled_game_id_leaves_the_box_showing_the_game_copy_copies(app, genius):
    place_by_mouse(app, genius, "1", search.solve(genius.position).placed["1"])     # a game in progress
    real = genius.match.game_id
    genius.chrome.id_entry.set_text("B1B2B4B6C4E5F1")
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=genius.chrome.buttons["play_id"]))
    assert genius.dialog_open
    assert answer_confirm(app, genius, yes=False)                                  # Cancel
    frame(app)
    assert genius.match.game_id == real and genius.chrome.id_entry.get_text() == real
