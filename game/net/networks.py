"""Where a client is, as the server's caps count it.

An IPv4 address is one household or one machine; an IPv6 user is given a whole /64 (2^64
addresses), so the per-address caps count an IPv6 client by its /64 (`holder`). The caps by
network (rooms, registrations) count a /24 of IPv4 or a /64 of IPv6 (`network`): one operator's
block of addresses shares them. An IPv4-mapped IPv6 address is its IPv4 address; anything
that is not an address (an odd X-Forwarded-For) stands for itself.

>>> holder("203.0.113.7"), holder("2001:db8:1:2:3::9"), holder("::ffff:203.0.113.7")
('203.0.113.7', '2001:db8:1:2::/64', '203.0.113.7')
>>> network("203.0.113.7"), network("2001:db8:1:2:3::9")
('203.0.113.0/24', '2001:db8:1:2::/64')
"""
from __future__ import annotations

import ipaddress

IPV4_NETWORK = 24
IPV6_HOLDER = IPV6_NETWORK = 64


def holder(address: str) -> str:
    """Whom the per-address caps count: an IPv4 address, or the /64 of an IPv6 one."""
    ip = _ip(address)
    if ip is None:
        return address
    return str(ip) if ip.version == 4 else str(ipaddress.ip_network(f"{ip}/{IPV6_HOLDER}", strict=False))


def network(address: str) -> str:
    """Whom the caps by network count: the /24 of an IPv4 address, the /64 of an IPv6 one."""
    ip = _ip(address)
    if ip is None:
        return address
    prefix = IPV4_NETWORK if ip.version == 4 else IPV6_NETWORK
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def _ip(address: str):
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])       # (a scope: fe80::1%eth0)
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if ip.version == 6 else ip
