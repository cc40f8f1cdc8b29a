"""Race online, the client against a real race server on 127.0.0.1 (issue: race online for
strangers): every move string reaches the server, the board shown is the server's after each
of its answers, every finisher gets a place and the server's time, the results screen. The
other player is a headless ThreadedClient that hosts the room with visible boards, so it sees
the game's board after each of its moves."""
from __future__ import annotations

import subprocess
import time

import pygame
import pygame_gui
import pytest

from game.net.client import ThreadedClient
from game.play.commands import OTHER, Press, Release, Square
from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.online.race import OnlineRaceScene
from solver.cli_common import ordinal
from game.scenes.online.results import ResultsScene
from game.scenes.title import TitleScene
from game.play.match import format_time
from solver.genius.position import Position
from solver.grid import cell_name
from tests.game.test_race_online import opponent_room, run_until, server  # noqa: F401  (the fixture)
from tests.net.race import solution
from tests.net.test_tls import SERVE, certificate  # noqa: F401  (the fixture)
from tests.validate_genius import check_position


def frames_until(app, done, bob=None, seconds: float = 60.0) -> list:
    """Frames of the game until `done()` (bounded); what the headless player got meanwhile."""
    return run_until(app, done, [bob] if bob is not None else [], seconds)


@pytest.fixture
def race(app, server):
    """Ann (the game) racing Bob (headless, the room's host, boards visible) on the same roll."""
    bob, code = opponent_room(server)
    bob.send("settings", dice="default", level="easy", boards="visible")
    app.push(TitleScene(app))
    app.open("online", bind="127.0.0.1", lan=False)
    lobby = app.top
    assert isinstance(lobby, RaceOnlineScene)
    lobby.name_entry.set_text("Ann")
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.join_button)])
    frames_until(app, lambda: lobby.link.me() is not None and len(lobby.link.players()) == 2, bob)
    bob.send("ready", ready=True)
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.ready_button)])
    frames_until(app, lambda: isinstance(app.top, OnlineRaceScene), bob)
    bob.seen = []
    yield app.top, bob
    bob.close()


def last_board_bob_saw(bob, seat: int, count: int) -> Position:
    boards = [m for m in bob.seen if m["type"] == "progress" and m["seat"] == seat]
    assert len(boards) >= count, (len(boards), count)
    return Position.parse(boards[count - 1]["position"])


def progress_count(bob, seat: int) -> int:
    return sum(m["type"] == "progress" and m["seat"] == seat for m in bob.seen)


def free_cells(position: Position) -> set[int]:
    return {c for c in range(36) if position.occupant(c) is None}


def test_a_placed_piece_moved_reaches_the_server(app, race):
    scene, bob = race
    seat = scene.link.seat
    free = free_cells(scene.position)
    here, there = sorted(free)[:2]
    for count, move in enumerate((f"1:{cell_name(here)}", f"1:{cell_name(there)}"), 1):   # put, then moved
        assert not isinstance(scene.session.move(move), str)
        frames_until(app, lambda: bob.seen.extend(bob.poll()) or progress_count(bob, seat) >= count, seconds=60)
        assert last_board_bob_saw(bob, seat, count) == scene.position


