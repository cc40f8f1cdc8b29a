import pytest

from game.play.match import Match, Timer, format_time
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.macmahon.puzzle import MACMAHON
from solver.errors import SquarewiseError
from solver.genius.position import Move, Position

BOARD = "A1A2A4A6B4D5E1"


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_undo_redo_restart():
    start = Position.parse(BOARD)
    m = Match(start, puzzle="genius")
    a = start.place(Move.parse("1:F6"))
    b = a.place(Move.parse("2:F4F5"))
    m.play(a, "1:F6")
    m.play(b, "2:F4F5")
    assert m.position == b and m.can_undo and not m.can_redo
    assert m.undo() and m.position == a and m.can_redo
    assert m.redo() and m.position == b
    m.undo()
    m.play(a.place(Move.parse("3-I:F1F2F3")), "3-I:F1F2F3")
    assert not m.can_redo, "a new move drops the redo stack"
    assert m.restart() and m.position == start and m.undo() and m.position != start
    assert m.game_id == BOARD


def test_a_stopped_timer_keeps_its_time_until_started_again():
    clock = FakeClock()
    t = Timer(running=True, clock=clock)
    clock.now += 5
    t.stop()
    clock.now += 100
    assert t.elapsed == pytest.approx(5)
    t.start()
    clock.now += 2
    assert t.elapsed == pytest.approx(7)


def test_format_time_writes_m_ss_h_mm_ss_or_a_dash():
    assert format_time(65) == "1:05" and format_time(3700) == "1:01:40" and format_time(None) == "\u2014"


def _completed(clock: FakeClock) -> Match:
    """A match played to its solution 10 s after it started; asserts that it finished."""
    from solver.genius import search
    start = Position.parse(BOARD)
    m = Match(start, puzzle="genius", timer=Timer(running=True, clock=clock))
    clock.now += 10
    assert m.play(search.solve(start), "(the whole solution)") is True and m.finished
    return m


def test_completing_stops_the_clock():
    clock = FakeClock()
    m = _completed(clock)
    clock.now += 50
    assert m.elapsed == pytest.approx(10)


def test_undo_after_completing_restarts_the_clock():
    clock = FakeClock()
    m = _completed(clock)
    clock.now += 50
    m.undo()
    clock.now += 1
    assert not m.finished and m.elapsed == pytest.approx(11)


def _saved_and_loaded() -> tuple[Match, Match, FakeClock]:
    """A match with two moves, one undone, 42.5 s in; and that match saved and loaded on a new clock."""
    clock = FakeClock()
    start = Position.parse(BOARD)
    m = Match(start, puzzle="genius", meta={"dice": "default", "seed": 7}, timer=Timer(running=True, clock=clock))
    m.play(start.place(Move.parse("1:F6")), "1:F6")
    m.play(m.position.place(Move.parse("4-O:C3C4D3D4")), "4-O:C3C4D3D4")
    m.undo()
    clock.now += 42.5
    later = FakeClock()
    return m, Match.from_dict(m.to_dict(), GENIUS, clock=later), later


def test_a_loaded_match_keeps_its_history():
    m, again, _ = _saved_and_loaded()
    assert again.position == m.position and again.history == m.history and again.can_redo


def test_a_loaded_match_keeps_its_meta():
    _, again, _ = _saved_and_loaded()
    assert again.meta == {"dice": "default", "seed": 7}


def test_a_loaded_match_runs_on_from_its_saved_time():
    _, again, later = _saved_and_loaded()
    later.now += 1
    assert again.elapsed == pytest.approx(43.5) and again.timer.running


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("history"),
    lambda d: d.update(index=5),
    lambda d: d.update(elapsed="soon"),
    lambda d: d.update(elapsed=float("inf")),      # json.loads reads Infinity and NaN
    lambda d: d.update(elapsed=float("nan")),
    lambda d: d.update(elapsed=-1),
    lambda d: d.update(meta={"rolled": "A1A2"}),   # meta values the scenes draw or count with
    lambda d: d.update(meta={"rolled": ["A1", "A2", "A4", "A6", "B4", "D5", "E1"]}),
    lambda d: d.update(meta={"rolled": [0, 1, 3, 5, 9, 27, 99]}),
    lambda d: d.update(meta={"solutions": "x"}),
    lambda d: d.update(meta={"dice_name": 5}),
    lambda d: d.update(meta=[1, 2]),
    lambda d: d.update(start="A1A2"),
    lambda d: d.update(puzzle="macmahon"),
    lambda d: d.update(history=["A1A2A4A6B4D5E2"]),
])
def test_bad_saves_are_refused_with_a_reason(mutate):
    data = Match(Position.parse(BOARD), puzzle="genius").to_dict()
    mutate(data)
    with pytest.raises(SquarewiseError):
        Match.from_dict(data, GENIUS)


