"""Race online, headless: the real screens against a real race server on 127.0.0.1, the other
player a headless ThreadedClient. No multicast: the scene is opened with lan=False."""
from __future__ import annotations

import socket
import time

import pygame
import pygame_gui
import pytest

from game.net.client import ThreadedClient
from game.net.host import HostedServer
from game.net.server import Config
from game.net import refereed
from game.play.match import format_time
from game.scenes.online.lobby import RaceOnlineScene
from game.scenes.online.race import OnlineRaceScene
from game.scenes.online.results import ResultsScene
from game.scenes.title import TitleScene
from solver.genius.position import Position
from tests.game.test_lost_server import STOPPED_WORDS
from tests.net.race import FAST, solution
from tests.validate_genius import check_position


@pytest.fixture
def server():
    hosted = HostedServer("127.0.0.1", 0, Config(**FAST))
    yield hosted
    hosted.close()


@pytest.fixture
def lobby(app):
    app.push(TitleScene(app))
    app.open("online", bind="127.0.0.1", lan=False)
    assert isinstance(app.top, RaceOnlineScene)
    return app.top


def click(app, button) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def run_until(app, done, others=(), seconds: float = 60.0) -> list:
    """Frames of the game (60 a second, real time: the server's clock is real) until `done()`;
    the messages the headless players got meanwhile."""
    got = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frame(1 / 60)
        for other in others:
            got += other.poll()
        if done():
            return got
        time.sleep(1 / 60)
    raise AssertionError("the frames ran out")


def opponent_room(server) -> tuple[ThreadedClient, str]:
    bob = ThreadedClient(server.url)
    bob.send("create", name="Bob", dice="default", level="easy")
    got = []
    deadline = time.monotonic() + 60
    while not any(m["type"] == "joined" for m in got) and time.monotonic() < deadline:
        got += bob.poll()
        time.sleep(0.01)
    return bob, next(m for m in got if m["type"] == "joined")["room"]


def seated(app, lobby, server, code) -> None:
    """The lobby joins room `code` on `server` with Join: until the player is in it."""
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link.me() is not None)


@pytest.fixture
def racing(app, lobby, server):
    """The game racing Bob (headless) on `server`: (race screen, Bob)."""
    bob, code = opponent_room(server)
    try:
        yield join_and_race(app, lobby, server, bob, code), bob
    finally:
        bob.close()


def join_and_race(app, lobby, server, bob, code) -> OnlineRaceScene:
    lobby.name_entry.set_text("Ann\x07 the\u202e quick")          # unprintable characters go
    lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code.lower()}")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link.me() is not None and len(lobby.link.players()) == 2, [bob])
    assert lobby.link.me()["name"] == "Ann the quick"
    assert app.settings["race_name"] == "Ann the quick"
    bob.send("ready", ready=True)
    click(app, lobby.ready_button)
    run_until(app, lambda: isinstance(app.top, OnlineRaceScene), [bob])
    return app.top


def play_move(race: OnlineRaceScene, move: str) -> None:
    """Play the move string `move` on the race's board through the session, as a drop does (the
    link hears it as the session's watcher)."""
    assert not isinstance(race.session.move(move), str), move


def play_solution(app, race: OnlineRaceScene) -> None:
    start = race.match.start
    for move in solution(start):
        play_move(race, move)
        app.frame(1 / 60)
    check_position(race.position, blockers=start.blockers)


def genius_games(app) -> list[dict]:
    return app.statistics.get("genius", {}).get("games", [])


def finished_first(app, race: OnlineRaceScene, bob) -> None:
    """The game plays its solution and hears that it finished (and Bob that all nine are placed)."""
    play_solution(app, race)
    seen: list = []
    run_until(app, lambda: seen.extend(bob.poll()) or (race.link.finished and any(
        m["type"] == "progress" and m["placed"] == 9 for m in seen)))


def to_the_results(app, race: OnlineRaceScene, bob) -> None:
    """After the game finished first: Bob finishes second, until the results screen is up."""
    for seq, move in enumerate(solution(race.match.start), 1):
        bob.send("move", seq=seq, move=move)
    run_until(app, lambda: race.link.results is not None, [bob])
    run_until(app, lambda: isinstance(app.top, ResultsScene), [bob])


def test_a_joined_race_is_the_server_s_board(racing):
    race, _ = racing
    assert race.match.meta["kind"] == "online" and race.match.start == Position.parse(race.link.race["blockers"])


