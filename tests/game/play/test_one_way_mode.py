"""One way, the Genius puzzle mode (issue 38 item 3), with no window: the kit in One way mode on a
FakeApp, every command through `session.process` (tests/game/genius_kits.py). The given pieces
stay put whatever the player does (mouse, keys, a raw move, a save edited), exactly one finish
exists, the levels deal from seven pieces given down to the roll's fewest, hints never touch a
given piece, undo/redo/restart keep them, game IDs and saves carry them, a win is recorded in
its own statistics row and level, and the rows still add up."""
from __future__ import annotations

import json

import pytest

from game.play import records
from game.play.match import format_time
from game.play.commands import Key, Press, Release, Square, Toast, Unused
from game.play.session import Hinted, Won
from game.puzzles.genius import one_way
from game.modes.genius.one_way import OneWay
from solver.genius import search
from solver.genius.min_pieces import fewest
from solver.genius.pieces import PIECES
from solver.genius.position import Position
from tests.game.genius_kits import act, drop, genius_kit, settle
from tests.validate_genius import completions


def dealt(kit) -> list:
    """The deal answered (as the app's frame would) and the mode's later effects performed (the
    dice rolling in: they land at once, animations being off): all the effects."""
    effects = settle(kit)
    later = kit.mode.take_effects()
    for effect in later:
        kit.perform(effect)
    return effects + later


def one_way_kit(folder, level: int = 1):
    """A Genius kit switched to One way at `level` (the picker), its first puzzle dealt and landed."""
    kit = genius_kit(folder)
    act(kit, "oneway")
    dealt(kit)
    if level != 1:
        act(kit, f"level={level}")
        act(kit, "new")
        dealt(kit)
    assert kit.mode.name == "oneway" and kit.match.meta["oneway"] == level, kit.session.status
    assert kit.roll is None and kit.match.timer.running
    return kit


def finish(kit) -> list:
    """The player's pieces of the one finish, dragged from the tray: the effects."""
    done = search.solve(kit.session.position)
    effects = []
    for piece in PIECES:
        if piece not in kit.session.position.placed:
            effects += settle(kit, drop(kit.session, piece, done.placed[piece]))
    return effects


def given_square(position: Position) -> tuple[str, Square]:
    piece = sorted(position.givens)[0]
    cell = min(position.placed[piece])
    return piece, Square(*divmod(cell, 6))


def test_the_mode_deals_a_puzzle_with_seven_pieces_given(tmp_path):
    kit = one_way_kit(tmp_path)
    start = kit.match.start
    assert len(start.givens) == 7 and start.givens == set(start.placed)
    shows = kit.mode.shows()["subtitle"]
    assert shows.startswith("One way · level 1 · 7 pieces given")
    assert kit.shown_id() == start.notation() and "=" in kit.shown_id()
    json.dumps(kit.match.to_dict())


def test_the_dealt_puzzle_has_one_finish(tmp_path):
    start = one_way_kit(tmp_path).match.start
    given = {p: sorted(c) for p, c in start.placed.items()}
    assert len(completions(start.blockers, given, limit=2)) == 1           # the validator's own search


def test_a_given_piece_stays_put_under_the_mouse(tmp_path):
    s = one_way_kit(tmp_path, level=5).session
    start = s.position
    _, square = given_square(start)
    for command in (Press(square), Release(square, click=True), Press(square, button=3)):
        effects = s.process(command)
        assert s.hand.held is None and s.position == start and s.position.givens == start.givens
        if isinstance(command, Press):          # (a press says so; its release then has nothing to drop)
            assert any(isinstance(e, Toast) and "is part of this puzzle and stays put" in e.text
                       for e in effects), effects


def test_a_given_piece_stays_put_under_the_keys(tmp_path):
    s = one_way_kit(tmp_path, level=5).session
    start = s.position
    piece, square = given_square(start)
    s.hand.cursor = (square.row, square.col)
    for action in ("place", "drop"):
        s.process(Key(action))
        assert s.hand.held is None and s.position.placed[piece] == start.placed[piece]


def test_a_given_piece_stays_put_under_a_raw_move(tmp_path):
    kit = one_way_kit(tmp_path, level=5)
    s = kit.session
    start = s.position
    piece, _ = given_square(start)
    assert s.move(f"-{piece}") == f"the {piece} is given: it stays put"
    assert s.position == start and not kit.match.can_undo


