"""Rendering and the shell: pixels of a known position, title, settings, resizing, the smoke test."""
import subprocess
import sys

import pygame
import pygame_gui

from game.draw.theme import PALETTES
from game.scenes.genius.scene import GeniusScene
from game.screens import title_puzzles
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from solver.genius.pieces import PIECES
from tests.game.drive import frame, key

KNOWN = "A1A2A4A6B4D5E1/1:F6/4-O:C2C3D2D3"


def test_pixels_of_a_known_position(tmp_path):
    """What the Genius view draws of a known position, on a Surface (no window)."""
    import random
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.play import Solo
    from tests.game.fakes import FakeApp
    from tests.game.screen_app import fonts, genius_frame
    for name in ("classic", "colourblind"):
        fonts()
        app = FakeApp(tmp_path / name)
        app.settings["palette"] = name
        kit = GeniusKit(app, random.Random(3))
        kit.table.seat(Solo(kit.table))
        kit.begin_id(kit.dealer.parse_id(KNOWN), {})
        kit.session.take_effects()
        pal = PALETTES[name]
        geo = kit.view.layout()["geo"]
        surface = pygame.Surface(app.size)
        kit.view.draw(surface, genius_frame(kit))
        for cell in (0, 1, 3, 5, 9, 22, 24):                        # the blockers
            assert surface.get_at(geo.cell_rect(cell).center)[:3] == pal.blocker
        for piece, cell in (("1", 35), ("4-O", 14), ("4-O", 19)):  # a piece's cell shows its colour
            x, y = geo.cell_rect(cell).center
            near = {tuple(surface.get_at((x + dx, y + dy))[:3]) for dx in (-2, 0, 2) for dy in (-2, 0, 2)}
            assert pal.piece_colour(PIECES.index(piece)) in near
        top = kit.view.layout()["top"]                                    # the top bar is not covered
        assert surface.get_at((geo.rect.centerx, top.bottom - 3))[:3] == pal.panel
        empty = geo.cell_rect(7).center                              # B2 is empty
        assert surface.get_at(empty)[:3] == pal.cell
        luminance = lambda c: 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]
        assert luminance(pal.blocker) < 60 < luminance(pal.cell)


def shown_title(app) -> TitleScene:
    title = TitleScene(app)
    app.push(title)
    frame(app)
    return title


def test_the_title_lists_the_registry(app):
    title = shown_title(app)
    for (button, action), entry in zip(title.choices, title_puzzles()):
        assert button.text == entry.title
        assert button.is_enabled == entry.available()
        assert (title.notes[button] == "coming") != entry.available()
        assert "continue" not in (title.notes[button] or "")


def genius_from_the_title(app) -> tuple[TitleScene, int]:
    """The title's Genius entry chosen with the arrow keys and Enter: (title, Genius's index)."""
    title = shown_title(app)
    genius_index = [e.key for e in title_puzzles()].index("genius")
    while title.selected != genius_index:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    return title, genius_index


def test_the_title_s_keys_open_genius(app):
    genius_from_the_title(app)
    assert isinstance(app.top, GeniusScene)


def test_leaving_a_game_keeps_it_to_continue_from_the_title(app):
    title, genius_index = genius_from_the_title(app)
    frame(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is title and app.running
    genius_button = title.choices[genius_index][0]
    assert title.notes[genius_button].startswith("continue 0:0")


def test_escape_on_the_title_quits_nothing(app):
    title = shown_title(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is title and app.running, "Escape on the title quits nothing"


def settings_shown(app) -> SettingsScene:
    app.push(TitleScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    frame(app)
    return settings


def colour_blind_chosen(app) -> None:
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Colour-blind safe",
                                  ui_element=settings_shown(app).palette_menu))


def test_the_colour_blind_palette_comes_with_labels(app):
    colour_blind_chosen(app)
    assert app.palette.name == "colourblind" and app.settings["labels"] is True


def test_the_palette_chosen_is_kept(app):
    colour_blind_chosen(app)
    assert app.storage.settings()["palette"] == "colourblind"


def test_the_dice_chosen_in_the_settings_are_kept(app):
    settings_shown(app)
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Alternative",
                                  ui_element=app.top.menus[0].menu))
    assert app.storage.settings()["dice"] == "alternative"


def test_escape_leaves_the_settings_for_the_title(app):
    settings_shown(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def resized(app) -> tuple[GeniusScene, int]:
    """A Genius screen, then the window made 820 x 580: (the screen, its cell size before)."""
    scene = GeniusScene(app, game_id=KNOWN)
    app.push(scene)
    frame(app)
    big = scene.view.layout()["geo"].cell
    app.window.size = (820, 580)
    frame(app, pygame.event.Event(pygame.WINDOWSIZECHANGED, x=820, y=580))
    return scene, big


def test_resizing_rescales_the_board(app):
    scene, big = resized(app)
    assert app.size == (820, 580) and app.ui.window_resolution == (820, 580)
    assert scene.view.layout()["geo"].cell < big


def test_resizing_keeps_every_widget_in_the_window(app):
    scene, _ = resized(app)
    window = pygame.Rect(0, 0, *app.size)
    for widget in scene.widgets:
        if widget.visible:
            assert window.contains(widget.rect), f"{widget} sticks out of the window"


def test_the_window_has_a_minimum_size(app):
    resized(app)
    app.window.size = (300, 200)
    assert app.window.size == (800, 560), "the window has a minimum size"


def test_smoke_test_flag(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SQUAREWISE_DATA_DIR": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "game", "--smoke-test", "1.5"], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    first = [line for line in out.stdout.splitlines() if line.startswith("first frame:")]
    assert first and float(first[0].split()[2]) >= 0     # how soon is benchmarks/startup.py's to say, not a test's
    assert list(tmp_path.iterdir()) == []         # a throw-away data folder, never the player's


def test_a_data_folder_that_cannot_be_made_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    from game.app import run
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SQUAREWISE_DATA_DIR", str(blocker))
    assert run([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("squarewise: error: cannot use the data folder") and "a-file" in err[0]


def test_the_statistics_screen_speaks_the_words_of_the_records_contract():
    """played = won + won with help + lost (docs/records.md), on the one statistics screen."""
    from game.draw.charts import solve_times_title
    from game.scenes.stats import figures
    stats = {"genius": {"played": 5, "solved": 3, "assisted": 1, "best": {"default": 75.0},
                        "games": [{"key": "default", "level": None, "seconds": s, "won": w, "assisted": a}
                                  for s, w, a in ((80.0, True, False), (90.0, True, True), (70.0, False, False))]}}
    rows = dict(figures(stats, "genius", None, 0))
    assert [k for k in rows][:4] == ["played", "won", "won with help", "lost"]
    assert int(rows["played"]) == int(rows["won"]) + int(rows["won with help"]) + int(rows["lost"])
    assert "games started" not in rows and "boards filled" not in rows
    assert solve_times_title(1) == "Last solve time" and solve_times_title(12) == "Last 12 solve times"
