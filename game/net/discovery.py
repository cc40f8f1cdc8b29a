"""Rooms on the local network, over multicast DNS service discovery (zeroconf).

A hosted room is advertised as a `_squarewise._tcp.local.` service: its addresses and port,
and TXT properties v (the protocol version), room (the code) and host (the host's name).
`RoomBrowser` keeps the list of such rooms up to date in zeroconf's thread; the game reads
`rooms()` once a frame. Records from the network are checked before they are shown: a
wrong version, a malformed code, a name that is not printable text: the record is ignored.

Both take `interfaces` (zeroconf's: InterfaceChoice.All or a list of addresses), so a room
is only advertised where the host chose to be seen, and the tests keep to loopback.
"""
from __future__ import annotations

import threading
from typing import NamedTuple

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import CODE, NAME, VERSION, ProtocolError

SERVICE = "_squarewise._tcp.local."
LOOKUP_MS = 1500


class Room(NamedTuple):
    """A room found on the network."""
    code: str
    host_name: str
    address: str
    port: int

    @property
    def target(self) -> str:
        """What Join takes: host:port/CODE."""
        return f"{self.address}:{self.port}/{self.code}"


def record(code: str, host_name: str, port: int, addresses: list[str]) -> ServiceInfo:
    """The service record advertising room `code` on `addresses` (IPv4) and `port`."""
    CODE.check(code, "room code")
    NAME.check(host_name, "host name")
    label = f"{code} {host_name}"[:63]
    return ServiceInfo(SERVICE, f"{label}.{SERVICE}", port=port, parsed_addresses=addresses,
                       properties={"v": str(VERSION), "room": code, "host": host_name},
                       server=f"squarewise-{code.lower()}.local.")


def parse(info: ServiceInfo) -> Room | None:
    """The room a service record advertises, or None if the record is not a valid one."""
    try:
        props = {k.decode("ascii"): (v or b"").decode("utf-8") for k, v in info.properties.items()}
    except (UnicodeDecodeError, AttributeError):
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if props.get("v") != str(VERSION) or not addresses or not info.port:
        return None
    try:
        CODE.check(props.get("room"), "room")
        NAME.check(props.get("host"), "host")
    except ProtocolError:
        return None
    return Room(props["room"], props["host"], addresses[0], info.port)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as zeroconf sees the interfaces."""
    import ifaddr
    return sorted({ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                   if isinstance(ip.ip, str) and not ip.ip.startswith("127.")})


class Advertiser:
    """Advertises one room until `close()`."""

    def __init__(self, code: str, host_name: str, port: int, addresses: list[str] | None = None,
                 interfaces=InterfaceChoice.All):
        self.info = record(code, host_name, port, addresses if addresses is not None else lan_addresses())
        self.zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self.zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        self.zc.unregister_service(self.info)
        self.zc.close()


class RoomBrowser:
    """Keeps the rooms advertised on the network; `rooms()` never blocks."""

    def __init__(self, interfaces=InterfaceChoice.All):
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self.zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """zeroconf's browser thread: look a new or changed service up, forget a removed one."""
        room = None
        if state_change is not ServiceStateChange.Removed:
            info = zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS)
            room = parse(info) if info is not None else None
        with self._lock:
            if room is None:
                self._rooms.pop(name, None)
            else:
                self._rooms[name] = room

    def rooms(self) -> list[Room]:
        with self._lock:
            return sorted(self._rooms.values())

    def close(self) -> None:
        self.browser.cancel()
        self.zc.close()

