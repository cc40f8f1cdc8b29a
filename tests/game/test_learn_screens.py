"""Sound settings and sounds at the events, the statistics screen with its charts, and the
daily puzzles screen: each driven through the real window with scripted events."""
import datetime as dt

import pygame
import pygame_gui
import pytest

from game.play import records
from game.app import App
from game.play.dailies import day_puzzles, result_line
from game.scenes.daily import DailyScene
from game.scenes.genius.scene import GeniusScene
from game.scenes.settings import SettingsScene
from game.scenes.stats import StatsScene, figures
from game.scenes.title import TitleScene
from game.storage import Storage, write_versioned
from solver import daily
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game import screen_app as headless
from tests.game.drive import finish_roll, frame, key, place_by_mouse
from tests.game.screen_app import ScreenApp
from tests.validate_genius import check_position

DAY = dt.date(2026, 11, 23)        # a Monday: easy puzzles, quick to make


def click(app, element) -> None:
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def title_button(title, label):
    return next(b for b, _ in title.choices if b.text == label)


# ------------------------------------------------------------------ sound
def volume_set(app) -> SettingsScene:
    """The settings screen (over the title), its volume slider moved to 30: the screen."""
    app.push(TitleScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    frame(app)
    frame(app, pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=settings.volume, value=30))
    return settings


def muted(app) -> SettingsScene:
    settings = volume_set(app)
    frame(app, pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, ui_element=settings.mute))
    return settings


def test_the_volume_slider_plays_a_sample_at_the_new_volume(app):
    volume_set(app)
    assert app.sounds.volume == pytest.approx(0.3) and app.sounds.played[-1] == "drop"


def test_mute_silences_the_sounds(app):
    muted(app)
    assert app.sounds.muted and not app.sounds.audible


def test_the_sound_settings_are_remembered(app, data_dir):
    muted(app)
    again = App(size=(1100, 760), storage=Storage(data_dir))
    assert again.sounds.muted and again.sounds.volume == pytest.approx(0.3)


def test_unmuting_is_remembered_too(app):
    settings = muted(app)
    frame(app, pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, ui_element=settings.mute))
    assert not app.sounds.muted and app.storage.settings()["muted"] is False


def test_the_genius_board_makes_its_sounds(app):
    app.push(TitleScene(app))
    scene = GeniusScene(app, new=True)
    app.push(scene)
    finish_roll(app, scene)
    assert app.sounds.played[:2] == ["dice", "blockers"]
    key(app, pygame.K_1)                             # the 1-square piece into the hand
    key(app, pygame.K_e)
    key(app, pygame.K_f)
    blocked = min(scene.position.blockers)
    scene.session.hand.cursor = divmod(blocked, 6)
    key(app, pygame.K_RETURN)                        # onto a blocker: refused
    assert app.sounds.played[2:] == ["pickup", "turn", "flip", "illegal"]
    done = search.solve(scene.position)
    for piece in PIECES:
        place_by_mouse(app, scene, piece, done.placed[piece])
    check_position(scene.position, done.blockers)
    assert scene.match.finished and app.sounds.played[-2:] == [f"drop{PIECES[-1][0]}", "win"]   # by its size
    assert sum(s.startswith("drop") for s in app.sounds.played) == len(PIECES)


# ------------------------------------------------------------------ statistics
def fill(statistics):
    base = dt.datetime(2026, 11, 1, 9)
    times = [95, 60, 130, 72, 51, 88]
    for i, seconds in enumerate(times):
        records.record_game(statistics, "genius", "default", seconds, True, level="hard" if i % 2 else "easy",
                            when=base + dt.timedelta(hours=i))
    records.record_game(statistics, "genius", "default", 300, False, level="easy", when=base + dt.timedelta(hours=9))
    records.record_game(statistics, "genius", "default", 40, True, level="easy", assisted=True,
                        when=base + dt.timedelta(hours=10))


CHARTS = pygame.Rect(400, 140, 660, 520)