def test_a_joined_race_finished_first_is_won(app, racing):
    race, bob = racing
    finished_first(app, race, bob)
    assert race.link.finished[race.link.seat]["place"] == 1          # the server's verdict
    app.frame(1 / 60)
    assert race.result.lines[:2] == [f"1st, {format_time(race.match.elapsed)}", "you won the race"]
    assert not any("New game" in line for line in race.result.lines)   # (a race deals no new game)
    to_the_results(app, race, bob)
    assert [(r["name"], r["place"]) for r in race.link.results] == [("Ann the quick", 1), ("Bob", 2)]
    assert "1st Ann the quick" in race.session.status


def test_a_race_won_online_is_recorded_once(app, racing):
    race, bob = racing
    finished_first(app, race, bob)
    to_the_results(app, race, bob)
    games = genius_games(app)
    assert len(games) == 1 and games[0]["won"] and games[0]["key"] == "online race"
    for _ in range(30):
        app.frame(1 / 60)
    assert len(genius_games(app)) == 1                                # once


def test_rematch_on_the_results_goes_back_to_the_lobby(app, lobby, racing):
    race, bob = racing
    finished_first(app, race, bob)
    to_the_results(app, race, bob)
    assert app.top.buttons["rematch"].is_enabled
    click(app, app.top.buttons["rematch"])
    assert app.top is lobby
    run_until(app, lambda: lobby.link.room["phase"] == "lobby")


def test_a_hosted_race_lost_to_a_faster_opponent_is_recorded_lost(app, lobby):
    lobby.name_entry.set_text("Host")
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    assert lobby.link.hosted is not None
    bob = ThreadedClient(lobby.link.hosted.url)
    try:
        bob.send("join", name="Bob", room=lobby.link.code)
        run_until(app, lambda: len(lobby.link.players()) == 2, [bob])
        bob.send("ready", ready=True)
        click(app, lobby.ready_button)
        run_until(app, lambda: isinstance(app.top, OnlineRaceScene), [bob], seconds=60)
        race = app.top
        first = solution(race.match.start)
        play_move(race, first[0])                               # one piece down, then Bob wins
        for seq, move in enumerate(first, 1):
            bob.send("move", seq=seq, move=move)
        run_until(app, lambda: "Bob finished first" in race.session.status, [bob])
        assert race.link.progress[2]["placed"] == 9                        # Bob's progress: all placed
        assert genius_games(app) == [] and not race.match.ended            # the race goes on for a place
        for move in first[1:]:                                            # Ann plays on for second place
            play_move(race, move)
            app.frame(1 / 60)
        run_until(app, lambda: race.link.results is not None, [bob])
        assert [(r["name"], r["place"]) for r in race.link.results] == [("Bob", 1), ("Host", 2)]
        assert not any("finish your board" in item[0] for item in app.toasts.items)      # no longer true
        games = genius_games(app)
        assert len(games) == 1 and not games[0]["won"] and games[0]["place"] == 2   # once, lost, second
    finally:
        bob.close()


def kill_server(server) -> None:
    """The server dies as a killed process does: nothing listens any more and every connection
    is cut with no closing handshake."""
    def die():
        server.server._ws_server.server.close()
        for link in list(server.server.links):
            link.ws.transport.abort()
    server._loop.call_soon_threadsafe(die)


def server_gone(app, server, race: OnlineRaceScene, death: str) -> None:
    """A move made, then the server goes (shut down or killed); until the game hears it."""
    play_move(race, solution(race.match.start)[0])                       # a game: a move made
    server.close() if death == "shut down" else kill_server(server)
    run_until(app, lambda: race.link.lost is not None)


@pytest.mark.parametrize("death", ["shut down", "killed"])
def test_a_server_gone_mid_race_is_said(app, server, racing, death):
    race, _ = racing
    server_gone(app, server, race, death)
    assert race.session.status == STOPPED_WORDS


@pytest.mark.parametrize("death", ["shut down", "killed"])
def test_a_race_whose_server_went_is_no_result(app, server, racing, death):
    race, _ = racing
    server_gone(app, server, race, death)
    play_solution(app, race)                                              # alone, to the end
    assert race.match.finished and race.match.meta["kind"] == "void"
    run_until(app, lambda: "no result" in race.session.status)             # the win says it
    assert genius_games(app) == []                                        # no result: no win, no loss
    race.back()                                                            # no race to leave: straight out
    app.frame(1 / 60)
    assert isinstance(app.top, RaceOnlineScene) and app.top.link is None and genius_games(app) == []


