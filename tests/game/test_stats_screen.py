"""The statistics screen: each puzzle's own levels, and every figure at the body size in its box.
The screen on a ScreenApp (no window): keys and button presses go to the scene, it draws on a Surface."""
from __future__ import annotations

import pygame
import pytest

from game.draw import charts
from game.draw.theme import font, text_size
from game.play import records
from game.puzzles.genius import one_way
from game.puzzles.genius.opponent import LEVELS as RIVALS
from game.puzzles.genius.versus_stats import record_race
from game.scenes import stats as stats_module
from game.play.match import format_time
from game.scenes.stats import StatsScene, figures
from tests.game.screen_app import ScreenApp, key, press as click


@pytest.fixture
def app(tmp_path):
    return ScreenApp(tmp_path)


def open_stats(app, **options) -> StatsScene:
    scene = StatsScene(app, **options)
    app.push(scene)
    app.draw()
    return scene


def test_macmahon_s_level_rows_are_its_own(app):
    scene = open_stats(app, puzzle="macmahon")
    assert list(scene.levels) == [None] + [str(n) for n in range(1, 11)] + [records.OTHER, records.DAILIES]


def test_a_macmahon_level_shows_the_games_of_that_level(app):
    for seconds in (300.0, 200.0):
        records.record_game(app.statistics, "macmahon", "4x6x3 given", seconds, True, level="7")
    scene = open_stats(app, puzzle="macmahon")
    click(app, scene.levels["7"])
    assert scene.level == "7"
    rows = dict(figures(app.statistics, "macmahon", scene.level, scene.today))
    assert (rows["played"], rows["best time"], rows["median time"]) == ("2", "3:20", "4:10")


def test_a_level_the_other_puzzle_lacks_gives_way_to_all_levels(app):
    scene = open_stats(app, puzzle="genius", level="hard")
    key(app, pygame.K_RIGHT)
    assert scene.puzzle == "macmahon" and scene.level is None
    assert list(scene.levels)[1] == "1"


