"""The ranked run as a mode (game/scenes/ranked/run.py `Ranked`) on a Desk with a fake client,
for both puzzles, without a window: the server's board and clock, each move to the server, a
refusal undone, the done banner and the record as the day's daily with the server's time, no
help, Escape leaves a ranked run on the server, giving it up asks first, a run given back
after a drop."""
from __future__ import annotations

import datetime as dt

import pytest

from game.play.commands import Ask, Banner, Key, Leave, Toast
from game.play.records import DAILY
from game.play.session import PlaySession, Won
from game.puzzles.genius.hand import Hand as GeniusHand
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.macmahon.hand import Hand as MacMahonHand
from game.puzzles.macmahon.puzzle import MACMAHON
from game.net.desk import Desk
from game.modes.ranked import CLOSE, LEFT_OUT, NO_HELP, Ranked, done_words
from game.puzzles import registry
from tests.game.fakes import ModeHost, table_for
from tests.game.ranked.fake_desk import Clients, run_message
from tests.validate_genius import check_position
from tests.validate_macmahon import problems

BLOCKERS = "A1A2A4A6B4D5E1"


def ranked(tmp_path, puzzle, hand, start, **run):
    app = ModeHost(tmp_path)
    session = PlaySession(puzzle, app, hand)
    clients = Clients()
    desk = Desk("ws://127.0.0.1:9000/", connect=clients)
    desk.start_run("t" * 43, puzzle.name, 60, run.pop("ranked", True))
    clients.last.say("run", **run_message(puzzle.name, start, ranked=desk.asked["ranked"], **run))
    desk.pump()

    entry = registry.get(session.puzzle.name)
    mode = Ranked(table_for(session, app), desk, registry.load(entry.kit_target).RUN_BUTTONS)
    mode.begin_run()
    session.take_effects()
    return mode, session, clients.last


@pytest.fixture
def genius(tmp_path):
    return ranked(tmp_path, GENIUS, GeniusHand(), BLOCKERS)


def test_the_run_is_the_servers_board_a_ranked_daily_match(genius):
    mode, session, client = genius
    m = session.match
    assert m.start == GENIUS.parse(BLOCKERS) and m.meta["kind"] == "ranked" and m.meta["daily"] == 60


def test_each_move_goes_to_the_server(genius):
    mode, session, client = genius
    session.move("1:F6")
    session.process(Key("undo"), mode.allows)
    assert [f["move"] for k, f in client.sent if k == "move"] == ["1:F6", "-1"]


def test_a_ranked_run_offers_no_help(genius):
    mode, session, client = genius
    assert not mode.allows("hint") and not mode.allows("solve")
    assert "hint" not in dict(mode.BUTTONS) and "solve" not in dict(mode.GAME_MENU)


def test_help_asked_in_a_ranked_run_is_answered_with_the_reason(genius):
    mode, session, client = genius
    assert mode.do("hint") == [Toast(NO_HELP, 4)] and mode.do("solve") == [Toast(NO_HELP, 4)]


def test_a_refused_move_is_undone_with_the_servers_reason(genius):
    mode, session, client = genius
    session.move("1:F6")
    client.say("refused", seq=1, reason="the clock says no", position=BLOCKERS, ms=800)
    effects = mode.update(0.0)
    assert session.position == GENIUS.parse(BLOCKERS)
    assert any(isinstance(e, Toast) and "the clock says no" in e.text for e in effects)


def filled(genius) -> None:
    """The run's board filled with a solution, move by move."""
    from solver.genius import search
    mode, session, client = genius
    done = search.solve(session.position)
    check_position(done, blockers=session.match.start.blockers)
    for move in session.position.moves_to(done):
        session.move(move.notation())


def done_3rd_of_41(genius) -> list:
    """The board filled, then the server's done (3rd of 41 in 44 s) heard: the effects."""
    mode, session, client = genius
    filled(genius)
    client.say("done", puzzle="genius", daily=60, ranked=True, ms=44000, place=3, of=41, flagged=False)
    return mode.update(0.0) + session.take_effects()


def test_a_full_board_waits_for_the_server(genius):
    filled(genius)
    match = genius[1].match
    assert match.finished and not match.ended     # the server says when it ends


def test_done_shows_the_servers_verdict(genius):
    won = next(e for e in done_3rd_of_41(genius) if isinstance(e, Won))
    assert genius[0].won(won.ending)[0] == Banner(("3rd of 41 · 0:44", CLOSE), "win", stays=True)


