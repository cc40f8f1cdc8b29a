"""Faults: a player's connection killed mid-race (resumed with the token, or the seat given up
after the grace), the server killed or stopped mid-race (clients say so in one line), and a
client that stops reading (dropped; the others race on), the server's draw process killed."""
from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import time

from game.net.client import RaceClient, ThreadedClient
from solver.genius.position import Move, Position
from tests.net.race import play, room, run, serving, solution, start


def test_a_killed_client_resumes_where_it_was_with_its_token():
    async def main():
        async with serving(seat_grace=5.0) as (_, url):
            (a, b), code, joined = await room(url, 2)
            position = await start([a, b])
            moves = solution(position)
            await play(a, moves[:4])
            before = position
            for move in moves[:4]:
                before = before.place(Move.parse(move))
            await b.send("move", seq=1, move=moves[0])
            heard = (await b.until("moved"))["ms"]
            a.ws.transport.abort()                                      # killed: no closing handshake
            state = await b.until("room", phase="racing")
            while state["players"][0]["connected"]:
                state = await b.until("room", phase="racing")

            again = await RaceClient.connect(url)
            await again.send("resume", room=code, token=joined[0]["token"])
            assert (await again.until("joined"))["seat"] == joined[0]["seat"]
            resumed = await again.until("race")
            assert resumed["position"] == before.notation() and resumed["seq"] == 4
            assert resumed["blockers"] == position.notation() and resumed["elapsed_ms"] >= heard   # the clock ran on
            rival = await again.until("progress")
            assert (rival["placed"], rival["cells"], rival["position"]) == (1, len(Move.parse(moves[0]).cells), None)
            await play(again, moves[4:], first_seq=5)
            await play(b, moves[1:], first_seq=2)
            results = await b.until("results")
            seats = [joined[0]["seat"], joined[1]["seat"]]
            assert [(p["seat"], p["place"]) for p in results["order"]] == [(seats[0], 1), (seats[1], 2)]
    run(main())


async def raced_without_a_dropped_seat(url: str):
    """P1 of two is dropped and not resumed; P2 races to the end: (the results, room code, joined)."""
    (a, b), code, joined = await room(url, 2)
    position = await start([a, b])
    a.ws.transport.abort()
    left = await b.until("room", phase="racing")
    while not left["players"][0]["left"]:
        left = await b.until("room", phase="racing")
    await play(b, solution(position))
    return await b.until("results"), code, joined


def test_the_race_ends_without_a_seat_not_resumed_in_time():
    async def main():
        async with serving(seat_grace=0.3) as (_, url):
            results, _, _ = await raced_without_a_dropped_seat(url)
            assert [(p["name"], p["place"]) for p in results["order"]] == [("P2", 1), ("P1", None)]
    run(main())


def test_a_seat_not_resumed_in_time_is_given_up():
    async def main():
        async with serving(seat_grace=0.3) as (_, url):
            _, code, joined = await raced_without_a_dropped_seat(url)
            late = await RaceClient.connect(url)
            await late.send("resume", room=code, token=joined[0]["token"])
            assert "no seat" in (await late.until("error"))["reason"]
    run(main())


def test_a_resume_takes_the_seat_over_from_a_half_open_connection():
    async def main():
        async with serving() as (_, url):
            (a, b), code, joined = await room(url, 2)
            await start([a, b])
            again = await RaceClient.connect(url)
            await again.send("resume", room=code, token=joined[0]["token"])
            await again.until("race")
            assert (await asyncio.wait_for(a.ws.wait_closed(), 5)) is None
    run(main())


