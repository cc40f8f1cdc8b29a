"""The game's half of ranked dailies against a real server on 127.0.0.1 with a real database
file (issue 28): a name taken through the Today screen's offer (hostile names get the server's
reason), a ranked run of each puzzle played through the session with the day's solution (checked
by the validators) while the server's clock moves, the done banner with the place, the Today
card's line, the standings rows, and a second ranked run turned into a replay. No window:
the screens' parts (Offer, Ranked, StandingsScene's questions) on the game's real client."""
from __future__ import annotations

import asyncio
import threading
import time
from types import SimpleNamespace

import pytest

from game.net.client import ThreadedClient
from game.net.server import Config, RaceServer
from game.net.store import Store
from game.play.session import PlaySession, Won
from game.puzzles import registry
from game.puzzles.genius.hand import Hand as GeniusHand
from game.puzzles.macmahon.hand import Hand as MacMahonHand
from game.play.commands import Toast
from game.net import refereed
from game.net.offer import Offer
from game.modes.ranked import Ranked
from game.scenes.ranked.standings import StandingsScene
from game.storage import Storage
from tests.game.fakes import FakeWorker, table_for
from solver import daily
from tests.net.desk import TODAY, Clock, check_solved, day_solution
from tests.net.race import FAST

WAIT = 60.0          # the bound of a wait on the server's answer (never a measure of speed)