def test_done_records_the_run_as_the_daily_with_the_servers_time(genius):
    done_3rd_of_41(genius)
    statistics = genius[1].host.statistics
    game = statistics["genius"]["games"][-1]
    assert game["seconds"] == 44.0 and game["daily"] == 60 and game["place"] == 3 and game["won"]
    assert statistics["genius"]["best"][DAILY] == 44.0


def test_a_done_run_takes_no_undo(genius):
    done_3rd_of_41(genius)
    assert not genius[0].allows("undo")


DONE = {"ms": 52000, "place": None, "of": 41}


def test_the_done_words_say_a_flagged_run_is_left_out():
    assert done_words({**DONE, "ranked": True, "flagged": True}).startswith(LEFT_OUT)


def test_the_done_words_say_a_replay_is_unranked():
    assert done_words({**DONE, "ranked": False, "flagged": False}) == "Unranked: 0:52"


def test_escape_in_a_ranked_run_says_how_to_go_on_with_it(genius):
    mode, session, client = genius
    session.move("1:F6")
    said = mode.back()
    assert said[0] == Leave() and isinstance(said[1], Toast) and "Go on with the run" in said[1].text


def test_escape_leaves_a_ranked_run_on_the_server(genius):
    """Back to the dailies (to mute, say) neither loses nor gives up the run: nothing is sent,
    nothing recorded, the run is the Desk's still."""
    mode, session, client = genius
    session.move("1:F6")
    mode.back()
    mode.leave()                                         # (the screen popped)
    assert ("leave", {}) not in client.sent and not session.match.ended and mode.desk.unfinished
    assert mode.services.statistics.get("genius", {}).get("played", 0) == 0


def test_giving_up_a_ranked_run_asks_first(genius):
    mode, session, client = genius
    session.move("1:F6")
    assert ("give_up", "Give up the run") in mode.GAME_MENU
    asked = mode.do("give_up")
    assert isinstance(asked[0], Ask) and "over for today" in asked[0].question


def test_a_ranked_run_given_up_is_over_on_the_server(genius):
    mode, session, client = genius
    session.move("1:F6")
    asked = mode.do("give_up")
    assert asked[0].on_yes() == [Leave()]
    assert client.sent[-1] == ("leave", {}) and session.match.meta["result"] == "lost"


def test_leaving_an_unranked_run_asks_nothing(tmp_path):
    mode, session, client = ranked(tmp_path, GENIUS, GeniusHand(), BLOCKERS, ranked=False)
    assert mode.back() == [Leave()]


def given_back(genius) -> PlaySession:
    """Two moves played, the second never sent; the run given back by the server at 30 s."""
    mode, session, client = genius
    session.move("1:F6")
    session.move("2:F4F5")              # the server never got this one
    mode.desk.resumed = True
    mode.desk.sent = GENIUS.parse(BLOCKERS + "/1:F6")
    mode.desk.run = {**mode.desk.run, "elapsed_ms": 30000, "seq": 1}
    mode.update(0.0)
    return session


def test_a_run_given_back_takes_the_servers_board(genius):
    assert given_back(genius).position == GENIUS.parse(BLOCKERS + "/1:F6")


def test_a_run_given_back_takes_the_servers_clock(genius):
    assert given_back(genius).match.elapsed >= 30.0


def macmahon_solved(tmp_path):
    """A MacMahon ranked run (the daily of 1 March 2026) played to its solution: (mode, session, client)."""
    from solver.macmahon import search
    from solver.macmahon.daily import macmahon_daily
    start = macmahon_daily(dt.date(2026, 3, 1)).puzzle
    mode, session, client = ranked(tmp_path, MACMAHON, MacMahonHand(), start.notation())
    done = search.solve(start)
    assert problems(done.colour_rows(), 3) == []
    board = done.board
    for move in start.moves_to(done):
        session.move(move.notation(board))
    assert session.match.finished
    return mode, session, client


def test_a_macmahon_run_is_strict(tmp_path):
    mode, session, client = macmahon_solved(tmp_path)
    assert mode.STRICT and ("turn", "Turn (R)") in mode.BUTTONS
    assert all(not f["move"].endswith("!") for k, f in client.sent if k == "move")


def test_a_macmahon_run_s_solution_is_recorded(tmp_path):
    mode, session, client = macmahon_solved(tmp_path)
    client.say("done", puzzle="macmahon", daily=60, ranked=True, ms=95000, place=1, of=1, flagged=False)
    mode.update(0.0)
    assert session.host.statistics["macmahon"]["games"][-1]["seconds"] == 95.0
