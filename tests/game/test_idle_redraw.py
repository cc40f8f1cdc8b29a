"""A still screen costs nothing: the loop draws only when something happened or moves."""
from __future__ import annotations

import datetime as dt

import pygame

from tests.game.drive import frame, press, release, move


def settle(app, seconds: float) -> None:
    for _ in range(round(seconds / 0.1)):
        frame(app, dt=0.1)


def quiet() -> None:
    """Forget the events the window made when it opened (the tests post their own)."""
    pygame.event.clear()


def still_title(app) -> int:
    """The title shown, its ripple over, a minute to its countdown's next change, the window's
    own events forgotten: the frames drawn so far."""
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    frame(app)
    assert app.redraw_in() == 0.0, "the squares ripple when the title shows"
    app.worker.drain()                  # (the Today cards' lookup: a job under way is redrawn for)
    settle(app, TitleScene.RIPPLE + 0.2)
    app.top.now = lambda: dt.datetime(2026, 11, 25, 23, 40, 1)
    assert 58 < app.redraw_in() < 60, "then the title is still until the cards' countdown changes"
    quiet()
    return app.frames


def test_a_still_title_is_not_drawn_again(app):
    drawn = still_title(app)
    assert app.step() is False and app.frames == drawn, "no event, nothing due: no frame"


def test_an_event_draws_a_still_title(app):
    drawn = still_title(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert app.step() is True and app.frames == drawn + 1, "an event: one frame"


def test_without_animations_the_title_is_still_at_once(tmp_path):
    from game.scenes.title import TitleScene
    from tests.game.screen_app import ScreenApp
    app = ScreenApp(tmp_path)
    app.settings["animations"] = False
    title = app.push(TitleScene(app))
    app.worker.poll()                   # (what the title's cards look up in the worker)
    title.update(1 / 60)
    app.draw()
    title.now = lambda: dt.datetime(2026, 11, 25, 12, 0, 10)
    assert 49.9 < title.redraw_in() <= 50.01


def test_the_title_wakes_whenever_its_countdown_changes():
    """A title left open overnight showed 'next in 7 min' and yesterday's cards until the mouse
    moved: it sleeps only until the next minute (the last minute, the next second)."""
    from game.play.dailies import next_change, until_next
    for now, wait in ((dt.datetime(2026, 11, 25, 23, 52, 15), 45.01), (dt.datetime(2026, 11, 25, 23, 59, 0), 0.01),
                      (dt.datetime(2026, 11, 25, 23, 59, 30, 250000), 0.76), (dt.datetime(2026, 11, 25, 0, 0, 0), 0.01)):
        assert abs(next_change(now) - wait) < 1e-6, now
        later = now + dt.timedelta(seconds=next_change(now))
        assert until_next(later) != until_next(now), now


def test_a_board_wakes_for_the_clock_s_next_second_only(genius):
    app = genius.app
    settle(app, 0.3)
    assert genius.match.timer.running and not genius.match.timer.held
    due = genius.redraw_in()
    assert due is not None and 0 < due <= 1.01, "the clock's shown second"
    assert genius.do("pause")
    frame(app)
    assert genius.redraw_in() is None, "paused: the clock stops, nothing on the board is due"


def test_a_toast_wakes_the_loop_when_it_goes(genius):
    app = genius.app
    assert genius.do("pause")
    app.worker.drain()                  # (no solver job under way: it would wake the loop sooner)
    frame(app)
    app.toasts.items.clear()
    app.toasts.show("hello", 2.0)
    assert app.redraw_in() == 2.0


def picked_up(genius):
    """Paused and resumed (the clock runs again), then the 7th tray piece pressed: its slot."""
    app = genius.app
    assert genius.do("pause") and genius.do("pause")
    slot = genius.view.layout()["slots"][6]
    press(app, slot.center)
    return slot


def test_a_picked_up_piece_is_drawn_while_it_lifts(genius):
    picked_up(genius)
    assert genius.session.hand.held is not None and genius.app.redraw_in() == 0.0, "lifting"


def test_a_lifted_piece_held_still_asks_for_no_frames(genius):
    app = genius.app
    picked_up(genius)
    settle(app, 0.3)
    assert genius.motion.lift == 1.0 and not genius.motion.moving
    assert app.redraw_in() > 0, "held still: only the clock is due"


def test_a_drag_asks_for_no_frames_of_animation(genius):
    app = genius.app
    slot = picked_up(genius)
    settle(app, 0.3)
    move(app, (slot.centerx + 40, slot.centery))
    assert app.redraw_in() > 0, "a drag is drawn by its events, not by animation"
    release(app, (slot.centerx + 40, slot.centery))


def test_a_pulsing_hint_keeps_the_frames_coming(genius):
    app = genius.app
    genius.do("hint")
    app.worker.drain()
    frame(app)
    for _ in range(3):
        if genius.session.hand.mark is not None:
            break
        genius.do("hint")
        app.worker.drain()
        frame(app)
    assert genius.session.hand.mark is not None and app.redraw_in() == 0.0, "the hint pulses"