def test_a_piece_turned_where_it_lies_reaches_the_server(app, race):
    scene, bob = race
    seat = scene.link.seat
    free = free_cells(scene.position)
    cell = next(c for c in sorted(free) if c % 6 < 5 and c + 1 in free and c + 6 in free)   # room to turn
    assert not isinstance(scene.session.move(f"2:{cell_name(cell)}{cell_name(cell + 1)}"), str)
    frames_until(app, lambda: bob.seen.extend(bob.poll()) or progress_count(bob, seat) >= 1, seconds=60)
    before = scene.position
    scene.process(Press(Square(cell // 6, cell % 6), OTHER))              # flipped where it lies: now upright
    app.frame(1 / 60)
    scene.process(Release(Square(cell // 6, cell % 6), click=True))
    scene.process(Press(Square(cell // 6, cell % 6)))                      # a click turns it where it lies
    scene.process(Release(Square(cell // 6, cell % 6), click=True))
    app.frame(1 / 60)
    assert scene.position != before
    frames_until(app, lambda: bob.seen.extend(bob.poll()) or last_board_bob_saw(bob, seat, progress_count(bob, seat))
                 == scene.position, seconds=60)
    assert scene.link.refusals == 0 and scene.link.sent == scene.position


def test_a_move_the_server_refuses_is_undone_on_screen_with_its_reason(app, race):
    scene, bob = race
    moves = solution(scene.match.start)
    assert not isinstance(scene.session.move(moves[0]), str)
    frames_until(app, lambda: scene.link.sent == scene.position and scene.link.clock is not None, bob, seconds=60)
    server_board = scene.position
    scene.link.seq += 3                                   # the next move goes out of order: the server refuses it
    assert not isinstance(scene.session.move(moves[1]), str)
    assert scene.position != server_board
    frames_until(app, lambda: scene.link.refusals >= 1, bob, seconds=60)
    app.frame(1 / 60)
    assert scene.position == server_board                 # the server's board, shown again
    assert scene.session.status.startswith("The server refused the move:")
    assert not isinstance(scene.session.move(moves[1]), str)          # and the race goes on
    frames_until(app, lambda: scene.link.accepted == scene.link.seq and scene.link.sent == scene.position, bob,
                 seconds=60)


def won(app, race) -> dict:
    """The game plays the solution first, until the server says so: its finish."""
    scene, bob = race
    for move in solution(scene.match.start):
        assert not isinstance(scene.session.move(move), str)
        app.frame(1 / 60)
    check_position(scene.position, blockers=scene.match.start.blockers)
    frames_until(app, lambda: scene.link.seat in scene.link.finished, bob, seconds=60)
    app.frame(1 / 60)
    return scene.link.finished[scene.link.seat]


def test_the_winner_is_told_the_place(app, race):
    assert won(app, race)["place"] == 1
    assert race[0].session.status.startswith("1st, ")


def test_the_winner_s_record_keeps_the_servers_time(app, race):
    mine = won(app, race)
    games = app.statistics["genius"]["games"]
    assert len(games) == 1 and games[0]["won"] and games[0]["place"] == 1
    assert games[0]["seconds"] == round(mine["ms"] / 1000, 2)              # the server's time, not the window's


def second(app, race) -> dict:
    """Bob finishes first, then the game (its race not lost before it ends): its finish."""
    scene, bob = race
    moves = solution(scene.match.start)
    for seq, move in enumerate(moves, 1):                  # Bob first
        bob.send("move", seq=seq, move=move)
    frames_until(app, lambda: any(f["name"] == "Bob" for f in scene.link.finished.values()), bob, seconds=60)
    assert not scene.match.ended                          # not lost yet: play on for a place
    for move in moves:
        assert not isinstance(scene.session.move(move), str)
        app.frame(1 / 60)
    frames_until(app, lambda: scene.link.seat in scene.link.finished and scene.match.ended, bob, seconds=60)
    return scene.link.finished[scene.link.seat]


def test_a_later_finisher_is_told_its_finish(app, race):
    mine = second(app, race)
    scene = race[0]
    assert mine["place"] == 2
    assert scene.result.lines[0] == f"{ordinal(2)}, {format_time(mine['ms'] / 1000)}"      # the banner says it
    assert scene.result.lines[1].startswith("Bob won in")


def test_a_later_finisher_is_recorded_lost_with_the_servers_time(app, race):
    mine = second(app, race)
    game = app.statistics["genius"]["games"][-1]
    assert not game["won"] and game["place"] == 2 and game["seconds"] == round(mine["ms"] / 1000, 2)


def results(app, race) -> ResultsScene:
    """Ann finishes first, Bob second: the results screen."""
    scene, bob = race
    moves = solution(scene.match.start)
    for move in moves:
        scene.session.move(move)
        app.frame(1 / 60)
    frames_until(app, lambda: scene.link.seat in scene.link.finished, bob, seconds=60)   # Ann first, on a busy machine too
    for seq, move in enumerate(moves, 1):
        bob.send("move", seq=seq, move=move)
    frames_until(app, lambda: isinstance(app.top, ResultsScene), bob, seconds=60)
    return app.top


def test_the_results_screen_shows_every_board(app, race):
    rows = results(app, race).rows()
    assert [lines[1] for lines, _ in rows] == ["Ann (you)", "Bob"]
    assert rows[0][0][0].startswith("1st, ") and rows[1][0][0].startswith("2nd, ")
    assert all(board is not None and board.is_solved for _, board in rows)


def test_rematch_on_the_results_screen_returns_to_the_lobby(app, race):
    screen = results(app, race)
    app.frame(1 / 60)
    assert screen.buttons["rematch"].is_enabled
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.buttons["rematch"])])
    assert isinstance(app.top, RaceOnlineScene)


def test_the_race_clock_runs_on_when_the_window_is_unfocused(app, race):
    scene, bob = race
    app._window_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    start = scene.match.elapsed
    frames_until(app, lambda: scene.match.elapsed > start + 0.3, bob, seconds=30)
    assert not scene.match.timer.held


def test_the_race_clock_shown_is_the_servers(app, race):
    scene, bob = race
    start = scene.match.elapsed
    frames_until(app, lambda: scene.match.elapsed > start + 0.3, bob, seconds=30)
    server = scene.link.elapsed()
    assert server is not None and abs(scene.match.elapsed - server) <= scene.mode.DRIFT + 0.1


def test_a_player_joining_shows_in_the_lobby_with_no_input_the_server_wakes_the_loop(app, server):
    bob, code = opponent_room(server)
    cy = None
    try:
        app.push(TitleScene(app))
        app.open("online", bind="127.0.0.1", lan=False)
        lobby = app.top
        lobby.name_entry.set_text("Ann")
        lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
        app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.join_button)])
        frames_until(app, lambda: lobby.link.me() is not None and len(lobby.link.players()) == 2)
        cy = ThreadedClient(server.url)
        cy.send("join", name="Cy", room=code)
        frames = app.frames
        deadline = time.monotonic() + 60
        while len(lobby.link.players()) < 3 and time.monotonic() < deadline:
            app.step()                               # the real loop's turn: it sleeps until woken
        assert len(lobby.link.players()) == 3 and app.frames > frames
    finally:
        bob.close()
        if cy is not None:
            cy.close()


def test_a_self_signed_server_is_joined_once_the_player_trusts_its_certificate(app, certificate):
    process = subprocess.Popen(SERVE + ["--certfile", str(certificate[0]), "--keyfile", str(certificate[1])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        url = "wss://" + first.split("wss://", 1)[1].split()[0]
        app.push(TitleScene(app))
        app.open("online", bind="127.0.0.1", lan=False)
        lobby = app.top
        lobby.name_entry.set_text("Ann")
        lobby.target_entry.set_text(url)
        app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.join_button)])
        frames_until(app, lambda: lobby.dialog_open)                         # asked, with the fingerprint
        dialog = next(iter(lobby._dialogs))
        assert certificate[2] in dialog.confirmation_text.html_text
        assert lobby.link.lost is not None and lobby.link.code is None      # nothing sent before it is trusted
        app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog)])
        assert app.settings["trusted_certificates"][url] == certificate[2]
        frames_until(app, lambda: lobby.link is not None and lobby.link.code is not None)   # joined through TLS
    finally:
        process.kill()
        process.wait(60)
