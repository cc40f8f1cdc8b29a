"""The connection to a standings server (game/net/desk.py) on a fake client: each
answer goes to the request waiting for it, a failure is said once per request in one line,
a run keeps the server's board and clock, a MacMahon move goes strict, a dropped run is asked
for again and given back. No network, no window."""
from __future__ import annotations

from game.net.refereed import Retry
from game.net import refereed
from game.net import desk as desk_module
from game.net.desk import OLDER, Desk, host_of
from tests.game.ranked.fake_desk import Clients, run_message

URL = "ws://127.0.0.1:9000/"
BLOCKERS = "A1A2A4A6B4D5E1"


def make():
    clients = Clients()
    return Desk(URL, connect=clients), clients


def test_each_answer_goes_to_the_request_waiting_for_it():
    desk, clients = make()
    got = []
    desk.ask("standings", got.append, puzzle="genius", daily=60, days=1, group=None, token=None, offset=0, limit=1)
    desk.ask("groups", got.append, token="t" * 43)
    clients.last.say("standings", total=0)
    clients.last.say("groups", groups=[])
    desk.pump()
    assert [m["type"] for m in got] == ["standings", "groups"]
    assert [kind for kind, _ in clients.last.sent] == ["standings", "groups"]


def test_an_error_goes_to_its_request_in_the_players_words():
    desk, clients = make()
    errors = []
    desk.ask("register", None, errors.append, name="Ann")
    desk.ask("groups", None, errors.append, token="t" * 43)
    clients.last.say("error", reason="that name is taken (or looks like one that is)")
    clients.last.say("error", reason="unknown message type (known: create, join)")
    desk.pump()
    assert errors == ["that name is taken (or looks like one that is)", OLDER]


def test_a_server_that_is_not_there_is_said_once_to_each_request():
    desk, clients = make()
    errors = []
    desk.ask("standings", None, errors.append, puzzle="genius", daily=60, days=1, group=None, token=None,
             offset=0, limit=1)
    clients.last.say("lost", reason="cannot reach ws://127.0.0.1:9000/: Connection refused")
    desk.pump()
    assert errors == ["127.0.0.1:9000 is not answering"] and desk.lost


def test_asking_again_after_a_failure_makes_a_new_connection():
    desk, clients = make()
    clients.last.say("lost", reason="no answer from ws://127.0.0.1:9000/")
    desk.pump()
    desk.ask("groups", None, token="t" * 43)
    assert len(clients.made) == 2 and clients.made[0].closed and clients.last.sent[0][0] == "groups"


def two_moves_sent():
    """A Genius run dealt, then two moves sent: (desk, clients)."""
    desk, clients = make()
    desk.start_run("t" * 43, "genius", 60, True)
    clients.last.say("run", **run_message("genius", BLOCKERS))
    desk.pump()
    desk.send_move("1:F6")
    desk.send_move("2:F4F5")
    return desk, clients


def test_a_run_numbers_the_moves():
    _, clients = two_moves_sent()
    assert clients.last.sent[1:] == [("move", {"seq": 1, "move": "1:F6"}), ("move", {"seq": 2, "move": "2:F4F5"})]


def test_a_run_keeps_the_board_sent():
    desk, _ = two_moves_sent()
    assert set(desk.sent.placed) == {"1", "2"} and desk.unfinished


def test_after_a_refusal_the_next_move_takes_the_refused_number():
    desk, clients = two_moves_sent()
    clients.last.say("moved", seq=1, ms=900)
    clients.last.say("refused", seq=2, reason="no", position=BLOCKERS + "/1:F6", ms=1000)
    desk.pump()
    desk.send_move("2:F4F5")
    assert desk.refusals == 1 and clients.last.sent[-1] == ("move", {"seq": 2, "move": "2:F4F5"})