def statistics_from_the_title(tmp_path):
    """Games filled in, the statistics opened from the title and drawn: (app, title, screen)."""
    app = ScreenApp(tmp_path)
    fill(app.statistics)
    title = app.push(TitleScene(app))
    headless.press(app, title_button(title, "Statistics"))
    scene = app.top
    assert isinstance(scene, StatsScene)
    app.draw()
    return app, title, scene


def test_statistics_open_on_all_of_genius_s_levels(tmp_path):
    _, _, scene = statistics_from_the_title(tmp_path)
    assert scene.puzzle == "genius" and scene.level is None


def test_the_all_levels_figures_leave_helped_wins_out_of_the_times(tmp_path):
    app, _, scene = statistics_from_the_title(tmp_path)
    rows = dict(figures(app.statistics, "genius", None, scene.today))
    assert rows["best time"] == "0:51" and rows["median time"] == "1:20"      # assisted 0:40 is not counted
    assert rows["won with help"] == "1" and rows["current streak"] == "1" and rows["longest streak"] == "6"
    assert int(rows["played"]) == int(rows["won"]) + int(rows["won with help"]) + int(rows["lost"])


def hard_chosen(tmp_path):
    """As statistics_from_the_title, then the hard level's button: (app, screen, charts before)."""
    app, _, scene = statistics_from_the_title(tmp_path)
    charts = scene.app.surface.subsurface(CHARTS).copy()
    headless.press(app, scene.levels["hard"])         # hard: the games 1, 3, 5 (60, 72, 88 s)
    return app, scene, charts


def test_a_level_s_button_shows_its_figures(tmp_path):
    app, scene, _ = hard_chosen(tmp_path)
    assert scene.level == "hard"
    rows = dict(figures(app.statistics, "genius", "hard", scene.today))
    assert rows["played"] == "3" and rows["best time"] == "1:00" and rows["median time"] == "1:12"


def test_the_charts_follow_the_level_chosen(tmp_path):
    app, scene, charts = hard_chosen(tmp_path)
    app.draw()
    after = scene.app.surface.subsurface(CHARTS)
    assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(charts, "RGB")


def test_right_goes_to_the_other_puzzle_s_statistics(tmp_path):
    app, _, scene = statistics_from_the_title(tmp_path)
    headless.press(app, scene.levels["hard"])
    headless.key(app, pygame.K_RIGHT)
    assert scene.puzzle == "macmahon"
    app.draw()
    assert dict(figures(app.statistics, "macmahon", "hard", scene.today))["played"] == "0"


def test_leaving_the_statistics_goes_back_to_the_title(tmp_path):
    app, title, scene = statistics_from_the_title(tmp_path)
    scene.back()                                      # (Escape, as the App hands it on)
    assert app.top is title


def test_old_statistics_files_load_into_the_screen(tmp_path):
    old = ScreenApp(tmp_path)
    write_versioned(old.storage.folder / "statistics.json",
                    {"genius": {"played": 4, "solved": 3, "best": {"default": 75.5}}})
    old.statistics = old.storage.statistics()      # as the App reads them at start
    old.push(TitleScene(old))
    old.push(SettingsScene(old))
    headless.press(old, old.top.charts)            # Settings opens the charts too
    assert isinstance(old.top, StatsScene)
    old.draw()
    rows = dict(figures(old.statistics, "genius", None, old.top.today))
    assert rows["played"] == "4" and rows["won"] == "3" and rows["best time"] == "1:15"
    assert rows["median time"] == "\u2014"          # no kept games yet: no median, an empty chart


def test_one_statistics_entry_on_the_title(app):
    title = TitleScene(app)
    app.push(title)
    frame(app)
    labels = [b.text for b, _ in title.choices]
    assert labels.count("Statistics") == 1 and "Settings" in labels and not any("and statistics" in t for t in labels)


def statistics_from_the_settings(app) -> StatsScene:
    title = TitleScene(app)
    app.push(title)
    frame(app)
    click(app, title_button(title, "Settings"))
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.charts)                          # a link to the one statistics screen
    return app.top


