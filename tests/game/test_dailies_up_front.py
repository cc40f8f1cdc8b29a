"""Dailies up front: the title's Today cards, a won daily's banner with its streak and Copy
result, the share line as text, yesterday's time on the daily screen."""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game.play import dailies, records
from game.play.dailies import day_puzzles, result_line
from game.scenes.daily import DailyScene
from game.scenes.genius.scene import GeniusScene
from game.scenes.title import TitleScene
from solver import daily
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import frame, key, place_by_mouse

DAY = dt.date(2026, 3, 2)           # a Monday: easy


def click(app, element) -> None:
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def wait_for(app, condition, seconds=60.0):
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        frame(app, dt=0.05)
        pygame.time.wait(50)
    raise AssertionError("never happened")


def test_share_line_is_one_plain_line():
    line = daily.share_text("genius", 327, 102, "hard", hints=0, streak=5)
    assert line == "Squarewise Genius #327 · hard · 1:42 · no hints · streak 5"
    assert "\n" not in line and line.isprintable() and line.encode("utf-8").decode("utf-8") == line
    assert daily.share_text("genius", 327, 102, "hard", hints=2, assisted=True, streak=1).endswith("· 2 hints · streak 1")


def test_card_words_and_the_time_to_the_next_daily():
    stats: dict = {}
    n = daily.number(DAY)
    card = dailies.card(stats, "genius", DAY)
    assert card == dailies.Card(f"Genius #{n} · easy", "not solved yet", "daily streak 0", False)
    records.record_game(stats, "genius", "daily", 61, True, daily=n - 1)
    records.record_game(stats, "genius", "daily", 102, True, daily=n, hints=1, assisted=True)
    card = dailies.card(stats, "genius", DAY)
    assert card.status == "solved in 1:42 with help" and card.streak == "daily streak 2" and card.solved
    assert dailies.solved_time(stats, "genius", n - 1) == "1:01" and dailies.solved_time(stats, "macmahon", n) == "open"
    assert result_line(stats, "genius", n) == f"Squarewise Genius #{n} · easy · 1:42 · 1 hint · streak 2"
    assert dailies.until_next(dt.datetime(2026, 3, 2, 18, 47, 30)) == "next in 5 h 12 min"
    assert dailies.until_next(dt.datetime(2026, 3, 2, 23, 50)) == "next in 10 min"
    assert dailies.until_next(dt.datetime(2026, 3, 2, 23, 59, 20)) == "next in 40 s"


def test_title_card_waits_then_plays_the_daily_and_the_win_offers_copy_result(app):
    title = TitleScene(app, today=DAY)
    app.push(title)
    button = title.cards["genius"][1]
    assert button.text == "..." and not button.is_enabled          # the first frame does not wait
    wait_for(app, lambda: title.dailies is not None)
    assert button.text == "Play" and button.is_enabled
    expected = day_puzzles(DAY.isoformat())["genius"]
    click(app, button)
    game = app.top
    assert isinstance(game, GeniusScene) and game.match.start.notation() == expected.game_id
    assert game.match.meta["daily"] == expected.number and game.mode.shows()["subtitle"] == f"Daily #{expected.number} · easy"
    done = search.solve(game.position)
    for piece in PIECES:
        place_by_mouse(app, game, piece, done.placed[piece])
    assert game.match.finished
    assert game.result.lines[0].startswith(f"Daily #{expected.number} solved in ")
    assert game.result.lines[1] == "daily streak 1" and game.result.lines[2].startswith("Copy result: Ctrl+Shift+C · See ")
    frame(app)
    assert game.chrome.result is not None and game.chrome.result.alive()
    click(app, game.chrome.result)
    line = result_line(app.statistics, "genius", expected.number)
    assert line.endswith("· no hints · streak 1") and line in app.toasts.latest
    app.toasts.items.clear()
    key(app, pygame.K_c, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert line in app.toasts.latest
    game.do("undo")                                    # the board no longer full: no button
    frame(app)
    assert not game.chrome.result.alive()
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert app.top is title and title.cards["genius"][1].text == "Play again"
    assert dailies.card(app.statistics, "genius", DAY).status.startswith("solved in ")


def test_a_daily_that_is_not_won_has_nothing_to_copy(app):
    title = TitleScene(app, today=DAY)
    app.push(title)
    app.push(GeniusScene(app, game_id="A1A2A4A6B4D5E1"))
    frame(app)
    assert app.top.do("copy_result") is False


def test_daily_screen_shows_yesterdays_time_beside_todays(tmp_path):
    from tests.game.screen_app import ScreenApp
    app = ScreenApp(tmp_path)
    n = daily.number(DAY)
    records.record_game(app.statistics, "macmahon", "daily", 125, True, daily=n - 1)
    scene = app.push(DailyScene(app, today=DAY))
    app.worker.poll()                   # the day's puzzles, made inline
    labels = [scene.day_label(d) for d in scene.days[:2]]
    assert "MacMahon open" in labels[0] and "MacMahon 2:05" in labels[1]
    drawn = []
    import game.scenes.daily as daily_screen
    real = daily_screen.text
    daily_screen.text = lambda surface, line, *a, **k: (drawn.append(line), real(surface, line, *a, **k))[1]
    try:
        scene.draw(app.surface)
    finally:
        daily_screen.text = real
    assert "yesterday: 2:05" in drawn and "yesterday: open" in drawn
    scene.jobs.cancel()