def test_a_server_gone_after_another_finished_first_is_a_loss(app, server, racing):
    race, bob = racing
    moves = solution(race.match.start)
    play_move(race, moves[0])
    for seq, move in enumerate(moves, 1):                                  # Bob finishes first
        bob.send("move", seq=seq, move=move)
    run_until(app, lambda: race.mode.beaten() is not None, [bob])
    kill_server(server)
    run_until(app, lambda: race.link.lost is not None)
    games = genius_games(app)
    assert len(games) == 1 and not games[0]["won"]                         # the race was decided: lost


def test_the_streak_is_kept_over_a_race_the_server_ended(app, server, racing):
    from game.play.records import record_game
    record_game(app.statistics, "genius", "online race", 30.0, True, game="earlier")
    race, _ = racing
    play_move(race, solution(race.match.start)[0])
    kill_server(server)
    run_until(app, lambda: race.link.lost is not None)
    race.back()
    assert app.statistics["genius"]["streak"]["current"] == 1 and len(genius_games(app)) == 1


def free_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_join_says_what_is_wrong_with_an_address_in_one_line(app, lobby):
    lobby.target_entry.set_text("ftp://somewhere/ABC234")
    click(app, lobby.join_button)
    assert lobby.link is None and "ws://" in lobby.line
    lobby.target_entry.set_text(f"127.0.0.1:{free_port()}/ABC234")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link is None and "Cannot reach" in lobby.line)      # the address field given back
    assert lobby.line.startswith("Cannot reach ws://127.0.0.1:") and "\n" not in lobby.line
    app.frame(1 / 60)
    assert lobby.target_entry.is_enabled and lobby.join_button.is_enabled


def test_a_typed_race_name_is_kept_trimmed(app, lobby):
    lobby.name_entry.set_text(" Ann ")
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    assert app.settings["race_name"] == "Ann"


def test_leaving_a_hosted_room_keeps_the_lobby_on_screen(app, lobby):
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    click(app, lobby.leave_button)
    assert app.top is lobby and lobby.link is None


def test_leaving_the_lobby_stops_the_hosted_server(app, lobby):
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    url = lobby.link.hosted.url
    click(app, lobby.leave_button)                     # the room left
    click(app, lobby.leave_button)                     # the lobby left
    assert isinstance(app.top, TitleScene)
    probe = ThreadedClient(url, timeout=2)
    try:
        seen = []
        run_until(app, lambda: seen.extend(probe.poll()) or any(m["type"] == "lost" for m in seen), seconds=30)
        assert "cannot reach" in seen[-1]["reason"]
    finally:
        probe.close()


def closed_mid_race(app, race: OnlineRaceScene) -> None:
    play_move(race, solution(race.match.start)[0])                   # a game: a move made
    app.quit()


def test_closing_the_window_mid_race_records_a_loss(app, racing):
    race, _ = racing
    closed_mid_race(app, race)
    games = genius_games(app)
    assert len(games) == 1 and not games[0]["won"] and games[0]["key"] == "online race"


def test_closing_the_window_mid_race_gives_the_seat_up(app, racing):
    race, bob = racing
    closed_mid_race(app, race)
    got = []
    deadline = time.monotonic() + 60
    while not any(m["type"] == "room" and any(p["left"] or not p["connected"] for p in m["players"])
                  for m in got) and time.monotonic() < deadline:
        got += bob.poll()
        time.sleep(0.01)
    assert time.monotonic() < deadline, "Bob never heard that Ann left"


def kick(server, code: str, seat: int) -> None:
    """Cut that seat's connection on the server's side, with no closing handshake (a network drop)."""
    player = server.server.rooms[code].players[seat]
    server._loop.call_soon_threadsafe(player.link.abort, "test")


def remaining(race: OnlineRaceScene) -> list[str]:
    return [m for m in solution(race.match.start) if m.split(":")[0] not in race.position.placed]


def resumed(app, server, race: OnlineRaceScene, bob, monkeypatch) -> float:
    """Two moves played, the connection cut, Bob moving and a third move played meanwhile, until
    the game is back online; the clock read just before (and the state on the way asserted)."""
    monkeypatch.setattr(refereed, "RETRY_EVERY", 0.5)                 # inside the test server's 2 s grace
    for move in remaining(race)[:2]:
        play_move(race, move)
    seen: list = []
    run_until(app, lambda: seen.extend(bob.poll()) or any(
        m["type"] == "progress" and m["placed"] == 2 for m in seen))
    code = next(c for c, room in server.server.rooms.items() if len(room.players) == 2)
    kick(server, code, race.link.seat)
    run_until(app, lambda: race.link.retry is not None, [bob])
    bob.send("move", seq=1, move=solution(race.match.start)[0])      # Bob moves while Ann is away
    assert race.session.status == "Connection lost: reconnecting..."
    offline = remaining(race)[0]
    play_move(race, offline)                                 # never reaches the server
    assert len(race.position.placed) == 3
    before = race.match.elapsed
    run_until(app, lambda: race.link.online and not race.link.resumed, [bob])
    return before


