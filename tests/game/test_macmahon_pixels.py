"""Pixels: a turned tile shows each colour in the right triangle, on its own and on the board."""
import pygame
import pytest

from game.draw import theme
from game.draw.tiles import draw_tile, tile_image, triangle_centre

NAMES = {"W": "tile_white", "R": "tile_red", "B": "tile_blue"}


def turned(tile: str, quarter_turns: int) -> str:
    """Written here, apart from the engine: a clockwise turn moves the left colour to the top."""
    for _ in range(quarter_turns % 4):
        tile = tile[3] + tile[:3]
    return tile


def close(a, b, tolerance=12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3]))


def sample(surface, rect, side):
    """The colour a little way from the centroid of triangle `side` towards the tile's edge
    (clear of the symbols the colour-blind palette draws at the centroid)."""
    cx, cy = triangle_centre(rect, side)
    dx, dy = [(0, -1), (1, 0), (0, 1), (-1, 0)][side]
    return surface.get_at((round(cx + dx * rect.width * 0.08), round(cy + dy * rect.width * 0.08)))


@pytest.mark.parametrize("palette", ["classic", "light", "colourblind"])
@pytest.mark.parametrize("quarter_turns", [0, 1, 2, 3])
def test_a_turned_tile_has_its_colours_in_place(palette, quarter_turns):
    pygame.display.init()
    pal = theme.palette(palette)
    tile = "RWBW"                                        # red top, white right, blue bottom, white left
    colours = turned(tile, quarter_turns)
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(20, 30, 120, 120)
    draw_tile(surface, colours, rect, pal)
    for side, letter in enumerate(colours):
        got = sample(surface, rect, side)
        assert close(got, getattr(pal, NAMES[letter])), f"side {'TRBL'[side]} should be {letter}, is {got}"
    # where red went: after one turn the red triangle is on the right
    red_side = colours.index("R")
    assert red_side == quarter_turns % 4


def test_every_tile_size_is_exact():
    pal = theme.palette("classic")
    for size in (9, 31, 64, 97):
        assert tile_image("RBWB", size, pal).get_size() == (size, size)


def test_tile_edges_are_antialiased():
    pal = theme.palette("classic")
    image = tile_image("RRBB", 80, pal)
    # along the red/blue diagonal (top-right to bottom-left) the colours blend in between
    blends = [image.get_at((x, 79 - x)) for x in range(10, 70)]
    assert any(not close(c, pal.tile_red, 30) and not close(c, pal.tile_blue, 30) for c in blends)


def test_the_colour_blind_palette_marks_colours_by_symbol():
    pal = theme.palette("colourblind")
    image = tile_image("RBWW", 120, pal)
    rect = pygame.Rect(0, 0, 120, 120)

    def marked(side):
        cx, cy = triangle_centre(rect, side)
        return image.get_at((round(cx), round(cy)))

    fill = {"R": pal.tile_red, "B": pal.tile_blue, "W": pal.tile_white}
    assert not close(marked(0), fill["R"]) and not close(marked(1), fill["B"])     # a symbol at the centre
    assert close(marked(2), fill["W"])                                             # white has none
    plain = tile_image("RBWW", 120, theme.palette("classic"))
    assert close(plain.get_at((round(triangle_centre(rect, 0)[0]), round(triangle_centre(rect, 0)[1]))),
                 theme.palette("classic").tile_red)


def drawn_with_a_turned_tile(tmp_path):
    """The MacMahon view's picture of a frame with tile 8 "RWBW" turned once on B3, on a plain
    Surface (no window): (kit, surface, palette)."""
    from game.puzzles.macmahon.puzzle import MACMAHON
    from solver.macmahon.position import Move, Position
    from tests.game.widget_app import WidgetApp, drawn, macmahon_kit
    app = WidgetApp(tmp_path)
    kit = macmahon_kit(app, "4x6x3")
    position = Position.parse("4x6x3").place_unchecked(Move.parse("8b@B3"))
    kit.session.play(position, MACMAHON.describe(kit.match.position, position))
    return kit, drawn(kit), app.palette


def test_the_board_shows_a_placed_turned_tile(tmp_path):
    kit, surface, pal = drawn_with_a_turned_tile(tmp_path)
    rect = kit.view.layout()["geo"].cell_rect(8)
    for side, letter in enumerate(turned("RWBW", 1)):
        assert close(sample(surface, rect, side), getattr(pal, NAMES[letter]))


def test_the_board_has_a_white_border(tmp_path):
    kit, surface, pal = drawn_with_a_turned_tile(tmp_path)
    geo = kit.view.layout()["geo"]
    band = geo.rect.inflate(geo.cell // 9, geo.cell // 9)       # half way into the border band
    assert close(surface.get_at((band.centerx, band.top)), pal.tile_white)
    assert close(surface.get_at((band.left, band.centery)), pal.tile_white)
