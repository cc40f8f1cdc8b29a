"""Rooms on the local network. The service records are checked here directly; the multicast
itself only ever runs inside a network namespace this test makes (`unshare --net`: a fresh
namespace whose only interface is loopback), with zeroconf held to 127.0.0.1 as well, so
nothing is ever sent to a real network. Without that (not root, no unshare) it is skipped."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from zeroconf import ServiceInfo

from game.net.discovery import SERVICE, Room, parse, record
from solver.errors import SquarewiseError

ROOT = Path(__file__).resolve().parents[2]


def test_a_room_record_reads_back_as_the_room():
    room = parse(record("ABC234", "Zoë", 8765, ["192.168.1.20"]))
    assert room == Room("ABC234", "Zoë", "192.168.1.20", 8765)
    assert room.target == "192.168.1.20:8765/ABC234"


@pytest.mark.parametrize("properties", [
    {"v": "1", "room": "ABC234", "host": "Ann"},          # another (older) protocol version
    {"room": "ABC234", "host": "Ann"},
    {"v": "2", "room": "abc!!!", "host": "Ann"},
    {"v": "2", "room": "ABC234", "host": "A\x1b[2JB"},    # a terminal escape in the name
    {"v": "2", "room": "ABC234", "host": "x" * 200},
    {"v": "2", "room": "ABC234", "host": b"\xff\xfe"},    # not UTF-8
    {"v": "2", "room": "ABC234"},
])
def test_a_record_that_is_not_a_valid_room_is_ignored(properties):
    info = ServiceInfo(SERVICE, f"x.{SERVICE}", port=8765, parsed_addresses=["192.168.1.20"], properties=properties)
    assert parse(info) is None


def test_a_record_with_no_address_is_ignored():
    info = ServiceInfo(SERVICE, f"x.{SERVICE}", port=8765, properties={"v": "2", "room": "ABC234", "host": "Ann"})
    assert parse(info) is None


def test_a_record_is_only_made_for_a_valid_room():
    with pytest.raises(SquarewiseError):
        record("abc", "Ann", 8765, ["127.0.0.1"])
    with pytest.raises(SquarewiseError):
        record("ABC234", "Ann\n", 8765, ["127.0.0.1"])


# Runs inside the namespace: refuses to send anything unless loopback is the only interface.
PROBE = r"""
import json, socket, time
assert [name for _, name in socket.if_nameindex()] == ["lo"], socket.if_nameindex()
from game.net.client import ThreadedClient, parse_target
from game.net.discovery import RoomBrowser
from game.net.host import HostedServer

def wait_for(client, kind):
    for _ in range(1000):
        for message in client.poll():
            if message["type"] == kind:
                return message
        time.sleep(0.01)
    raise SystemExit(f"no {kind}")

host = HostedServer("127.0.0.1", 0)
ann = ThreadedClient(host.url)
ann.send("create", name="Ann", dice="default", level="any")
code = wait_for(ann, "joined")["room"]
announced = host.advertise(code, "Ann", ["127.0.0.1"], ["127.0.0.1"])
browser = RoomBrowser(interfaces=["127.0.0.1"])
for _ in range(100):
    found = browser.rooms()
    if found:
        break
    time.sleep(0.1)
announced.result(10)
url, typed_code = parse_target(found[0].target)
bob = ThreadedClient(url)
bob.send("join", name="Bob", room=typed_code)
seat = wait_for(bob, "joined")["seat"]
host.close()
lost = wait_for(bob, "lost")["reason"]
for _ in range(100):
    if not browser.rooms():
        break
    time.sleep(0.1)
print(json.dumps({"found": [list(r) for r in found], "code": code, "port": host.port, "seat": seat,
                  "lost": lost, "after_close": [list(r) for r in browser.rooms()]}))
browser.close()
ann.close()
bob.close()
"""


def _namespace_ready() -> str | None:
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        return "needs root, unshare and ip to make a private network namespace"
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, timeout=10)
    return None if probe.returncode == 0 else "cannot make a network namespace here"


def in_a_namespace(probe: str) -> dict:
    """Run `probe` in a new network namespace, loopback up with multicast: its last line, JSON."""
    reason = _namespace_ready()
    if reason:
        pytest.skip(reason)
    setup = "ip link set lo up && ip link set lo multicast on && exec \"$0\" -c \"$1\""
    run = subprocess.run(["unshare", "--net", "sh", "-c", setup, sys.executable, probe], cwd=ROOT,
                         capture_output=True, text=True, timeout=90)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_hosted_room_is_found_to_be_joined_until_it_closes_inside_a_private_network_namespace():
    """The game's path: HostedServer, create, advertise; another game browses, joins by the
    listed address; the host closes: the player hears it, the room is gone from the list."""
    result = in_a_namespace(PROBE)
    assert result["found"] == [[result["code"], "Ann", "127.0.0.1", result["port"]]]
    assert result["seat"] == 2 and result["after_close"] == []
    assert result["lost"] == "the race server shut down"


# Runs inside the namespace: a hosted room, listed, is found by the lobby's RoomFinder (its mDNS
# record at once, then its server's answer with the count); made private, its record goes and
# with it the room.
LISTED = r"""
import json, socket, time
assert [name for _, name in socket.if_nameindex()] == ["lo"], socket.if_nameindex()
from game.net.client import ThreadedClient
from game.net.discovery import RoomBrowser
from game.net.host import HostedServer
from game.net.finder import RoomFinder
from game.net import finder as finder_module

finder_module.ASK_EVERY = 0.2

def wait(done, what):
    for _ in range(300):
        finder.pump()
        for message in ann.poll():
            pass
        if done():
            return
        time.sleep(0.05)
    raise SystemExit(f"no {what}: {finder.rooms()} {finder.silent()}")

host = HostedServer("127.0.0.1", 0)
ann = ThreadedClient(host.url)
ann.send("create", name="Ann", dice="default", level="any")
ann.send("listing", listed=True)
finder = RoomFinder([], ThreadedClient, RoomBrowser(interfaces=["127.0.0.1"]))
code = None
for _ in range(300):
    for message in ann.poll():
        if message["type"] == "joined":
            code = message["room"]
    if code:
        break
    time.sleep(0.02)
host.advertise(code, "Ann", ["127.0.0.1"], ["127.0.0.1"]).result(10)
wait(lambda: any(r.players == 1 for r in finder.rooms()), "listed room")
listed = [r.words() for r in finder.rooms()]
ann.send("listing", listed=False)
host.hide().result(10)
wait(lambda: not finder.rooms(), "room gone")
print(json.dumps({"code": code, "port": host.port, "listed": listed, "after": finder.silent()}))
finder.close()
finder.browser.close()
ann.close()
host.close()
"""


def test_a_listed_hosted_room_is_in_the_lobbys_list_only_while_listed():
    result = in_a_namespace(LISTED)
    assert result["listed"] == [f"1 of 8 · default, any · 127.0.0.1:{result['port']}"]
    assert result["after"] == []                  # no record on the network: the server is not asked any more
