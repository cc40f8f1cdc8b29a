"""`squarewise standings` as a process against a real server with a real database on 127.0.0.1:
the table, the player's own place from the data folder, --json, and one line with exit 1 for
what cannot be had."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import sys

import pytest
from websockets.asyncio.server import serve

from game.net import identity
from solver.cli import main
from tests.net.desk import TODAY, Clock, day_solution, desk, play, player
from tests.net.race import message, run, serving

CLI = [sys.executable, "-m", "game", "standings"]


async def cli(*args, data=None) -> tuple[int, str, str]:
    """Run the command (the test's server keeps serving meanwhile): (exit code, stdout, stderr)."""
    env = {**os.environ, "SQUAREWISE_DATA_DIR": str(data)} if data else dict(os.environ)
    proc = await asyncio.create_subprocess_exec(*CLI, *args, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE, env=env)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, out.decode(), err.decode()


async def finished_day(url: str, clock: Clock, names_steps) -> dict:
    """Each (name, seconds a move) plays today's Genius ranked to the end: their tokens."""
    tokens = {}
    for name, step in names_steps:
        client, token = await player(url, name)
        await client.send("daily", token=token, puzzle="genius", daily=TODAY, ranked=True)
        await play(client, day_solution(await client.until("run")), clock, step=step)
        await client.until("done")
        await client.close()
        tokens[name] = token
    return tokens


def with_three_placed(tmp_path, check) -> None:
    """Ann, Bob and Cy placed today on a fresh server, Bob's identity in `tmp_path`: check(url)."""
    async def scenario():
        clock = Clock()
        async with desk(tmp_path, clock) as (server, url, store):
            tokens = await finished_day(url, clock, [("Ann", 1.0), ("Bob", 2.0), ("Cy", 3.0)])
            identity.remember(tmp_path, url, tokens["Bob"], "Bob")
            await check(url)
    run(scenario(), 120)


def test_the_table_with_your_place_comes_from_the_server(tmp_path):
    async def check(url):
        code, out, err = await cli("--server", url, "--daily", str(TODAY), data=tmp_path)
        assert code == 0 and err == ""
        lines = out.splitlines()
        assert lines[0] == f"Genius #{TODAY} (2026-11-26) on {url}: 3 placed"
        assert [line.split()[:3] for line in lines[1:4]] == [["1", "Ann", "0:09.0"], ["2", "Bob", "0:18.0"],
                                                             ["3", "Cy", "0:27.0"]]
        assert lines[4] == "You: 2nd of 3 (Bob, 0:18.0)"
    with_three_placed(tmp_path, check)


def test_progress_says_how_much_of_the_table_has_come(tmp_path):
    async def check(url):
        _, out, _ = await cli("--server", url, "--daily", str(TODAY), data=tmp_path)
        code, again, err = await cli("--server", url, "--daily", str(TODAY), "--progress", data=tmp_path)
        assert code == 0 and again == out                   # --progress: the rows as they come, on stderr
        assert err.splitlines() and all(line.startswith(f"standings from {url}: ") for line in err.splitlines())
        assert err.splitlines()[-1].startswith(f"standings from {url}: 100.0%")
    with_three_placed(tmp_path, check)


def test_json_gives_the_table_from_the_server(tmp_path):
    async def check(url):
        code, out, err = await cli("--server", url, "--daily", str(TODAY), "--json", "--limit", "2",
                                   data=tmp_path / "none")
        doc = json.loads(out)
        assert code == 0 and set(doc) >= {"server", "puzzle", "daily", "date", "days", "group", "total", "rows",
                                          "name", "you"}
        assert doc["total"] == 3 and [r["name"] for r in doc["rows"]] == ["Ann", "Bob"]
        assert doc["rows"][0] == {"place": 1, "name": "Ann", "ms": 9000, "runs": 1}
        assert doc["you"] is None and doc["name"] is None
    with_three_placed(tmp_path, check)


def test_what_cannot_be_had_exits_1_with_one_line(tmp_path):
    async def scenario():
        async with desk(tmp_path) as (server, url, store):
            ann, token = await player(url, "Ann")
            await ann.send("group_create", token=token, name="Family")
            group = (await ann.until("group"))["group"]
            outsider, other = await player(url, "Bob")
            identity.remember(tmp_path, url, other, "Bob")
            code, out, err = await cli("--server", url, "--group", group, data=tmp_path)
            assert code == 1 and out == "" and err.count("\n") == 1 and "members" in err
            code, out, err = await cli("--server", url, "--group", "NOT-A-CODE", data=tmp_path)
            assert code == 1 and err.count("\n") == 1 and "is not a group code" in err
        async with serving() as (server, old):
            code, out, err = await cli("--server", old, data=tmp_path)
            assert code == 1 and err == f"squarewise: error: {old} keeps no standings (it is an older Squarewise, " \
                                        f"or runs with none)\n"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]                 # closed when the block ends: nothing listens there
        code, out, err = await cli("--server", f"127.0.0.1:{port}", data=tmp_path)
        assert code == 1 and err.startswith(f"squarewise: error: cannot reach ws://127.0.0.1:{port}/") \
            and err.count("\n") == 1
    run(scenario(), 120)