class Server:
    """A RaceServer with a Store, on its own thread and event loop (as the game hosts one)."""

    def __init__(self, folder, clock, **config):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

        async def start() -> int:          # (the database is the server thread's: sqlite3 keeps to one)
            self.store = Store(folder / "standings.db")
            self.server = RaceServer(Config(**{**FAST, "clock": clock, **config}), store=self.store)
            return await self.server.start("127.0.0.1", 0)
        port = asyncio.run_coroutine_threadsafe(start(), self.loop).result(WAIT)
        self.url = f"ws://127.0.0.1:{port}/"

    def close(self) -> None:
        async def stop() -> None:
            await self.server.close()
            self.store.close()
        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(WAIT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        self.loop.close()


class Player:
    """One player's game: a data folder, the offer on the Today screen, the wake-ups of its client."""

    def __init__(self, folder, url):
        folder.mkdir()
        self.app = SimpleNamespace(storage=Storage(folder), settings={"standings_server": url}, statistics={},
                                   worker=FakeWorker(), save_statistics=lambda: None, pop=lambda: None)
        self.woke = threading.Event()
        self.clients: list = []
        self.offer = Offer(self.app, url, connect=self.connect)

    def connect(self, url):
        self.clients.append(ThreadedClient(url, wake=self.woke.set))
        return self.clients[-1]

    def until(self, condition, pump) -> None:
        deadline = time.monotonic() + WAIT
        while not condition():
            assert time.monotonic() < deadline, "the server never answered"
            self.woke.wait(0.05)
            self.woke.clear()
            pump()

    def close(self) -> None:
        for client in self.clients:
            client.close()


@pytest.fixture
def worlds(tmp_path):
    """Make the world with the server's Config changes given: (server, clock, player maker)."""
    made = []

    def make(**config):
        clock = Clock()
        server = Server(tmp_path, clock, **config)
        players = []

        def player(name: str) -> Player:
            players.append(Player(tmp_path / name, server.url))
            return players[-1]
        made.append((server, players))
        return server, clock, player

    yield make
    for server, players in made:
        for p in players:
            p.close()
        server.close()


@pytest.fixture
def world(worlds):
    return worlds()


def take_name(p: Player, puzzle: str, name: str) -> None:
    p.offer.play(puzzle, TODAY, ranked=True)
    p.offer.register(name)
    p.until(lambda: p.offer.asking is None or p.offer.name_line and not p.offer.name_line.startswith("Asking"),
            p.offer.pump)


def play_run(p: Player, puzzle: str, clock: Clock, step: float = 5.0):
    """The run the offer asked for, played to the end through a session: (mode, session, the Won)."""
    run = None

    def pump():
        nonlocal run
        run = run or p.offer.pump()
    p.until(lambda: run is not None, pump)
    hand = GeniusHand() if puzzle == "genius" else MacMahonHand()
    session = PlaySession(registry.get(puzzle).puzzle, p.app, hand)
    entry = registry.get(puzzle)
    mode = Ranked(table_for(session, p.app), p.offer.desk, registry.load(entry.kit_target).RUN_BUTTONS)
    mode.begin_run()
    desk = p.offer.desk
    for move in day_solution(run):
        clock.tick(step)
        assert not isinstance(session.move(move), str)
        p.until(lambda: desk.accepted == desk.seq, desk.pump)      # the server's clock read at this move
    check_solved(puzzle, run["start"], session.position.notation())
    effects = []
    p.until(lambda: p.offer.desk.done is not None, lambda: effects.extend(mode.update(0.0)))
    effects += mode.update(0.0) + session.take_effects()
    return mode, session, next(e for e in effects if isinstance(e, Won))


def bob_then_ann(world, puzzle):
    """Bob then Ann play the day's ranked run of `puzzle` (Bob the faster): (Ann, the two banners'
    first lines, the two games recorded, the two done times in ms)."""
    server, clock, player = world
    places, games, times = [], [], []
    for name, step in (("Bob", 4.0), ("Ann", 6.0)):
        p = player(name)
        take_name(p, puzzle, name)
        mode, session, won = play_run(p, puzzle, clock, step)
        places.append(mode.won(won.ending)[0].lines[0])
        games.append(p.app.statistics[puzzle]["games"][-1])
        times.append(p.offer.desk.done["ms"])
    return p, places, games, times


PUZZLES = pytest.mark.parametrize("puzzle", ["genius", "macmahon"])


@PUZZLES
def test_a_ranked_daily_played_in_the_game_is_recorded_at_the_servers_time(world, puzzle):
    _, _, games, times = bob_then_ann(world, puzzle)
    for game, ms in zip(games, times):
        assert game["daily"] == TODAY and game["seconds"] == ms / 1000


@PUZZLES
def test_a_ranked_daily_played_in_the_game_is_told_its_place(world, puzzle):
    _, places, _, _ = bob_then_ann(world, puzzle)
    assert places[0].startswith("1st of 1 · ") and places[1].startswith("2nd of 2 · ")


@PUZZLES
def test_a_ranked_daily_played_in_the_game_is_placed_on_the_card(world, puzzle):
    ann, _, _, _ = bob_then_ann(world, puzzle)
    ann.offer.refresh(TODAY, puzzles=(puzzle,))
    ann.until(lambda: puzzle in ann.offer.places, ann.offer.pump)
    assert ann.offer.places[puzzle] == "2nd of 2 today"


@PUZZLES
def test_a_ranked_daily_played_in_the_game_is_placed_in_the_standings(world, puzzle):
    ann, _, _, _ = bob_then_ann(world, puzzle)
    scene = StandingsScene(ann.app, puzzle=puzzle, today=daily.date_of(TODAY), connect=ann.connect)
    ann.until(lambda: scene.answer is not None, scene.desk.pump)
    assert [(place, name, mine) for place, name, _, mine in scene.rows()] == [("1", "Bob", False), ("2", "Ann", True)]
    scene.desk.close()


def test_a_second_ranked_run_becomes_a_replay(world):
    server, clock, player = world
    p = player("Cy")
    take_name(p, "genius", "Cy")
    play_run(p, "genius", clock)
    p.offer.play("genius", TODAY, ranked=True)
    p.until(lambda: "genius" in p.offer.over, p.offer.pump)
    assert "unranked" in p.offer.over["genius"]
    p.offer.play("genius", TODAY, ranked=False)
    mode, session, won = play_run(p, "genius", clock)
    assert mode.won(won.ending)[0].lines[0].startswith("Unranked: ")


@pytest.mark.parametrize("typed", ["\u0410nn", " ANN ", "A\u200bnn"])
def test_a_name_like_a_taken_one_gets_the_servers_reason_in_the_field(world, typed):
    server, clock, player = world
    take_name(player("first"), "genius", "Ann")
    p = player("second")
    take_name(p, "genius", typed)
    assert p.offer.asking is not None and p.offer.name_line and "Asking" not in p.offer.name_line


# ---------------------------------------------------------------------- the server's silence limits
def test_standings_left_open_past_the_idle_close_answer_again_quietly(worlds):
    """The server closes a connection in no run after hello_timeout of silence: the screen says
    nothing of it, and the next request is answered on a new connection."""
    server, clock, player = worlds(hello_timeout=0.3)
    p = player("Ida")
    scene = StandingsScene(p.app, puzzle="genius", today=daily.date_of(TODAY), connect=p.connect)
    p.until(lambda: scene.answer is not None, scene.desk.pump)
    p.until(lambda: scene.desk.lost is not None, scene.desk.pump)      # the server's idle close
    assert scene.line == ""
    scene.answer, made = None, len(p.clients)
    scene.act("day=yesterday")
    p.until(lambda: scene.answer is not None, scene.desk.pump)
    assert scene.line == "" and scene.answer["daily"] == TODAY - 1 and len(p.clients) == made + 1
    scene.desk.close()


def test_the_idle_close_after_a_finished_run_is_no_news_on_the_run_screen(worlds):
    server, clock, player = worlds(hello_timeout=0.3)
    p = player("Jo")
    take_name(p, "genius", "Jo")
    mode, session, won = play_run(p, "genius", clock)
    effects = []
    p.until(lambda: p.offer.desk.lost is not None, lambda: effects.extend(mode.update(0.0)))
    effects += mode.update(0.0)
    assert not [e for e in effects if isinstance(e, Toast)]
    p.offer.refresh(TODAY, puzzles=("genius",))                        # the Today screen, shown again
    p.until(lambda: "genius" in p.offer.places, p.offer.pump)
    assert p.offer.places["genius"] == "1st of 1 today" and p.offer.line == ""


def test_a_run_says_alive_so_the_server_keeps_its_connection(worlds, monkeypatch):
    """The server closes a run's connection after seat_silence without a message: a player
    thinking over the board says `alive` and keeps it (no reconnection)."""
    monkeypatch.setattr(refereed, "ALIVE_EVERY", 0.1)
    server, clock, player = worlds(seat_silence=1.0)
    p = player("Kim")
    take_name(p, "genius", "Kim")
    run = None

    def pump():
        nonlocal run
        run = run or p.offer.pump()
    p.until(lambda: run is not None, pump)
    client, sent = p.clients[-1], []
    send = client.send
    monkeypatch.setattr(client, "send", lambda kind, **fields: (sent.append(kind), send(kind, **fields)))
    desk = p.offer.desk
    p.until(lambda: sent.count("alive") >= 15, desk.pump)              # 1.5 s and more of thinking
    desk.send_move(day_solution(run)[0])
    p.until(lambda: desk.accepted == 1, desk.pump)
    assert desk.online and desk.client is client


def test_the_standings_screen_pages_by_the_rows_received_with_long_names(worlds, tmp_path):
    """With 24-character names a page of 100 passes the 4096-byte frame: the server sends fewer
    rows, and the next page starts after the last one received (no row skipped, none twice)."""
    store = Store(tmp_path / "standings.db")
    names = [f"Player number {i:03d} uvwxyz" for i in range(130)]
    for i, name in enumerate(names):
        player = store.add_player(name, bytes([i]) * 32, "192.0.2.1", 0.0)
        store.finish_run(store.start_run(player.id, "genius", TODAY, True, 0.0).id, 30_000 + 100 * i, False)
    store.close()
    server, clock, player = worlds()
    p = player("Lu")
    scene = StandingsScene(p.app, puzzle="genius", today=daily.date_of(TODAY), connect=p.connect)
    scene.limit = 100
    scene.first_page()
    seen, pages = [], []
    while True:
        p.until(lambda: not scene.asking, scene.desk.pump)
        pages.append(len(scene.rows()))
        seen += [name for _, name, _, _ in scene.rows()]
        if not scene.more():
            break
        scene.act("page=1")
    assert len(names[0]) == 24 and pages[0] < 100 and seen == names
    scene.act("page=-1")
    p.until(lambda: not scene.asking, scene.desk.pump)
    assert scene.offset == sum(pages[:-2]) and scene.rows()[0][1] == names[scene.offset]
    scene.desk.close()
