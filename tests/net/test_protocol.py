"""The protocol's validator: every message type of both sides, and what it refuses."""
from __future__ import annotations

import json

import pytest

from game.net import protocol
from game.net.protocol import CLIENT, SERVER, ProtocolError, decode, encode
from tests.net.race import grown

PLAYER = {"seat": 1, "name": "Ann", "ready": True, "connected": True, "left": False, "idle": False, "placed": 3,
          "ms": None, "on_results": False}
SAMPLES = {
    "create": {"name": "Ann", "dice": "alternative", "level": "very hard"},
    "join": {"name": "Zoë 🙂", "room": "ABC234"},
    "resume": {"room": "ABC234", "token": "x" * 32},
    "settings": {"dice": "default", "level": 10, "boards": "visible"},
    "ready": {"ready": False},
    "move": {"seq": 1, "move": "4-O:C2C3D2D3"},
    "remove": {"seat": 2},
    "alive": {},
    "rematch": {},
    "leave": {},
    "joined": {"room": "ABC234", "seat": 1, "token": "y" * 32},
    "room": {"room": "ABC234", "phase": "lobby", "dice": "default", "level": "any", "boards": "hidden", "host": 1,
             "players": [PLAYER, {**PLAYER, "seat": 2, "ms": 1234}]},
    "countdown": {"n": 3},
    "race": {"race": 1, "blockers": "A1A2A4A6B4D5E1", "position": "A1A2A4A6B4D5E1/1:F6", "elapsed_ms": 0, "seq": 0},
    "moved": {"seq": 1, "ms": 1500},
    "refused": {"seq": 1, "reason": "on a blocker at A1", "position": "A1A2A4A6B4D5E1", "ms": 1600},
    "progress": {"seat": 2, "placed": 1, "cells": 1, "ms": 1700, "position": None},
    "finished": {"seat": 2, "name": "Bob", "ms": 61234, "place": 1},
    "results": {"race": 1, "order": [{"seat": 2, "name": "Bob", "place": 1, "ms": 61234, "position": "A1A2A4A6B4D5E1"},
                                     {"seat": 1, "name": "Ann", "place": None, "ms": None, "position": None}]},
    "removed": {"reason": "the host removed you from the room"},
    "error": {"reason": "no room with that code"},
    "register": {"name": "Ann"},
    "daily": {"token": "t" * 43, "puzzle": "macmahon", "daily": 330, "ranked": True},
    "standings": {"puzzle": "genius", "daily": 330, "days": 7, "group": "ABCDEFGH", "token": None, "offset": 0,
                  "limit": 20},
    "group_create": {"name": "Family", "token": "t" * 43},
    "group_join": {"group": "ABCDEFGH", "token": "t" * 43},
    "group_leave": {"group": "ABCDEFGH", "token": "t" * 43},
    "groups": {"token": "t" * 43},
    "registered": {"token": "t" * 43, "name": "Ann"},
    "run": {"puzzle": "macmahon", "daily": 330, "ranked": False, "level": "very hard",
            "start": "4x6x3:.8b..../....../...15d../....21d.", "position": "4x6x3:.8b..../....../...15d../....21d.",
            "elapsed_ms": 0, "seq": 0},
    "done": {"puzzle": "genius", "daily": 330, "ranked": True, "ms": 48213, "place": None, "of": 41, "flagged": True,
             "status": "held"},
    "group": {"group": "ABCDEFGH", "name": "Family", "members": 3},
    "rooms": {},
    "listing": {"listed": True},
}
# Types both sides send: the server's sample (SAMPLES has the client's).
SERVER_SAMPLES = {
    "standings": {"puzzle": "genius", "daily": 330, "days": 1, "group": None, "total": 41,
                  "rows": [{"place": 1, "name": "Ann", "ms": 48213, "runs": 1}],
                  "you": {"place": None, "ms": 3000, "runs": 1, "flagged": True, "status": "held"}},
    "groups": {"groups": [{"group": "ABCDEFGH", "name": "Family", "members": 3}]},
    "rooms": {"rooms": [{"room": "ABC234", "host": "Zoë 🙂", "players": 2, "dice": "alternative", "level": 9}]},
}


def test_the_samples_cover_every_message_type():
    assert set(SAMPLES) == set(CLIENT) | set(SERVER)


CASES = [(CLIENT if kind in CLIENT else SERVER, kind, sample) for kind, sample in sorted(SAMPLES.items())] + \
    [(SERVER, kind, sample) for kind, sample in sorted(SERVER_SAMPLES.items())]


def test_the_server_samples_are_of_types_both_sides_send():
    assert set(SERVER_SAMPLES) == set(CLIENT) & set(SERVER)


@pytest.mark.parametrize("schemas, kind, sample", CASES)
def test_every_message_type_round_trips_unchanged(schemas, kind, sample):
    text = encode(schemas, kind, **sample)
    assert decode(text, schemas) == {"v": protocol.VERSION, "type": kind, **sample}


@pytest.mark.parametrize("schemas, kind, sample", CASES)
def test_every_field_is_required(schemas, kind, sample):
    base = {"v": protocol.VERSION, "type": kind, **sample}
    for field in sample:
        lacking = json.dumps({k: v for k, v in base.items() if k != field})
        if isinstance(schemas[kind][field], protocol.Optional):    # added within the version: an older server's
            assert decode(lacking, schemas)[field] is None          # message lacks it, read as null
            continue
        with pytest.raises(ProtocolError, match=f"missing field '{field}'"):
            decode(lacking, schemas)


