"""Whole MacMahon games on the kit with no window (tests/game/widget_app.py): a win with help,
a daily's best time, hint, check and solve from here, the M key's rules, the level boards.
The engine's jobs run in the fake worker and are answered on `poll()`, as in a frame. (Moved
from tests/game/test_mid_end_cases.py, test_macmahon_play.py and test_levels_in_game.py, one
concern each as there.)"""
from __future__ import annotations

import random

from game.play import records
from game.play.commands import Press, Release, Slot, Square
from game.play.session import Won
from solver.macmahon import search as tiles
from solver.macmahon.position import Move, Position
from tests.game.fakes import FakeApp
from tests.game.widget_app import WidgetApp, built_chrome, macmahon_kit
from tests.game.genius_kits import act
from tests.validate_macmahon import problems


def jump(kit, target) -> None:
    """Play the moves from the position on show to `target` one by one through the session, as
    a player would put them (tests/game/drive.py `jump`, on a kit)."""
    for move in kit.match.position.moves_to(target):
        text = move.notation(target.board) + "!"
        assert not isinstance(kit.session.move(text), str), text


def answered(kit) -> None:
    """The worker's answers delivered, twice (an answer may start another job: the count)."""
    kit.app.worker.poll()
    kit.app.worker.poll()


def solving(kit) -> list:
    """A solve under way played to its end, as the screen's frames step it: the effects."""
    effects = []
    for _ in range(200):
        if not kit.session.solve_queue:
            break
        kit.session.step_solve(0.2, 0.1)
        effects += kit.session.take_effects()
    assert not kit.session.solve_queue
    return effects


def test_2_a_macmahon_win_with_help_is_recorded_as_won_with_help(tmp_path):
    kit = macmahon_kit(FakeApp(tmp_path), "4x6x3", random.Random(1))
    act(kit, "hint")
    answered(kit)
    jump(kit, tiles.solve(kit.match.position))
    s = records.summary(kit.app.statistics, "macmahon")
    assert kit.match.finished and (s.played, s.won, s.assisted) == (1, 0, 1)


def test_4_a_macmahon_daily_never_sets_the_best_time_of_the_empty_board(tmp_path):
    full = tiles.solve(Position.parse("4x6x3"))
    given = full
    for cell in range(11, 24):
        given = given.remove(cell)
    kit = macmahon_kit(FakeApp(tmp_path))
    kit.begin_id(kit.dealer.parse_id(given.notation()), {"daily": 12, "level": "hard"})   # as the daily opens it
    jump(kit, tiles.solve(kit.match.position))
    assert kit.match.finished and "4x6x3" not in kit.app.statistics["macmahon"]["best"]
    assert records.summary(kit.app.statistics, "macmahon").best is None


def strict_kit(tmp_path):
    kit = macmahon_kit(FakeApp(tmp_path))
    kit.app.settings["macmahon_mode"] = "strict"
    kit.update(0)
    return kit


def test_the_third_hint_shows_a_move_of_a_solution(tmp_path):
    kit = strict_kit(tmp_path)
    pos = kit.match.position
    act(kit, "hint")
    answered(kit)
    act(kit, "hint")                     # which, where, then how: the whole move on the board
    act(kit, "hint")
    tile, rotation, cell, step, _ = kit.session.hand.hint
    assert step == 2                        # the last rung: the ghost
    after = pos.place(Move(tile, rotation, cell))
    completed = tiles.solve(after)
    assert problems(completed.colour_rows(), 3) == [] and completed.colours_at(cell) == after.colours_at(cell)


def dead_end(pos: Position) -> Position:
    """A legal position (no clash) that no solution extends, grown from `pos` by random tiles."""
    rng = random.Random(5)
    bad, grow = None, pos
    while bad is None:
        tile, rotation, cell = rng.choice(grow.unplaced), rng.randrange(4), rng.randrange(24)
        if grow.check(Move(tile, rotation, cell)) is None:
            candidate = grow.place(Move(tile, rotation, cell))
            if tiles.solve(candidate) is None:
                bad = candidate
            else:
                grow = candidate
    assert bad.clashes() == frozenset()
    return bad


def test_check_on_a_dead_end_blames_a_tile_to_take_back(tmp_path):
    kit = strict_kit(tmp_path)
    bad = dead_end(kit.match.position)
    jump(kit, bad)
    act(kit, "check")                       # (Shift+C)
    answered(kit)
    assert kit.session.status.startswith("No") and kit.session.hand.blamed is not None
    blamed = kit.session.hand.blamed[0]
    rescued = tiles.solve(bad.remove(blamed))
    assert problems(rescued.colour_rows(), 3) == []


