"""Fuzzing the file loaders: dice files, census checkpoints, settings, statistics, saves, Match.from_dict.

Each input is written to a real file and read the way the program reads it. A loader either
returns something well formed or refuses with a one-line SquarewiseError; the game's storage
never refuses: it sets a bad file aside and uses defaults.
"""
from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from solver.errors import SquarewiseError
from tests.fuzz.strategies import extreme_values, file_bytes, fuzz, json_values, nasty_text, tried





def refused_or(load, *args):
    """load(*args), or None if refused with a one-line printable SquarewiseError."""
    tried()
    try:
        return load(*args)
    except SquarewiseError as exc:
        assert str(exc) and str(exc).isprintable(), repr(str(exc))
        return None


DICE = {"name": "mine", "dice": [["A6", "F1"], ["A5", "F2"], ["A1", "C1"], ["A4", "B5"], ["A2", "B2"],
                                 ["D5", "E5"], ["B4", "C3"]]}
cell_texts = st.one_of(st.sampled_from(["A1", "F6", "a2", " B3 ", "A²", "A٣", "G1", "A0", "A" + "9" * 5000]),
                       nasty_text("ABCDEF123456", 4))


@fuzz
@given(st.one_of(file_bytes(DICE),
                 st.lists(st.lists(cell_texts, max_size=4), max_size=8).map(
                     lambda dice: json.dumps({"name": "x", "dice": dice}).encode("utf-8", "surrogatepass"))))
def test_dice_files(fresh, data):
    from solver.genius import dice
    path = fresh() / "dice.json"
    path.write_bytes(data)
    found = refused_or(dice.load, path)
    if found is not None:
        assert len(found.dice) == 7 and all(0 <= c < 36 for die in found.dice for c in die)
        found.name.encode("utf-8")


CHECKPOINT_ID = {"kind": "genius-census", "boards": 10, "digest": "abc", "chunk": 5, "chunks": 2}
CHECKPOINT = {**CHECKPOINT_ID, "done": {"0": [127], "1": []}}


@fuzz
@given(st.one_of(file_bytes(CHECKPOINT),
                 st.dictionaries(st.one_of(st.sampled_from(["0", "1", "2", "-1", "٣", "9" * 5000]), nasty_text()),
                                 st.lists(extreme_values(), max_size=3),
                                 max_size=3).map(lambda done: json.dumps({**CHECKPOINT_ID, "done": done}).encode())))
def test_census_checkpoints(fresh, data):
    from solver.genius.census import Checkpoint
    path = fresh() / "ck.json"
    path.write_bytes(data)
    identity = {k: v for k, v in CHECKPOINT_ID.items() if k != "kind"}
    state = refused_or(Checkpoint, path, identity, True)
    if state is not None:
        assert all(0 <= k < 2 and all(type(m) is int and m.bit_count() == 7 for m in v) for k, v in state.done.items())


SETTINGS = {"version": 1, "data": {"palette": "classic", "dice": "default", "window": [1100, 760],
                                   "animations": True, "labels": False, "macmahon_variant": "4x6x3"}}
STATISTICS = {"version": 1, "data": {"genius": {"played": 3, "solved": 2, "best": {"default": 75.5}}}}
values = st.one_of(json_values(), extreme_values())


def _settings_docs():
    def replace(pair):
        key, value = pair
        return json.dumps({"version": 1, "data": {**SETTINGS["data"], key: value}}).encode()
    return st.tuples(st.sampled_from(sorted(SETTINGS["data"])), values).map(replace)


@fuzz
@given(st.one_of(file_bytes(SETTINGS), _settings_docs()))
def test_settings_files(fresh, capsys, data):
    from game.app import MIN_SIZE, window_size
    from game.options import MAX_SIDE
    from game.storage import DEFAULT_SETTINGS, Storage
    folder = fresh()
    (folder / "settings.json").write_bytes(data)
    tried()
    settings = Storage(folder).settings()
    for key, default in DEFAULT_SETTINGS.items():
        assert type(settings[key]) is type(default) or isinstance(default, list)
    w, h = window_size(settings["window"])
    assert MIN_SIZE[0] <= w <= MAX_SIDE and MIN_SIZE[1] <= h <= MAX_SIDE
    assert all(len(line.splitlines()) == 1 for line in capsys.readouterr().err.splitlines())


@fuzz
@given(st.one_of(file_bytes(STATISTICS),
                 st.tuples(st.sampled_from(["played", "solved", "best"]), values).map(
                     lambda p: json.dumps({"version": 1, "data": {"genius": {**STATISTICS["data"]["genius"],
                                                                             p[0]: p[1]}}}).encode())))
