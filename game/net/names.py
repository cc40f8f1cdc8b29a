"""Players' names, as people see them: one rule for what a name is and when two are the same.

`normalise` makes the name a room shows (NFKC, spaces trimmed and runs of them made one) and
refuses a name with nothing visible (only spaces, invisible fillers, marks) or with a pile of
combining marks on one letter. `key` is what two names must not share in one room: the name
case-folded, its accents dropped, and letters that look alike written alike (Cyrillic 'А' and
Latin 'A', '0' and 'O'), so "Ann", "ann ", "Аnn" and "Ánn" are one name.

>>> normalise("  Ann   Lee ")
'Ann Lee'
>>> key("Ann") == key("\\u0410nn") == key("ANN") == key("Ánn")
True
>>> normalise("\\u3164")
Traceback (most recent call last):
...
game.net.names.BadName: a name needs a visible letter, digit or sign
"""
from __future__ import annotations

import unicodedata

from .protocol import ProtocolError

MAX_LENGTH = 24
MAX_MARKS = 2              # combining marks on one character ("é" written as e + U+0301 has one)

# Printable characters that draw nothing (Unicode's Default_Ignorable and blank letters).
INVISIBLE = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0\u034f\u2061\u2062\u2063\u2064")

# Letters that look like a Latin letter or digit (from Unicode's confusables, the common ones).
CONFUSABLE = str.maketrans({
    **dict.fromkeys("аɑα", "a"), **dict.fromkeys("вβ", "b"), **dict.fromkeys("сϲ", "c"), "ԁ": "d",
    **dict.fromkeys("еε", "e"), **dict.fromkeys("һ", "h"), **dict.fromkeys("іιӏ1|ǀ!", "l"),
    **dict.fromkeys("ј", "j"), **dict.fromkeys("κк", "k"), **dict.fromkeys("мμ", "m"),
    **dict.fromkeys("пη", "n"), **dict.fromkeys("оο0σ", "o"), **dict.fromkeys("рρ", "p"),
    **dict.fromkeys("ԛ", "q"), **dict.fromkeys("ѕ5", "s"), **dict.fromkeys("тτ", "t"),
    **dict.fromkeys("υ", "u"), **dict.fromkeys("νѵ", "v"), **dict.fromkeys("ѡω", "w"),
    **dict.fromkeys("хχ", "x"), **dict.fromkeys("уγ", "y"), "ʐ": "z", "2": "z", "8": "b",
})


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
    """What two names in one room must not share: case, accents, spaces, invisible characters
    and look-alike letters folded away."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(c for c in text if _visible(c) and not unicodedata.combining(c))
    return kept.translate(CONFUSABLE).replace("rn", "m")