def test_the_givens_survive_every_step_through_the_history(tmp_path):
    kit = one_way_kit(tmp_path, level=3)
    s, start = kit.session, kit.match.start
    done = search.solve(start)
    mine = [p for p in PIECES if p not in start.placed][:2]
    for piece in mine:
        settle(kit, drop(s, piece, done.placed[piece]))
    assert all(p in s.position.placed for p in mine)
    act(kit, "undo")
    assert mine[1] not in s.position.placed and s.position.givens == start.givens
    act(kit, "redo")
    assert mine[1] in s.position.placed
    act(kit, "restart")
    assert s.position == start and s.position.givens == start.givens
    assert s.position.notation() == start.notation()


def won_at_level_2(tmp_path):
    """A One way kit at level 2 played to its finish: (kit, the Won effects)."""
    kit = one_way_kit(tmp_path, level=2)
    return kit, [e for e in finish(kit) if isinstance(e, Won)]


def test_a_one_way_win_is_recorded_at_its_level(tmp_path):
    kit, won = won_at_level_2(tmp_path)
    assert won and kit.match.meta["result"] == "won" and not won[0].ending.assisted
    stats = kit.app.statistics
    kept = records.games(stats, "genius")[-1]
    assert kept["level"] == one_way.ROW and kept["key"] == "one way 2 given" and kept["won"]
    assert stats["genius"]["best"]["one way 2 given"] == kept["seconds"]
    assert one_way.statistics_table(stats) == [("One way", "won", "helped", "best"),
                                               ("level 2", "1 of 1", "0", format_time(kept["seconds"]))]


def test_a_one_way_win_offers_a_harder_puzzle(tmp_path):
    kit, won = won_at_level_2(tmp_path)
    headline, _, _ = kit.mode.win_words(won[0].ending)
    assert headline.startswith("Level 2: the one way found in ")
    assert sorted(kit.mode.offers()) == ["harder", "next_puzzle", "same_level"]
    act(kit, "harder")
    dealt(kit)
    assert kit.match.meta["oneway"] == 3 and not kit.match.finished


def test_the_statistics_rows_add_up_with_one_way_games(tmp_path):
    kit, _ = won_at_level_2(tmp_path)
    stats = kit.app.statistics
    act(kit, "harder")
    dealt(kit)
    act(kit, "new")            # abandoned with no move: not a game (docs/records.md)
    dealt(kit)
    kit.session.abandon()
    plain = genius_kit(tmp_path / "plain")
    plain.app.statistics = stats
    plain.session.host = plain.app
    _win_plain(plain)
    rows = records.rows("genius")
    assert one_way.ROW in rows
    total = records.summary(stats, "genius").played
    assert total == 2 == sum(records.summary(stats, "genius", row).played for row in rows)
    assert records.summary(stats, "genius", one_way.ROW).played == 1
    table = one_way.statistics_table(stats)[1:]
    assert sum(int(row[1].split(" of ")[1]) for row in table) == records.summary(stats, "genius", one_way.ROW).played


def _win_plain(kit) -> None:
    done = search.solve(kit.session.position)
    for piece in PIECES:
        settle(kit, drop(kit.session, piece, done.placed[piece]))
    assert kit.match.meta["result"] == "won"


def test_level_ten_gives_the_fewest_the_roll_allows(tmp_path):
    start = one_way_kit(tmp_path, level=10).match.start
    assert len(start.givens) == fewest(Position.from_blockers(start.blockers)).pieces
    assert search.count(start) == 1


def test_level_ten_offers_no_harder(tmp_path):
    kit = one_way_kit(tmp_path, level=10)
    start = kit.match.start
    finish(kit)
    assert sorted(kit.mode.offers()) == ["next_puzzle", "same_level"]
    act(kit, "same_level")
    dealt(kit)
    assert kit.match.meta["oneway"] == 10 and kit.match.start != start


def test_the_levels_go_down_in_given_pieces(tmp_path):
    kit = one_way_kit(tmp_path)
    counts = []
    for level in range(1, 11):
        act(kit, f"level={level}")
        act(kit, "new")
        dealt(kit)
        counts.append(len(kit.match.start.givens))
        assert kit.match.meta["oneway"] == level and kit.app.settings[one_way.SETTING] == str(level)
    assert counts[0] == 7 and counts[-1] in (1, 2) and all(a >= b for a, b in zip(counts, counts[1:])), counts


