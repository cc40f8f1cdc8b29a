"""Every whole number a user types, read by one rule (docs/cli.md, "Numbers"):

ASCII digits 0-9, with or without commas between groups of three (13328 or 13,328); a roll
number may also start with '#', as Squarewise shows it (#41,233). Nothing else: no spaces,
signs, underscores, points or other scripts' digits (int() would take ' 5 ', '1_0' and
'١٠'). A number outside its range, or text that is not one, is a SquarewiseError naming the
range, so the CLI says one line and exits 2.
"""
from __future__ import annotations

import re

from .errors import SquarewiseError

_NUMBER = re.compile(r"[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+")
_LONGEST = 40            # characters: longer text is refused before int() sees it


def read_number(text: str, low: int, high: int, what: str, hash_sign: bool = False) -> int:
    """`text` as a whole number low..high, else SquarewiseError: '{what} must be ..., not ...'
    ('wants ...' with no `what`). `hash_sign`: a leading '#' is allowed (roll numbers)."""
    value = number_or_none(text, hash_sign)
    if value is None or not low <= value <= high:
        wants = f"{what} must be" if what else "wants"
        raise SquarewiseError(f"{wants} a whole number {span(low, high)}, not '{text}'")
    return value


def number_or_none(text: str, hash_sign: bool = False) -> int | None:
    """`text` read by the rule (any size up to 40 characters), or None if it is not a number."""
    body = text[1:] if hash_sign and text.startswith("#") else text
    if len(body) > _LONGEST or not _NUMBER.fullmatch(body):
        return None
    return int(body.replace(",", ""))


def span(low: int, high: int) -> str:
    """'from 1 to 13,328': a range as the errors say it."""
    return f"from {low:,} to {high:,}"