def test_a_client_that_stops_reading_is_dropped_without_stopping_the_race():
    async def main():
        async with serving(max_backlog=8192, seat_grace=0.3, rate=1000, burst=1000) as (server, url):
            clients, code, _ = await room(url, 3)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))))
            slow = await RaceClient.connect(url, sock=sock, max_queue=1)   # stops reading at once
            await slow.send("join", name="Slow", room=code)
            await slow.until("joined")
            (link,) = [link for link in server.links if link.player and link.player.name == "Slow"]
            link.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            link.ws.transport.set_write_buffer_limits(high=4096)           # a slow network, in small
            await slow.send("ready", ready=True)
            position = await start(clients)
            moves = solution(position)
            churn, seq = moves[0], 0
            started = time.monotonic()
            while link in server.links and time.monotonic() - started < 20:   # traffic the slow one never reads
                for move in (churn, "-" + churn.split(":")[0]):
                    seq += 1
                    await clients[0].send("move", seq=seq, move=move)
                    await clients[0].until("moved", seq=seq)
            assert link not in server.links, "the slow reader was never dropped"
            await asyncio.gather(*(play(c, moves, first_seq=s) for c, s in zip(clients, (seq + 1, 1, 1))))
            results = await clients[1].until("results")
            assert all(Position.parse(p["position"]).is_solved for p in results["order"] if p["name"] != "Slow")
            assert sorted((p["name"], p["place"] is None) for p in results["order"]) == [
                ("P1", False), ("P2", False), ("P3", False), ("Slow", True)]
    run(main(), timeout=40)


def _poll_for(client: ThreadedClient, kind: str, timeout: float = 10.0, **match) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in client.poll():
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message
        time.sleep(0.01)
    raise AssertionError(f"no {kind} in {timeout} s")


def _server_process(folder):
    """A `serve` of its own database (two on one database refuse each other)."""
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", str(folder / "standings.sqlite3")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("squarewise: race server on ws://127.0.0.1:"), line or process.stderr.read()
    return process, line.split("ws://", 1)[1].split("/", 1)[0]


def _racing_pair(address: str):
    a, b = ThreadedClient(f"ws://{address}/"), ThreadedClient(f"ws://{address}/")
    a.send("create", name="Ann", dice="default", level="any")
    code = _poll_for(a, "joined")["room"]
    b.send("join", name="Bob", room=code)
    _poll_for(b, "joined")
    for client in (a, b):
        client.send("ready", ready=True)
    blockers = [_poll_for(client, "race", timeout=15)["blockers"] for client in (a, b)]
    a.send("move", seq=1, move=solution(Position.parse(blockers[0]))[0])
    _poll_for(b, "progress")
    return a, b


def test_a_server_killed_mid_race_is_reported_in_one_line(tmp_path):
    process, address = _server_process(tmp_path)
    try:
        a, b = _racing_pair(address)
        process.kill()
        for client in (a, b):
            lost = _poll_for(client, "lost")
            assert lost["reason"].isprintable() and "lost" in lost["reason"]
            client.close()
    finally:
        process.kill()
        process.wait(10)


def test_a_server_stopped_mid_race_says_so_on_both_ends(tmp_path):
    process, address = _server_process(tmp_path)
    try:
        a, b = _racing_pair(address)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=15)
        assert out.endswith("squarewise: race server stopped\n") and (err, process.returncode) == ("", 0)
        for client in (a, b):
            assert _poll_for(client, "lost")["reason"] == "the race server shut down"
            client.close()
    finally:
        process.kill()
        process.wait(10)


def test_a_client_that_cannot_connect_says_why_in_one_line():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        port = holder.getsockname()[1]          # bound, not listening: the connection is refused
        client = ThreadedClient(f"ws://127.0.0.1:{port}/", timeout=3)
        lost = _poll_for(client, "lost")
        client.close()
    assert lost["reason"].startswith(f"cannot reach ws://127.0.0.1:{port}/") and lost["reason"].isprintable()


def test_a_rematch_frees_the_seat_of_a_player_still_away():
    async def main():
        async with serving(seat_grace=30.0) as (_, url):
            (a, b, c), _, _ = await room(url, 3)
            position = await start([a, b, c])
            moves = solution(position)
            for client in (a, b, c):
                await play(client, moves)
            await a.until("results")
            c.ws.transport.abort()                      # away after the race, its seat kept 30 s
            state = await a.until("room", phase="finished")
            while state["players"][2]["connected"]:
                state = await a.until("room", phase="finished")
            await b.send("rematch")
            lobby = await a.until("room", phase="lobby")
            while len(lobby["players"]) != 2:
                lobby = await a.until("room", phase="lobby")
            assert [p["name"] for p in lobby["players"]] == ["P1", "P2"]
            second = await start([a, b])                # the two race on without waiting 30 s
            assert second.blockers
    run(main())
