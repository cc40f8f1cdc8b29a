"""The Genius kit and its session played with commands, with no window (tests/game/genius_kits.py,
genius_laid_out.py): an animated solve, a drag let go over a button. (Moved from
tests/game/test_genius_play.py, one concern each as there.)"""
from __future__ import annotations

from game.play.commands import Hover, Press, Release
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.drive import assert_legal
from tests.game.genius_kits import act, drop, genius_kit
from tests.game.genius_laid_out import laid_out, play_solve
from tests.validate_genius import check_position


def solution_of(position):
    done = search.solve(position)
    check_position(done, position.blockers, keep=position.placed)
    return done


def test_solve_animates_a_full_board_without_recording_a_best_time(tmp_path):
    kit = genius_kit(tmp_path)
    some = solution_of(kit.session.position)
    drop(kit.session, "4-T", sorted(some.placed["4-T"]))
    kept = dict(kit.session.position.placed)
    act(kit, "solve")
    play_solve(kit, each=lambda k: assert_legal(k.session.position))
    check_position(kit.session.position, keep=kept)
    assert kit.match.finished and "game ID" not in kit.app.statistics["genius"]["best"]


def test_a_drag_released_over_a_button_ends(tmp_path, monkeypatch):
    kit, laid = laid_out(tmp_path, monkeypatch)
    session, view = kit.session, kit.view
    slot = view.layout()["slots"][PIECES.index("4-I")].center
    session.process(Press(view.target_at(slot, session.hand)))
    undo = laid.buttons["undo"].rect.center
    session.process(Hover(view.target_at(undo, session.hand)))
    session.process(Release(view.target_at(undo, session.hand)))
    assert session.hand.held is None and not session.position.placed
