"""The thread-friendly client a frame loop polls, the server hosted on a thread, and the
address a player types."""
from __future__ import annotations

import contextlib
import json
import queue
import time
import types

import pytest

from game.net import protocol
from game.net.client import ThreadedClient, parse_target
from game.net.host import HostedServer
from game.net.server import Config, Link
from solver.errors import SquarewiseError
from solver.genius.position import Position
from tests.net import desk as daily_desk
from tests.net.race import FAST, grown, race, room, run, solution
from tests.validate_genius import check_position


class NoWait(queue.Queue):
    """An inbox that fails a test the moment anything waits on it (a frame's poll never may)."""

    def get(self, block=True, timeout=None):
        assert not block, "poll waited for a message: it would block the frame"
        return super().get(block, timeout)


@pytest.fixture(autouse=True)
def inbox_never_waited_on(monkeypatch):
    from game.net import client
    monkeypatch.setattr(client, "queue", types.SimpleNamespace(Queue=NoWait, Empty=queue.Empty))


@contextlib.contextmanager
def hosted():
    """A HostedServer on 127.0.0.1 (its own thread, as when the game hosts)."""
    host = HostedServer("127.0.0.1", 0, Config(**FAST))
    try:
        yield host
    finally:
        host.close()


def frames(clients, until, seconds: float = 15.0):
    """Poll every client once a 'frame' (60 a second) until `until(messages)` is true (a poll
    that would wait fails: NoWait). The messages each client got so far, in order (kept on it)."""
    got = [client.__dict__.setdefault("log", []) for client in clients]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for i, client in enumerate(clients):
            got[i] += client.poll()
        if until(got):
            return got
        time.sleep(1 / 60)
    raise AssertionError("the frames ran out")


def kinds(messages, kind):
    return [m for m in messages if m["type"] == kind]


def test_two_polled_clients_race_a_whole_race():
    with hosted() as host:
        a, b = ThreadedClient(host.url), ThreadedClient(host.url)
        try:
            a.send("create", name="Ann", dice="default", level="easy")
            got = frames([a], lambda g: kinds(g[0], "joined"))
            code = kinds(got[0], "joined")[0]["room"]
            b.send("join", name="Bob", room=code)
            frames([b], lambda g: kinds(g[0], "joined"))
            a.send("ready", ready=True)
            b.send("ready", ready=True)
            got = frames([a, b], lambda g: all(kinds(m, "race") for m in g))
            position = Position.parse(kinds(got[0], "race")[0]["blockers"])
            for player in (b, a):                            # Bob first, then Ann
                for seq, move in enumerate(solution(position), 1):
                    player.send("move", seq=seq, move=move)
                    frames([player], lambda g: any(m["seq"] == seq for m in kinds(g[0], "moved")))
            got = frames([a, b], lambda g: all(kinds(m, "results") for m in g))
            order = kinds(got[0], "results")[0]["order"]
            assert [p["name"] for p in order] == ["Bob", "Ann"] and order[0]["place"] == 1
            for entry in order:
                check_position(Position.parse(entry["position"]), blockers=position.blockers)
        finally:
            a.close()
            b.close()
        assert not a._thread.is_alive() and not b._thread.is_alive()


def test_poll_returns_at_once_when_nothing_came():
    with hosted() as host:
        client = ThreadedClient(host.url)
        try:
            frames([client], lambda g: kinds(g[0], "connected"))
            for _ in range(10):                      # nothing is on its way: a blocking poll would hang
                assert client.poll() == []
        finally:
            client.close()


def test_a_message_the_protocol_does_not_allow_is_refused_in_the_caller():
    with hosted() as host:
        client = ThreadedClient(host.url)
        try:
            with pytest.raises(SquarewiseError, match="name"):
                client.send("create", name="", dice="default", level="any")
            assert frames([client], lambda g: kinds(g[0], "connected"))
        finally:
            client.close()


@pytest.mark.parametrize("typed, url, code", [
    ("192.168.1.20:8765/abc234", "ws://192.168.1.20:8765/", "ABC234"),
    ("  localhost/ABC234 ", "ws://localhost:8765/", "ABC234"),
    ("[::1]:9000/ABC234", "ws://[::1]:9000/", "ABC234"),
    ("wss://race.example.org/ABC234", "wss://race.example.org/", "ABC234"),
    ("wss://race.example.org:8443/sq/ABC234", "wss://race.example.org:8443/sq/", "ABC234"),
    ("[::1]/ABC234", "ws://[::1]:8765/", "ABC234"),
    ("race.example.org", "ws://race.example.org:8765/", None),            # no code: create a room there
    ("10.0.0.2:9000", "ws://10.0.0.2:9000/", None),
    ("wss://race.example.org/sq/", "wss://race.example.org/sq/", None),
])
def test_typed_addresses(typed, url, code):
    assert parse_target(typed) == (url, code)