def test_a_dropped_connection_resumes_where_the_server_left_off(app, server, racing, monkeypatch):
    race, bob = racing
    before = resumed(app, server, race, bob, monkeypatch)
    assert race.link.retry is None and race.link.lost is None
    assert race.position == race.link.sent and len(race.position.placed) == 2   # the server's board
    assert race.match.elapsed >= before - 0.5                         # the server's clock, not a new one
    assert race.link.progress[race.link.rivals()[0]["seat"]]["placed"] == 1   # Bob's progress, refreshed
    assert "Reconnected" in race.session.status


def test_a_resumed_race_plays_on_to_a_win(app, server, racing, monkeypatch):
    race, bob = racing
    resumed(app, server, race, bob, monkeypatch)
    for move in remaining(race):
        play_move(race, move)
        app.frame(1 / 60)
    run_until(app, lambda: race.link.seat in race.link.finished, [bob])
    assert race.link.finished[race.link.seat]["place"] == 1
    check_position(race.position, blockers=race.match.start.blockers)
    games = genius_games(app)
    assert len(games) == 1 and games[0]["won"]


def seat_dropped(app, server, race: OnlineRaceScene, bob) -> None:
    """The server cuts the game's connection and drops its seat; until the game hears it."""
    room = next(room for room in server.server.rooms.values() if len(room.players) == 2)
    player = room.players[race.link.seat]
    server._loop.call_soon_threadsafe(lambda: (player.link.abort("test"), room.remove(player)))
    run_until(app, lambda: race.link.lost is not None, [bob])


def test_a_seat_the_server_no_longer_keeps_is_said_in_one_line(app, server, racing):
    race, bob = racing
    seat_dropped(app, server, race, bob)
    assert "did not give the seat back" in race.session.status and "playable alone" in race.session.status
    assert race.link.retry is None and "\n" not in race.session.status


def test_a_board_whose_seat_was_dropped_stays_playable(app, server, racing):
    race, bob = racing
    seat_dropped(app, server, race, bob)
    for move in remaining(race):
        play_move(race, move)
        app.frame(1 / 60)
    assert race.match.finished


def test_tries_to_resume_are_bounded():
    from game.net.refereed import RETRY_EVERY, RETRY_FOR, Retry
    now = [0.0]
    retry = Retry("dropped", clock=lambda: now[0])
    while now[0] < 2 * RETRY_FOR:
        if retry.due():
            retry.waiting = False                                          # that try failed at once
        now[0] += 0.25
    assert retry.tries == int(RETRY_FOR / RETRY_EVERY) - 1 and retry.over()
    assert not retry.due()


def test_the_race_is_of_the_level_the_host_picks(app, lobby):
    from solver.genius.dice import builtin
    from solver.genius.levels import level_of
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None)
    assert lobby.pickers.menus["level"].visible and lobby.pickers.menus["dice"].visible
    bob = ThreadedClient(lobby.link.hosted.url)
    try:
        bob.send("join", name="Bob", room=lobby.link.code)
        run_until(app, lambda: len(lobby.link.players()) == 2, [bob])
        app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=lobby.pickers.menus["dice"],
                                              text="alternative")])
        app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=lobby.pickers.menus["level"],
                                              text="9")])
        seen: list = []                                   # Bob's messages: he sees the picks too (waited for: a
        run_until(app, lambda: seen.extend(bob.poll()) or (       # busy machine may deliver his after the host's)
            lobby.link.room["level"] == 9 and lobby.link.room["dice"] == "alternative"
            and any(m["type"] == "room" and m["level"] == 9 and m["dice"] == "alternative" for m in seen)))
        bob.send("ready", ready=True)
        click(app, lobby.ready_button)
        run_until(app, lambda: isinstance(app.top, OnlineRaceScene), [bob], seconds=30)
        assert not lobby.pickers.menus["level"].visible                                # racing: no pickers
        assert level_of(builtin("alternative"), app.top.match.start.blockers) == 9
    finally:
        bob.close()


def test_only_the_host_sees_the_pickers(app, lobby, server):
    bob, code = opponent_room(server)
    try:
        seated(app, lobby, server, code)
        assert not lobby.pickers.menus["level"].visible and not lobby.pickers.menus["dice"].visible
    finally:
        bob.close()
