"""The race against the computer on the Genius kit with no window (tests/game/versus_kits.py):
every dice set makes a race, the level menu, the computer's board in its place at every window
size, a loss in the records, undo after a win. (Moved from tests/game/test_versus.py and
test_mid_end_cases.py, one concern each as there.)"""
from __future__ import annotations

import pytest

from game.play import records
from game.play.commands import Rebuild
from game.play.session import Won
from solver.genius import dice, search
from solver.genius.pieces import PIECES
from tests.game.fakes import first_move
from tests.game.widget_app import WidgetApp, built_chrome
from tests.game.genius_kits import act, drop, frame_of
from tests.game.versus_kits import plan, tick, versus_kit
from tests.validate_genius import check_position


DICE = pytest.mark.parametrize("dice_setting", ["default", "alternative", "custom"])


def versus_with(tmp_path, dice_setting: str):
    """A race against the club player with that dice set (a custom one saved to a file): (kit, clock)."""
    if dice_setting == "custom":
        custom = dice.DiceSet("mine", [[0, 35], [5, 30], [14, 21], [3, 9], [26, 32], [17, 18], [11, 24]])
        path = tmp_path / "mine.json"
        dice.save(custom, path)
        setting = str(path)
    else:
        setting = dice_setting
    return versus_kit(tmp_path, "club", seed=5, settings={"dice": setting})


@DICE
def test_every_dice_set_makes_a_race(tmp_path, dice_setting):
    kit, clock = versus_with(tmp_path, dice_setting)
    rolled = dice.resolve(kit.app.settings["dice"])
    assert any(sorted(kit.match.start.blockers) == sorted(set(r)) for r in rolled.rolls())
    clock.now = kit.mode.opponent.finish_time
    tick(kit)
    assert kit.mode.outcome == "lost"
    check_position(kit.mode.computer_board(), kit.match.start.blockers)


@DICE
def test_a_typed_game_id_makes_a_race_too(tmp_path, dice_setting):
    kit, clock = versus_with(tmp_path, dice_setting)
    clock.now = kit.mode.opponent.finish_time
    tick(kit)
    assert kit.mode.refuses_ids() is None and not kit.mode.in_progress()   # a chosen board: played at once
    kit.begin_id(kit.dealer.parse_id("A1A2A4A6B4D5E1"), {})                        # ... and it is a race too
    plan(kit)
    assert kit.mode.computer_board().blockers == kit.match.start.blockers and kit.mode.outcome is None


@pytest.fixture
def expert_race(tmp_path, monkeypatch):
    """A race against the expert on a kit with widgets (the dice menu a plain one): the kit."""
    import game.scenes.genius.kit as genius_kit_module
    from tests.game.widget_app import Menu
    monkeypatch.setattr(genius_kit_module, "DiceMenu", lambda scene, rect: Menu(rect, "dice", []))   # (a widget)
    return versus_kit(tmp_path, "expert", app_type=WidgetApp)[0]


def test_the_level_menu_sets_the_next_race_s_level(expert_race):
    kit = expert_race
    assert kit.mode.do("level") == [Rebuild()]            # the key: the next level in turn
    assert kit.mode.level == "expert" and kit.mode.next_level == "champion"
    assert built_chrome(kit).menus["level"].label == "Level: champion"
    entries = built_chrome(kit).menus["level"].entries
    assert "level=expert" in str(entries) and "level=champion" in str(entries)
    kit.mode.do("level=expert")                            # the menu's entries
    assert kit.mode.next_level == "expert" and built_chrome(kit).menus["level"].label == "Level: expert"


def test_the_next_race_is_at_the_level_chosen_which_is_remembered(expert_race):
    kit = expert_race
    kit.mode.do("level=champion")
    act(kit, "new")
    plan(kit)                                              # the new race begins
    assert kit.mode.level == "champion" and kit.app.settings["versus_level"] == "champion"


@pytest.mark.parametrize("size", [(800, 560), (1100, 760), (1400, 900)])
def test_the_computers_framed_board_stays_out_of_the_tray(tmp_path, monkeypatch, size):
    import pygame
    from game.scenes.genius import versus_view
    drawn = []
    real = versus_view.draw_board
    monkeypatch.setattr(versus_view, "draw_board", lambda surface, geo, *a, **k: (drawn.append(geo),
                                                                                 real(surface, geo, *a, **k)))
    kit, _ = versus_kit(tmp_path, "club", size=size)
    kit.view.draw(pygame.Surface(size), frame_of(kit))
    geo, lay = drawn[-1], kit.view.layout(size)
    framed = geo.rect.inflate(geo.cell // 5, geo.cell // 5)
    assert lay["rival"].contains(framed)
    assert not [slot for slot in lay["slots"] if slot.colliderect(framed)]


def test_5_a_loss_against_the_computer_counts_like_a_win(tmp_path):
    kit, clock = versus_kit(tmp_path, "champion")
    first_move(kit.session)
    clock.now = 10_000.0
    tick(kit)
    assert kit.mode.outcome == "lost"
    s = records.summary(kit.app.statistics, "genius")
    assert (s.played, s.lost) == (1, 1)


def test_5_a_race_against_the_computer_lost_before_any_move_is_no_game(tmp_path):
    kit, clock = versus_kit(tmp_path, "champion")
    clock.now = 10_000.0
    tick(kit)
    assert kit.mode.outcome == "lost"
    assert records.summary(kit.app.statistics, "genius").played == 0


def won(kit, effects) -> None:
    """A win among a command's effects handed to the mode, as the screen does."""
    for effect in effects:
        if isinstance(effect, Won):
            kit.mode.won(effect.ending)


def test_9_undo_after_beating_the_computer_never_restarts_the_clock(tmp_path):
    kit, clock = versus_kit(tmp_path, "beginner")
    done = search.solve(kit.match.start)
    for n, piece in enumerate(PIECES):
        clock.now = 2.0 * (n + 1)
        tick(kit)
        won(kit, drop(kit.session, piece, done.placed[piece]))
        assert kit.session.position.placed[piece] == done.placed[piece]
    tick(kit)
    assert kit.mode.outcome == "won" and kit.match.finished
    elapsed = kit.match.elapsed
    act(kit, "undo")
    clock.now += 50
    tick(kit)
    assert kit.match.elapsed == elapsed and not kit.match.timer.running
    act(kit, "redo")
    assert records.summary(kit.app.statistics, "genius").played == 1