def test_the_command_is_registered_with_its_options(capsys):
    with pytest.raises(SystemExit) as done:
        main(["standings", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and out.startswith("usage: squarewise standings ") and "--json" in out
    assert main(["standings", "--server", "127.0.0.1:8765", "--days", "32"]) == 2
    assert "--days" in capsys.readouterr().err


@pytest.mark.parametrize("server", ["", "ws://127.0.0.1:99999/", "ws://[::1", "127.0.0.1:0", "a" * 300,
                                    "127.0.0.1:8765/Q7KX2M", "\u00fc" + "a" * 59 + ".example.org:8765",
                                    "ws://a..b:8765/"])
def test_an_address_that_is_not_a_server_exits_2_with_one_line(server, capsys):
    assert main(["standings", "--server", server]) == 2
    err = capsys.readouterr().err
    assert err.startswith("squarewise: error: argument --server: ") and err.count("\n") == 1


def test_the_days_reach_back_no_further_than_daily_1(monkeypatch, capsys):
    from game.net import standings_cli
    asked = []

    async def answer(url, request, limit, progress=None):
        asked.append(request)
        return {"total": 0, "rows": [], "you": None}
    monkeypatch.setattr(standings_cli, "_ask", answer)
    assert main(["standings", "--server", "127.0.0.1:9", "--daily", "3", "--days", "31"]) == 0
    assert asked[0]["days"] == 3
    assert capsys.readouterr().out.startswith("Genius #1 to #3 (3 days) on ws://127.0.0.1:9/")


STANDINGS = {"puzzle": "genius", "daily": TODAY, "days": 1, "group": None, "total": 1,
             "rows": [{"place": 1, "name": "Ann", "ms": 9000, "runs": 1}]}


@pytest.mark.parametrize("answer, says", [
    (message("groups", groups=[]), "answered the standings with a 'groups' message"),
    (message("standings", **STANDINGS, you={"place": None, "ms": None, "runs": 0, "flagged": False}), None),
    (message("error", reason="x" * 200) + " " * 5000, "over 4096 bytes"),
])
def test_an_answer_the_command_cannot_use_is_one_line(answer, says, tmp_path):
    async def scenario():
        async def answer_with(ws):
            await ws.recv()
            await ws.send(answer)
            await ws.wait_closed()
        async with serve(answer_with, "127.0.0.1", 0, compression=None) as odd:
            url = f"ws://127.0.0.1:{odd.sockets[0].getsockname()[1]}/"
            identity.remember(tmp_path, url, "t" * 43, "Ann")
            return await cli("--server", url, "--daily", str(TODAY), data=tmp_path)
    code, out, err = run(scenario(), 60)
    if says is None:                                        # a null place: said, not a traceback
        assert code == 0 and err == "" and out.splitlines()[-1] == "You: not placed (Ann)"
    else:
        assert code == 1 and out == "" and err.count("\n") == 1 and says in err, err
