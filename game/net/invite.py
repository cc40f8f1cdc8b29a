"""Invites to a race room: `squarewise://HOST:PORT/CODE`, the text a player copies and sends.

A room on a plain server is `squarewise://HOST:PORT/CODE`; one behind TLS (`wss://`) keeps its
whole address: `squarewise:wss://HOST/PATH/CODE`. `parse_invite` also takes what Join takes
(`HOST:PORT/CODE`, `ws://...`), so `squarewise --join` and the address field read the same
text. No pygame: the command line checks an invite before any window opens, and `is_invite`
imports nothing of the network code (the command line asks it of every first argument).
"""
from __future__ import annotations

from solver.errors import SquarewiseError, excerpt, one_line

SCHEME = "squarewise:"
SHOWN = 60          # characters of a bad invite quoted in its error


def invite(url: str, code: str) -> str:
    """The invite to room `code` on the server at `url` (ws://host:port/ or wss://...).

    >>> invite("ws://192.168.1.20:8765/", "ABC234")
    'squarewise://192.168.1.20:8765/ABC234'
    >>> invite("wss://race.example.org/squarewise/", "ABC234")
    'squarewise:wss://race.example.org/squarewise/ABC234'
    """
    if url.startswith("ws://"):
        return f"{SCHEME}//{url[len('ws://'):]}{code}"
    return f"{SCHEME}{url}{code}"


def is_invite(text: str) -> bool:
    """Whether `text` is written as an invite (`squarewise:...`, any case)."""
    return text.strip()[:len(SCHEME)].lower() == SCHEME


def parse_invite(text: str) -> tuple[str, str]:
    """(server url, room code) of an invite or of `HOST:PORT/CODE`; SquarewiseError, in one
    line, for anything that does not name a room.

    >>> parse_invite("squarewise://192.168.1.20:8765/abc234")
    ('ws://192.168.1.20:8765/', 'ABC234')
    >>> parse_invite("192.168.1.20:8765/ABC234")
    ('ws://192.168.1.20:8765/', 'ABC234')
    """
    from .client import parse_target        # (websockets: not needed to tell an invite from a command)
    target = text.strip()
    if is_invite(target):
        target = target[len(SCHEME):]
        target = target[2:] if target.startswith("//") else target
    shown = one_line(excerpt(text.strip(), SHOWN))
    try:
        url, code = parse_target(target)
    except SquarewiseError:
        raise SquarewiseError(f"'{shown}' is not an invite: it should look like squarewise://HOST:PORT/CODE") from None
    if code is None:
        raise SquarewiseError(f"'{shown}' names no room: an invite ends with the room's code, "
                              "like squarewise://HOST:PORT/Q7KX2M")
    return url, code
