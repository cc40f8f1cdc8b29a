"""Hypothesis strategies for hostile input: text, numbers and JSON trees that break the rules."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Bounded and reproducible: the same inputs on every run (see conftest.py for the count).
fuzz = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
COUNT = {"inputs": 0, "failed_tests": 0}


def tried(n: int = 1) -> None:
    """Count `n` inputs given to the code under test."""
    COUNT["inputs"] += n

# Characters that have hurt parsers: non-ASCII digits, a lone surrogate, controls, separators.
NASTY_CHARS = "²³¹٣۴߃०১੧൬๑໒༣၅႓០᠑᥇᧑᪁᭓᮱᱄᱕꘠꣐꤁꧑꩓꯰０１６ⅣⅥ①⑥\ud800\udfff\x00\n\r\t\u2028\u202e\ufeff "


def nasty_text(alphabet: str = "", max_size: int = 30):
    """Text mixing `alphabet` (the parser's own characters) with troublesome ones."""
    chars = st.sampled_from(alphabet + NASTY_CHARS) if alphabet else st.sampled_from(NASTY_CHARS)
    return st.one_of(st.text(max_size=max_size),
                     st.text(st.one_of(chars, st.characters()), max_size=max_size),
                     st.text(chars, max_size=max_size))


def big_numbers():
    """Numbers JSON can carry that a program may choke on, as JSON text."""
    return st.one_of(
        st.integers().map(str),
        st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e308", "-0", "0.5",
                         "9" * 5000, "-" + "9" * 4301, "1" + "0" * 400, "4294967296", "-1", "true", "null"]),
        st.floats(allow_nan=False, allow_infinity=False).map(repr),
    )


def extreme_values():
    """Numbers a JSON file can hold that break careless code: huge, tiny, negative, booleans."""
    return st.one_of(st.integers(), st.sampled_from([10 ** 4000, -10 ** 4000, 10 ** 300, 2 ** 64, 1e308, -1e308,
                                                     5e-324, 0, -1, True, False, 0.5]))


def json_values(leaves=None):
    """Arbitrary JSON-able values (no NaN), nested a little."""
    leaves = leaves or st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                                 nasty_text(max_size=10))
    return st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                       st.dictionaries(nasty_text(max_size=8), inner, max_size=5)),
                        max_leaves=20)


def corrupt(text: str):
    """`text` (a valid document) damaged: cut, a character replaced, bytes appended, numbers swapped."""
    n = len(text)
    return st.one_of(
        st.integers(0, n).map(lambda i: text[:i]),
        st.tuples(st.integers(0, max(0, n - 1)), st.sampled_from(NASTY_CHARS + '{}[]":,0123456789-')).map(
            lambda p: text[:p[0]] + p[1] + text[p[0] + 1:]),
        st.tuples(st.integers(0, n), big_numbers()).map(lambda p: text[:p[0]] + p[1] + text[p[0]:]),
        st.integers(1, 3000).map(lambda d: "[" * d + text + "]" * d),
    )


def file_bytes(valid: object):
    """Bytes for a file that should hold the JSON `valid`: random bytes, damaged copies, other JSON."""
    text = json.dumps(valid)
    return st.one_of(
        st.binary(max_size=200),
        corrupt(text).map(lambda t: t.encode("utf-8", "surrogatepass")),
        json_values().map(lambda v: json.dumps(v).encode("utf-8", "surrogatepass")),
        st.integers(1, 100_000).map(lambda d: ("[" * d + "]" * d).encode()),
        st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999"]).map(
            lambda c: text.replace("1", c, 1).encode()),
        st.just(text.replace('"', '"\\ud800', 1).encode()),
    )


def paths(doc, at=()):
    """Every place in the JSON tree `doc`: tuples of keys and list indexes, the root's () first."""
    yield at
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        yield from paths(value, at + (key,))


def _replaced(doc, at, value):
    if not at:
        return value
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[at[0]] = _replaced(doc[at[0]], at[1:], value)
    return copy


def wrong_values():
    """Well-formed JSON of the wrong type or range: what a hand edit or another program writes."""
    return st.one_of(extreme_values(), json_values(),
                     st.sampled_from(["7", "", "0", "1e308", "-1", 1e308, -1e308, 10.0, 7.5, 0, -3, 10 ** 9 + 1,
                                      [], {}, None, True, [1, "x"], {"won": [0]}]))


def mutated(doc, count: int = 3):
    """`doc` with up to `count` of its values (anywhere in the tree) replaced by wrong ones."""
    places = list(paths(doc))[1:]
    one = st.tuples(st.sampled_from(places), wrong_values())
    return st.lists(one, min_size=1, max_size=count).map(
        lambda changes: _apply(doc, changes))


def _apply(doc, changes):
    for at, value in changes:
        try:
            doc = _replaced(doc, at, value)
        except (KeyError, IndexError, TypeError):    # an earlier change removed this place
            pass
    return doc
