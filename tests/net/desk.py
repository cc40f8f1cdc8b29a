"""Helpers for the daily desk's tests: a real server with a real database file on 127.0.0.1,
a wall clock the test moves, players that register and play a day's solution from the engine
(checked by the independent validators)."""
from __future__ import annotations

import contextlib
import datetime as dt

from game.net.client import RaceClient
from game.net.server import Config, RaceServer
from game.net.store import Store
from solver import daily
from solver.genius.position import Position as GeniusPosition
from solver.macmahon.search import solve as macmahon_solve
from solver.macmahon.position import Move as TileMove, Position as TilePosition
from tests.net.race import FAST, solution
from tests.validate_genius import check_position
from tests.validate_macmahon import problems

TODAY = 330                                 # the fake clock's day: noon UTC of daily #330


class Clock:
    """A wall clock that moves only when the test moves it (seconds since the epoch)."""

    def __init__(self, number: int = TODAY, hour: int = 12):
        day = daily.date_of(number)
        self.now = dt.datetime(day.year, day.month, day.day, hour, tzinfo=dt.timezone.utc).timestamp()

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


@contextlib.asynccontextmanager
async def desk(tmp_path, clock=None, secret: bytes | None = None, **config):
    """A RaceServer with a Store at tmp_path/standings.db on 127.0.0.1: yields (server, url, store).
    `secret`: the database's deal secret (else the random one it made): the same boards every run."""
    store = Store(tmp_path / "standings.db")
    if secret is not None:
        store.db.execute("UPDATE server SET value = ? WHERE key = 'secret'", (secret,))
        store.secret = secret
    server = RaceServer(Config(**{**FAST, "clock": clock or Clock(), **config}), store=store)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}/", store
    finally:
        await server.close()
        store.close()


async def player(url: str, name: str) -> tuple[RaceClient, str]:
    """A connected client registered as `name`: (client, token)."""
    client = await RaceClient.connect(url)
    await client.send("register", name=name)
    answer = await client.recv(10)
    assert answer["type"] == "registered", answer
    return client, answer["token"]


async def start(client: RaceClient, token: str, puzzle: str = "genius", number: int = TODAY, ranked: bool = True
                ) -> dict:
    """Ask for a run of that daily: the `run` answer."""
    await client.send("daily", token=token, puzzle=puzzle, daily=number, ranked=ranked)
    answer = await client.recv(10)
    assert answer["type"] == "run", answer
    return answer


async def error(client: RaceClient, kind: str, **fields) -> str:
    """Send a message that is refused: the reason."""
    await client.send(kind, **fields)
    answer = await client.until("error")
    return answer["reason"]


def day_solution(run: dict) -> list[str]:
    """The moves that solve the run's board (the server's deal or the offline daily): the
    engine's, checked by the validators (MacMahon's keeping the givens)."""
    if run["puzzle"] == "genius":
        return solution(GeniusPosition.parse(run["start"]))
    start = TilePosition.parse(run["start"])
    made = macmahon_solve(start)
    assert problems(made.colour_rows(), 3) == []
    assert all(given is None or given == made.cells[c] for c, given in enumerate(start.cells))
    return [TileMove(*made.cells[c], c).notation(start.board) for c, given in enumerate(start.cells) if given is None]


def check_solved(puzzle: str, start: str, position: str) -> None:
    """`position` (a board from the server or the database) is a solution of `start`, by the validators."""
    if puzzle == "genius":
        check_position(GeniusPosition.parse(position), blockers=GeniusPosition.parse(start).blockers)
        return
    board, first = TilePosition.parse(position), TilePosition.parse(start)
    assert problems(board.colour_rows(), 3) == []
    assert all(given is None or given == board.cells[c] for c, given in enumerate(first.cells))


async def play(client: RaceClient, moves: list[str], clock=None, step: float = 1.0, first_seq: int = 1) -> list[dict]:
    """Play `moves` in order (the clock moved `step` s before each): the answers, `moved` each
    (and `done` after the last if it ends the run)."""
    answers = []
    for seq, move in enumerate(moves, first_seq):
        if clock is not None:
            clock.tick(step)
        await client.send("move", seq=seq, move=move)
        answer = await client.recv(10)
        assert answer["type"] == "moved" and answer["seq"] == seq, answer
        answers.append(answer)
    return answers


async def standings(client: RaceClient, puzzle: str = "genius", number: int = TODAY, days: int = 1,
                    group=None, token=None, offset: int = 0, limit: int = 20) -> dict:
    await client.send("standings", puzzle=puzzle, daily=number, days=days, group=group, token=token,
                      offset=offset, limit=limit)
    return await client.until("standings")


def replayed(store: Store, run_id: int, start: str) -> str:
    """The board of a run as the database has it: its moves replayed on `start`, by the engine
    (the same as the board stored with it; a ranked run's start is the server's deal)."""
    from game.net.deal import make_board
    run = store.run(run_id)
    board = make_board(run.puzzle, run.daily, store.secret if run.dealt else None)
    assert board.start.notation() == start
    position = board.start
    for move in store.moves(run_id):
        position = board.execute(position, move)
    assert run.position == position.notation() and run.seq == len(store.moves(run_id))
    return position.notation()