@pytest.mark.parametrize("typed", ["", "/ABC234", "host:1/ABC23", "host:1/ABC23O", "http://host/ABC234",
                                   "host:1/ABC 34", "ws:///ABC234", "my host/ABC234", "host\x1b/ABC234"])
def test_wrong_addresses_are_one_line(typed):
    with pytest.raises(SquarewiseError) as refused:
        parse_target(typed)
    assert str(refused.value).isprintable()


def test_closing_a_hosted_server_tells_its_players_it_shut_down():
    host = HostedServer("127.0.0.1", 0, Config(**FAST))
    client = ThreadedClient(host.url)
    try:
        client.send("create", name="Ann", dice="default", level="any")
        frames([client], lambda g: kinds(g[0], "joined"))
        host.close()
        got = frames([client], lambda g: kinds(g[0], "lost"))
        assert kinds(got[0], "lost")[0]["reason"] == "the race server shut down"
    finally:
        client.close()


NEWS = json.dumps({"v": protocol.VERSION, "type": "news", "text": "a message type no game knows yet"}).encode()


@pytest.fixture
def later_server(monkeypatch):
    """Servers of a later release of the same protocol version: a field no game knows in every
    object of every message, and a message of a type no game knows before `joined` and
    `registered`."""
    encode, send = protocol.encode, Link.send

    def grown_encode(schemas, kind, **fields):
        text = encode(schemas, kind, **fields)
        return json.dumps(grown(json.loads(text))) if schemas is protocol.SERVER else text

    def send_news_first(link, kind, **fields):
        if kind in ("joined", "registered"):
            link.put(NEWS)
        send(link, kind, **fields)
    monkeypatch.setattr(protocol, "encode", grown_encode)
    monkeypatch.setattr(Link, "send", send_news_first)


def test_todays_client_races_against_a_later_server(later_server, tmp_path):
    async def main():
        async with daily_desk.desk(tmp_path, daily_desk.Clock()) as (_, url, _store):
            results = await race((await room(url, 3))[0])
            assert [p["place"] for p in results["order"]] == [1, 2, 3] and "later" not in results["order"][0]
    run(main(), 60)


def test_todays_client_plays_the_daily_against_a_later_server(later_server, tmp_path):
    async def main():
        clock = daily_desk.Clock()
        async with daily_desk.desk(tmp_path, clock) as (_, url, _store):
            client, token = await daily_desk.player(url, "Ann")
            await client.send("daily", token=token, puzzle="genius", daily=daily_desk.TODAY, ranked=True)
            answers = await daily_desk.play(client, daily_desk.day_solution(await client.until("run")), clock)
            done = await client.until("done")
            assert answers[-1]["type"] == "moved" and done["place"] == 1 and "later" not in done
            standings = await daily_desk.standings(client, token=token)
            assert standings["rows"] == [{"place": 1, "name": "Ann", "ms": done["ms"], "runs": 1}]
    run(main(), 60)


def test_a_polled_client_skips_what_it_does_not_know_from_a_later_server(later_server):
    with hosted() as host:
        client = ThreadedClient(host.url)
        try:
            client.send("create", name="Ann", dice="default", level="any")
            got = frames([client], lambda g: kinds(g[0], "room"))[0]
            assert [m["type"] for m in got] == ["connected", "joined", "room"]
            assert "later" not in got[2] and "later" not in got[2]["players"][0]
        finally:
            client.close()


LONG_LABEL = "\u00fc" + "a" * 59 + ".example.org"   # a part of 60 characters, but over 63 bytes as IDNA (xn--...)


@pytest.mark.parametrize("typed", [LONG_LABEL + "/ABC234", f"ws://{LONG_LABEL}:8765/ABC234", "a..b:8765/ABC234"])
def test_a_host_whose_internet_form_is_invalid_is_refused_where_it_is_typed(typed):
    from game.net.client import server_url
    with pytest.raises(SquarewiseError) as refused:
        parse_target(typed)
    assert "is not a host name" in str(refused.value) and str(refused.value).isprintable()
    with pytest.raises(SquarewiseError, match="is not a server's address"):
        server_url(typed.rsplit("/", 1)[0])


def test_a_polled_client_given_such_a_host_says_lost_in_one_line():
    client = ThreadedClient(f"ws://{LONG_LABEL}:8765/", timeout=5)
    try:
        lost = kinds(frames([client], lambda g: kinds(g[0], "lost"))[0], "lost")[0]
        assert lost["reason"].isprintable() and "\n" not in lost["reason"]
    finally:
        client.close()
    assert not client._thread.is_alive()
