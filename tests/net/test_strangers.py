"""The server among strangers (issue 27, "Found by attacking the server"): each hole, tried
against a real server on 127.0.0.1 with small limits, is closed, and honest players go on."""
from __future__ import annotations

import asyncio
import base64
import gc
import logging
import os
import socket
import struct
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net import names
from game.net.client import RaceClient
from game.net.host import HostedServer
from game.net.server import Config
from tests.net.desk import desk
from tests.net.race import FAST, play, race, room, run, serving, solution, start

PING, TEXT = 0x9, 0x1


def _frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (payload under 126 bytes)."""
    mask = os.urandom(4)
    return (bytes([0x80 | opcode, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


async def _raw_socket(url: str, receive_buffer: int = 4096):
    """A websocket opened by hand (so nothing reads unless the test does): (reader, writer)."""
    port = int(url.rsplit(":", 1)[1].strip("/"))
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    assert b" 101 " in await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    return reader, writer


def _create(name: str = "Pinger") -> bytes:
    return _frame(TEXT, f'{{"v":2,"type":"create","name":"{name}","dice":"default","level":"any"}}'.encode())


async def _pings_until_cut(reader, writer, count: int) -> bytes:
    """Send up to `count` pings without reading; then read what came until the server closes
    (at most 10 s of silence): everything read. AssertionError if it never closes."""
    got = b""
    try:
        for i in range(count):
            writer.write(_frame(PING, b"p" * 125))
            if i % 50 == 0:
                await asyncio.wait_for(writer.drain(), 5)
        while True:
            data = await asyncio.wait_for(reader.read(65536), 10)
            if not data:
                return got
            got += data
    except (ConnectionResetError, BrokenPipeError):
        return got
    except asyncio.TimeoutError:
        raise AssertionError("the server never cut the connection") from None
    finally:
        writer.close()


def _address(name: str) -> dict:
    return {"additional_headers": {"X-Forwarded-For": name}}


# --- 1. memory from one client

def test_a_pinging_non_reader_is_cut_by_the_message_budget():
    async def main():
        async with serving() as (server, url):
            reader, writer = await _raw_socket(url)
            writer.write(_create())
            await writer.drain()
            got = await _pings_until_cut(reader, writer, 2000)
            assert b"too many messages" in got                      # the close frame's reason
            assert not any(link.player for link in server.links)
            await race((await room(url, 2))[0])
    run(main())


def test_a_client_that_lets_answers_pile_up_unread_is_cut_at_the_backlog_bound():
    async def main():
        async with serving(rate=10_000, burst=10_000, byte_rate=1e9, byte_burst=1 << 30,
                           server_rate=1e6, server_burst=1 << 20, max_backlog=16384) as (server, url):
            reader, writer = await _raw_socket(url)
            writer.write(_create())
            await writer.drain()
            deadline = time.monotonic() + 5
            while not any(link.player for link in server.links) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            (link,) = server.links
            link.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            await _pings_until_cut(reader, writer, 20_000)
            assert link.cut == "not reading" and link not in server.links
    run(main())


# --- 2. one address blocking everyone

ADDRESS_CAPS = dict(trust_proxy=True, per_address_connections=3, per_address_rooms=1, per_address_seats=2)


def under_address_caps(check) -> None:
    """A server capping each address; three connections from 10.0.0.1 handed to `check`."""
    async def main():
        async with serving(**ADDRESS_CAPS) as (_, url):
            await check(url, [await RaceClient.connect(url, **_address("10.0.0.1")) for _ in range(3)])
    run(main())


def test_connections_are_capped_per_address():
    async def check(url, held):
        with pytest.raises(InvalidStatus) as refused:
            await RaceClient.connect(url, **_address("10.0.0.1"))
        assert refused.value.response.status_code == 429
    under_address_caps(check)


def test_rooms_are_capped_per_address():
    async def check(url, held):
        await held[0].send("create", name="A", dice="default", level="any")
        await held[0].until("joined")
        await held[1].send("create", name="B", dice="default", level="any")
        assert "rooms open already" in (await held[1].until("error"))["reason"]
    under_address_caps(check)


def test_seats_are_capped_per_address_leaving_others_theirs():
    async def check(url, held):
        await held[0].send("create", name="A", dice="default", level="any")
        code = (await held[0].until("joined"))["room"]
        await held[1].send("join", name="B", room=code)
        await held[1].until("joined")
        await held[2].send("join", name="C", room=code)
        assert "seats already" in (await held[2].until("error"))["reason"]
        other = await RaceClient.connect(url, **_address("10.0.0.2"))          # another household
        await other.send("join", name="D", room=code)
        await other.until("joined")
    under_address_caps(check)


NETWORK_CAPS = dict(trust_proxy=True, per_address_connections=2, per_address_rooms=1, per_network_rooms=2)


def test_an_ipv6_address_is_counted_by_its_64():
    async def main():
        async with serving(**NETWORK_CAPS) as (_, url):
            held = [await RaceClient.connect(url, **_address(f"2001:db8::{i}")) for i in (1, 2)]
            with pytest.raises(InvalidStatus) as refused:
                await RaceClient.connect(url, **_address("2001:db8::3"))    # the same /64: one person
            assert refused.value.response.status_code == 429
            await RaceClient.connect(url, **_address("2001:db8:0:1::1"))      # the next /64
            await held[0].send("create", name="V6", dice="default", level="any")
            assert (await held[0].recv(10))["type"] == "joined"
    run(main())


def test_rooms_are_capped_per_network():
    async def main():
        async with serving(**NETWORK_CAPS) as (_, url):
            makers = [await RaceClient.connect(url, **_address(f"198.51.100.{i}")) for i in (1, 2, 3)]
            makers.append(await RaceClient.connect(url, **_address("198.51.101.1")))
            for i, maker in enumerate(makers):
                await maker.send("create", name=f"M{i}", dice="default", level="any")
            assert [(await m.recv(10))["type"] for m in makers] == ["joined", "joined", "error", "joined"]
    run(main())


def test_registrations_are_capped_per_network(tmp_path):
    async def main():
        async with desk(tmp_path, trust_proxy=True, per_network_registrations=2) as (_, url, store):
            answers = []
            for i, address in enumerate(("203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.114.1")):
                client = await RaceClient.connect(url, **_address(address))
                await client.send("register", name=f"Player {i}")
                answers.append(await client.recv(10))
            assert [a["type"] for a in answers] == ["registered", "registered", "error", "registered"]
            assert "your network has registered 2 players today" in answers[2]["reason"]
    run(main())


def test_the_forwarded_address_is_ignored_unless_the_proxy_is_trusted():
    async def main():
        async with serving(per_address_connections=2) as (_, url):
            held = [await RaceClient.connect(url, **_address(f"10.0.0.{i}")) for i in range(2)]
            with pytest.raises(InvalidStatus):
                await RaceClient.connect(url, **_address("10.0.0.9"))          # all are 127.0.0.1
            assert len(held) == 2
    run(main())


def test_a_silent_seat_is_timed_out_of_the_lobby():
    async def main():
        async with serving(seat_silence=0.5) as (_, url):
            (host, silent), _, _ = await room(url, 2)
            host_alive = asyncio.create_task(_keep_alive(host, 0.1, 40))
            with pytest.raises(ConnectionClosed):
                await silent.until("never", timeout=10)
            assert silent.ws.close_code == 1008 and silent.ws.close_reason == "said nothing"
            state = await host.until("room")
            while len(state["players"]) != 1:
                state = await host.until("room")
            host_alive.cancel()
    run(main())


async def _keep_alive(client: RaceClient, every: float, times: int) -> None:
    for _ in range(times):
        await client.send("alive")
        await asyncio.sleep(every)


def test_a_room_is_closed_when_its_lifetime_is_over():
    async def main():
        async with serving(room_lifetime=0.5) as (server, url):
            (a, b), _, _ = await room(url, 2)
            for client in (a, b):
                assert "time is up" in (await client.until("removed", timeout=10))["reason"]
            assert not server.rooms
            await a.send("create", name="A", dice="default", level="any")          # a new room is fine
            await a.until("joined")
    run(main())


# --- 3. the copycat

def in_a_race_of_two(check) -> None:
    """Two players racing: check(a, b, what each joined with, the roll's solution)."""
    async def main():
        async with serving() as (_, url):
            (a, b), _, joined = await room(url, 2)
            await check(a, b, joined, solution(await start([a, b])))
    run(main())


def test_during_a_race_opponents_get_progress_not_boards():
    async def check(a, b, joined, moves):
        await play(a, moves[:3])
        for placed in (1, 2, 3):
            progress = await b.until("progress", placed=placed)
            assert progress["seat"] == joined[0]["seat"] and progress["position"] is None
            assert progress["cells"] > 0 and progress["ms"] >= 0
    in_a_race_of_two(check)


def test_every_board_comes_with_the_results():
    async def check(a, b, joined, moves):
        await play(a, moves)
        await play(b, moves)
        results = await b.until("results")
        assert all(p["position"] == results["order"][0]["position"] for p in results["order"])
    in_a_race_of_two(check)


def test_the_host_may_choose_visible_boards_for_a_friendly_race():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            await a.send("settings", dice="default", level="any", boards="visible")
            assert (await b.until("room", boards="visible"))["boards"] == "visible"
            position = await start([a, b])
            moves = solution(position)
            await play(a, moves[:1])
            shown = (await b.until("progress"))["position"]
            assert shown == f"{position.notation()}/{moves[0]}"
    run(main())


# --- 4. guessing codes without locking out an address

GUESSING = dict(join_failures=2, join_delay=0.1, join_delay_most=0.4, max_errors=100)


async def six_wrong_codes(url: str) -> list[float]:
    """Six wrong room codes from one address: the seconds each refusal took."""
    guesser = await RaceClient.connect(url)
    waits = []
    for guess in ("ZZZZZZ", "ZZZZZY", "ZZZZZX", "ZZZZZW", "ZZZZZV", "ZZZZZU"):
        sent = time.monotonic()
        await guesser.send("join", name="G", room=guess)
        assert "no room" in (await guesser.until("error"))["reason"]
        waits.append(time.monotonic() - sent)
    return waits


def test_wrong_codes_slow_their_address_down():
    async def main():
        async with serving(**GUESSING) as (_, url):
            (a, b), code, joined = await room(url, 2)
            waits = await six_wrong_codes(url)
            assert [w >= d for w, d in zip(waits[2:], (0.1, 0.2, 0.4, 0.4))] == [True] * 4
            neighbour = await RaceClient.connect(url)       # the same address: the right code, after the delay
            await neighbour.send("join", name="N", room=code)
            await neighbour.until("joined")
    run(main())


def test_a_token_gets_in_at_once_from_a_slowed_address():
    async def main():
        async with serving(**GUESSING) as (_, url):
            (a, b), code, joined = await room(url, 2)
            await six_wrong_codes(url)
            await start([a, b])
            b.ws.transport.abort()                                                 # dropped mid-race
            back = await RaceClient.connect(url)
            await back.send("resume", room=code, token=joined[1]["token"])
            assert (await back.until("joined"))["seat"] == joined[1]["seat"]
    run(main())


def test_guessing_across_many_addresses_slows_down_past_the_servers_budget():
    async def main():
        caps = dict(trust_proxy=True, join_failures=5, server_join_failures=3, join_delay=3.0, join_delay_most=3.0)
        async with serving(**caps) as (_, url):
            (a, _), code, _ = await room(url, 2)
            guessers = [await RaceClient.connect(url, **_address(f"10.{i}.0.1")) for i in range(5)]
            for guesser in guessers[:3]:                        # one wrong code each: the server's 3 free
                await guesser.send("join", name="G", room="ZZZZZZ")
                assert "no room" in (await guesser.recv(10))["reason"]
            await guessers[3].send("join", name="G", room="ZZZZZY")          # a fresh address, one too many
            await guessers[0].send("join", name="G", room=code)              # the right code, by a guesser
            honest = await RaceClient.connect(url, **_address("10.9.0.1"))
            await honest.send("join", name="H", room=code)                   # the right code, first try
            assert (await honest.recv(10))["type"] == "joined"               # at once, while ...
            for slowed in guessers[:1] + guessers[3:4]:                      # ... these wait 3 s
                with pytest.raises(asyncio.TimeoutError):
                    await slowed.recv(1.0)
            assert "no room" in (await guessers[3].recv(10))["reason"]
            assert (await guessers[0].recv(10))["type"] == "joined"
    run(main(), 40)


# --- 5. an overall budget

def test_past_the_servers_budget_only_the_heaviest_senders_are_cut():
    async def main():
        async with serving(rate=20, burst=20, server_rate=40, server_burst=40) as (_, url):
            flooders = [await RaceClient.connect(url) for _ in range(6)]
            for i, client in enumerate(flooders):
                await client.send("create", name=f"F{i}", dice="default", level="any")
                await client.until("joined")

            async def flood(client: RaceClient) -> int | None:
                try:
                    for _ in range(15 * 20):                     # 15 a second (under its own 20), 20 s at most
                        await client.send("alive")
                        await asyncio.sleep(1 / 15)
                except ConnectionClosed:
                    pass
                return client.ws.close_code if client.ws.close_reason == "the server is busy" else None
            floods = [asyncio.create_task(flood(c)) for c in flooders]
            done, _ = await asyncio.wait(floods, timeout=20, return_when=asyncio.FIRST_COMPLETED)
            assert any(task.result() == 1008 for task in done), "no flooder was cut"
            clients, _, _ = await room(url, 2)
            results = await race(clients)
            assert [p["place"] for p in results["order"]] == [1, 2]
            for task in floods:
                task.cancel()
    run(main(), timeout=40)


def test_an_honest_burst_of_moves_past_the_servers_budget_cuts_only_the_flooder():
    """A flooder (15 frames a second, over the server's 12) is cut; then two racers send their
    whole solution at once (nine moves each, unanswered yet) into a spent budget: the server
    serves them rather than cut a player sending what a person does."""
    async def main():
        async with serving(rate=20, burst=20, server_rate=12, server_burst=2) as (_, url):
            (a, b), _, _ = await room(url, 2)
            flooder = await RaceClient.connect(url)
            await flooder.send("create", name="F", dice="default", level="any")
            await flooder.until("joined")
            with pytest.raises(ConnectionClosed):
                for _ in range(15 * 20):                         # 20 s at most
                    await flooder.send("alive")
                    await asyncio.sleep(1 / 15)
            assert flooder.ws.close_reason == "the server is busy"
            moves = solution(await start([a, b]))
            for client in (a, b):
                for seq, move in enumerate(moves, 1):
                    await client.send("move", seq=seq, move=move)
            for client in (a, b):
                await client.until("moved", seq=len(moves))
            results = await a.until("results")
            assert sorted(p["place"] for p in results["order"]) == [1, 2]
    run(main(), timeout=40)


# --- 6. look-alike names

@pytest.mark.parametrize("name", ["Ann ", " ann", "\u0410nn", "ANN", "A\u0301nn", "Ann\u3164"])
def test_a_name_that_looks_like_one_in_the_room_is_refused(name):
    async def main():
        async with serving() as (_, url):
            a = await RaceClient.connect(url)
            await a.send("create", name="Ann", dice="default", level="any")
            code = (await a.until("joined"))["room"]
            other = await RaceClient.connect(url)
            await other.send("join", name=name, room=code)
            assert "taken" in (await other.until("error"))["reason"]
    run(main())


# The look-alikes: Cyrillic and Greek capitals, Cyrillic small letters, digits, and ASCII
# I for l and l for I; each must be refused beside its original (UTS #39's skeleton, Unicode's data).
LOOK_ALIKES = [("Henry", "\u041denry"), ("Nina", "\u039dina"), ("Yuri", "\u03a5uri"), ("Kim", "K\u0456m"),
               ("Alice", "AIice"), ("Ian", "lan"), ("Kate", "\u041aate"), ("Kate", "\u039aate"),
               ("Tom", "\u0422om"), ("Tom", "\u03a4om"), ("Max", "\u041cax"), ("Ben", "\u0392en"),
               ("Paul", "\u0420aul"), ("Chris", "\u0421hris"), ("Xena", "\u03a7ena"), ("Olga", "0lga"),
               ("Sam", "\u0405am"), ("Leo", "Le\u043e")]
HONEST = ("Ann Anna Anne Bob Rob Robin Ben Kim Kip Kit Tim Tom Lee Leo Lea Lia Liam Lila Mia Max Mo Neil Nell "
          "Nils Ian Ivy Eva Eve Ava Ada Ida Ira Isla Iris Ines Ole Ola Olga Lena Nina Dina Mark Marc Mara Maria "
          "Mario Marie Cara Clara Carl Karl Kari Cory Rory Roy Ray Ryan Evan Ewan Owen Sean Sian Joan John Jon "
          "Jan Jen Jean Juan June Jane Dana Dan Don Dom Sam Pam Pat Paul Lola Luna Luca Luke Lucy Mila Milo Nico "
          "Zoe Noa Noah Nora Omar Amir Yuki Ken Ruth Hana Ilse Elsa Elise Elias Eli Ali Alex Axel Player1 "
          "Player2 Player10 Player11 \u0418\u0432\u0430\u043d \u0418\u0440\u0438\u043d\u0430 "
          "\u041e\u043b\u044c\u0433\u0430 \u039d\u03af\u03ba\u03bf\u03c2 \u039c\u03b1\u03c1\u03af\u03b1 "
          "\u674e\u96f7 \u738b\u82b3 Ay\u015fe J\u00fcrgen S\u00f8ren \u0141ukasz Zolt\u00e1n").split()


@pytest.mark.parametrize("original, alike", LOOK_ALIKES)
def test_a_look_alike_by_unicodes_confusables_is_refused_beside_its_original(original, alike):
    async def main():
        async with serving() as (_, url):
            a = await RaceClient.connect(url)
            await a.send("create", name=original, dice="default", level="any")
            code = (await a.until("joined"))["room"]
            other = await RaceClient.connect(url)
            await other.send("join", name=alike, room=code)
            assert "taken" in (await other.until("error"))["reason"]
    run(main())


def test_honest_distinct_names_share_no_key():
    taken = {}
    for name in HONEST:
        for k in names.keys(name):
            assert taken.setdefault(k, name) == name, f"{name} taken as {taken[k]}"


@pytest.mark.parametrize("original, other", [("Ian", "ian"), ("ian", "IAN"), ("Ivy", "ivy"), ("Ian", "lan")])
def test_one_name_in_two_cases_is_one_name_though_a_capital_i_looks_like_l(original, other):
    assert names.same(original, other)


def test_a_small_i_is_not_a_small_l_in_names():
    assert not names.same("ian", "lan") and not names.same("ivy", "lvy")


@pytest.mark.parametrize("name", [" ", "\u3164", "\u115f\u1160", "\u0301" * 24, "\u2800"])
def test_a_name_with_nothing_visible_is_refused(name):
    async def main():
        async with serving() as (_, url):
            client = await RaceClient.connect(url)
            await client.send("create", name=name, dice="default", level="any")
            assert "name" in (await client.until("error"))["reason"]
    run(main())


def test_names_are_kept_normalised():
    async def main():
        async with serving() as (_, url):
            client = await RaceClient.connect(url)
            await client.send("create", name="  Zoe\uff01  ", dice="default", level="any")
            state = await client.until("room")
            assert state["players"][0]["name"] == "Zoe!"
    run(main())


# --- 7. griefing

def test_no_one_but_the_host_removes_a_player():
    async def main():
        async with serving() as (_, url):
            (a, b, c), _, joined = await room(url, 3)
            await b.send("remove", seat=joined[2]["seat"])
            assert "only the host" in (await b.until("error"))["reason"]
    run(main())


def test_the_host_removes_a_player_in_the_lobby():
    async def main():
        async with serving() as (_, url):
            (a, b, c), _, joined = await room(url, 3)
            await a.send("remove", seat=joined[2]["seat"])
            assert "host removed you" in (await c.until("removed"))["reason"]
            state = await a.until("room")
            while len(state["players"]) != 2:
                state = await a.until("room")
            results = await race([a, b])
            assert [p["place"] for p in results["order"]] == [1, 2]
    run(main())


def test_a_racer_who_never_moves_does_not_hold_up_the_race():
    async def main():
        async with serving(race_idle=0.5) as (_, url):
            (a, b), _, joined = await room(url, 2)
            position = await start([a, b])
            await play(a, solution(position))
            results = await a.until("results", timeout=10)
            assert [(p["seat"], p["place"]) for p in results["order"]] == [(joined[0]["seat"], 1),
                                                                           (joined[1]["seat"], None)]
            await b.send("move", seq=1, move=solution(position)[0])
            assert "no race is running" in (await b.until("error"))["reason"]
            await a.send("rematch")
            await a.until("room", phase="lobby")
    run(main())


def test_a_race_of_only_idle_players_ends():
    async def main():
        async with serving(race_idle=0.3) as (_, url):
            clients, _, _ = await room(url, 2)
            await start(clients)
            results = await clients[0].until("results", timeout=10)
            assert [p["place"] for p in results["order"]] == [None, None]
    run(main())


# --- 8. nothing but its own log lines

def test_closing_a_hosted_server_mid_race_leaves_no_task_pending():
    class Caught(logging.Handler):
        def __init__(self):
            super().__init__()
            self.lines = []

        def emit(self, record):
            self.lines.append(record.getMessage())
    caught = Caught()
    logging.getLogger("asyncio").addHandler(caught)
    try:
        hosted = HostedServer("127.0.0.1", 0, Config(**FAST, max_backlog=4096))

        async def players():
            clients, _, _ = await room(hosted.url, 3)
            await start(clients)
            await clients[0].send("move", seq=1, move="1:A1")
            return clients
        clients = run(players())
        hosted.close()
        del clients
        gc.collect()
    finally:
        logging.getLogger("asyncio").removeHandler(caught)
    assert not [line for line in caught.lines if "destroyed" in line or "exception" in line.lower()]
