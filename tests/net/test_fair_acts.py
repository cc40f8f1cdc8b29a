"""The fair-play floor (game/net/fair.py) for any puzzle of the engine's list: the acts are
the puzzle's own (its engine's `acts`: each act's keystrokes and its pointer's aim), the floor's
arithmetic is the server's. This module is the rules of a made-up puzzle whose moves are all
placements from the tray, each `keys` keystrokes away wherever the cursor is."""
from __future__ import annotations

import pytest

from game.net import fair
from solver import puzzles
from solver.acts import Act

NAME = "counters"


class Counter(Act):
    POINT_BITS = 2.0
    DRAG_BITS = 1.475               # a place by the pointer: 1000 * 3.475 / 6.95 = 500 ms

    def keys(self, cursor) -> int:
        return self.turns           # (the made-up puzzle's keystrokes: written in its move)


def acts(start, moves: list[str]) -> list[Counter]:
    return [Counter("place", frozenset({i}), frozenset(), int(m), i, 6) for i, m in enumerate(moves)]


@pytest.fixture(autouse=True)
def counters(monkeypatch):
    monkeypatch.setattr(puzzles, "PUZZLES", puzzles.PUZZLES + (puzzles.Engine(NAME, "Counters", "Counters", __name__),))


def test_each_acts_floor_is_the_faster_of_the_puzzles_keys_or_its_pointers_aim():
    run = fair.acts(NAME, None, ["3", "9", "7"])          # 240 ms, 720 ms, 560 ms by keyboard
    assert fair.act_floors(run) == pytest.approx([240, 500, 500])


def test_the_run_s_floor_reads_the_board_then_makes_each_act_at_the_faster_input():
    assert fair.floor_ms(fair.acts(NAME, None, ["3", "9", "7"])) == pytest.approx(fair.READ_MS + 240 + 500 + 500)


def test_a_run_under_the_puzzle_s_floor_is_held():
    timeline = [("3", 1500), ("9", 3000), ("7", 4000)]
    verdict = fair.judge(NAME, None, timeline, 1000, 3)
    assert verdict.held and verdict.floor_ms == 1540 and verdict.reasons[0].startswith("below the floor: 1.00 s")
