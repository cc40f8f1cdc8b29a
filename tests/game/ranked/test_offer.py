"""The Today screen's side of a standings server (game/net/offer.py) and the address
setting, on a fake connection, without a window: the place line, the name asked the first
time and kept, a name refused with the server's reason, a ranked run that is over turned into
a replay, a server that does not answer said once."""
from __future__ import annotations

import pytest

from game.net import identity
from game.net.desk import OLDER, configured, server_url
from game.net.offer import LEFT_OUT, Offer, place_line
from game.scenes.ranked.standings import place_words
from game.storage import Storage
from solver.errors import SquarewiseError
from tests.game.ranked.fake_desk import Clients, run_message

URL = "ws://127.0.0.1:9000/"


class App:
    def __init__(self, folder):
        self.storage = Storage(folder)
        self.settings: dict = {}
        self.statistics: dict = {}

    def save_statistics(self) -> None:
        pass


@pytest.fixture
def offer(tmp_path):
    clients = Clients()
    return Offer(App(tmp_path), URL, connect=clients), clients


def you(place, flagged=False):
    return {"place": place, "ms": 44000, "runs": 1, "flagged": flagged}


def test_the_place_line_says_the_place_the_flag_or_nothing():
    assert place_line({"total": 41, "you": you(3)}) == "3rd of 41 today"
    assert place_line({"total": 41, "you": you(None, flagged=True)}) == LEFT_OUT["held"]     # (an older server)
    for status in ("held", "disqualified", "barred"):
        assert place_line({"total": 41, "you": {**you(None, flagged=True), "status": status}}) == LEFT_OUT[status]
    assert place_line({"total": 41, "you": None}) == ""
    assert place_words({"total": 41, "you": you(12)}, week=False) == "12th of 41"
    assert place_words({"total": 0, "you": None}, week=False) == "nobody in these standings yet"   # not '0 in ...'


def test_no_name_no_question_to_the_server(offer):
    o, clients = offer
    o.refresh(60)
    assert clients.last.sent == []


def test_the_first_run_asks_a_name_first(offer):
    o, clients = offer
    o.play("genius", 60, ranked=True)
    assert o.asking == ("genius", 60, True) and clients.last.sent == []


def registered(offer) -> None:
    """The first run asked for, a name typed and registered by the server."""
    o, clients = offer
    o.play("genius", 60, ranked=True)
    o.register("  Ann   Lee ")
    clients.last.say("registered", token="t" * 43, name="Ann Lee")
    o.pump()


def test_a_registered_name_s_token_is_kept(offer, tmp_path):
    registered(offer)
    assert identity.load(tmp_path)[URL] == identity.Identity("t" * 43, "Ann Lee")


def test_once_registered_the_run_is_asked_for(offer):
    registered(offer)
    o, clients = offer
    assert clients.last.sent == [("register", {"name": "Ann Lee"}),
                                 ("daily", {"token": "t" * 43, "puzzle": "genius", "daily": 60, "ranked": True})]
    clients.last.say("run", **run_message("genius", "A1A2A4A6B4D5E1"))
    assert o.pump()["daily"] == 60 and o.asking is None


@pytest.mark.parametrize("typed", ["\u3164", " ", "x" * 30])
def test_a_name_nobody_could_see_or_too_long_is_said_before_asking(offer, typed):
    o, clients = offer
    o.play("genius", 60, ranked=True)
    o.register(typed)
    assert o.name_line and clients.last.sent == []


def test_a_name_the_server_refuses_is_said_in_the_field(offer):
    o, clients = offer
    o.play("genius", 60, ranked=True)
    o.register("\u0410nn")                           # a Cyrillic A: like a taken 'Ann'
    clients.last.say("error", reason="that name is taken (or looks like one that is)")
    o.pump()
    assert o.name_line == "That name is taken (or looks like one that is)" and o.asking is not None


def test_a_ranked_run_over_already_turns_into_a_replay(offer, tmp_path):
    o, clients = offer
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    o.play("genius", 60, ranked=True)
    clients.last.say("error", reason="your ranked run of Genius #60 is over; play it again unranked")
    o.pump()
    assert "over" in o.over["genius"] and o.starting is None


