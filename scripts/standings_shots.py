"""Screenshots of ranked dailies (docs/screenshots/standings/): a real `squarewise serve` on
127.0.0.1 with its database in a temporary folder, a few players registered and finished by a
script (at a person's pace, so none is flagged), then the game's Daily puzzles screen and its
standings screen at 1100x760 and 800x560; then, at 1100x760, a new player's ranked runs played in
the game (Genius and MacMahon in progress, the done banner with the place), the Today card after
them and the standings screen with the player's row and a group. Run under Xvfb:

    xvfb-run -s "-screen 0 1400x900x24" .venv/bin/python scripts/standings_shots.py docs/screenshots/standings
"""
from __future__ import annotations

import asyncio
import datetime as dt
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))     # (the game and tests/net/desk.py's solutions)
PORT = 28748
PLAYERS = (("Bob", 0.9), ("Cleo", 1.1), ("Ann", 1.3), ("Dmitri", 1.6))    # seconds between moves


async def finish(url: str, name: str, pace: float, number: int) -> str:
    from game.net.client import RaceClient
    from tests.net.desk import day_solution
    client = await RaceClient.connect(url)
    await client.send("register", name=name)
    token = (await client.until("registered"))["token"]
    await client.send("daily", token=token, puzzle="genius", daily=number, ranked=True)
    run = await client.until("run")
    for seq, move in enumerate(day_solution(run), 1):
        await asyncio.sleep(pace)
        await client.send("move", seq=seq, move=move)
        await client.until("moved")
    await client.until("done")
    await client.close()
    return token


def main(folder: str) -> None:
    from solver import daily
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="squarewise-standings-"))
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(PORT), "--db",
                               str(work / "standings.db")], env={**os.environ, "SQUAREWISE_DATA_DIR": str(work)})
    try:
        url = f"ws://127.0.0.1:{PORT}/"
        number = daily.number(dt.datetime.now(dt.timezone.utc).date())
        for _ in range(100):
            try:                          # (the first player also tells that the server is up)
                asyncio.run(asyncio.wait_for(finish(url, "Eve", 0.5, number), 60))
                break
            except OSError:
                time.sleep(0.1)
        tokens = {name: asyncio.run(finish(url, name, pace, number)) for name, pace in PLAYERS}
        shoot(out, work, url, tokens["Ann"], number)
        play(out, work, number)
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(work, ignore_errors=True)


def settle(app, condition, seconds: float = 30.0) -> None:
    """Frames (and the game's worker) until `condition()`, then one more to draw it."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        app.worker.drain(0.05)
        app.frame(0.05, [])
    assert condition(), "the server never answered"
    app.frame(0.05, [])


def shoot(out: Path, work: Path, url: str, token: str, number: int) -> None:
    data = work / "player"
    data.mkdir()
    os.environ["SQUAREWISE_DATA_DIR"] = str(data)
    import pygame
    from game.app import App
    from game.net import identity
    from game.storage import Storage
    from game.scenes.title import TitleScene
    from solver import daily
    identity.remember(data, url, token, "Ann")
    for size in ((1100, 760), (800, 560)):
        app = App(size=size, storage=Storage(data))
        app.settings.update({"standings_server": f"127.0.0.1:{PORT}", "animations": False,
                             "howto_seen": {"genius": True, "macmahon": True}})
        app.push(TitleScene(app))

        app.open("daily", today=daily.date_of(number))
        settle(app, lambda: "genius" in app.top.offer.places and app.top.shown is not None)
        pygame.image.save(app.surface, str(out / f"today-{size[0]}x{size[1]}.png"))
        app.open("standings", today=daily.date_of(number))
        settle(app, lambda: app.top.answer is not None and app.top.answer.get("rows"))
        pygame.image.save(app.surface, str(out / f"standings-{size[0]}x{size[1]}.png"))
        app.quit()
        app.worker.cancel_all()
        pygame.quit()


def play(out: Path, work: Path, number: int) -> None:
    """A new player (Zoe) plays today's ranked dailies in the game's own screens."""
    data = work / "zoe"
    data.mkdir()
    os.environ["SQUAREWISE_DATA_DIR"] = str(data)
    import pygame
    from game.app import App
    from game.storage import Storage
    from game.scenes.title import TitleScene
    from solver import daily
    from tests.net.desk import day_solution
    app = App(size=(1100, 760), storage=Storage(data))
    app.settings.update({"standings_server": f"127.0.0.1:{PORT}", "animations": False,
                         "howto_seen": {"genius": True, "macmahon": True}})
    app.push(TitleScene(app))

    app.open("daily", today=daily.date_of(number))
    today = app.top
    for puzzle in ("genius", "macmahon"):
        today.offer.play(puzzle, number, ranked=True)
        if today.offer.asking is not None:
            today.offer.register("Zoe")
        settle(app, lambda: app.top is not today)
        run = app.top
        moves = day_solution(run.desk.run)
        for move in moves[:3]:
            time.sleep(0.6)                       # a person's pace: not flagged
            run.session.move(move)
            settle(app, lambda: run.desk.accepted == run.desk.seq)
        pygame.image.save(app.surface, str(out / f"run-{puzzle}-1100x760.png"))
        for move in moves[3:]:
            time.sleep(0.6)
            run.session.move(move)
        settle(app, lambda: run.desk.done is not None and run.match.ended)
        app.frame(0.05, [])
        pygame.image.save(app.surface, str(out / f"done-{puzzle}-1100x760.png"))
        app.pop()
        settle(app, lambda: puzzle in today.offer.places and today.offer.places[puzzle])
    pygame.image.save(app.surface, str(out / "today-after-1100x760.png"))
    app.open("standings", today=daily.date_of(number))
    board = app.top
    settle(app, lambda: board.answer is not None and board.answer.get("rows"))
    board.act("create")
    board.field.set_text("Chess club")
    board.submit("Chess club")
    settle(app, lambda: board.group is not None and board.answer and board.answer.get("group"))
    board.choose_group(None)
    settle(app, lambda: board.answer.get("group") is None and not board.asking)
    pygame.image.save(app.surface, str(out / "standings-group-1100x760.png"))
    app.quit()
    app.worker.cancel_all()
    pygame.quit()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/standings")
