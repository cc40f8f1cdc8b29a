"""The title's Today card says 'one way' on a Sunday (the Genius daily of a Sunday is a One way
puzzle at level 10, solver/genius/daily.py; the game's subtitle says so, and now the card too),
and only for the puzzle whose daily it is. The title drawn on a fake date; the lines it draws recorded."""
from __future__ import annotations

import datetime as dt

import pytest

import game.scenes.title as title_module
from solver.genius.daily import genius_daily
from tests.game.fakes import lines_drawn
from tests.game.screen_app import ScreenApp

SUNDAY = dt.date(2026, 11, 29)
SATURDAY = dt.date(2026, 11, 28)


def card_lines(tmp_path, monkeypatch, day) -> list[str]:
    drawn = lines_drawn(monkeypatch, title_module)
    app = ScreenApp(tmp_path)
    app.push(title_module.TitleScene(app, today=day))
    app.draw()
    return [line for line in drawn if "#" in line]


def test_sunday_s_genius_card_says_one_way(tmp_path, monkeypatch):
    assert SUNDAY.weekday() == 6 and genius_daily(SUNDAY).one_way      # (the engine's own word for it)
    lines = card_lines(tmp_path, monkeypatch, SUNDAY)
    genius = [line for line in lines if line.startswith("Genius #")]
    macmahon = [line for line in lines if line.startswith("MacMahon #")]
    assert genius == [f"Genius #{genius_daily(SUNDAY).number} · very hard · one way"]
    assert macmahon and "one way" not in macmahon[0]


@pytest.mark.parametrize("day", [SATURDAY, SUNDAY + dt.timedelta(days=1)])
def test_other_days_cards_do_not(tmp_path, monkeypatch, day):
    assert not genius_daily(day).one_way
    assert not any("one way" in line for line in card_lines(tmp_path, monkeypatch, day))


def daily_screen_lines(tmp_path, monkeypatch, day) -> list[str]:
    import game.scenes.daily as daily_module
    drawn = lines_drawn(monkeypatch, daily_module)
    app = ScreenApp(tmp_path)
    app.push(daily_module.DailyScene(app, today=day))
    app.draw()
    return [line for line in drawn if line.startswith("level: ")]


def test_sunday_s_daily_screen_says_one_way_beside_the_genius_level(tmp_path, monkeypatch):
    assert daily_screen_lines(tmp_path, monkeypatch, SUNDAY) == ["level: very hard · one way", "level: very hard"]


def test_saturday_s_daily_screen_says_the_levels_alone(tmp_path, monkeypatch):
    assert not any("one way" in line for line in daily_screen_lines(tmp_path, monkeypatch, SATURDAY))
