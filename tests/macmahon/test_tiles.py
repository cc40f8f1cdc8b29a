from itertools import product

import pytest

from solver.errors import SquarewiseError
from solver.macmahon.tiles import (CLASSIC, COLOUR_LETTERS, distinct_rotations, generated_tiles,
                                   mirror_lr, mirror_tb, rotate, same_tile, swap_colours, tile_count,
                                   tile_set)

CLASSIC_TEXT = """
 1 WWWW   2 RWWW   3 RRWW   4 RWRW   5 RRRW   6 RRRR   7 RBWW   8 RWBW
 9 RWWB  10 RBBW  11 RBWB  12 RBBB  13 RRBW  14 RRWB  15 RRBB  16 WBBR
17 RWRB  18 RBRB  19 RRRB  20 BWWW  21 BBWW  22 BWBW  23 BBBW  24 BBBB
"""


def orbit(tile):
    return frozenset(tile[i:] + tile[:i] for i in range(4))


@pytest.mark.parametrize("n", range(1, 7))
def test_generator_count_matches_the_formula(n):
    tiles = tile_set(n)
    assert len(tiles) == tile_count(n) == n * (n + 1) * (n * n - n + 2) // 4
    assert len(tiles) == (n ** 4 + n ** 2 + 2 * n) // 4


@pytest.mark.parametrize("n", range(1, 7))
def test_generator_matches_brute_force(n):
    brute = {orbit("".join(c)) for c in product(COLOUR_LETTERS[:n], repeat=4)}
    assert {orbit(t) for t in tile_set(n)} == brute
    assert len({orbit(t) for t in generated_tiles(n)}) == len(brute)


def test_classic_numbering_for_three_colours():
    words = CLASSIC_TEXT.split()
    listed = {int(words[i]): words[i + 1] for i in range(0, len(words), 2)}
    assert tile_set(3) == CLASSIC == tuple(listed[k] for k in range(1, 25))


def test_each_set_extends_the_smaller_one():
    for n in range(2, 7):
        assert tile_set(n)[:tile_count(n - 1)] == tile_set(n - 1)


def test_rotation_is_clockwise():
    assert rotate("RWBW", 1) == "WRWB"
    assert rotate("RWBW", 4) == "RWBW"
    assert rotate(rotate("RBGW", 1), 3) == "RBGW"


def test_symmetric_tiles_have_fewer_rotations():
    counts = {t: len(distinct_rotations(t)) for t in tile_set(3)}
    assert [t for t, k in counts.items() if k == 1] == ["WWWW", "RRRR", "BBBB"]
    assert sorted(t for t, k in counts.items() if k == 2) == ["BWBW", "RBRB", "RWRW"]


@pytest.mark.parametrize("f", [mirror_lr, mirror_tb, swap_colours], ids=lambda f: f.__name__)
def test_a_symmetry_maps_the_set_to_itself(f):
    tiles = tile_set(3)
    images = [next(i for i, u in enumerate(tiles) if same_tile(f(t), u)) for t in tiles]
    assert sorted(images) == list(range(24))


def test_a_mirrored_tile_is_another_tile():
    assert mirror_lr("RBWW") == "RWWB" and not same_tile("RBWW", "RWWB")


def test_swap_colours_swaps_red_for_blue():
    assert swap_colours("RRBW") == "BBRW"


@pytest.mark.parametrize("bad", [0, 9, -1])
def test_colour_count_out_of_range(bad):
    with pytest.raises(SquarewiseError, match=f"a tile set has 1 to 8 colours, not {bad}"):
        tile_set(bad)