def test_a_macmahon_move_written_for_free_rules_goes_as_the_strict_move():
    from solver.macmahon.moves import execute
    from solver.macmahon.position import Position
    desk, clients = make()
    desk.start_run("t" * 43, "macmahon", 60, True)
    clients.last.say("run", **run_message("macmahon", "4x6x3"))
    desk.pump()
    desk.send_move("2b@A1")
    desk.send_move("-A1")
    desk.send_move("2b@A1!")
    assert [f["move"] for k, f in clients.last.sent if k == "move"] == ["2b@A1", "-A1", "2b@A1"]
    assert desk.sent == execute(Position.parse("4x6x3"), "2b@A1")


def dropped_run_asked_again(monkeypatch):
    """A run with one move, its connection lost, then (2.5 s on) a new one: (desk, clients)."""
    clock = [0.0]
    monkeypatch.setattr(desk_module, "Retry", lambda reason: Retry(reason, clock=lambda: clock[0]))
    desk, clients = make()
    desk.start_run("t" * 43, "genius", 60, True)
    clients.last.say("run", **run_message("genius", BLOCKERS))
    desk.pump()
    desk.send_move("1:F6")
    clients.last.say("lost", reason="the connection to the race server was lost")
    desk.pump()
    assert desk.retry is not None and not desk.online and len(clients.made) == 1
    clock[0] += 2.5
    desk.pump()                                      # a new connection ...
    clients.last.say("connected")
    desk.pump()
    return desk, clients


def test_a_dropped_run_is_asked_for_again(monkeypatch):
    _, clients = dropped_run_asked_again(monkeypatch)
    assert clients.last.sent == [("daily", {"token": "t" * 43, "puzzle": "genius", "daily": 60, "ranked": True})]


def test_a_dropped_run_is_given_back(monkeypatch):
    desk, clients = dropped_run_asked_again(monkeypatch)
    clients.last.say("run", **run_message("genius", BLOCKERS, BLOCKERS + "/1:F6", elapsed_ms=5000, seq=1))
    desk.pump()
    assert desk.resumed and desk.online and desk.seq == 1 and desk.elapsed() >= 5.0


def test_the_done_ends_the_run():
    desk, clients = make()
    desk.start_run("t" * 43, "genius", 60, True)
    clients.last.say("run", **run_message("genius", BLOCKERS))
    clients.last.say("done", puzzle="genius", daily=60, ranked=True, ms=44000, place=3, of=41, flagged=False)
    desk.pump()
    assert desk.done["place"] == 3 and not desk.unfinished
    desk.send_move("1:F6")
    assert [k for k, _ in clients.last.sent] == ["daily"]


def test_a_server_is_named_by_its_host():
    assert host_of("ws://club.example.org:8765/") == "club.example.org"
    assert host_of("ws://127.0.0.1:9000/") == "127.0.0.1:9000"


def test_requests_cut_short_by_the_idle_close_go_again_on_a_new_connection_quietly():
    desk, clients = make()
    got, errors = [], []
    desk.ask("standings", got.append, errors.append, puzzle="genius", daily=60, days=1, group=None, token=None,
             offset=0, limit=1)
    clients.last.say("lost", reason="the race server closed the connection: said nothing")
    desk.pump()
    assert len(clients.made) == 2 and clients.made[0].closed and clients.last.sent[0][0] == "standings"
    clients.last.say("standings", total=0)
    desk.pump()
    assert errors == [] and [m["type"] for m in got] == ["standings"]


def test_a_run_says_alive_when_it_has_said_nothing_for_a_while(monkeypatch):
    desk, clients = make()
    desk.start_run("t" * 43, "genius", 60, True)
    clients.last.say("run", **run_message("genius", BLOCKERS))
    desk.pump()
    desk.pump()
    assert [k for k, _ in clients.last.sent] == ["daily"]
    monkeypatch.setattr(refereed, "ALIVE_EVERY", 0.0)
    desk.pump()
    assert [k for k, _ in clients.last.sent] == ["daily", "alive"]
