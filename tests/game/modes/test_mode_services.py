"""A mode is handed the session and the App's services (game/play/services.py), never the App:
what it asks of a screen comes back as effects (Open another screen, Leave this one), and
what it learns later (a job's answer) waits in its own effects for the screen to take, never
in the session's list. Run without a window, on tests/game/fakes.py ModeHost."""
from __future__ import annotations

from dataclasses import replace

from game.modes.genius.play import Free, GeniusMode, Solo
from game.play.commands import Open, Rebuild, Refresh, Replace
from game.puzzles import registry
from game.puzzles.genius.puzzle import GENIUS
from tests.game.fakes import FakeClock, ModeHost, genius_hand, genius_session, table_for


def kit_on(tmp_path):
    host = ModeHost(tmp_path)
    session = genius_session(host, FakeClock())
    session.hand = genius_hand()
    return table_for(session, host)


def test_a_mode_asks_for_another_screen_with_an_effect(tmp_path):
    mode = Solo(kit_on(tmp_path))
    assert mode.do("versus") == [Open("genius-versus")]


def test_free_mode_copies_through_the_services(tmp_path):
    kit = kit_on(tmp_path)
    mode = Free(kit)
    for cell in (0, 1, 3, 5, 9, 28, 24):
        mode.free.toggle(cell)
    game_id = mode.free.start().notation()
    mode.do("copy")
    assert kit.services.copied == [game_id]


def test_a_jobs_answer_waits_in_the_modes_effects_not_the_sessions(tmp_path):
    kit = kit_on(tmp_path)
    mode = Free(kit)
    for cell in (0, 1, 3, 5, 9, 28, 24):
        mode.free.toggle(cell)
    mode.check()
    kit.services.worker.poll()
    assert Refresh() in mode.take_effects() and kit.session.effects == []


class OneMore(GeniusMode):
    """A made-up way of playing a Genius board: what a new mode brings is this class and one Way."""
    name = "one_more"

    def start(self) -> list:
        self.session.say("One more")
        return [Refresh()]


def test_a_new_way_of_playing_needs_only_its_class_with_a_line_in_the_list(tmp_path, monkeypatch):
    way = registry.Way("one_more", "One more", "a one-more board", f"{__name__}:OneMore")
    monkeypatch.setattr(registry, "PUZZLES", tuple(replace(e, ways=e.ways + (way,)) if e.name == GENIUS.name else e
                                                   for e in registry.PUZZLES))
    kit = kit_on(tmp_path)
    (_, label, entries, _), *_ = Solo(kit).pickers()
    assert ("one_more", "One more") in entries and label == "Play"
    asked, = Solo(kit).do("one_more")
    assert isinstance(asked, Replace) and asked.what == "a one-more board"
    assert asked.start() == [Rebuild(), Refresh()] and isinstance(kit.mode, OneMore)
    assert kit.mode.pickers()[0][1] == "One more" and kit.session.status == "One more"