def test_the_arrow_keys_go_through_the_puzzle_s_own_levels(app):
    scene = open_stats(app, puzzle="macmahon")
    key(app, pygame.K_UP)
    assert scene.level == records.DAILIES
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert scene.level == "10"


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_every_figure_is_drawn_at_the_body_size_in_a_box_of_its_own(tmp_path, monkeypatch, size):
    """Races at every level and dailies too: the longest list of figures, nothing shrunk."""
    app = ScreenApp(tmp_path, size)
    for level in RIVALS:
        for won in (True, False, True):
            record_race(app.statistics, level, won, 3599.0, 70.0)
    records.record_game(app.statistics, "genius", records.DAILY, 61.0, True, level="easy", daily=3)
    scene = open_stats(app)
    drawn = []
    real = stats_module.text

    def text(surface, line, pos, size, colour, **options):
        drawn.append((line, size, options.get("style", "regular"), options.get("max_width")))
        return real(surface, line, pos, size, colour, **options)
    monkeypatch.setattr(stats_module, "text", text)
    app.draw()
    body = text_size("body", app.scale)
    rows, table, area = scene.figures()
    assert len(table) == len(RIVALS) + 1
    values = {cell for row in rows for cell in row} | {cell for row in table for cell in row}
    shown = [(line, style, width) for line, size_, style, width in drawn if line in values]
    assert {line for line, _, _ in shown} == values
    assert all(size_ == body for line, size_, _, _ in drawn if line in values)
    assert all(font(body, style).size(line)[0] <= width for line, style, width in shown), "no text is shrunk"
    boxes = [cell.box for cell in stats_module.figure_cells(rows, table, area, body, app.px(8))]
    assert all(area.contains(box) for box in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def ranked_daily_alone(app, monkeypatch) -> tuple[StatsScene, list]:
    """The screen open on one ranked daily won (the server's time): (the screen, the lines its charts drew)."""
    records.record_game(app.statistics, "genius", records.DAILY, 126.7, True, level="medium", daily=329, place=2)
    drawn = []
    monkeypatch.setattr(stats_module.charts, "text", lambda surface, line, *a, **k: drawn.append(line))
    monkeypatch.setattr(stats_module.charts, "text_block", lambda surface, lines, *a, **k: drawn.extend(lines))
    return open_stats(app, puzzle="genius"), drawn


def test_a_ranked_daily_won_shows_its_time(app, monkeypatch):
    scene, _ = ranked_daily_alone(app, monkeypatch)
    rows = dict(figures(app.statistics, "genius", None, scene.today))
    assert (rows["won"], rows["daily puzzles won"], rows["best daily time"]) == ("1", "1", "2:06")


def test_the_charts_say_why_a_ranked_daily_alone_is_not_in_them(app, monkeypatch):
    """Dailies are in no chart (docs/records.md): after a ranked daily alone the screen says so,
    not 'no solved games yet' beside 'won 1'."""
    _, drawn = ranked_daily_alone(app, monkeypatch)
    assert stats_module.DAILIES_APART in drawn and "no solved games yet" not in drawn


def test_the_dailies_note_goes_once_a_charted_game_is_won(app, monkeypatch):
    _, drawn = ranked_daily_alone(app, monkeypatch)
    drawn.clear()
    records.record_game(app.statistics, "genius", "default", 80.0, True, level="hard")
    app.draw()
    assert stats_module.DAILIES_APART not in drawn


def every_kind_of_game(statistics: dict) -> None:
    """A game of each kind each puzzle records: its levels, a daily (a MacMahon daily's level is
    a word, not one of its levels), a roll at any level, a game ID, free play (no level)."""
    for level in ("easy", "medium", "hard", "very hard", None):
        records.record_game(statistics, "genius", "default", 90.0, True, level=level)
    records.record_game(statistics, "genius", records.DAILY, 80.0, True, level="hard", daily=3)
    records.record_game(statistics, "genius", "game ID", 70.0, False)
    for level, won in ((2, True), (2, False), (7, True)):                # One way puzzles
        records.record_game(statistics, "genius", one_way.best_key(level), 60.0 + level, won, level=one_way.ROW)
    for level in [str(n) for n in range(1, 11)] + [None]:
        records.record_game(statistics, "macmahon", "4x6x3 given" if level else "4x6x3", 300.0, True, level=level)
    records.record_game(statistics, "macmahon", records.DAILY, 200.0, True, level="hard", daily=3)
    records.record_game(statistics, "macmahon", records.DAILY, 250.0, False, level="easy", daily=4)


@pytest.mark.parametrize("puzzle", ["genius", "macmahon"])
def test_the_rows_add_up_to_all_levels(app, puzzle):
    """Issue 36: MacMahon's dailies were in no row (their level is a word), nor were the games
    with no level: the rows did not add up to the total."""
    every_kind_of_game(app.statistics)
    scene = open_stats(app, puzzle=puzzle)
    rows = [dict(figures(app.statistics, puzzle, level, scene.today)) for level in scene.levels if level is not None]
    total = dict(figures(app.statistics, puzzle, None, scene.today))
    for figure in ("played", "won", "won with help", "lost"):
        assert sum(int(r[figure]) for r in rows) == int(total[figure]), figure


def test_macmahon_s_dailies_have_a_row_of_their_own(app):
    every_kind_of_game(app.statistics)
    scene = open_stats(app, puzzle="macmahon")
    click(app, scene.levels[records.DAILIES])
    rows = dict(figures(app.statistics, "macmahon", scene.level, scene.today))
    assert (rows["played"], rows["won"], rows["lost"], rows["best time"]) == ("2", "1", "1", format_time(None))


def one_way_row(app) -> tuple[StatsScene, dict]:
    """Issue 38: every kind of game recorded, the screen on One way's row: (screen, its figures)."""
    every_kind_of_game(app.statistics)
    scene = open_stats(app, puzzle="genius")
    assert one_way.ROW in scene.levels
    click(app, scene.levels[one_way.ROW])
    return scene, dict(figures(app.statistics, "genius", scene.level, scene.today))


def test_one_way_has_a_row_of_its_own(app):
    """One way's games in their row ('one way'), its times apart from the rolls' (pieces given)."""
    _, rows = one_way_row(app)
    assert (rows["played"], rows["won"], rows["lost"], rows["best time"]) == ("3", "2", "1", "1:02")
    assert records.plain_best(app.statistics["genius"]["best"]) == 90.0      # (a start with pieces given: apart)


def test_one_way_s_row_has_a_table_of_its_levels(app):
    """Broken down by level in a table whose games add up to the row."""
    scene, rows = one_way_row(app)
    _, table, _ = scene.figures()
    assert table == [("One way", "won", "helped", "best"), ("level 2", "1 of 2", "0", "1:02"),
                     ("level 7", "1 of 1", "0", "1:07")]
    assert sum(int(row[1].split(" of ")[1]) for row in table[1:]) == int(rows["played"])


def test_games_won_with_tiles_given_say_where_their_times_are(app, monkeypatch):
    """MacMahon's levels give tiles: the all-levels charts time none of them (docs/records.md)
    and say so, not 'no solved games yet' beside 'won 3'; a level's row shows its times."""
    for seconds in (21.0, 70.0, 76.0):
        records.record_game(app.statistics, "macmahon", "level 1" + records.GIVEN, seconds, True, level="1")
    drawn = []
    monkeypatch.setattr(stats_module.charts, "text", lambda surface, line, *a, **k: drawn.append(line))
    monkeypatch.setattr(stats_module.charts, "text_block", lambda surface, lines, *a, **k: drawn.extend(lines))
    scene = open_stats(app, puzzle="macmahon")
    assert dict(figures(app.statistics, "macmahon", None, scene.today))["won"] == "3"
    assert stats_module.GIVEN_APART in drawn and charts.EMPTY not in drawn
