"""Players' names, as people see them: one rule for what a name is and when two are the same.

`normalise` makes the name a room shows (NFKC, spaces trimmed and runs of them made one) and
refuses a name with nothing visible (only spaces, invisible fillers, marks) or with a pile of
combining marks on one letter. `key` is what two names must not share, in a room or on a
server: the name with its accents and invisible characters dropped, folded by Unicode's own
look-alike data (UTS #39's confusables, the skeleton: assets/unicode/confusables.txt, with its
version and licence beside it), case-folded, then folded by it again. So "Ann", "ann ",
"Аnn" (a Cyrillic А) and "Ánn" are one name; so are "Нenry" (a Cyrillic Н) and "henry",
"Kіm" (a Cyrillic і) and "Kim", "Ian" and "lan" (a capital I looks like a small l).

>>> normalise("  Ann   Lee ")
'Ann Lee'
>>> key("Ann") == key("\\u0410nn") == key("ANN") == key("Ánn")
True
>>> key("\\u041denry") == key("Henry") and key("Ian") == key("lan") and key("Ann") != key("Anna")
True
>>> normalise("\\u3164")
Traceback (most recent call last):
...
game.net.names.BadName: a name needs a visible letter, digit or sign
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from solver.assets import asset_path

from .protocol import ProtocolError

MAX_LENGTH = 24
MAX_MARKS = 2              # combining marks on one character ("é" written as e + U+0301 has one)
CONFUSABLES = ("unicode", "confusables.txt")    # Unicode's data file, in assets/

# Printable characters that draw nothing (Unicode's Default_Ignorable and blank letters).
INVISIBLE = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0\u034f\u2061\u2062\u2063\u2064")


class BadName(ProtocolError):
    """A name a room cannot show; the text says why, in one line (a refusal the server answers
    with `error`, as any message the protocol does not allow)."""


def normalise(name: str) -> str:
    """The name as a room shows it; BadName if nothing of it would be seen."""
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    if not text or len(text) > MAX_LENGTH:
        raise BadName(f"a name is 1 to {MAX_LENGTH} characters, not counting spaces at its ends")
    if not text.isprintable():
        raise BadName("a name must be printable text")
    if not any(_visible(c) for c in text):
        raise BadName("a name needs a visible letter, digit or sign")
    marks = 0
    for c in text:
        marks = marks + 1 if unicodedata.combining(c) else 0
        if marks > MAX_MARKS:
            raise BadName(f"a name may have at most {MAX_MARKS} accents on one letter")
    return text


def _visible(c: str) -> bool:
    return unicodedata.category(c)[0] in "LNPS" and c not in INVISIBLE


def key(name: str) -> str:
    """What two names must not share: accents, spaces and invisible characters dropped, then
    the skeleton (each character as the one it looks like), case-folded, and the skeleton
    again: a capital is read as what it looks like (Cyrillic Н as H, I as l) before case is
    folded, and a small letter after (Greek ν as v)."""
    return _skeleton(_skeleton(unicodedata.normalize("NFKC", name)).casefold())


def _skeleton(text: str) -> str:
    """UTS #39's skeleton (NFD, each character replaced by its prototype, NFD again) of the
    visible characters of `text` without their combining marks (accents)."""
    prototypes = _prototypes()
    kept = (c for c in unicodedata.normalize("NFD", text) if _visible(c) and not unicodedata.combining(c))
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in kept))


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as a map: a character -> the characters it looks like
    (lines `0406 ; 006C ; MA # ...`)."""
    prototypes = {}
    with open(asset_path(*CONFUSABLES), encoding="utf-8-sig") as data:
        for line in data:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) >= 2 and fields[0].strip():
                source = chr(int(fields[0], 16))
                prototypes[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return prototypes
