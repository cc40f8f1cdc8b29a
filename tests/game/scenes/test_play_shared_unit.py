"""What both puzzle screens share, with no window, on a Genius kit, its session and its view on
plain Surfaces (tests/game/genius_kits.py, genius_laid_out.py): a finished game's clock, pause,
"games started", a win with help, the keyboard cursor. (Moved from tests/game/test_play_shared.py,
one concern each as there.)"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.draw.theme import mix
from game.play import records
from game.play.commands import Cursor, Hover, Key, Pick, Press, Release, Slot, Square, Unused
from game.play.match import Timer
from game.play.session import Won
from solver.genius import search
from solver.genius.pieces import PIECES
from tests.game.fakes import FakeClock
from tests.game.genius_kits import act, drop, frame_of, genius_kit, settle
from tests.game.genius_laid_out import laid_out, play_solve, refresh, shown_chrome
from tests.validate_genius import check_position


def clocked(kit) -> FakeClock:
    """Give the kit's match a clock the test moves by hand."""
    clock = FakeClock()
    kit.match.timer = Timer(0.0, running=True, clock=clock)
    return clock


def drawn(kit) -> pygame.Surface:
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame_of(kit))
    kit.view.draw_overlay(surface, frame_of(kit))
    return surface


def test_a_finished_games_clock_stays_stopped_after_a_cover(tmp_path):
    kit = genius_kit(tmp_path)
    clock = clocked(kit)
    done = search.solve(kit.session.position)
    for piece in PIECES:
        drop(kit.session, piece, sorted(done.placed[piece]))
    assert kit.match.finished
    final = kit.match.elapsed
    kit.session.hold(True)                  # the key table (or a dialog, another screen, focus lost) covers it
    clock.advance(10)
    kit.session.hold(False)
    clock.advance(10)
    assert kit.match.elapsed == final and not kit.match.timer.running


def paused(tmp_path, monkeypatch):
    """A piece placed, 10 s on, then Pause (as the screen's keys, with its `allows`): what the
    tests below read, by name."""
    kit, laid = laid_out(tmp_path, monkeypatch)
    chrome = shown_chrome(kit, laid)
    session, app = kit.session, kit.app
    clock = clocked(kit)
    drop(session, "1", sorted(search.solve(session.position).placed["1"]))
    clock.advance(10)
    before = kit.match.elapsed
    blocker = sorted(session.position.blockers)[0]
    centre = kit.view.layout()["geo"].cell_rect(blocker).center
    shown = drawn(kit).get_at(centre)
    allows = lambda action: kit.mode.allows(action) and kit.allows(action)       # noqa: E731 (as the screen's)
    session.process(Key("pause"), allows)
    refresh(kit, chrome)
    return SimpleNamespace(kit=kit, chrome=chrome, session=session, app=app, clock=clock, before=before,
                           centre=centre, shown=shown, allows=allows)


def test_pause_hides_the_board(tmp_path, monkeypatch):
    p = paused(tmp_path, monkeypatch)
    assert p.session.paused and p.chrome.buttons["pause"].text == "Resume"
    cover = mix(p.app.palette.background, p.app.palette.panel, 0.5)
    hidden = drawn(p.kit).get_at(p.centre)
    assert hidden != p.shown and tuple(hidden)[:3] == cover


def test_pause_stops_the_clock(tmp_path, monkeypatch):
    p = paused(tmp_path, monkeypatch)
    p.clock.advance(50)
    assert p.kit.match.elapsed == p.before


def test_a_paused_board_takes_no_moves(tmp_path, monkeypatch):
    p = paused(tmp_path, monkeypatch)
    kit, session, allows = p.kit, p.session, p.allows
    position = session.position
    slot = kit.view.layout()["slots"][2].center
    for command in (Key("undo"), Pick(2), Press(kit.view.target_at(slot, session.hand)),
                    Release(kit.view.target_at(slot, session.hand)), Key("hint")):
        assert session.process(command, allows) == [Unused(command)], command    # handed back to the screen ...
    for action in ("undo", "hint"):                                                # ... which does not run them
        assert action not in kit.mode.WHILE_PAUSED | kit.WHILE_PAUSED
    assert session.position == position and session.hand.held is None and session.job is None