def test_a_hint_names_a_piece_of_the_one_finish(tmp_path):
    kit = one_way_kit(tmp_path, level=4)
    s, start = kit.session, kit.match.start
    done = search.solve(start)
    act(kit, "hint")
    effects = settle(kit)
    hinted = [e for e in effects if isinstance(e, Hinted)]
    move = hinted[0].step.move
    assert move.piece not in start.givens and move.cells == done.placed[move.piece]
    assert s.hand.name(move.piece) in s.status, s.status


def test_a_hint_blames_only_the_player_s_pieces(tmp_path):
    kit = one_way_kit(tmp_path, level=4)
    s, start = kit.session, kit.match.start
    done = search.solve(start)
    wrong = next(p for p in PIECES if p not in start.placed)
    cells = next(c for c in _elsewhere(s.position, wrong) if frozenset(c) != done.placed[wrong]
                 and search.solve(s.position.place(_move(wrong, c))) is None)
    s.move(_move(wrong, cells).notation())
    act(kit, "hint")
    settle(kit)
    assert f"take {s.hand.name(wrong)} back" in s.status, s.status
    assert kit.match.meta.get("hints", 0) >= 1


def _move(piece, cells):
    from solver.genius.position import Move
    return Move(piece, frozenset(cells))


def _elsewhere(position, piece):
    from solver.genius.pieces import placements
    return [c for c in placements(piece) if set(c) <= position.empty]


def saved_at_level_6(tmp_path):
    """A One way game at level 6 with one piece of the player's placed, saved: (start, piece, path)."""
    kit = one_way_kit(tmp_path, level=6)
    s, start = kit.session, kit.match.start
    done = search.solve(start)
    piece = next(p for p in PIECES if p not in start.placed)
    settle(kit, drop(s, piece, done.placed[piece]))
    return start, piece, s.save_to(tmp_path / "one-way.json")


def test_a_one_way_save_loads_into_one_way_with_its_givens(tmp_path):
    start, piece, path = saved_at_level_6(tmp_path)
    other = genius_kit(tmp_path / "other")
    match = other.session.load(path)
    other.dealer.play_match(match)
    assert other.mode.name == "oneway" and isinstance(other.mode, OneWay)
    assert other.match.start.givens == start.givens and other.match.position.givens == start.givens
    assert other.match.meta["oneway"] == 6 and piece in other.match.position.placed


def test_a_one_way_save_edited_to_take_a_given_back_is_refused(tmp_path):
    start, _, path = saved_at_level_6(tmp_path)
    other = genius_kit(tmp_path / "other")
    data = json.loads(path.read_text())
    given = sorted(start.givens)[0]
    body = data["data"]
    body["history"].append(Position.parse(body["history"][-1]).remove(given).notation())
    body["moves"].append(f"-{given}")
    body["index"] = len(body["history"]) - 1
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match=f"the {given} is given"):
        other.session.load(path)


def test_a_plain_game_loaded_or_typed_in_one_way_is_played_alone(tmp_path):
    kit = one_way_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id("A1A2A4A6B4D5E1"), {})
    assert kit.mode.name == "play" and not kit.match.start.givens
    kit.begin_id(kit.dealer.parse_id("A1A2A4A6B4D5E1/2=D1D2/3-L=B2C1C2"), {})
    assert kit.mode.name == "play" and kit.match.start.givens == {"2", "3-L"}
    assert kit.session.move("-2") == "the 2 is given: it stays put"


def test_the_solution_counters_are_not_offered(tmp_path):
    kit = one_way_kit(tmp_path)
    assert act(kit, "count") == [Unused(None)] and act(kit, "solutions") == [Unused(None)]


def test_sunday_s_daily_is_played_as_a_one_way_puzzle(tmp_path):
    """The daily of a Sunday opened as the daily screen opens it (a game ID with its number):
    pinned pieces that stay put, one finish, 'one way' under the title, the win a daily's."""
    import datetime as dt
    from solver.genius.daily import genius_daily
    sunday = genius_daily(dt.date(2026, 11, 29))
    kit = genius_kit(tmp_path)
    kit.begin_id(kit.dealer.parse_id(sunday.position.notation()), {"daily": sunday.number, "level": sunday.level})
    kit.session.take_effects()
    start = kit.match.start
    assert start.givens and search.count(start) == 1 and kit.mode.name == "play"
    assert kit.mode.shows()["subtitle"] == f"Daily #{sunday.number} · very hard · one way"
    given = sorted(start.givens)[0]
    assert kit.session.move(f"-{given}") == f"the {given} is given: it stays put"
    finish(kit)
    kept = records.games(kit.app.statistics, "genius")[-1]
    assert kept["daily"] == sunday.number and kept["key"] == records.DAILY and kept["won"]
