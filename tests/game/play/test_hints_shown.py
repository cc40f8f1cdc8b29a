"""Every hint counted is a hint shown (playtest 2, finding 14: three quick H presses in MacMahon
counted three hints and showed one). A press while the engine is still looking for the hint
asks nothing more and counts nothing; a hint counts once its words are on the status line, so
an answer dropped (the board changed, Cancel) counts nothing either. On fakes: the engine's
answer comes when the test polls the worker, as the app's frame delivers it."""
from __future__ import annotations

import re

import pytest

from game.play.commands import Key, Press, Release, Slot, Square
from game.puzzles.macmahon.puzzle import MACMAHON
from solver.genius.pieces import PIECES
from tests.game.fakes import FakeClock, FakeHost, genius_session, session_on


def shown_rung(session) -> int:
    found = re.match(r"Hint (\d) of 3", session.status)
    return int(found.group(1)) if found else 0


@pytest.fixture(params=["genius", "macmahon"])
def session(request, tmp_path):
    host = FakeHost(tmp_path)
    if request.param == "genius":
        return genius_session(host, FakeClock())
    return session_on(host, FakeClock(), "4x6x3", puzzle=MACMAHON)


def test_quick_presses_while_the_engine_looks_count_one_hint(session):
    for _ in range(3):
        session.process(Key("hint"))
    assert session.host.worker.calls == ["Looking for a hint"], "one question to the engine"
    session.host.worker.poll()
    assert shown_rung(session) == 1 and session.match.meta.get("hints", 0) == 1
    session.process(Key("hint"))                       # pressed once the first is on show: the next rung
    assert shown_rung(session) == 2 and session.match.meta["hints"] == 2


def test_a_hint_dropped_before_it_shows_counts_nothing(session):
    session.process(Key("hint"))
    assert session.cancel_job()                        # Cancel (or Escape) while the engine looks
    session.host.worker.poll()
    assert shown_rung(session) == 0 and session.match.meta.get("hints", 0) == 0
    assert not session.match.meta.get("assisted")


def test_a_genius_hint_whose_board_changed_counts_nothing(tmp_path):
    session = genius_session(FakeHost(tmp_path), FakeClock())
    session.process(Key("hint"))
    session.process(Press(Slot(PIECES.index("2"), (0, 0))))
    session.process(Release(Square(5, 3)))             # the answer is about the board before this move
    session.host.worker.poll()
    assert shown_rung(session) == 0 and session.match.meta.get("hints", 0) == 0