def test_statistics_files(fresh, data):
    from game.play.match import format_time
    from game.scenes.stats import figures
    from game.storage import Storage
    folder = fresh()
    (folder / "statistics.json").write_bytes(data)
    tried()
    stats = Storage(folder).statistics()
    for entry in stats.values():
        for seconds in entry.get("best", {}).values():
            assert 0 <= seconds < math.inf and format_time(seconds)
    assert isinstance(figures(stats, "genius", None, 0), list)


def _save():
    from game.play.match import Match
    from solver.genius.position import Move, Position
    match = Match(Position.parse("A1A2A4A6B4D5E1"), puzzle="genius", meta={"dice": "default", "seed": 5})
    match.play(match.position.place(Move.parse("1:F6")), "1:F6")
    return match.to_dict()


SAVE = _save()


def _mutated_saves():
    def replace(pair):
        key, value = pair
        return {**SAVE, key: value}
    return st.one_of(st.tuples(st.sampled_from(sorted(SAVE)), values).map(replace),
                     st.tuples(st.sampled_from(["index", "elapsed"]),
                               st.sampled_from([math.nan, math.inf, -math.inf, 1e308, 10 ** 300, -1, True, "1", 1.5])
                               ).map(replace),
                     json_values())


@fuzz
@given(_mutated_saves())
def test_match_from_dict(data):
    from game.play.match import MAX_ELAPSED, Match, format_time
    from game.puzzles.genius.puzzle import GENIUS
    match = refused_or(lambda: Match.from_dict(data, GENIUS))
    if match is not None:
        assert 0 <= match.index < len(match.history) and 0 <= match.elapsed <= MAX_ELAPSED
        assert format_time(match.elapsed)


@fuzz
@given(st.one_of(file_bytes({"version": 1, "data": SAVE}),
                 _mutated_saves().map(lambda d: json.dumps({"version": 1, "data": d}).encode())))
def test_save_files(fresh, data):
    from game.play.match import Match
    from game.storage import read_versioned
    from game.puzzles.genius.puzzle import GENIUS
    path = fresh() / "game.json"
    path.write_bytes(data)
    refused_or(lambda: Match.from_dict(read_versioned(path), GENIUS))


@fuzz
@given(st.one_of(st.floats(), st.integers(-10 ** 400, 10 ** 400), st.none()))
def test_clock_text(seconds):
    from game.play.match import format_time
    tried()
    assert format_time(seconds)


# --- numpy files (issue 29): census caches, counts checkpoints ------------------------------------

def _npy(descr: str, shape: tuple, data: bytes) -> bytes:
    import io
    from numpy.lib import format as npy
    out = io.BytesIO()
    npy.write_array_header_1_0(out, {"descr": descr, "fortran_order": False, "shape": shape})
    return out.getvalue() + data


def _npz(members, deflate: bool) -> bytes:
    import io
    import zipfile
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED) as archive:
        for name, data in members:
            archive.writestr(name + ".npy", data)
    return out.getvalue()


def _good_npz() -> bytes:
    import io
    import numpy as np
    out = io.BytesIO()
    np.savez(out, representatives=np.arange(5, dtype=np.uint64), identity=np.array('{"kind": "genius-counts"}'),
             unit0=np.arange(3, dtype=np.uint32))
    return out.getvalue()


npy_members = st.builds(
    _npy, st.sampled_from(["<u8", "<u4", "<i8", "|u1", "<f8", "|O", "<U30", ">u8", "|V8"]),
    st.one_of(st.lists(st.integers(0, 2 ** 62), max_size=3).map(tuple), st.just(())),
    st.binary(max_size=80))
npz_files = st.one_of(
    st.builds(_npz, st.lists(st.tuples(st.sampled_from(["representatives", "identity", "unit0", "unit7", "x"]),
                                       st.one_of(npy_members, st.binary(max_size=60))), max_size=3,
                                    unique_by=lambda member: member[0]), st.booleans()),
    st.builds(lambda data, at, byte: data[:at] + bytes([byte]) + data[at + 1:], st.just(_good_npz()),
              st.integers(0, len(_good_npz())), st.integers(0, 255)),
    st.binary(max_size=200))


@fuzz
@given(npz_files)
def test_numpy_files(fresh, data):
    from solver.genius import census, counts
    path = fresh() / "file.npz"
    path.write_bytes(data)
    reps = refused_or(census.load_unsolvable, path)
    assert reps is None or (reps.ndim == 1 and str(reps.dtype) == "uint64")
    units = refused_or(counts.Checkpoint.read, path)
    assert units is None or all(str(a.dtype) == "uint32" and a.ndim == 1 for a in units.values())
