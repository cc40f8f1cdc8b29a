"""Roll numbers: the web Genius Square's numbering of the default dice, a bijection between
0..count-1 and the rolls of any set, and one-line errors for what is not a roll or a number."""
from __future__ import annotations

import numpy as np
import pytest

from solver.errors import SquarewiseError
from solver.genius import numbers
from solver.genius.dice import DiceSet, builtin
from solver.grid import cell_name, parse_cell

# The numbering of issue 21 and of the web game (dbiel/genius-square, src/core/dice.ts): the dice
# in this order, each with its distinct faces in this order, the first die the fastest digit.
WEB_FACES = ("A1 C1 D1 D2 E2 F3 / A2 B2 C2 A3 B1 B3 / C3 D3 E3 B4 C4 D4 / E1 F2 B6 A5 / "
             "A4 B5 C6 C5 D6 F6 / E4 F4 E5 F5 D5 E6 / F1 A6")


def web_roll(n: int) -> list[str]:
    """Roll number n by the rule as the issue states it, written out independently."""
    out = []
    for die in WEB_FACES.split(" / "):
        faces = die.split()
        out.append(faces[n % len(faces)])
        n //= len(faces)
    return out


def test_the_default_dice_number_their_rolls_with_the_web_games_faces_in_its_order():
    default = builtin("default")
    assert [[cell_name(c) for c in die] for die in numbers.distinct_faces(default)] == \
        [die.split() for die in WEB_FACES.split(" / ")]
    # the same faces, repeats and all, as the physical dice: two dice repeat faces
    assert sorted(len(die) - len(set(die)) for die in default.dice) == [0, 0, 0, 0, 0, 2, 4]
    assert default.count() == 62_208


def test_every_default_roll_round_trips_through_its_number():
    default = builtin("default")
    masks = numbers.masks_by_number(default)
    assert len(masks) == 62_208 and len(np.unique(masks)) == 62_208
    assert set(masks.tolist()) == {sum(1 << c for c in roll) for roll in default.rolls()}
    for n in range(default.count()):
        faces = numbers.roll_from_number(default, n)
        assert numbers.roll_number(default, faces) == n
        assert sum(1 << c for c in faces) == masks[n]


@pytest.mark.parametrize("n", [0, 1, 5, 6, 41_233, 62_207])
def test_a_default_rolls_number_follows_the_web_games_rule(n):
    assert [cell_name(c) for c in numbers.roll_from_number(builtin("default"), n)] == web_roll(n)


def test_the_alternative_set_numbers_its_own_faces():
    alternative = builtin("alternative")
    masks = numbers.masks_by_number(alternative)
    assert len(masks) == 93_750 == len(np.unique(masks))
    assert set(masks.tolist()) == {sum(1 << c for c in roll) for roll in alternative.rolls()}
    for n in range(0, 93_750, 7):
        assert numbers.roll_number(alternative, numbers.roll_from_number(alternative, n)) == n


def test_a_custom_set_numbers_its_repeated_faces_once():
    # repeated faces count once, in first-seen order: die 1 has the digits B1, A1
    custom = DiceSet("mine", [[parse_cell(c) for c in die.split()] for die in
                              ("B1 A1 B1", "A2", "A3 B3", "A4", "A5", "A6", "B6")])
    assert custom.count() == 4
    assert [[cell_name(c) for c in numbers.roll_from_number(custom, n)][::6] for n in range(4)] == \
        [["B1", "B6"], ["A1", "B6"], ["B1", "B6"], ["A1", "B6"]]
    assert [cell_name(numbers.roll_from_number(custom, n)[2]) for n in range(4)] == ["A3", "A3", "B3", "B3"]


@pytest.mark.parametrize("n", [-1, 62_208, 10 ** 30, True, 1.0, "3"])
def test_a_number_out_of_range_is_refused_in_one_line(n):
    with pytest.raises(SquarewiseError, match=r"numbers its rolls 0 to 62,207") as error:
        numbers.roll_from_number(builtin("default"), n)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("cells", [
    "A1 A2 C3 E1 A4 E4",                # six blockers
    "A1 A2 C3 E1 A4 E4 F1 A6",          # eight
    "A1 C1 C3 E1 A4 E4 F1",             # two faces of die 1, none of die 2
    "A1 A2 C3 E1 A4 E4 B1",             # B1 is on die 2, as A2 is
])
def test_what_is_not_a_roll_has_no_number(cells):
    default = builtin("default")
    blockers = [parse_cell(c) for c in cells.split()]
    with pytest.raises(SquarewiseError, match="is not a roll of dice set 'default'"):
        numbers.roll_number(default, blockers)
    assert numbers.number_or_none(default, blockers) is None


def test_dice_sharing_a_cell_have_no_numbering():
    shared = DiceSet("shared", [[0, 1], [1, 2], [3], [4], [5], [6], [7]])
    with pytest.raises(SquarewiseError, match="sharing a cell"):
        numbers.roll_number(shared, [0, 2, 3, 4, 5, 6, 7])


def test_numbers_are_shown_with_thousands_separators():
    assert numbers.label(41_233) == "#41,233" and numbers.label(7) == "#7"


def test_a_typed_number_may_carry_its_hash_separators_spaces():
    assert [numbers.parse_number(t) for t in ("41233", "#41,233", " 41,233 ", "0")] == [41_233] * 3 + [0]


@pytest.mark.parametrize("text", ["", "#", "-3", "4.5", "٣", "12a", "1" * 41, "41_233", "4,12,33", "_1_", "##1"])
def test_a_typed_text_that_is_no_number_is_refused(text):
    with pytest.raises(SquarewiseError, match="is not a roll number"):
        numbers.parse_number(text)
