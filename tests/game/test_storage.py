import json

import pytest

from game.play.records import record_game
from game.storage import DEFAULT_SETTINGS, Storage, read_versioned, write_json_atomic
from game.storage import data_dir as folder_now
from solver.errors import SquarewiseError


def test_env_var_chooses_the_folder(data_dir):
    assert folder_now() == data_dir and data_dir.is_dir()


def written_back(tmp_path) -> dict:
    """Settings with the palette changed and an extra key, written and read by a new Storage."""
    store = Storage(tmp_path)
    settings = store.settings()
    settings["palette"] = "colourblind"
    settings["extra"] = {"kept": 1}
    store.write("settings", settings)
    return Storage(tmp_path).settings()


def test_settings_written_read_back_the_same(tmp_path):
    again = written_back(tmp_path)
    assert again["palette"] == "colourblind" and again["extra"] == {"kept": 1}
    doc = json.loads((tmp_path / "settings.json").read_text())
    assert doc["version"] == 1 and doc["data"]["palette"] == "colourblind"


def test_settings_not_in_the_file_take_their_defaults(tmp_path):
    assert Storage(tmp_path / "fresh").settings() == DEFAULT_SETTINGS
    assert written_back(tmp_path)["dice"] == DEFAULT_SETTINGS["dice"]


JUNK = pytest.mark.parametrize("junk", ["{not json", "[1, 2]", '{"version": 1}', '{"version": 0, "data": {}}',
                                         '{"data": {}}', "\xff\xfe"])


def corrupt_settings(tmp_path, junk: str) -> dict:
    """A settings file of `junk`, read: the settings."""
    (tmp_path / "settings.json").write_text(junk, encoding="latin-1")
    return Storage(tmp_path).settings()


@JUNK
def test_a_corrupt_file_gives_the_defaults(tmp_path, junk):
    assert corrupt_settings(tmp_path, junk) == DEFAULT_SETTINGS


@JUNK
def test_a_corrupt_file_is_a_one_line_warning(tmp_path, capsys, junk):
    corrupt_settings(tmp_path, junk)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "warning" in err[0] and "settings.json" in err[0]


@JUNK
def test_a_corrupt_file_is_kept_aside(tmp_path, junk):
    corrupt_settings(tmp_path, junk)
    kept = tmp_path / "settings.json.corrupt-1"
    assert kept.read_bytes() == junk.encode("latin-1")
    assert not (tmp_path / "settings.json").exists()
    (tmp_path / "settings.json").write_text(junk, encoding="latin-1")
    Storage(tmp_path).settings()
    assert (tmp_path / "settings.json.corrupt-2").exists() and kept.exists()


WRONG_SHAPES = pytest.mark.parametrize("stored,bad", [
    ({"window": "big"}, "window"), ({"window": [10]}, "window"), ({"window": [900, "x"]}, "window"),
    ({"dice": 5}, "dice"), ({"animations": "no"}, "animations"), ({"labels": 1}, "labels"),
    ({"macmahon_variant": 5}, "macmahon_variant"),
])


def wrong_shape(tmp_path, stored: dict) -> dict:
    """Settings with `stored` and a good palette, read."""
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "data": {**stored, "palette": "colourblind"}}))
    return Storage(tmp_path).settings()


@WRONG_SHAPES
def test_a_setting_of_the_wrong_shape_gets_its_default(tmp_path, stored, bad):
    assert wrong_shape(tmp_path, stored) == {**DEFAULT_SETTINGS, "palette": "colourblind"}
    assert (tmp_path / "settings.json").exists()


@WRONG_SHAPES
def test_a_setting_of_the_wrong_shape_is_a_one_line_warning(tmp_path, capsys, stored, bad):
    wrong_shape(tmp_path, stored)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "warning" in err[0] and f"bad value for {bad}" in err[0]


def test_statistics_of_the_wrong_shape_get_defaults(tmp_path, capsys):
    (tmp_path / "statistics.json").write_text(json.dumps(
        {"version": 1, "data": {"genius": {"played": "many", "solved": 2, "best": [1]}}}))
    stats = Storage(tmp_path).statistics()
    assert stats == {"genius": {"played": 0, "solved": 2, "best": {}}}
    assert "genius.played, genius.best" in capsys.readouterr().err
    assert record_game(stats, "genius", "default", 50.0, True)