def resumed(tmp_path, monkeypatch):
    """As paused, then Pause again (the Pause button: the same action)."""
    p = paused(tmp_path, monkeypatch)
    p.session.process(Key("pause"), p.allows)
    refresh(p.kit, p.chrome)
    return p


def test_resume_starts_the_clock_again(tmp_path, monkeypatch):
    p = resumed(tmp_path, monkeypatch)
    assert not p.session.paused and p.chrome.buttons["pause"].text == "Pause"
    p.clock.advance(5)
    assert p.kit.match.elapsed == p.before + 5


def test_resume_gives_the_moves_back(tmp_path, monkeypatch):
    p = resumed(tmp_path, monkeypatch)
    session, position = p.session, p.session.position
    session.process(Key("undo"), p.allows)
    assert session.position != position


def test_played_counts_each_game_once_when_it_ends(tmp_path):
    kit = genius_kit(tmp_path)
    app = kit.app

    def played():
        return app.statistics.get("genius", {}).get("played", 0)

    before = played()
    for _ in range(3):
        assert not kit.mode.in_progress()
        act(kit, "new")                     # boards shown, nothing played: no game
    assert played() == before
    done = search.solve(kit.session.position)
    drop(kit.session, "1", sorted(done.placed["1"]))
    drop(kit.session, "2", sorted(done.placed["2"]))
    assert played() == before               # a game in progress is not counted yet ...
    assert kit.mode.in_progress()
    kit.mode.leave()                        # abandoned, agreed (PlayScene.replace_game's abandon)
    kit.session.abandon()
    act(kit, "new")
    assert played() == before + 1           # ... an abandoned one is, as lost
    assert records.summary(app.statistics, "genius").lost == 1


def won_by_solve(tmp_path):
    """A Genius board solved by Solve: (kit, the one Won effect)."""
    kit = genius_kit(tmp_path)
    act(kit, "solve")
    effects = play_solve(kit)
    check_position(kit.session.position)
    wins = [e for e in effects if isinstance(e, Won)]
    assert len(wins) == 1
    return kit, wins[0]


def test_a_win_by_solve_gets_the_confetti(tmp_path):
    kit, won = won_by_solve(tmp_path)
    assert kit.mode.won(won.ending) is None                                 # the screen's celebration ...
    headline, *_ = kit.mode.win_words(won.ending)
    assert headline.startswith("Solved with help")                         # ... with these words


def test_a_win_by_solve_sets_no_best_time(tmp_path):
    kit, won = won_by_solve(tmp_path)
    assert not won.ending.new_best
    assert "game ID" not in kit.app.statistics["genius"]["best"]


def test_a_win_by_solve_counts_as_won_with_help(tmp_path):
    kit, _ = won_by_solve(tmp_path)
    assert kit.app.statistics["genius"]["assisted"] == 1                    # counted as a win with help
    assert kit.app.statistics["genius"]["games"][-1]["assisted"] is True


def test_the_keyboard_cursor_goes_when_the_mouse_is_used(tmp_path, monkeypatch):
    kit, laid = laid_out(tmp_path, monkeypatch)
    session = kit.session
    undo = laid.buttons["undo"].rect.center
    target = kit.view.target_at(undo, session.hand)
    assert target is None                                    # a button is no square and no slot
    session.process(Hover(target))                           # the pointer rests on a button
    session.process(Cursor(0, 1))
    assert session.hand.keyboard
    session.process(Press(target))                           # clicked without moving
    session.process(Release(target, click=True))
    assert not session.hand.keyboard
    session.process(Cursor(0, 1))
    session.process(Hover(kit.view.target_at(kit.view.layout()["geo"].cell_rect(20).center, session.hand)))
    assert not session.hand.keyboard