def test_a_save_whose_rolled_dice_are_the_blockers_loads():
    start = Position.parse(BOARD)
    rolled = [24, 0, 1, 3, 5, 9, 22]              # E1 A1 A2 A4 A6 B4 D5, in die order
    data = Match(start, puzzle="genius", meta={"rolled": rolled, "solutions": 12, "assisted": False}).to_dict()
    assert Match.from_dict(data, GENIUS).meta["rolled"] == rolled


def _full_macmahon(clashing: bool):
    from solver.macmahon import search
    from solver.macmahon.position import Position as Board6
    solution = search.solve(Board6.parse("4x6x3"))
    if not clashing:
        return solution
    cells = list(solution.cells)
    cells[0], cells[1] = cells[1], cells[0]          # two tiles swapped: still full, now clashing
    return Board6(solution.board, tuple(cells))


def test_a_full_board_that_breaks_a_rule_does_not_stop_the_clock():
    from solver.macmahon.position import Position as Board6
    clock = FakeClock()
    start = Board6.parse("4x6x3")
    m = Match(start, puzzle="macmahon", timer=Timer(running=True, clock=clock))
    wrong = _full_macmahon(clashing=True)
    assert wrong.is_complete and not wrong.is_solved
    assert m.play(wrong, "(all 24)") is False and not m.finished and m.timer.running
    assert m.play(_full_macmahon(clashing=False), "(all 24)") is True and m.finished and not m.timer.running


@pytest.mark.parametrize("meta", [{"source": 3}, {"daily": "7"}, {"assisted": 1}])
def test_each_puzzle_checks_its_own_metadata(meta):
    from solver.macmahon.position import Position as Board6
    data = Match(Board6.parse("4x6x3"), puzzle="macmahon", meta=meta).to_dict()
    with pytest.raises(SquarewiseError, match="not a saved game"):
        Match.from_dict(data, MACMAHON)
    assert Match.from_dict(dict(data, meta={}), MACMAHON).puzzle == "macmahon"


def test_a_held_timer_freezes_until_let_go():
    now = [0.0]
    timer = Timer(running=True, clock=lambda: now[0])
    now[0] = 5
    timer.hold(True)
    now[0] = 50
    assert timer.elapsed == 5 and timer.running and timer.held
    timer.hold(False)
    now[0] = 52
    assert timer.elapsed == 7


def test_letting_go_of_a_hold_never_restarts_a_stopped_timer():
    now = [0.0]
    timer = Timer(running=True, clock=lambda: now[0])
    now[0] = 7
    timer.stop()                      # the game is over
    timer.hold(True)
    timer.hold(False)
    now[0] = 90
    assert timer.elapsed == 7 and not timer.running


def test_a_saved_macmahon_match_that_takes_a_given_tile_back_does_not_load():
    """A daily's save edited so that its one move sends a given tile to the tray (issue 37 item 5:
    before, it loaded and the tile left the board)."""
    import datetime as dt
    from solver.macmahon.daily import macmahon_daily
    start = MACMAHON.parse(macmahon_daily(dt.date(2026, 3, 2)).puzzle.notation())
    given = next(c for c, v in enumerate(start.cells) if v is not None)
    name = start.board.cell_name(given)
    taken = start.remove(given)
    saved = Match(start, puzzle="macmahon", meta={"daily": 61})
    data = {**saved.to_dict(), "history": [start.notation(), taken.notation()], "moves": ["", f"-{name}"],
            "index": 1}
    with pytest.raises(SquarewiseError, match=f"the tile on {name} is given"):
        Match.from_dict(data, MACMAHON)


def test_a_loaded_macmahon_match_keeps_the_givens_of_its_start_in_every_position():
    start = MACMAHON.parse("4x6x3:2b...../....../....../......")
    m = Match(start, puzzle="macmahon")
    m.play(MACMAHON.execute(start, "7a@C3!"), "7a@C3!")
    again = Match.from_dict(m.to_dict(), MACMAHON)
    assert [p.givens for p in again.history] == [frozenset({0})] * 2