def test_a_server_down_is_one_quiet_line(offer, tmp_path):
    o, clients = offer
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    o.refresh(60)
    clients.last.say("lost", reason="cannot reach ws://127.0.0.1:9000/: Connection refused")
    o.pump()
    assert o.line == "127.0.0.1:9000 is not answering" and o.places == {}


def test_an_older_server_is_said_as_such(offer, tmp_path):
    o, clients = offer
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    o.refresh(60, puzzles=("genius",))
    clients.last.say("error", reason="unknown message type (known: create, join)")
    o.pump()
    assert o.line == OLDER


def test_the_address_setting_is_checked():
    assert server_url("127.0.0.1:9000") == URL and server_url("  ") == ""
    with pytest.raises(SquarewiseError):
        server_url("a host with spaces")
    for typed in ("127.0.0.1:9000/ABC234", "127.0.0.1:9000/ABCDEFGH", "wss://club.example.org/abc"):
        with pytest.raises(SquarewiseError, match="no room code"):
            server_url(typed)
    for typed in ("ws://", "ws:///", "wss://a b:9000"):       # the race's words (host:port/CODE) are not said
        with pytest.raises(SquarewiseError, match=r"is not a server's address: host:port, like") as caught:
            server_url(typed)
        assert "CODE" not in str(caught.value) and "room code" not in str(caught.value)
    assert server_url("wss://club.example.org/squarewise/") == "wss://club.example.org/squarewise/"
    assert configured({"standings_server": "ws://x y"}) is None


NOT_ADDRESSES = pytest.mark.parametrize("typed", [
    "ws://[::1", "ws://[zz]:80/", "ws://127.0.0.1:99999/", "127.0.0.1:0", "ws://h:80/p\x00/", "ws://h/a path/",
    "ws://\udcff/", "a" * 300])


@NOT_ADDRESSES
def test_an_address_that_is_none_is_said_in_one_line(typed):
    with pytest.raises(SquarewiseError, match="is not a server's address") as caught:
        server_url(typed)
    assert str(caught.value).isprintable() and len(str(caught.value)) < 120


@NOT_ADDRESSES
def test_an_address_that_is_none_is_never_kept(typed):
    assert configured({"standings_server": typed}) is None


def test_a_placed_ranked_run_turns_the_offer_into_a_replay(offer, tmp_path):
    o, clients = offer
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    o.refresh(60)
    clients.last.say("standings", total=6, you=you(2))
    clients.last.say("standings", total=0, you=None)
    o.pump()
    assert o.replay("genius") and not o.replay("macmahon")


def test_a_ranked_run_left_with_escape_is_gone_on_with_asking_nothing(offer, tmp_path):
    """The Today card of a ranked run left on the server: 'Go on with the run' (no question:
    the run is begun), its line, and the server asked for it again gives it back."""
    import datetime as dt
    from types import SimpleNamespace
    from game.scenes.daily import DailyScene
    from game.net.offer import RUN_LEFT
    from solver import daily
    o, clients = offer
    identity.remember(tmp_path, URL, "t" * 43, "Ann")
    today = dt.date(2026, 11, 25)
    o.play("genius", daily.number(today), ranked=True)
    clients.last.say("run", **run_message("genius", "A1A2A4A6B4D5E1", daily=daily.number(today)))
    assert o.pump() is not None                                  # the run's screen opens (and is left)
    card = SimpleNamespace(day=today, today=today, offer=o, after_offer=lambda: None,
                           confirm=lambda *a, **k: pytest.fail("a run begun is not asked about again"))
    assert o.open_run("genius", daily.number(today)) and not o.open_run("macmahon", daily.number(today)) and RUN_LEFT
    assert o.label("genius", *DailyScene.numbers(card)) == "Go on with the run"
    assert o.label("macmahon", *DailyScene.numbers(card)) == "Ranked on 127.0.0.1:9000"
    DailyScene.play_on_server(card, "genius")
    assert clients.last.sent[-1] == ("daily", {"token": "t" * 43, "puzzle": "genius", "daily": daily.number(today),
                                               "ranked": True})
    clients.last.say("run", **run_message("genius", "A1A2A4A6B4D5E1", "A1A2A4A6B4D5E1/1:F6", seq=1))
    assert o.pump()["seq"] == 1
