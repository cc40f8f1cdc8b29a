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


def test_the_card_of_a_daily_not_played():
    n = daily.number(DAY)
    assert dailies.card({}, "genius", DAY) == dailies.Card(f"Genius #{n} · easy", "not solved yet", "daily streak 0", False)


def two_dailies_won() -> dict:
    """Yesterday's Genius daily won in 1:01, today's in 1:42 with a hint: the statistics."""
    stats: dict = {}
    n = daily.number(DAY)
    records.record_game(stats, "genius", "daily", 61, True, daily=n - 1)
    records.record_game(stats, "genius", "daily", 102, True, daily=n, hints=1, assisted=True)
    return stats


def test_the_card_of_a_daily_won():
    card = dailies.card(two_dailies_won(), "genius", DAY)
    assert card.status == "solved in 1:42 with help" and card.streak == "daily streak 2" and card.solved


def test_the_time_a_daily_was_solved_in():
    stats, n = two_dailies_won(), daily.number(DAY)
    assert dailies.solved_time(stats, "genius", n - 1) == "1:01" and dailies.solved_time(stats, "macmahon", n) == "open"


def test_the_result_line_of_a_daily_won():
    n = daily.number(DAY)
    assert result_line(two_dailies_won(), "genius", n) == f"Squarewise Genius #{n} · easy · 1:42 · 1 hint · streak 2"


def test_the_time_to_the_next_daily():
    assert dailies.until_next(dt.datetime(2026, 3, 2, 18, 47, 30)) == "next in 5 h 12 min"
    assert dailies.until_next(dt.datetime(2026, 3, 2, 23, 50)) == "next in 10 min"
    assert dailies.until_next(dt.datetime(2026, 3, 2, 23, 59, 20)) == "next in 40 s"


def card_ready(app) -> TitleScene:
    """The title of DAY, until its cards have their dailies."""
    title = TitleScene(app, today=DAY)
    app.push(title)
    wait_for(app, lambda: title.dailies is not None)
    return title


def test_the_title_card_waits_for_the_daily(app):
    title = TitleScene(app, today=DAY)
    app.push(title)
    button = title.cards["genius"][1]
    assert button.text == "..." and not button.is_enabled          # the first frame does not wait
    wait_for(app, lambda: title.dailies is not None)
    assert button.text == "Play" and button.is_enabled


def test_the_title_card_plays_the_daily(app):
    title = card_ready(app)
    expected = day_puzzles(DAY.isoformat())["genius"]
    click(app, title.cards["genius"][1])
    game = app.top
    assert isinstance(game, GeniusScene) and game.match.start.notation() == expected.game_id
    assert game.match.meta["daily"] == expected.number and game.mode.shows()["subtitle"] == f"Daily #{expected.number} · easy"


def won_from_the_card(app):
    """The title card's daily played to its end, a frame drawn: (title, game screen, the daily)."""
    title = card_ready(app)
    expected = day_puzzles(DAY.isoformat())["genius"]
    click(app, title.cards["genius"][1])
    game = app.top
    done = search.solve(game.position)
    for piece in PIECES:
        place_by_mouse(app, game, piece, done.placed[piece])
    assert game.match.finished
    frame(app)
    return title, game, expected


def test_a_daily_won_offers_copy_result(app):
    _, game, expected = won_from_the_card(app)
    assert game.result.lines[0].startswith(f"Daily #{expected.number} solved in ")
    assert game.result.lines[1] == "daily streak 1" and game.result.lines[2].startswith("Copy result: Ctrl+Shift+C · See ")
    assert game.chrome.result is not None and game.chrome.result.alive()


def test_copy_result_copies_the_result_line(app):
    _, game, expected = won_from_the_card(app)
    click(app, game.chrome.result)
    line = result_line(app.statistics, "genius", expected.number)
    assert line.endswith("· no hints · streak 1") and line in app.toasts.latest
    app.toasts.items.clear()
    key(app, pygame.K_c, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert line in app.toasts.latest


def test_copy_result_goes_once_the_board_is_no_longer_full(app):
    _, game, _ = won_from_the_card(app)
    game.do("undo")
    frame(app)
    assert not game.chrome.result.alive()


def test_the_card_of_a_daily_won_offers_to_play_again(app):
    title, _, _ = won_from_the_card(app)
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