def test_check_on_the_restarted_board_says_yes(tmp_path):
    kit = strict_kit(tmp_path)
    jump(kit, dead_end(kit.match.position))
    act(kit, "restart")
    act(kit, "check")
    answered(kit)
    assert kit.session.status.startswith("Yes")


def test_solve_from_here_wins_with_help(tmp_path):
    kit = strict_kit(tmp_path)
    act(kit, "solve")                       # (Shift+S)
    answered(kit)
    endings = [e.ending for e in solving(kit) if isinstance(e, Won)]
    final = kit.match.position
    assert final.is_complete and problems(final.colour_rows(), 3) == []
    assert kit.match.finished and len(endings) == 1
    assert "with help" in kit.mode.win_words(endings[0])[0]     # the line the screen says
    assert "macmahon" not in kit.app.statistics or "4x6x3" not in kit.app.statistics["macmahon"].get("best", {})


def test_m_switches_to_free_rules(tmp_path):
    kit = strict_kit(tmp_path)
    act(kit, "mode")                        # the M key
    assert kit.app.settings["macmahon_mode"] == "free"


def test_the_drop_after_m_follows_the_free_rules(tmp_path):
    kit = strict_kit(tmp_path)
    act(kit, "mode")                        # the M key
    kit.update(0)                           # (the screen's frame: the rules in force)
    kit.session.process(Press(Slot(6)))
    kit.session.process(Release(Square(0, 0)))        # tile 7 breaks the border rule: allowed, marked
    assert kit.match.position.cells[0] == (6, 0)
    assert (0, "T") in kit.match.position.clashes()


def level_label(kit) -> str:
    return built_chrome(kit).menus["level"].label


def at_level(tmp_path, level: str):
    """A MacMahon kit on a board of `level` from the level menu, the job that makes it answered."""
    kit = macmahon_kit(WidgetApp(tmp_path))
    act(kit, f"level={level}")              # the level menu's entry
    assert kit.session.job is not None and kit.session.job.label.startswith("Making a level")
    answered(kit)
    return kit


def test_macmahon_level_ten_gives_the_fewest_tiles(tmp_path):
    kit = at_level(tmp_path, "10")
    givens = sum(v is not None for v in kit.match.start.cells)
    assert 2 <= givens <= 5 and kit.match.meta["level"] == "10"
    assert tiles.completions(kit.match.start) == 1


def test_free_play_after_a_level_goes_back_to_no_level(tmp_path):
    kit = at_level(tmp_path, "10")
    act(kit, "level=free")
    answered(kit)
    assert "level" not in kit.match.meta and level_label(kit) == "Level: free play"


def test_the_level_menu_starts_on_free_play(tmp_path):
    assert level_label(macmahon_kit(WidgetApp(tmp_path))) == "Level: free play"


def test_the_macmahon_level_picker_plays_a_board_with_one_completion(tmp_path):
    from game.puzzles.macmahon.puzzle import MACMAHON
    kit = at_level(tmp_path, "7")
    start = kit.match.start
    given = [c for c, v in enumerate(start.cells) if v is not None]
    assert 0 < len(given) < start.board.size and kit.match.meta["level"] == "7"
    assert tiles.completions(start) == 1                   # exactly one way to finish it
    done = tiles.solve(start)
    assert problems(done.colour_rows(), done.board.colours) == []
    assert all(done.cells[c] == start.cells[c] for c in given)
    assert level_label(kit) == "Level 7" and MACMAHON.best_key(start, kit.match.meta) == "4x6x3 given"


def test_a_macmahon_level_game_is_recorded_at_its_level(tmp_path):
    kit = at_level(tmp_path, "7")
    act(kit, "solve")                                      # (assisted) the game ends and is recorded by level
    answered(kit)
    solving(kit)
    assert kit.match.finished
    kept = records.games(kit.app.statistics, "macmahon", level="7")
    assert len(kept) == 1 and kept[0]["won"] and kept[0]["assisted"] and kept[0]["key"] == "4x6x3 given"
    assert kit.dealer.facts()[1].endswith(": \u2014")             # a win with help sets no best time ...
    records.record_game(kit.app.statistics, "macmahon", "4x6x3", 50.0, True)
    records.record_game(kit.app.statistics, "macmahon", "4x6x3 given", 61.0, True)
    assert kit.dealer.facts()[1].endswith(": 1:01")              # ... and the empty board's best is not this one's


def test_new_game_deals_another_board_of_the_same_level(tmp_path):
    kit = at_level(tmp_path, "7")
    start = kit.match.start
    act(kit, "new")                                        # New game: another board of the same level
    answered(kit)
    assert kit.match.meta["level"] == "7" and kit.match.start != start
    assert tiles.completions(kit.match.start) == 1


