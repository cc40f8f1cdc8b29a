"""One rule each for the clocks and records of both puzzles (issue: the front half, item 9),
on the kits and views with no window: both clocks start when the board is shown and playable,
the guided first game is a lesson that records nothing, a held piece that does not fit at the
keyboard cursor is still drawn there, clipped at the board's edge and marked, a load does not
count the seconds its question was open, and an abandoned game never comes back."""
from __future__ import annotations

import random

import pygame

from game.play.commands import Cursor, Pick
from game.play.frame import Frame
from game.scenes.genius.kit import GeniusKit
from game.modes.genius.play import Solo
from game.scenes.macmahon.kit import MacMahonKit
from game.modes.macmahon.play import Solo as MacMahonSolo
from tests.game.fakes import BOARD, FakeApp
from tests.game.genius_kits import frame_of, genius_kit


def test_a_macmahon_board_starts_its_clock_when_shown_as_a_genius_board_does(tmp_path):
    app = FakeApp(tmp_path)
    macmahon = MacMahonKit(app, random.Random(1))
    macmahon.table.seat(MacMahonSolo(macmahon.table))
    macmahon.dealer.new_game("4x6x3")
    genius = GeniusKit(app, random.Random(3))
    genius.table.seat(Solo(genius.table))
    genius.begin_id(genius.dealer.parse_id(BOARD), {})
    assert macmahon.session.match.timer.running and genius.session.match.timer.running
    assert len(macmahon.session.match.history) == 1                  # before any move


def test_the_guided_first_game_records_nothing(tmp_path):
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id(BOARD), {"kind": "lesson"})
    session = kit.session
    from solver.genius import search
    for move in session.position.moves_to(search.solve(session.position)):
        session.move(move.notation())
    assert session.match.meta["result"] == "won"
    assert kit.app.statistics.get("genius", {}).get("games", []) == []


def hanging_off(tmp_path):
    """The long bar held at the cursor, moved to the right edge so that part of it hangs off,
    drawn: (surface, the centres of its squares on the board, an empty board's picture)."""
    kit = genius_kit(tmp_path)
    session = kit.session
    session.process(Pick(5))                                         # the long bar, at the cursor
    for _ in range(6):
        session.process(Cursor(0, 1))                                # to the right edge: part of it hangs off
    landing = session.hand.landing(session.position)
    assert landing.cells is None and landing.reason == "off the board"
    frame: Frame = frame_of(kit)
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame)
    geo = kit.view.layout()["geo"]
    row, col = session.hand.cursor
    on_board = [(row, c) for c in range(col - 2, 6) if session.position.occupant(row * 6 + c) is None]
    empty = pygame.Surface(kit.app.size)
    kit.view.draw(empty, frame_of(genius_kit(tmp_path / "b")))
    centres = [geo.cell_rect(r * 6 + c).center for r, c in on_board]
    assert on_board
    return surface, centres, empty


def test_a_held_piece_that_hangs_off_the_board_is_drawn_where_it_is_on_it(tmp_path):
    surface, centres, empty = hanging_off(tmp_path)
    assert all(surface.get_at(p)[:3] != empty.get_at(p)[:3] for p in centres)


def test_a_held_piece_that_hangs_off_the_board_is_drawn_in_the_refusal_s_red(tmp_path):
    surface, centres, _ = hanging_off(tmp_path)
    assert all(surface.get_at(p).r > surface.get_at(p).g for p in centres)   # ... the teal bar in the refusal's red


def test_a_load_does_not_count_the_seconds_its_question_was_open(tmp_path, monkeypatch):
    from game.play.session import PlaySession
    from tests.game.play_scenes import genius_scene
    scene = genius_scene(tmp_path)
    scene.session.move("1:F6")                                    # a game in progress: the load asks
    scene.session.save_to(tmp_path / "kept")
    saved = scene.session.load(tmp_path / "kept.json").elapsed
    loaded = []
    real_load = PlaySession.load

    def load(session, path):
        loaded.append(real_load(session, path))
        return loaded[-1]
    monkeypatch.setattr(PlaySession, "load", load)
    scene.ask_load(tmp_path / "kept.json")
    (question, yes), = scene.asked
    assert question.startswith("Abandon this game for kept.json?")
    loaded[0].timer._base += 30.0                                 # the question open 30 s (the file's clock ran)
    yes()
    assert scene.match is loaded[0] and scene.match.elapsed < saved + 5


def test_an_abandoned_game_never_comes_back(tmp_path):
    from game.puzzles.genius.puzzle import GENIUS
    from tests.game.play_scenes import genius_scene
    scene = genius_scene(tmp_path)
    scene.session.move("1:F6")
    scene.update(0.0)                                             # kept after the move (the frame's flush)
    scene.app.storage.flush()
    assert scene.app.storage.exists(GENIUS.autosave)
    scene.do("race")                                              # a race: the game in progress is abandoned ...
    (question, yes), = scene.asked
    yes()
    scene.update(0.0)
    assert not scene.app.storage.exists(GENIUS.autosave)          # ... and its autosave with it


def test_the_guide_names_pieces_as_the_hints_do(tmp_path):
    from tests.game.play_scenes import guided_kit
    kit, guide = guided_kit(tmp_path, "genius")
    words = guide.words()
    assert "the red single square (1)" in words and "4-L" not in words and "the 1," not in words
    guide.index = 1
    assert "the blue L (6)" in guide.words() and "4-L" not in guide.words()


def test_a_game_ids_board_says_game_id_under_the_title_not_typed_game_id(tmp_path):
    kit = genius_kit(tmp_path)
    subtitle = frame_of(kit).shows.subtitle
    assert subtitle.startswith("Game ID") and "typed" not in subtitle
