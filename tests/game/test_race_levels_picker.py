"""Playtest 2, item 24: the room's Level list mixed words and numbers ('any, easy, medium, hard,
very hard, 1, 2, 3, ...') with nothing saying how they relate. Each word now says its numbers and
each number sits under its word, named beside it; the room's line says the same. Headless,
the real lobby hosting a real race server on 127.0.0.1 (lan=False: no multicast)."""
from __future__ import annotations

import pygame
import pygame_gui

import game.scenes.online.lobby as lobby_module
from solver import puzzles as engines
from tests.game.fakes import lines_drawn
from tests.game.test_lobby import shows
from tests.game.test_race_online import click, lobby, run_until  # noqa: F401


def options(menu) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def test_the_level_list_puts_each_number_under_its_word_named_beside_it(app, lobby, monkeypatch):
    lobby.name_entry.set_text("Ann")
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.room is not None)
    app.frame(1 / 60)
    menu = lobby.pickers.menus["level"]
    listed = options(menu)
    assert listed[:5] == ["any (1-10)", "easy (1-2)", "1 (easy)", "2 (easy)", "medium (3-7)"]
    assert listed[-2:] == ["very hard (10)", "10 (very hard)"]
    assert shows(menu) == "any (1-10)"
    words, count = engines.racing().race_levels
    groups = engines.racing().race_level_groups
    for word, numbers in groups.items():                 # each word, then its numbers, in the list's order
        at = listed.index(f"{word} ({numbers[0]}" + (f"-{numbers[-1]})" if len(numbers) > 1 else ")"))
        assert listed[at + 1:at + 1 + len(numbers)] == [f"{n} ({word})" for n in numbers]
    assert len(listed) == len(words) + count             # every level once
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text="3 (medium)")])
    run_until(app, lambda: lobby.link.room["level"] == 3)
    drawn = lines_drawn(monkeypatch, lobby_module)
    app.frame(1 / 60)
    assert any("level: 3 (medium)" in line for line in drawn), drawn
