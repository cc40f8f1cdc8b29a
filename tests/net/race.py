"""Helpers for the network tests: a real server on 127.0.0.1 (a free port), headless players
that take the solution from the engine and play it move by move, and a bounded runner."""
from __future__ import annotations

import asyncio
import contextlib
import json

from game.net.client import RaceClient
from game.net.protocol import VERSION
from game.net.server import Config, RaceServer
from solver.genius.position import Position
from solver.genius.search import solve
from tests.validate_genius import check_position

FAST = dict(countdown_step=0.02, hello_timeout=2.0, seat_grace=2.0, per_address_connections=1000,
            per_address_rooms=500, per_address_seats=1000)   # every test client is on 127.0.0.1


def run(coro, timeout: float = 20.0):
    """Run a test's coroutine to its end, never longer than `timeout` seconds."""
    async def bounded():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def serving(**config):
    """A RaceServer on 127.0.0.1, any free port: yields (server, url)."""
    server = RaceServer(Config(**{**FAST, **config}))
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}/"
    finally:
        await server.close()


async def room(url: str, n: int, dice: str = "default", level: str = "any"):
    """n connected players in one new room: (clients, code, joined messages)."""
    host = await RaceClient.connect(url)
    await host.send("create", name="P1", dice=dice, level=level)
    joined = [await host.until("joined")]
    clients = [host]
    for i in range(2, n + 1):
        client = await RaceClient.connect(url)
        await client.send("join", name=f"P{i}", room=joined[0]["room"])
        joined.append(await client.until("joined"))
        clients.append(client)
    return clients, joined[0]["room"], joined


async def start(clients) -> Position:
    """Everyone marks Ready; the roll every player got (the same for all)."""
    for client in clients:
        await client.send("ready", ready=True)
    races = [await client.until("race") for client in clients]
    assert len({r["blockers"] for r in races}) == 1, "players got different rolls"
    assert all(r["seq"] == 0 and r["position"] == r["blockers"] for r in races)
    return Position.parse(races[0]["blockers"])


def solution(position: Position) -> list[str]:
    """The moves that solve `position`, from the engine, checked by the independent validator."""
    solved = solve(position)
    check_position(solved, blockers=position.blockers)
    return [move.notation() for move in position.moves_to(solved)]


async def play(client: RaceClient, moves: list[str], first_seq: int = 1) -> dict:
    """Play `moves` in order, each answered `moved`; the last answer."""
    moved = {}
    for seq, move in enumerate(moves, first_seq):
        await client.send("move", seq=seq, move=move)
        moved = await client.until("moved", seq=seq)
    return moved


async def race(clients, order=None) -> dict:
    """A whole race: everyone Ready, all play the engine's solution at once up to its last
    piece, then put it down one after another in `order` (indices; default: as listed), so
    the finishing order is known whatever the machine's load. The results message, the
    same for all, with every finisher's final board (from the server) checked by the
    independent validator."""
    position = await start(clients)
    moves = solution(position)
    await asyncio.gather(*(play(client, moves[:-1]) for client in clients))
    for i in order or range(len(clients)):
        await play(clients[i], moves[-1:], first_seq=len(moves))
    results = [await c.until("results") for c in clients]
    assert all(r == results[0] for r in results)
    for entry in results[0]["order"]:
        if entry["place"] is not None:
            check_position(Position.parse(entry["position"]), blockers=position.blockers)
    return results[0]


async def raw(client: RaceClient, text) -> None:
    """Send a frame as is (bad input, bypassing the client's own checks)."""
    await client.ws.send(text)


def message(kind: str, **fields) -> str:
    return json.dumps({"v": VERSION, "type": kind, **fields})


def grown(value):
    """`value` with a field no game knows added to every object in it, at every depth (what a
    later server of the same protocol version may send)."""
    if isinstance(value, dict):
        return {**{k: grown(v) for k, v in value.items()}, "later": {"added": [1, "two"]}}
    if isinstance(value, list):
        return [grown(v) for v in value]
    return value