def test_the_variant_menu_starts_a_game_on_that_board(tmp_path):
    kit = macmahon_kit(WidgetApp(tmp_path))
    assert "variant=5x14x4" in str(built_chrome(kit).menus["variant"].entries)    # the menu's entry
    act(kit, "variant=5x14x4")
    assert kit.board.header == "5x14x4" and kit.match.position.unplaced == tuple(range(70))
    assert kit.app.settings["macmahon_variant"] == "5x14x4"


def test_the_v_key_steps_through_the_variants(tmp_path):
    from game.scenes.macmahon.kit import VARIANTS
    kit = macmahon_kit(WidgetApp(tmp_path))
    seen = []
    for _ in VARIANTS:
        act(kit, "variant")                                # the V key
        seen.append(kit.board.header)
    assert seen == [h for h, _ in VARIANTS[1:]] + ["4x6x3"]
    assert built_chrome(kit).menus["variant"].label == VARIANTS[0][1]


def test_the_b_key_opens_the_browser(tmp_path):
    kit = macmahon_kit(WidgetApp(tmp_path))
    act(kit, "browse")                                     # the B key
    assert kit.app.opened == [("macmahon-browser", {})]


def test_macmahon_turn_button_turns_the_carried_tile(tmp_path):
    kit = macmahon_kit(FakeApp(tmp_path))
    kit.session.process(Press(Slot(2)))
    kit.session.process(Release(Slot(2), click=True))         # carried by a click
    rotation = kit.session.hand.held.rotation
    act(kit, "turn")                                          # the Turn button's action
    assert kit.session.hand.held is not None and kit.session.hand.held.rotation == (rotation + 1) % 4


def test_level_ten_says_it_is_a_smallest_puzzle(tmp_path):
    kit = at_level(tmp_path, "10")
    given = [c for c, v in enumerate(kit.match.start.cells) if v is not None]
    assert "a smallest puzzle" in kit.dealer.subtitle(kit.strict)                              # the header says it ...
    status = kit.session.status
    assert f"{len(given)} tiles given" in status and "take any one away" in status \
        and "more than one solution" in status                                # ... and the status line how
    entries = dict((e[0], e[1]) for e in kit.dealer.level_choices())
    assert entries["level=10"] == "Level 10: smallest" and entries["level=9"] == "Level 9"


def test_a_level_ten_board_is_a_smallest_puzzle(tmp_path):
    start = at_level(tmp_path, "10").match.start
    given = [c for c, v in enumerate(start.cells) if v is not None]
    assert tiles.completions(start) == 1
    assert all(tiles.completions(start.remove(c)) > 1 for c in given)


def won_by_solve(kit) -> None:
    act(kit, "solve")
    answered(kit)
    solving(kit)
    assert kit.match.finished and kit.match.meta["result"] == "won"


def test_a_won_macmahon_level_offers_the_three_next_games(tmp_path):
    kit = at_level(tmp_path, "4")                           # the picker's choice: Next puzzle's level
    assert kit.mode.offers() == ()                          # nothing before the win
    won_by_solve(kit)
    assert kit.mode.offers() == ("next_puzzle", "harder", "same_level")


def test_harder_after_a_won_level_deals_the_level_above(tmp_path):
    kit = at_level(tmp_path, "4")
    won_by_solve(kit)
    act(kit, "harder")                                      # the ] key
    answered(kit)
    assert kit.match.meta["level"] == "5" and not kit.match.finished


def test_same_level_after_a_win_deals_another_board_of_it(tmp_path):
    kit = at_level(tmp_path, "5")
    won_by_solve(kit)
    before = kit.match.start
    act(kit, "same_level")                                  # the = key
    answered(kit)
    assert kit.match.meta["level"] == "5" and kit.match.start != before


def test_next_puzzle_after_a_harder_one_goes_back_to_the_picker_s_level(tmp_path):
    kit = at_level(tmp_path, "4")
    won_by_solve(kit)
    act(kit, "harder")
    answered(kit)
    won_by_solve(kit)
    act(kit, "next_puzzle")                                 # N: the Level picker's choice, level 4
    answered(kit)
    assert kit.match.meta["level"] == "4"


def test_a_won_top_level_offers_no_harder(tmp_path):
    kit = at_level(tmp_path, "10")
    won_by_solve(kit)
    assert kit.mode.offers() == ("next_puzzle", "same_level")        # no level above the top one


def test_a_won_free_play_board_offers_the_next_puzzle_only(tmp_path):
    kit = macmahon_kit(WidgetApp(tmp_path))
    won_by_solve(kit)
    assert kit.mode.offers() == ("next_puzzle",)
    assert act(kit, "harder") and kit.match.finished                 # not offered: nothing happens
    act(kit, "next_puzzle")
    answered(kit)
    assert not kit.match.finished and kit.match.start == Position.parse("4x6x3")