def test_the_settings_link_to_the_one_statistics_screen(app):
    assert isinstance(statistics_from_the_settings(app), StatsScene)


def test_reset_on_the_statistics_screen_asks_first(app):
    from tests.game.drive import answer_confirm
    scene = statistics_from_the_settings(app)
    app.statistics["genius"]["played"] = 7
    click(app, scene.reset)                             # asked first
    assert app.statistics["genius"]["played"] == 7 and answer_confirm(app, scene)
    assert app.statistics["genius"].get("played", 0) == 0


# ------------------------------------------------------------------ daily puzzles
def wait_for(app, condition, seconds=60.0):
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        assert not app.top.problem
        frame(app, dt=0.05)
        pygame.time.wait(50)
    raise AssertionError("the daily puzzles were never made")


def daily_screen(app) -> DailyScene:
    """The daily screen of DAY (over the title), until the worker has made the day."""
    app.push(TitleScene(app))
    app.push(DailyScene(app, today=DAY))
    scene = app.top
    assert not scene.buttons[("play", "genius")].is_enabled      # until the worker has made the day (no frame
    frame(app)                                                    # has polled the worker yet: no race)
    wait_for(app, lambda: scene.shown is not None)
    frame(app)
    return scene


def genius_daily_played(app):
    """The daily screen's Genius daily played to its end: (daily screen, game screen, the daily)."""
    scene = daily_screen(app)
    expected = day_puzzles(DAY.isoformat())["genius"]
    click(app, scene.buttons[("play", "genius")])
    game = app.top
    done = search.solve(game.position)
    for piece in PIECES:
        place_by_mouse(app, game, piece, done.placed[piece])
    return scene, game, expected


def test_the_daily_screen_shows_the_day_s_genius_daily(app):
    scene = daily_screen(app)
    expected = day_puzzles(DAY.isoformat())["genius"]
    assert scene.shown["genius"] == expected and expected.number == daily.number(DAY) and expected.level == "easy"
    assert not scene.buttons[("copy", "genius")].is_enabled


def test_the_daily_screen_plays_the_genius_daily(app):
    scene = daily_screen(app)
    expected = day_puzzles(DAY.isoformat())["genius"]
    click(app, scene.buttons[("play", "genius")])
    game = app.top
    assert isinstance(game, GeniusScene) and game.match.start.notation() == expected.game_id
    assert game.match.meta["daily"] == expected.number


def test_a_genius_daily_won_is_recorded_as_that_daily(app):
    _, game, expected = genius_daily_played(app)
    assert game.match.finished
    assert records.daily_won(app.statistics, "genius") == [expected.number]
    assert records.daily_streak(app.statistics, "genius", expected.number) == (1, 1)


def test_a_genius_daily_won_can_be_shared(app):
    scene, _, expected = genius_daily_played(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    frame(app)
    assert scene.buttons[("copy", "genius")].is_enabled and not scene.buttons[("copy", "macmahon")].is_enabled
    line = result_line(app.statistics, "genius", expected.number)
    assert line.startswith(f"Squarewise Genius #{expected.number} · easy · ") and line.endswith(" · no hints · streak 1")
    click(app, scene.buttons[("copy", "genius")])
    assert line in app.toasts.latest


def test_daily_screen_replays_a_past_day(app):
    app.push(TitleScene(app))
    app.push(DailyScene(app, today=DAY))
    scene = app.top
    frame(app)
    yesterday = DAY - dt.timedelta(days=1)
    label = scene.day_label(yesterday)
    assert label.startswith(f"#{daily.number(yesterday)}") and "very hard" in label
    frame(app, pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=scene.day_list, text=label))
    assert scene.day == yesterday
    wait_for(app, lambda: scene.shown is not None)
    frame(app)
    click(app, scene.buttons[("play", "macmahon")])
    game = app.top
    assert game.match.meta["daily"] == daily.number(yesterday) and game.match.meta["level"] == "very hard"
    assert game.match.start.notation() == day_puzzles(yesterday.isoformat())["macmahon"].game_id
