"""How to play reads the game's list: each puzzle's page is the class its registry entry names
(`howto`), the title's How to play is the list's first puzzle's page, and "The other puzzle"
goes to the next puzzle of the list, after the last the first. A third puzzle's page, made
here, shows with no file of the product changed."""
from __future__ import annotations

import dataclasses

import pytest

from game.puzzles import registry
from game.scenes.howto import HowToScene, Reference
from solver import puzzles as engines
from tests.game import third_puzzle
from tests.game.drive import frame


class Still:
    """A demonstration that never moves: one caption."""

    LOOP = 1.0

    def draw(self, surface, area, pal, t: float) -> str:
        return "three dominoes, one board"


class DominoesHowTo(HowToScene):
    puzzle = third_puzzle.NAME
    reference = Reference("Dominoes", "Cover the 2 x 3 board.", ("Three dominoes, none over another.",),
                          ("Drag a domino onto two cells.",))
    demo_class = Still


@pytest.fixture
def listed(monkeypatch):
    """The third puzzle in both lists, with this module's page; (macmahon, genius, dominoes)."""
    engine, entry = third_puzzle.entries()
    entry = dataclasses.replace(entry, howto=f"{__name__}:DominoesHowTo")
    monkeypatch.setattr(engines, "PUZZLES", engines.PUZZLES + (engine,))
    monkeypatch.setattr(registry, "PUZZLES", registry.PUZZLES + (entry,))
    return entry


def test_a_puzzles_how_to_play_is_the_page_its_registry_entry_names(app, listed):
    app.open("howto-dominoes")
    frame(app)
    assert type(app.top) is DominoesHowTo and app.top.step == "three dominoes, one board"
    assert app.top.caption == "Squarewise - how to play Dominoes"


def test_how_to_play_made_by_a_puzzles_name_is_that_puzzles_page(app, listed):
    assert type(HowToScene(app, "dominoes")) is DominoesHowTo


def test_the_titles_how_to_play_is_the_first_puzzle_of_the_list(app, listed, monkeypatch):
    monkeypatch.setattr(registry, "PUZZLES", (listed,) + registry.PUZZLES[:-1])
    app.open("howto")
    assert type(app.top) is DominoesHowTo


def test_the_other_puzzle_is_the_next_in_the_list_the_first_after_the_last(app, listed):
    app.open("howto-genius")
    seen = []
    for _ in range(3):
        frame(app)
        app.top.do("other")
        seen.append(app.top.puzzle)
    assert seen == ["dominoes", "macmahon", "genius"] and len(app.scenes) == 1
