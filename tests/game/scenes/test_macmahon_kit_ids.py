"""MacMahon's pause and game IDs without a window (moved from tests/game/test_macmahon_feel.py and
test_macmahon_play.py): the kit on a WidgetApp, its view drawn onto a plain Surface."""
from __future__ import annotations

import pytest

from solver.errors import SquarewiseError
from game.play.commands import Key
from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from tests.game.widget_app import WidgetApp, built_chrome, drawn, macmahon_kit
from tests.game.genius_laid_out import refresh, shown_chrome
from tests.validate_macmahon import problems


def paused(tmp_path):
    """A 4x6x3 game with a tile placed, then Pause: (app, kit, chrome)."""
    app = WidgetApp(tmp_path, size=(1100, 760))
    kit = macmahon_kit(app, "4x6x3")
    chrome = shown_chrome(kit, built_chrome(kit))
    done = search.solve(Position.empty(Board()))
    kit.session.play(kit.match.position.place(Move(*done.cells[0], 0)), "A1")
    kit.session.process(Key("pause"))
    refresh(kit, chrome)
    return app, kit, chrome


def covered(app, kit, point) -> bool:
    from game.draw.theme import mix
    return tuple(drawn(kit).get_at(point))[:3] == mix(app.palette.background, app.palette.panel, 0.5)


def test_pause_hides_the_board(tmp_path):
    app, kit, chrome = paused(tmp_path)
    assert kit.session.paused and chrome.buttons["pause"].text == "Resume"
    lay = kit.view.layout()
    assert covered(app, kit, lay["geo"].cell_rect(0).center) and covered(app, kit, lay["slots"][5].center)


def test_pause_hides_the_game_id(tmp_path):
    app, kit, _ = paused(tmp_path)
    assert covered(app, kit, kit.view.layout()["game_id"].center)


def test_pause_again_resumes(tmp_path):
    _, kit, _ = paused(tmp_path)
    kit.session.process(Key("pause"))
    assert not kit.session.paused


def given_id_played(tmp_path):
    """A game ID with tiles given on A1 and A6 typed in: (kit, the position it gives)."""
    kit = macmahon_kit(WidgetApp(tmp_path), "4x6x3")
    solution = search.solve(Position.empty(Board()))
    assert solution is not None and problems(solution.colour_rows(), solution.board.colours) == []
    given = Position.empty(Board())
    for cell in (0, 5):
        given = given.place(Move(*solution.cells[cell], cell))
    kit.begin_id(kit.dealer.parse_id(given.notation()), {})
    return kit, given


def test_a_game_id_is_played(tmp_path):
    kit, given = given_id_played(tmp_path)
    assert kit.shown_id() == given.notation()
    assert kit.match.position == given and kit.match.position.givens == frozenset({0, 5})


def test_a_bad_game_id_is_refused_keeping_the_game(tmp_path):
    kit, given = given_id_played(tmp_path)
    with pytest.raises(SquarewiseError, match="unknown tile 99"):
        kit.dealer.parse_id("4x6x3:99a...../....../....../......")
    assert kit.match.position == given
