"""The measure the server sheds by (game/net/admission.py Load and heaviest), on a fake clock:
a sender's sustained rate, so an honest burst of moves is never taken for a flood."""
from __future__ import annotations

import pytest

from game.net.admission import Load, heaviest
from game.net.config import Config

HORIZON, HONEST = Config.sustained, Config.honest_rate


def _ticks(start: float, end: float, rate: float):
    """The times of a steady sender: `rate` frames a second from `start` up to `end`."""
    n = int((end - start) * rate)
    return [start + i / rate for i in range(n)]


def test_a_steady_rate_reads_as_that_rate_once_the_horizon_has_passed():
    load = Load(HORIZON, 0.0)
    for t in _ticks(0.0, 6 * HORIZON, 10.0):
        load.add(t)
    assert load.rate(6 * HORIZON) == pytest.approx(10.0, rel=0.02)


def burst_of_twenty() -> Load:
    load = Load(HORIZON, 0.0)
    for _ in range(20):
        load.add(1.0)                                           # twenty frames at once
    return load


def test_a_burst_reads_at_most_its_frames_over_the_horizon():
    assert burst_of_twenty().rate(1.0) == pytest.approx(20 / HORIZON)


def test_a_burst_fades_over_quiet():
    load = burst_of_twenty()
    assert load.rate(1.0 + HORIZON) < load.rate(1.0) / 2.5


@pytest.mark.parametrize("burst_at", [0.0, 0.3, 2.0, 4.9, 7.5])
@pytest.mark.parametrize("flood_rate", [HONEST * 1.25, 8.0, 15.0])
def test_an_honest_burst_then_quiet_is_never_chosen_over_a_steady_flooder(burst_at, flood_rate):
    """Ten moves at once, then nothing (a person), beside a steady flooder from time 0: at every
    moment of 20 s the one chosen is the flooder or no one, never the honest sender; and the
    flooder is chosen once its rate is well past the floor."""
    honest, flooder = Load(HORIZON, 0.0), Load(HORIZON, 0.0)
    events = [(t, flooder) for t in _ticks(0.0, 20.0, flood_rate)] + [(burst_at, honest)] * 10
    chosen = []
    for t, load in sorted(events, key=lambda e: e[0]):
        load.add(t)
        chosen.append(heaviest({"honest": honest, "flooder": flooder}, t, HONEST))
    assert "honest" not in chosen
    assert chosen[-1] == "flooder"


def test_no_one_is_chosen_when_every_rate_is_within_the_floor():
    loads = {name: Load(HORIZON, 0.0) for name in "abc"}
    for t in _ticks(0.0, 30.0, HONEST * 0.9):
        for load in loads.values():
            load.add(t)
    assert heaviest(loads, 30.0, HONEST) is None
    assert heaviest(loads, 30.0, HONEST * 0.5) in loads            # over a lower floor: the heaviest


def test_the_heaviest_of_several_flooders_is_chosen():
    loads = {rate: Load(HORIZON, 0.0) for rate in (5.0, 12.0, 9.0)}
    for rate, load in loads.items():
        for t in _ticks(0.0, 10.0, rate):
            load.add(t)
    assert heaviest(loads, 10.0, HONEST) == 12.0
