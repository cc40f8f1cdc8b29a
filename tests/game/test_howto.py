"""How to play: opened from the title and by F1 twice in a puzzle; the demonstrations obey the rules."""
import pygame
import pygame_gui

from game.scenes.genius.howto import GeniusDemo
from game.scenes.genius.scene import GeniusScene
from game.scenes.howto import HowToScene
from game.scenes.macmahon.howto import MACMAHON_CORNER, MacMahonDemo
from game.scenes.title import TitleScene
from solver.genius.pieces import _turned, orientations
from solver.genius.position import Position
from tests.game.drive import frame, key
from tests.validate_genius import check_position


def click(app, button) -> None:
    frame(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def title_button(title, label):
    return next(b for b, _ in title.choices if b.text == label)


def first_launch(app) -> None:
    """A player who has seen no guide opens Genius from the title."""
    app.settings["howto_seen"] = {"genius": False, "macmahon": False}
    app.push(TitleScene(app))
    app.open("genius")


def test_the_first_launch_plays_the_guide(app):
    first_launch(app)
    assert isinstance(app.top, GeniusScene) and app.top.guide is not None     # the guided game, no page of text
    assert app.storage.read("settings")["howto_seen"]["genius"] is True      # remembered on disk


def f1_twice(app) -> None:
    frame(app)
    key(app, pygame.K_F1)
    key(app, pygame.K_F1)


def test_f1_twice_opens_how_to_play_over_the_puzzle(app):
    first_launch(app)
    f1_twice(app)
    assert isinstance(app.top, HowToScene) and app.top.puzzle == "genius"


def test_enter_on_how_to_play_over_a_puzzle_goes_back_to_it(app):
    first_launch(app)
    f1_twice(app)
    key(app, pygame.K_RETURN)                       # Enter: play, the puzzle is already under it
    assert isinstance(app.top, GeniusScene) and len(app.scenes) == 2


def test_the_second_launch_plays_no_guide(app):
    first_launch(app)
    key(app, pygame.K_ESCAPE)
    app.open("genius")
    assert isinstance(app.top, GeniusScene) and app.top.guide is None


def test_each_puzzle_has_a_guide_of_its_own(app):
    first_launch(app)
    app.pop()
    app.open("macmahon")
    assert app.top.guide is not None and app.top.session.puzzle.name == "macmahon"


def howto_from_the_title(app) -> tuple[TitleScene, HowToScene]:
    title = TitleScene(app)
    app.push(title)
    frame(app)
    click(app, title_button(title, "How to play"))
    return title, app.top


def test_the_title_opens_how_to_play(app):
    _, scene = howto_from_the_title(app)
    assert isinstance(scene, HowToScene)


def test_the_demo_loops(app):
    _, scene = howto_from_the_title(app)
    steps = []
    for _ in range(7 * 10):                         # seven seconds at 10 frames a second: one loop and more
        frame(app, dt=0.1)
        steps.append(scene.step)
    assert steps[0] != steps[45] and "matches" in " ".join(steps)
    assert steps[0] == steps[61]                    # the demonstration starts again


def test_other_shows_how_to_play_the_other_puzzle(app):
    _, scene = howto_from_the_title(app)
    click(app, scene.buttons["other"])
    assert isinstance(app.top, HowToScene) and app.top.puzzle == "genius"


def test_play_on_how_to_play_from_the_title_opens_the_puzzle_in_its_place(app):
    title, scene = howto_from_the_title(app)
    click(app, scene.buttons["other"])
    frame(app, dt=0.1)
    click(app, app.top.buttons["play"])             # from the title, Play opens the puzzle in its place
    assert isinstance(app.top, GeniusScene) and app.scenes[-2] is title


def test_the_genius_demo_fills_the_board_legally():
    demo = GeniusDemo()
    check_position(demo.solution, Position.parse("A1A2A4A6B4D5E1").blockers)
    assert demo.frame(0.5).placed is False and demo.frame(5.0).placed is True


def test_the_genius_demo_turns_its_piece_once():
    demo = GeniusDemo()
    before, after = demo.shapes
    assert before != after and after in orientations("4-L") and _turned(before) == after
    assert demo.frame(1.5).turns == 1 and demo.frame(3.0).turns == 0


def test_the_genius_demo_starts_again_after_its_loop():
    demo = GeniusDemo()
    assert demo.frame(demo.LOOP + 0.5) == demo.frame(0.5)


def test_macmahon_demo_board_obeys_the_rules():
    demo = MacMahonDemo()
    final = demo.frame(5.0)
    assert final.placed and demo.frame(1.0).turns == 1
    tiles = list(MACMAHON_CORNER) + [demo.colours(final.turns)]
    rows, cols = demo.ROWS, demo.COLS
    for i, (top, right, bottom, left) in enumerate(tiles):
        r, c = divmod(i, cols)
        assert (r > 0 or top == "W") and (r < rows - 1 or bottom == "W")
        assert (c > 0 or left == "W") and (c < cols - 1 or right == "W")
        if c < cols - 1:
            assert right == tiles[i + 1][3]
        if r < rows - 1:
            assert bottom == tiles[i + cols][0]
    wrong = demo.colours(1)                          # before its turn the last tile clashes
    assert wrong[0] != tiles[2][2] or wrong[3] != tiles[4][1]
    assert len(set(tiles)) == len(tiles)


def test_how_to_play_macmahon_says_what_level_ten_is_on_the_page(app):
    from tests.game.layout_check import recording
    app.push(TitleScene(app))
    with recording(app):
        app.open("howto-macmahon")
        frame(app)
        page = " ".join(" ".join(line.text for line in app.drawn.texts).split())      # (wrapped lines indented)
    assert "Levels" in page and "Level 10 is a smallest puzzle: take any given tile away and it has more than one" in page
