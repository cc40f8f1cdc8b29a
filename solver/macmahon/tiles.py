"""MacMahon tiles: squares cut by their diagonals into four coloured triangles.

A tile is written as four colour letters in the order top, right, bottom, left
(``"RWBW"``: red top, white right, blue bottom, white left). Colour 0 (W, white) is the
border colour. Two colourings are the same tile when one is a rotation of the other;
mirror images are different tiles.

The set for ``n`` colours (``tile_set(n)``) is in a stable order:
- it begins with the set for ``n - 1`` colours, then lists the tiles that use colour ``n - 1``;
- for 3 colours it is exactly the classic list numbered 1..24 (``CLASSIC``, as written in the
  MIP-model write-up); players and the sources refer to tiles by those numbers;
- otherwise the new tiles are sorted by the sum of their colour indices, then by their
  representative (the rotation whose index sequence is greatest) in decreasing order, and are
  written as that representative. For 2 colours this gives the classic tiles 1..6.

There are n(n+1)(n^2-n+2)/4 tiles with n colours (Burnside: the identity fixes n^4
colourings, the two quarter turns n each, the half turn n^2; (n^4 + n^2 + 2n) / 4).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from ..errors import SquarewiseError

COLOUR_LETTERS = "WRBGYOPC"
COLOUR_NAMES = ("white", "red", "blue", "green", "yellow", "orange", "purple", "cyan")
MAX_COLOURS = len(COLOUR_LETTERS)
SIDES = "TRBL"
SIDE_NAMES = ("top", "right", "bottom", "left")

CLASSIC = (
    "WWWW", "RWWW", "RRWW", "RWRW", "RRRW", "RRRR", "RBWW", "RWBW",
    "RWWB", "RBBW", "RBWB", "RBBB", "RRBW", "RRWB", "RRBB", "WBBR",
    "RWRB", "RBRB", "RRRB", "BWWW", "BBWW", "BWBW", "BBBW", "BBBB",
)


def tile_count(colours: int) -> int:
    """The number of tiles with `colours` colours: n(n+1)(n^2-n+2)/4."""
    n = colours
    return n * (n + 1) * (n * n - n + 2) // 4


def check_colours(colours: int) -> int:
    """`colours` if a tile set has that many (1..8; a board: 1..7, position.check_board_colours),
    else a SquarewiseError."""
    if not isinstance(colours, int) or not 1 <= colours <= MAX_COLOURS:
        raise SquarewiseError(f"a tile set has 1 to {MAX_COLOURS} colours, not {colours}")
    return colours


def rotate(tile: str, quarter_turns: int) -> str:
    """`tile` turned clockwise: the top triangle moves to the right. "RWBW", 1 -> "WRWB"."""
    k = quarter_turns % 4
    return tile[4 - k:] + tile[:4 - k] if k else tile


@lru_cache(maxsize=None)
def looks(colours: int) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """looks(n)[tile][rotation]: the colour indices (top, right, bottom, left) of tile_set(n)'s
    tile turned `rotation` quarter turns. The engines match colours as these indices; the
    letters are for people (the notation, the drawings, the messages).

    >>> looks(3)[7][1]  # tile 8 RWBW turned once: WRWB
    (0, 1, 0, 2)
    """
    return tuple(tuple(tuple(COLOUR_LETTERS.index(ch) for ch in rotate(tile, k)) for k in range(4))
                 for tile in tile_set(colours))


def rotations(tile: str) -> tuple[str, str, str, str]:
    """The tile turned 0, 1, 2 and 3 quarter turns clockwise."""
    return tuple(rotate(tile, k) for k in range(4))


def distinct_rotations(tile: str) -> tuple[int, ...]:
    """The quarter turns that give different colourings (1, 2 or 4 of them)."""
    seen, out = set(), []
    for k, turned in enumerate(rotations(tile)):
        if turned not in seen:
            seen.add(turned)
            out.append(k)
    return tuple(out)


def mirror_lr(tile: str) -> str:
    """The tile seen in a left-right mirror: left and right swap."""
    t, r, b, l = tile
    return t + l + b + r


def mirror_tb(tile: str) -> str:
    """The tile seen in a top-bottom mirror: top and bottom swap."""
    t, r, b, l = tile
    return b + r + t + l


def swap_colours(tile: str, a: str = "R", b: str = "B") -> str:
    """The tile with colours `a` and `b` exchanged."""
    return tile.translate(str.maketrans(a + b, b + a))


def representative(tile: str) -> str:
    """The rotation of `tile` used to identify it: the one greatest in colour-index order."""
    return max(rotations(tile), key=lambda t: [COLOUR_LETTERS.index(c) for c in t])


def same_tile(a: str, b: str) -> bool:
    """True if `a` and `b` are the same tile (one is a rotation of the other)."""
    return b in rotations(a)


def _new_tiles(colours: int) -> list[str]:
    """The tiles using colour `colours - 1`, in the documented generic order."""
    letters = COLOUR_LETTERS[:colours]
    newest = letters[-1]
    reps = {representative("".join(c)) for c in product(letters, repeat=4) if newest in c}
    index = COLOUR_LETTERS.index

    def key(tile):
        digits = [index(c) for c in tile]
        return (sum(digits), [-d for d in digits])

    return sorted(reps, key=key)


def generated_tiles(colours: int) -> tuple[str, ...]:
    """Every tile for `colours` colours, generated (no classic list): the generic order."""
    check_colours(colours)
    out: list[str] = []
    for n in range(1, colours + 1):
        out += _new_tiles(n)
    return tuple(out)


@lru_cache(maxsize=None)
def tile_set(colours: int = 3) -> tuple[str, ...]:
    """The tiles for `colours` colours in the stable order (index k-1 is tile number k)."""
    check_colours(colours)
    generated = generated_tiles(colours)
    return generated if colours < 3 else CLASSIC + generated[len(CLASSIC):]


def colour_name(letter: str) -> str:
    """'R' -> 'red'."""
    return COLOUR_NAMES[COLOUR_LETTERS.index(letter)]