def test_statistics_entries_the_game_cannot_use_are_dropped(tmp_path, capsys):
    (tmp_path / "statistics.json").write_text(json.dumps({"version": 1, "data": {
        "genius": {"played": 3, "solved": 1, "best": {"default": 75.5, "free": "x", "alt": None}},
        "macmahon": 5, "other": {"played": "x", "solved": 2}}}))
    stats = Storage(tmp_path).statistics()
    assert stats == {"genius": {"played": 3, "solved": 1, "best": {"default": 75.5}},
                     "other": {"played": 0, "solved": 2}}
    assert "genius.best.free, genius.best.alt, macmahon, other.played" in capsys.readouterr().err
    assert not record_game(stats, "genius", "default", 80.0, True) and record_game(stats, "macmahon", "4x6x3", 60.0, True)


def test_atomic_write_leaves_the_old_file_when_writing_fails(tmp_path):
    path = tmp_path / "stats.json"
    write_json_atomic(path, {"version": 1, "data": {"a": 1}})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"version": 1, "data": {"a": object()}})
    assert read_versioned(path) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]


def failed_write(tmp_path) -> None:
    store = Storage(tmp_path)
    (tmp_path / "settings.json").mkdir()          # os.replace cannot put a file over a folder
    store.write("settings", DEFAULT_SETTINGS)


def test_a_failed_write_is_a_one_line_warning(tmp_path, capsys):
    failed_write(tmp_path)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot write" in err[0] and "settings.json" in err[0]


def test_a_failed_write_keeps_what_was_there(tmp_path):
    failed_write(tmp_path)
    assert (tmp_path / "settings.json").is_dir() and [p.name for p in tmp_path.iterdir() if p.name != "squarewise.lock"] == ["settings.json"]


def test_read_versioned_names_the_file(tmp_path):
    with pytest.raises(SquarewiseError, match="missing.json"):
        read_versioned(tmp_path / "missing.json")


def test_the_window_tells_about_a_corrupt_settings_file(data_dir, capsys):
    from game.app import App
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text("{oops")
    app = App(size=(900, 600), storage=Storage(data_dir))
    assert "settings.json" in app.toasts.latest and app.settings == DEFAULT_SETTINGS
    assert (data_dir / "settings.json.corrupt-1").read_text() == "{oops"
    assert "warning" in capsys.readouterr().err


# --- issue 29, item 5: a file from a newer Squarewise is not damaged --------------------------

NEWER = {"version": 2, "data": {"genius": {"played": 40, "solved": 39, "best": {}}, "new_key": [1, 2]}}


DOCUMENTS = pytest.mark.parametrize("name, read", [("statistics", Storage.statistics),
                                                 ("settings", Storage.settings)])


def newer(tmp_path, name: str) -> Storage:
    """A document of `name` written by a newer Squarewise, and a Storage on its folder."""
    (tmp_path / f"{name}.json").write_text(json.dumps(NEWER))
    return Storage(tmp_path)


def written_to(store: Storage, name: str, read) -> None:
    """Every way of writing the document tried, then read again."""
    store.write(name, {"genius": {"played": 0}})
    store.write_soon(name, {"genius": {"played": 0}})
    store.flush()
    store.delete(name)
    assert store.set_aside(name) is None
    read(store)


@DOCUMENTS
def test_a_newer_file_is_read_as_the_defaults(tmp_path, name, read):
    store = newer(tmp_path, name)
    defaults = read(Storage(tmp_path / "empty"))
    assert read(store) == defaults                  # this session uses the defaults


@DOCUMENTS
def test_a_newer_file_is_left_in_place_unchanged(tmp_path, name, read):
    path = tmp_path / f"{name}.json"
    store = newer(tmp_path, name)
    before = path.read_bytes()
    read(store)
    written_to(store, name, read)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []


@DOCUMENTS
def test_a_newer_file_is_said_read_only_once(tmp_path, capsys, name, read):
    path = tmp_path / f"{name}.json"
    store = newer(tmp_path, name)
    read(store)
    written_to(store, name, read)
    err = capsys.readouterr().err.splitlines()
    what = "the statistics are" if name == "statistics" else "the settings are"
    assert err == [f"squarewise: warning: {path} was written by a newer Squarewise (version 2); {what} read-only "
                   f"until you use that version again"]
    assert store.warnings == err


def test_other_documents_are_still_written_beside_a_newer_one(tmp_path):
    (tmp_path / "statistics.json").write_text(json.dumps(NEWER))
    store = Storage(tmp_path)
    store.statistics()
    store.write("settings", {"palette": "colourblind"})
    assert Storage(tmp_path).settings()["palette"] == "colourblind"
