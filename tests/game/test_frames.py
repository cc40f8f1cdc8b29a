"""Issue 36, item 1: one rule of frames. The loop draws a frame after any update that changed
what is shown, so the frame it leaves on the window when it sleeps is what a full redraw of the
same state shows. The three cases a player met, each through the real loop (App.step, woken by
the network client as in the game): the end of a race online (the results opened in the race's
update, under a stale '1st, 0:00' with frozen confetti), the lobby after Join (its pickers and
Ready button changed in its update), the Today card after a finished ranked run (its button's
text set in the screen's update). Then a tooltip (shown by pygame-gui's updates once the pointer
rests on a button) and the fade between screens (game/fade.py)."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.net import identity
from game.net.race_link import PING_AFTER
from game.scenes.daily import DailyScene
from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.online.race import OnlineRaceScene
from game.scenes.online.results import ResultsScene
from game.scenes.ranked.run import RankedScene
from game.scenes.title import TitleScene
from solver import daily
from tests.game.loop_drive import frozen_clocks, post, run_until, settle, stale_pixels
from tests.game.ranked.fake_desk import WakingClient, run_message
from tests.game.test_race_online import opponent_room, server  # noqa: F401  (the fixture)
from tests.net.race import solution


def pressed(button) -> pygame.event.Event:
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def lobby_of(app) -> RaceOnlineScene:
    app.push(TitleScene(app))
    app.open("online", bind="127.0.0.1", lan=False)          # (no multicast in a test)
    app.frame(1 / 60, [])
    settle(app)
    return app.top


def test_the_results_of_a_race_show_with_no_input_after_the_last_piece(app, server, tmp_path):  # noqa: F811
    bob, code = opponent_room(server)
    try:
        lobby = lobby_of(app)
        lobby.name_entry.set_text("Ann")
        lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
        post(pressed(lobby.join_button))
        run_until(app, lambda: lobby.link is not None and lobby.link.me() is not None and len(lobby.link.players()) == 2)
        bob.send("ready", ready=True)
        post(pressed(lobby.ready_button))
        run_until(app, lambda: isinstance(app.top, OnlineRaceScene))
        race = app.top
        for move in solution(race.match.start):          # each piece put, as a drop does (an event: a frame)
            assert not isinstance(race.session.move(move), str)
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
            app.step()
        run_until(app, lambda: race.link.finished.get(race.link.seat) is not None)
        for seq, move in enumerate(solution(race.match.start), 1):       # Bob finishes second: the race is over
            bob.send("move", seq=seq, move=move)
        run_until(app, lambda: isinstance(app.top, ResultsScene))
        settle(app)                                                       # no input: the loop alone
        assert isinstance(app.top, ResultsScene)
        assert stale_pixels(app, tmp_path) == 0, "the window still shows the race under the results"
        assert 0 <= app.top.redraw_in() <= PING_AFTER, "a player reading the results must go on pinging"
    finally:
        bob.close()


def test_the_lobby_shows_the_room_after_join_with_no_input(app, server, tmp_path):  # noqa: F811
    lobby = lobby_of(app)
    lobby.name_entry.set_text("Ann")
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}")     # a new room: Ann is its host, the pickers hers
    post(pressed(lobby.join_button))
    run_until(app, lambda: lobby.link is not None and lobby.link.room is not None and lobby.link.me() is not None)
    settle(app)
    assert lobby.ready_button.is_enabled
    assert stale_pixels(app, tmp_path) == 0, "the pickers and the Ready button wait for the pointer to move"


URL = "ws://127.0.0.1:9000/"
PLACED = {"place": 3, "ms": 44000, "runs": 1, "flagged": False}


def test_the_today_card_says_play_again_after_a_finished_ranked_run_with_no_input(app, monkeypatch, tmp_path):
    import datetime as dt
    import game.net.desk as desk_module
    monkeypatch.setattr(desk_module, "ThreadedClient", WakingClient)
    identity.remember(app.storage.folder, URL, "t" * 43, "Ann")
    app.settings["standings_server"] = "127.0.0.1:9000"
    app.push(TitleScene(app))
    today = dt.date.today()
    n = daily.number(today)
    app.push(DailyScene(app, today=today))
    app.frame(1 / 60, [])
    card = app.top
    client = card.offer.desk.client
    for _ in range(2):
        client.say("standings", total=0, you=None)          # no ranked run yet, either puzzle
    settle(app)
    server = card.buttons[("server", "genius")]
    assert server.text == "Ranked on 127.0.0.1:9000"
    post(pressed(server))
    run_until(app, lambda: card.dialog_open)
    dialog = next(iter(card._dialogs))
    post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))
    run_until(app, lambda: card.offer.starting is not None)
    client.say("run", **run_message("genius", card.shown["genius"].game_id, daily=n))
    run_until(app, lambda: isinstance(app.top, RankedScene))
    client.say("done", puzzle="genius", daily=n, ranked=True, ms=44000, place=3, of=41, flagged=False)
    run_until(app, lambda: app.top.match.ended)
    post(key(pygame.K_ESCAPE))
    run_until(app, lambda: app.top is card)
    for _ in range(2):
        client.say("standings", total=41, you=PLACED)        # the places asked again as the screen shows
    run_until(app, lambda: card.offer.replay("genius"))
    settle(app)
    assert card.buttons[("server", "genius")].text == "Play again (unranked)"
    assert stale_pixels(app, tmp_path) == 0, "the card's button still says Play on the server"


def test_a_tooltip_shows_once_the_pointer_rests_on_a_button(genius, monkeypatch):
    """pygame-gui grows a tooltip in its updates once the pointer has rested on a button a moment:
    the loop wakes for it (a still pointer makes no event)."""
    app = genius.app
    button = genius.chrome.buttons["pause"]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)
    assert genius.do("pause")                         # (the clock stands: nothing else is due)
    app.worker.drain()
    app.frame(0.1, [])
    app.frame(0.1, [])
    assert button.hovered and button.tool_tip is None
    due = app.redraw_in()
    assert due is not None and 0.7 < due <= 1.0, "the tooltip's moment is due"
    app.frame(due, [])
    app.frame(app.redraw_in(), [])
    assert button.tool_tip is not None


def faded_in(app):
    """The title drawn still, then (animations on) the statistics pushed, its first frame drawn:
    (the title's picture)."""
    from game.scenes.stats import StatsScene
    app.settings["animations"] = False
    app.push(TitleScene(app))
    app.worker.drain()
    app.frame(1 / 60, [])
    old = app.surface.copy()
    app.settings["animations"] = True
    app.push(StatsScene(app))
    app.frame(1 / 60, [])
    return old


def test_a_new_screen_fades_in_for_under_0_2_s(app):
    """The fade between screens: its frames are due at once, for less than 0.2 s of frames."""
    from game.fade import DURATION
    faded_in(app)
    assert app.redraw_in() == 0.0 and app.fade.running
    frames = 1
    while app.fade.running:
        app.frame(1 / 60, [])
        frames += 1
    assert frames <= round(0.2 * 60) and DURATION < 0.2


def faded_back(app):
    """As faded_in, to its end, then back to the title, two frames in: (title's, statistics')."""
    old = faded_in(app)
    while app.fade.running:
        app.frame(1 / 60, [])
    new = app.surface.copy()
    app.pop()
    app.frame(1 / 60, [])
    app.frame(1 / 60, [])
    return old, new


def test_a_frame_of_the_fade_blends_the_two_pictures(app):
    old, new = faded_back(app)
    pictures = [pygame.image.tobytes(s, "RGB") for s in (old, new, app.surface)]
    assert pictures[0] != pictures[1] and pictures[2] not in pictures[:2]


def test_after_the_fade_nothing_of_it_is_due(app):
    """Its copy of the picture let go, only the title's own redraws are due."""
    faded_back(app)
    while app.fade.running:
        app.frame(1 / 60, [])
    assert app.fade.picture is None and app.redraw_in() == app.top.redraw_in(), "only the title's own"


def test_without_animations_a_new_screen_shows_at_once(app):
    from game.scenes.stats import StatsScene
    app.settings["animations"] = False
    app.push(TitleScene(app))
    app.worker.drain()
    app.frame(1 / 60, [])
    app.push(StatsScene(app))
    app.frame(1 / 60, [])
    assert not app.fade.running and app.redraw_in() is None


MARK = (255, 0, 255)


@pytest.fixture
def ticking(app, monkeypatch):
    """A Genius board with its clock running on a fake clock, the loop still; the loop's sleep
    moves the fake clock and a fake perf_counter on by the time it would sleep."""
    import game.app as app_module
    from game import idle
    from game.scenes.genius.scene import GeniusScene
    import gc
    clock = frozen_clocks(monkeypatch)
    gc.collect()                                        # (an earlier test's window, closed now, says it lost the focus)
    pygame.event.clear()
    for kind in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
        app.dispatch(pygame.event.Event(kind))
    app.settings["animations"] = False
    app.push(TitleScene(app))
    scene = GeniusScene(app, game_id="A1A2A4A6B4D5E1")
    app.push(scene)
    app.frame(1 / 60, [])
    app.toasts.items.clear()                            # ('Playing A1A2...': a message goes)
    settle(app)
    assert app.active and scene.match.timer.running and not scene.match.timer.held
    now = [1000.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: now[0])

    def sleep(timeout: float) -> bool:
        now[0] += timeout
        clock.advance(timeout)
        return bool(pygame.event.peek())
    monkeypatch.setattr(idle, "wait", sleep)
    return scene


def marked(app, rect) -> pygame.Rect:
    """A mark painted on the window in `rect` (a part no frame should draw again if it is left alone)."""
    spot = pygame.Rect(rect.x, rect.y, 6, 6)
    app.surface.fill(MARK, spot)
    return spot


def test_a_still_boards_clock_tick_redraws_its_bar_alone(ticking, tmp_path):
    """A board left alone draws a frame a second for its clock: that frame draws the clock's bar
    (the top bar) only, and what it leaves is what a full redraw of the board draws."""
    app, scene = ticking.app, ticking
    top = scene.view.layout()["top"]
    assert app.tick_area() == top
    board = marked(app, scene.view.layout()["geo"].rect)
    shown = scene.frame().clock
    drawn = app.frames
    while app.frames == drawn:
        app.step()
    assert scene.frame().clock != shown, "the clock moved on"
    assert app.surface.get_at(board.topleft)[:3] == MARK, "the board was not drawn again"
    app.surface.fill(app.palette.background, board)
    scene.draw(app.surface)                             # (the mark gone, as if it never was)
    app.ui.draw_ui(app.surface)
    assert stale_pixels(app, tmp_path) == 0


def test_a_tick_draws_all_of_the_window_when_more_than_the_clock_changes(ticking):
    app, scene = ticking.app, ticking
    app.toasts.show("a message that fades as it goes", 30)
    assert app.tick_area() is None, "a message: all of the window"
    app.toasts.items.clear()
    real_due = scene.mode.redraw_in
    scene.mode.redraw_in = lambda: 0.3                  # the mode's own look (a race's link: a ping, a silence)
    assert app.tick_area() is None, "the mode's own change: all of the window"
    scene.mode.redraw_in = real_due
    board = marked(app, scene.view.layout()["geo"].rect)
    real = scene.update

    def update(dt):                                     # the update changes a widget as the clock ticks
        real(dt)
        scene.chrome.buttons["undo"].set_text("Undo!")
    scene.update = update
    app.frame(1.0, [], app.tick_area())
    assert app.surface.get_at(board.topleft)[:3] != MARK, "a widget changed: the whole window drawn"


def test_a_race_against_the_computer_ticks_the_whole_window(app, monkeypatch):
    """The computer's board moves with the clock: its tick is no clock's alone."""
    frozen_clocks(monkeypatch)
    app.settings["animations"] = False
    app.push(TitleScene(app))
    app.open("genius-versus")
    app.frame(1 / 60, [])
    settle(app)
    assert app.tick_area() is None


def test_a_still_boards_clock_is_drawn_each_second_with_no_second_skipped(ticking):
    """The loop sleeps at most NAP at a time and asks what is due after each sleep: a clock's next
    second asked for just after it came (the sleep ending on it) was the one after, and the second
    went undrawn (with a clock that moves as exactly as this fake, never drawn at all)."""
    app, scene = ticking.app, ticking
    drawn = []
    real = scene.draw

    def draw(surface):
        drawn.append(scene.frame().clock)
        real(surface)
    scene.draw = draw
    for _ in range(40):                                 # (20 s of the fake clock at most)
        app.step()
        if len(drawn) == 5:
            break
    seconds = [int(c.split(":")[0]) * 60 + int(c.split(":")[1]) for c in drawn]
    assert len(seconds) == 5 and seconds == list(range(seconds[0], seconds[0] + 5)), drawn
