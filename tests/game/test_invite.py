"""Join by a link (issue 36, item 9): the room's invite, `squarewise --join INVITE` and
`squarewise squarewise://...` (as a desktop opens a clicked link) straight into the room, a bad
invite in one line (exit 2) or a message in the window. Servers on 127.0.0.1 only."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from game.net.client import ThreadedClient
from game.net.invite import invite, parse_invite
from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.title import TitleScene
from solver.errors import SquarewiseError
from tests.game.processes import ROOT, WAIT, game_env, start_game, stop
from tests.game.test_race_online import click, lobby, opponent_room, run_until, seated, server  # noqa: F401


@pytest.mark.parametrize("url, code", [("ws://127.0.0.1:8765/", "ABC234"), ("ws://[::1]:40123/", "Q7KX2M"),
                                       ("wss://race.example.org/squarewise/", "ZZ2345")])
def test_an_invite_reads_back_as_its_room(url, code):
    assert parse_invite(invite(url, code)) == (url, code)
    assert parse_invite(f"  SquareWise{invite(url, code.lower())[len('squarewise'):]} ") == (url, code)   # any case


@pytest.mark.parametrize("text", ["squarewise://127.0.0.1:8765/", "squarewise://127.0.0.1:8765/abc",
                                  "squarewise:ftp://x/ABC234", "squarewise://", "hello", "squarewise://a b/ABC234",
                                  "squarewise://x/ABC234\n\x1b[2J" + "y" * 500])
def test_a_bad_invite_is_one_line(text):
    with pytest.raises(SquarewiseError) as caught:
        parse_invite(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


@pytest.fixture
def seated_in_bobs_room(app, lobby, server):
    """The lobby seated in Bob's room on `server`: the room's code."""
    bob, code = opponent_room(server)
    try:
        seated(app, lobby, server, code)
        yield code
    finally:
        bob.close()


def test_the_lobby_shows_the_rooms_invite(lobby, server, seated_in_bobs_room):
    assert lobby.link.invite == f"squarewise://127.0.0.1:{server.port}/{seated_in_bobs_room}"
    assert lobby.copy_button.visible


def test_the_lobby_copies_the_rooms_invite(app, lobby, seated_in_bobs_room):
    copied = []
    app.copy_text = lambda words: copied.append(words) or True
    click(app, lobby.copy_button)
    assert copied == [lobby.link.invite]


def test_a_hosted_rooms_invite_has_this_computers_address(app, lobby):
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    assert lobby.link.invite == f"squarewise://127.0.0.1:{lobby.link.hosted.port}/{lobby.link.code}"


def test_an_invite_opens_the_lobby_joined(app, server):
    bob, code = opponent_room(server)
    try:
        app.push(TitleScene(app))
        app.open("online", bind="127.0.0.1", lan=False, invite=f"squarewise://127.0.0.1:{server.port}/{code}")
        lobby = app.top
        assert isinstance(lobby, RaceOnlineScene) and lobby.link is not None
        run_until(app, lambda: len(lobby.link.players()) == 2, [bob])
    finally:
        bob.close()


def test_a_bad_invite_in_the_window_is_a_message(app, lobby):
    lobby.target_entry.set_text("squarewise://127.0.0.1:8765/nope")
    click(app, lobby.join_button)
    assert lobby.link is None
    assert "is not an invite" in app.toasts.latest and "\n" not in app.toasts.latest


@pytest.mark.parametrize("argv", [["--join", "squarewise://127.0.0.1:8765/"], ["--join", "nowhere"],
                                  ["squarewise://x:1/bad\x1b"]])
def test_a_bad_invite_on_the_command_line_exits_2_with_one_clean_line(tmp_path, argv):
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=game_env(tmp_path),
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and "\x1b" not in done.stderr


@pytest.mark.parametrize("form", ["--join", "link"])
def test_the_game_opens_straight_into_the_room(tmp_path, server, form):
    """The real game process, given an invite, joins the room: the player there hears it."""
    bob, code = opponent_room(server)
    link = f"squarewise://127.0.0.1:{server.port}/{code}"
    game = start_game(tmp_path, *(["--join", link] if form == "--join" else [link]))
    try:
        seen, deadline = [], time.monotonic() + WAIT
        while time.monotonic() < deadline and not any(
                m["type"] == "room" and len(m["players"]) == 2 for m in seen) and game.poll() is None:
            seen += bob.poll()
            time.sleep(0.02)
        assert [p["name"] for p in seen[-1]["players"]] == ["Bob", "Player"], game.poll()
    finally:
        stop(game)
        bob.close()
