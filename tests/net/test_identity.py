"""The identities file: tokens and names per server survive a reload, bad entries are skipped."""
import json

from game.net import identity

TOKEN = "t" * 43


def test_remembered_identities_come_back_per_server(tmp_path):
    identity.remember(tmp_path, "ws://a:8765/", TOKEN, "Ann")
    identity.remember(tmp_path, "ws://b:8765/", "u" * 43, "Bob")
    kept = identity.load(tmp_path)
    assert kept == {"ws://a:8765/": identity.Identity(TOKEN, "Ann"), "ws://b:8765/": identity.Identity("u" * 43, "Bob")}
    identity.forget(tmp_path, "ws://a:8765/")
    assert list(identity.load(tmp_path)) == ["ws://b:8765/"]


def test_only_the_sound_entries_are_loaded(tmp_path):
    data = {"ws://a:8765/": {"token": TOKEN, "name": "Ann"}, "ws://b:8765/": {"token": 5, "name": "Bob"},
            "ws://c:8765/": {"token": "short", "name": "Cy"}}
    (tmp_path / identity.FILE).write_text(json.dumps({"version": 1, "data": data}))
    assert list(identity.load(tmp_path)) == ["ws://a:8765/"]


def test_an_unreadable_file_is_no_identities(tmp_path):
    (tmp_path / identity.FILE).write_text("{not json")
    assert identity.load(tmp_path) == {}


def test_a_new_identity_never_overwrites_an_unreadable_file(tmp_path):
    (tmp_path / identity.FILE).write_text('{"version": 1, "data": {"ws://a:8765/": {"token": "' + TOKEN + '"')
    identity.remember(tmp_path, "ws://b:8765/", TOKEN, "Bob")
    assert list(identity.load(tmp_path)) == ["ws://b:8765/"]
    assert TOKEN in (tmp_path / (identity.FILE + ".corrupt-1")).read_text()


def test_an_entry_this_game_cannot_use_is_written_back_as_it_was(tmp_path):
    damaged = {"token": TOKEN, "name": ""}                  # the token may still be copied out by hand
    data = {"ws://a:8765/": damaged, "ws://c:8765/": {"token": TOKEN, "name": "Cy"}}
    (tmp_path / identity.FILE).write_text(json.dumps({"version": 1, "data": data}))
    identity.remember(tmp_path, "ws://b:8765/", "u" * 43, "Bob")
    identity.forget(tmp_path, "ws://c:8765/")
    kept = json.loads((tmp_path / identity.FILE).read_text())["data"]
    assert kept == {"ws://a:8765/": damaged, "ws://b:8765/": {"token": "u" * 43, "name": "Bob"}}
    assert list(identity.load(tmp_path)) == ["ws://b:8765/"]


def test_an_open_ranked_run_is_kept_beside_the_name_until_dropped(tmp_path):
    a, b = "ws://a:8765/", "ws://b:8765/"
    identity.remember(tmp_path, a, TOKEN, "Ann")
    identity.remember(tmp_path, b, "u" * 43, "Bob")
    identity.keep_run(tmp_path, a, "genius", 329)
    identity.keep_run(tmp_path, a, "macmahon", 330)
    identity.keep_run(tmp_path, "ws://nobody:8765/", "genius", 329)      # no name there: nothing kept
    assert identity.open_runs(tmp_path, a) == {"genius": 329, "macmahon": 330}
    assert identity.open_runs(tmp_path, b) == {} and identity.open_runs(tmp_path, "ws://nobody:8765/") == {}
    assert identity.load(tmp_path)[a] == identity.Identity(TOKEN, "Ann")
    identity.drop_run(tmp_path, a, "genius")
    assert identity.open_runs(tmp_path, a) == {"macmahon": 330}
    identity.remember(tmp_path, a, "v" * 43, "Cy")                        # a new name: a new player, no runs
    assert identity.open_runs(tmp_path, a) == {}


def test_a_damaged_open_run_is_skipped(tmp_path):
    data = {"ws://a:8765/": {"token": TOKEN, "name": "Ann",
                             "runs": {"genius": "329", "macmahon": 330, "chess": 1}}}
    (tmp_path / identity.FILE).write_text(json.dumps({"version": 1, "data": data}))
    assert identity.open_runs(tmp_path, "ws://a:8765/") == {"macmahon": 330}


UNREADABLE = '{"version": 1, "data": {"ws://a:8765/": '


def test_an_unreadable_file_loads_as_empty(tmp_path):
    (tmp_path / identity.FILE).write_text(UNREADABLE)
    assert identity.load(tmp_path) == {} and identity.open_runs(tmp_path, "ws://a:8765/") == {}
    assert identity.load(tmp_path) == {}


def test_an_unreadable_file_is_said_once_as_the_line_the_game_shows(tmp_path, capsys):
    (tmp_path / identity.FILE).write_text(UNREADABLE)
    identity.load(tmp_path)
    line = identity.check(tmp_path)
    err = capsys.readouterr().err
    assert err == line + "\n" and line.startswith("squarewise: warning: ") and identity.FILE in line
    assert "cannot be used" in line and line.isprintable()


def test_a_folder_without_the_file_says_nothing(tmp_path):
    assert identity.check(tmp_path / "elsewhere") is None
