"""Whole races through a real server on 127.0.0.1: 2 to 8 headless players, the lobby, the
countdown, results, rematch, leaving; and the server's (phase, message) table, as served and as
docs/protocol.md says it. The room alone, on a fake clock: tests/net/test_room.py."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.net.client import RaceClient
from game.net.daily import DESK_TYPES
from game.net.protocol import CLIENT
from game.net.server import NO_STANDINGS, PHASES, ROWS, dispatch_table
from solver.genius.dice import builtin
from solver.genius.levels import group_of, level_of
from solver.genius.position import Position
from tests.net.desk import desk, player
from tests.net.desk import start as start_run
from tests.net.race import play, race, room, run, serving, solution, start


@pytest.mark.parametrize("players", [2, 5, 8])
def test_players_race_to_a_finish_in_the_order_they_finish(players):
    async def main():
        async with serving() as (_, url):
            clients, _, joined = await room(url, players)
            finishing = random.Random(players).sample(range(players), players)
            results = await race(clients, order=finishing)
            order = results["order"]
            assert [p["seat"] for p in order] == [joined[i]["seat"] for i in finishing]
            assert [p["name"] for p in order] == [f"P{i + 1}" for i in finishing]
            assert [p["place"] for p in order] == list(range(1, players + 1))
            assert all(a["ms"] <= b["ms"] for a, b in zip(order, order[1:]))
    run(main())


async def ready_with_the_hosts_settings(url: str):
    """Two players, the host choosing the alternative dice at 'hard', both ready: the guest."""
    (a, b), _, _ = await room(url, 2)
    await a.send("settings", dice="alternative", level="hard", boards="hidden")
    assert (await b.until("room", level="hard"))["dice"] == "alternative"
    await a.send("ready", ready=True)
    await b.send("ready", ready=True)
    return b


def test_the_lobby_counts_down_3_2_1():
    async def main():
        async with serving() as (_, url):
            b = await ready_with_the_hosts_settings(url)
            counts = [(await b.until("countdown"))["n"] for _ in range(3)]
            assert counts == [3, 2, 1]
    run(main())


def test_the_roll_has_the_hosts_dice_at_the_hosts_level():
    async def main():
        async with serving() as (_, url):
            b = await ready_with_the_hosts_settings(url)
            race_message = await b.until("race")
            board = Position.parse(race_message["blockers"])
            alternative = builtin("alternative")
            assert group_of(level_of(alternative, board.blockers)) == "hard"
            faces = {f for die in alternative.dice for f in die}
            assert board.blockers <= faces
    run(main())


def test_a_level_may_be_one_of_the_ten():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            await a.send("settings", dice="default", level=9, boards="hidden")
            await b.until("room", level=9)
            board = await start([a, b])
            assert level_of(builtin("default"), board.blockers) == 9
    run(main())


def test_only_the_host_chooses():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            await b.send("settings", dice="alternative", level="easy", boards="hidden")
            assert "host" in (await b.until("error"))["reason"]
    run(main())


def test_the_host_chooses_only_in_the_lobby():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            await start([a, b])
            await a.send("settings", dice="alternative", level="easy", boards="hidden")
            assert "host" in (await a.until("error"))["reason"]
    run(main())


def test_unready_during_the_countdown_stops_it():
    async def main():
        async with serving(countdown_step=0.5) as (_, url):
            (a, b), _, _ = await room(url, 2)
            await a.send("ready", ready=True)
            await b.send("ready", ready=True)
            await a.until("countdown", n=3)
            await b.send("ready", ready=False)
            await a.until("room", phase="lobby")
            await b.send("ready", ready=True)
            await a.until("countdown", n=3)
            assert (await a.until("race"))["race"] == 1         # the stopped countdown started no race
    run(main())


def test_rematch_is_a_new_roll_in_the_same_room():
    async def main():
        async with serving() as (_, url):
            clients, code, _ = await room(url, 3)
            first = await race(clients)
            rolls = {first["race"]}
            await clients[2].send("rematch")
            lobby = await clients[0].until("room", phase="lobby")
            assert lobby["room"] == code and not any(p["ready"] for p in lobby["players"])
            second = await race(clients, order=[2, 1, 0])
            assert second["race"] == 2 and rolls == {1}
            assert [p["name"] for p in second["order"]] == ["P3", "P2", "P1"]
    run(main())


def test_a_room_takes_eight_players():
    async def main():
        async with serving() as (_, url):
            clients, code, _ = await room(url, 8)
            ninth = await RaceClient.connect(url)
            await ninth.send("join", name="P9", room=code)
            assert "full" in (await ninth.until("error"))["reason"]
            await clients[7].send("leave")
            await ninth.send("join", name="P9", room=code)
            await ninth.until("joined")
    run(main())


def refused_a_seat(name: str, before=None) -> str:
    """A room of two (`before` awaited on its clients), then a third joining as `name`: the refusal."""
    async def main():
        async with serving() as (_, url):
            clients, code, _ = await room(url, 2)
            if before:
                await before(clients)
            other = await RaceClient.connect(url)
            await other.send("join", name=name, room=code)
            return (await other.until("error"))["reason"]
    return run(main())


def test_a_room_takes_distinct_names():
    assert "taken" in refused_a_seat("P1")


def test_a_room_takes_no_latecomers():
    assert "racing" in refused_a_seat("Late", before=start)


def test_a_player_who_leaves_mid_race_is_unplaced_in_the_results():
    async def main():
        async with serving() as (_, url):
            (a, b, c), _, _ = await room(url, 3)
            position = await start([a, b, c])
            await c.send("leave")
            moves = solution(position)
            await play(a, moves)
            await play(b, moves)
            results = await a.until("results")
            assert [(p["name"], p["place"]) for p in results["order"]] == [("P1", 1), ("P2", 2), ("P3", None)]
    run(main())


def test_the_host_leaving_hands_the_room_to_the_next_player():
    async def main():
        async with serving() as (_, url):
            (a, b, c), _, joined = await room(url, 3)
            await a.send("leave")
            state = await b.until("room", host=joined[1]["seat"])
            assert [p["name"] for p in state["players"]] == ["P2", "P3"]
            await b.send("settings", dice="default", level="easy", boards="hidden")
            assert (await c.until("room", level="easy"))["host"] == joined[1]["seat"]
    run(main())


# --- the (phase, message) table (game/net/server.py ROWS, docs/protocol.md "Phases")

def test_every_message_a_client_may_send_has_a_cell_in_every_phase():
    assert set(ROWS) == set(CLIENT) and {len(row) for row in ROWS.values()} == {len(PHASES)}


def test_a_server_without_standings_refuses_the_desks_messages_in_every_phase():
    table = dispatch_table(standings=False)
    assert {table[phase][kind] for phase in PHASES for kind in DESK_TYPES} == {NO_STANDINGS}


async def _refusals(client: RaceClient, phase: str, kinds: dict[str, dict],
                    standings: bool = False) -> dict[str, tuple[str, str]]:
    """Each message of `kinds` sent in `phase`: {kind: (the error's words, the table's)}."""
    table, said = dispatch_table(standings), {}
    for kind, fields in kinds.items():
        await client.send(kind, **fields)
        said[kind] = ((await client.until("error"))["reason"], table[phase][kind])
    return said


ROOM_ASKS = {"move": {"seq": 1, "move": "1:A1"}, "ready": {"ready": True}, "rematch": {},
             "settings": {"dice": "default", "level": "any", "boards": "hidden"}, "remove": {"seat": 2},
             "create": {"name": "X", "dice": "default", "level": "any"}, "join": {"name": "X", "room": "ABCDEF"},
             "register": {"name": "X"}}


def _refused_in(phase: str) -> dict[str, dict]:
    table = dispatch_table(standings=False)[phase]
    return {kind: fields for kind, fields in ROOM_ASKS.items() if isinstance(table[kind], str)}


def _agree(said: dict[str, tuple[str, str]]) -> bool:
    return all(got == words for got, words in said.values())


def test_out_of_a_room_the_tables_words_answer_what_it_does_not_take():
    async def main():
        async with serving() as (_, url):
            client = await RaceClient.connect(url)
            said = await _refusals(client, "outside", _refused_in("outside") | {"leave": {}, "alive": {}})
            assert _agree(said) and set(said) == {"move", "ready", "rematch", "settings", "remove", "register",
                                                  "leave", "alive"}
    run(main())


def test_in_the_lobby_the_tables_words_answer_what_it_does_not_take():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            said = await _refusals(b, "lobby", _refused_in("lobby"))
            assert _agree(said) and set(said) == {"move", "create", "join", "register"}
    run(main())


def test_in_the_countdown_the_tables_words_answer_what_it_does_not_take():
    async def main():
        async with serving(countdown_step=60.0) as (_, url):
            (a, b), _, _ = await room(url, 2)
            for client in (a, b):
                await client.send("ready", ready=True)
            await a.until("countdown", n=3)
            said = await _refusals(a, "countdown", _refused_in("countdown"))
            assert _agree(said) and set(said) == {"move", "rematch", "settings", "create", "join", "register"}
    run(main())


def test_in_a_race_the_tables_words_answer_what_it_does_not_take():
    async def main():
        async with serving() as (_, url):
            (a, b), _, _ = await room(url, 2)
            await start([a, b])
            said = await _refusals(a, "racing", _refused_in("racing"))
            assert _agree(said) and set(said) == {"ready", "rematch", "settings", "remove", "create", "join",
                                                  "register"}
    run(main())


def test_after_a_race_the_tables_words_answer_what_it_does_not_take():
    async def main():
        async with serving() as (_, url):
            clients, _, _ = await room(url, 2)
            await race(clients)
            said = await _refusals(clients[0], "finished", _refused_in("finished"))
            assert _agree(said) and set(said) == {"move", "ready", "settings", "create", "join", "register"}
    run(main())


def test_in_a_daily_run_the_tables_words_answer_what_it_does_not_take(tmp_path):
    async def main():
        async with desk(tmp_path) as (_, url, _store):
            client, token = await player(url, "Ann")
            await start_run(client, token)
            asks = {"create": ROOM_ASKS["create"], "rooms": {}, "ready": {"ready": True}}
            said = await _refusals(client, "run", asks, standings=True)
            assert _agree(said) and {words for _, words in said.values()} == {"in a daily run: leave it first"}
    run(main())


def _documented_table() -> dict[str, list[str]]:
    """docs/protocol.md's table of phases: {message type: its six cells}, each letter of the
    legend turned into its words ("taken ..." left as "taken")."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## Phases: which message each takes", 1)[1].split("\n## ", 1)[0]
    legend = dict(re.findall(r'^- ([A-Z]): "([^"]+)"', section, re.M))
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| `"):
            for kind in re.findall(r"`(\w+)`", cells[0]):
                rows[kind] = ["taken" if cell.startswith("taken") else legend[cell] for cell in cells[1:]]
    return rows


def test_the_table_in_docs_protocol_md_is_the_servers():
    table = dispatch_table(standings=True)
    served = {kind: ["taken" if callable(table[phase][kind]) else table[phase][kind] for phase in PHASES]
              for kind in ROWS}
    assert _documented_table() == served