@pytest.mark.parametrize("schemas, kind, sample", CASES)
def test_no_other_field_is_allowed(schemas, kind, sample):
    with pytest.raises(ProtocolError, match="unknown field 'extra'"):
        decode(json.dumps({"v": protocol.VERSION, "type": kind, **sample, "extra": 1}), schemas)


@pytest.mark.parametrize("kind, field, value", [
    ("create", "name", ""), ("create", "name", "x" * 25), ("create", "name", "a\nb"), ("create", "name", "\u200b"),
    ("create", "name", None), ("create", "dice", "Default"), ("create", "level", 11), ("create", "level", 0),
    ("create", "level", "7"), ("create", "level", True), ("create", "level", "Easy"), ("join", "room", "ABC23O"),
    ("join", "room", "abc234"), ("join", "room", "ABC2345"), ("resume", "token", "short"), ("ready", "ready", 0),
    ("ready", "ready", "true"), ("move", "seq", -1), ("move", "seq", True), ("move", "seq", 2.0),
    ("move", "seq", 10 ** 30), ("move", "move", ["4-O:C2C3D2D3"]), ("move", "move", "x" * 41),
    ("move", "move", "x"), ("settings", "boards", "shown"), ("remove", "seat", 0), ("room", "players", [PLAYER] * 9), ("room", "players", {"seat": 1}),
    ("room", "phase", "paused"), ("results", "order", [{"seat": 1}]), ("daily", "puzzle", "Genius"),
    ("daily", "daily", 0), ("daily", "daily", 100_001), ("daily", "token", "t" * 15), ("daily", "token", "t" * 65),
    ("standings", "days", 32), ("standings", "limit", 101), ("standings", "limit", 0), ("standings", "offset", -1),
    ("standings", "group", "ABCDEFG"), ("standings", "group", "ABCDEFGO"), ("group_join", "group", "abcdefgh"),
    ("run", "level", "any"), ("done", "place", 0), ("done", "flagged", None), ("done", "status", "under review"),
])
def test_wrong_values_are_refused_with_a_one_line_reason(kind, field, value):
    schemas = CLIENT if kind in CLIENT else SERVER
    text = json.dumps({"v": protocol.VERSION, "type": kind, **{**SAMPLES[kind], field: value}})
    with pytest.raises(ProtocolError) as refused:
        decode(text, schemas)
    assert str(refused.value).isprintable() and field in str(refused.value)


@pytest.mark.parametrize("text, says", [
    ("", "not valid JSON"), ("{", "not valid JSON"), ('{"v": NaN}', "not valid JSON"),
    ('{"v": Infinity}', "not valid JSON"), ("[1]", "JSON object"), ('{"type": "leave"}', "version"),
    ('{"v": 1, "type": "leave"}', "version"), ('{"v": 2.0, "type": "leave"}', "version"),
    ('{"v": true, "type": "leave"}', "version"), ('{"v": 2, "type": "joined"}', "unknown message type"),
    ('{"v": 2, "type": "take", "seq": 1, "piece": "1"}', "unknown message type"),
    ('{"v": 2, "type": ["leave"]}', "unknown message type"), ("[" * 100_000, "over"),
    ("[" * 2000 + "]" * 2000, "not valid JSON"), (b'{"v": 2, "type": "leave"}', "binary"),
])
def test_what_is_not_a_message_is_refused(text, says):
    with pytest.raises(ProtocolError, match=says):
        decode(text, CLIENT)


def test_a_client_cannot_send_what_only_the_server_sends():
    with pytest.raises(ProtocolError, match="unknown message type"):
        decode(encode(SERVER, "finished", seat=1, name="Ann", ms=5, place=1), CLIENT)
    with pytest.raises(ProtocolError):
        encode(CLIENT, "finished", seat=1, name="Ann", ms=5, place=1)


# --- versions: a tolerant reader (docs/protocol.md, "Versions")

SERVER_CASES = [(kind, SERVER_SAMPLES.get(kind, SAMPLES.get(kind))) for kind in sorted(SERVER)]


@pytest.mark.parametrize("kind, sample", SERVER_CASES)
def test_a_client_drops_the_fields_it_does_not_know_at_any_depth(kind, sample):
    message = {"v": protocol.VERSION, "type": kind, **sample}
    assert decode(json.dumps(grown(message)), SERVER, strict=False) == message


def test_a_client_skips_a_type_it_does_not_know():
    assert decode('{"v": 2, "type": "news", "text": "new in a later server"}', SERVER, strict=False) is None


@pytest.mark.parametrize(("text", "says"), [('{"v": 3, "type": "moved", "seq": 1, "ms": 5}', "version"),
                                            ('{"v": 2, "type": "moved", "seq": 1, "later": 5}', "missing field 'ms'"),
                                            ('{"v": 2, "type": "moved", "seq": "1", "ms": 5, "later": 5}', "seq"),
                                            ('{"v": 2, "type": 7}', "unknown message type")])
def test_a_lenient_client_still_refuses_what_is_wrong(text, says):
    with pytest.raises(ProtocolError, match=says):
        decode(text, SERVER, strict=False)


def test_the_server_stays_strict_about_what_clients_send():
    base = {"v": protocol.VERSION, "type": "move", "seq": 1, "move": "1:A1"}
    for text in (json.dumps({**base, "later": 1}), json.dumps({**base, "type": "news"})):
        with pytest.raises(ProtocolError):
            decode(text, CLIENT)
