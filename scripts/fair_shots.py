"""Screenshots of fair play (issue 35) at 800x560 and 1400x900: the title's Today card with no
standings server ("Today's puzzle") and with one ("Ranked on HOST", the place of a ranked run
played at a person's pace by a script), and a ranked Genius run played in the game at a bot's
pace (every move at once): its result, under review; How to play's page of ranked dailies. A real `squarewise serve` on 127.0.0.1
with its database in a temporary folder. Run under Xvfb:

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python scripts/fair_shots.py OUT_DIR
"""
from __future__ import annotations

import asyncio
import datetime as dt
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))     # (the game and tests/net/desk.py's solutions)
from scripts.standings_shots import settle  # noqa: E402

PORT = 28749
SIZES = ((800, 560), (1400, 900))


async def finish(url: str, name: str, number: int, rng: random.Random) -> str:
    """A player registered and today's ranked Genius finished at a person's uneven pace: the token."""
    from game.net.client import RaceClient
    from tests.net.desk import day_solution
    client = await RaceClient.connect(url)
    await client.send("register", name=name)
    token = (await client.until("registered"))["token"]
    await client.send("daily", token=token, puzzle="genius", daily=number, ranked=True)
    run = await client.until("run")
    await asyncio.sleep(rng.uniform(1.5, 2.5))
    for seq, move in enumerate(day_solution(run), 1):
        await asyncio.sleep(rng.uniform(0.5, 1.4))
        await client.send("move", seq=seq, move=move)
        await client.until("moved")
    await client.until("done")
    await client.close()
    return token


def app_at(size, data: Path, server: bool):
    from game.app import App
    from game.scenes.title import TitleScene
    from game.storage import Storage
    app = App(size=size, storage=Storage(data))
    app.settings.update({"animations": False, "howto_seen": {"genius": True, "macmahon": True}})
    if server:
        app.settings["standings_server"] = f"127.0.0.1:{PORT}"
    app.push(TitleScene(app))
    return app


def close(app) -> None:
    import pygame
    app.quit()
    app.worker.cancel_all()
    pygame.quit()


def main(folder: str) -> None:
    from solver import daily
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="squarewise-fair-"))
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(PORT), "--db",
                               str(work / "standings.db")], env={**os.environ, "SQUAREWISE_DATA_DIR": str(work)},
                              stdout=open(work / "server.log", "w"))
    try:
        url = f"ws://127.0.0.1:{PORT}/"
        number = daily.number(dt.datetime.now(dt.timezone.utc).date())
        rng = random.Random(35)
        for _ in range(100):
            try:                          # (the first player also tells that the server is up)
                asyncio.run(asyncio.wait_for(finish(url, "Bob", number, rng), 60))
                break
            except OSError:
                time.sleep(0.1)
        token = asyncio.run(finish(url, "Ann", number, rng))
        import pygame
        from game.net import identity
        for size in SIZES:
            for server_set in (False, True):
                data = work / f"title-{size[0]}-{server_set}"
                data.mkdir()
                os.environ["SQUAREWISE_DATA_DIR"] = str(data)
                if server_set:
                    identity.remember(data, url, token, "Ann")
                app = app_at(size, data, server_set)
                if server_set:
                    settle(app, lambda: app.top.dailies is not None and app.top.offer is not None
                           and "genius" in app.top.offer.places)
                else:
                    settle(app, lambda: app.top.dailies is not None)
                pygame.image.save(app.surface, str(out / f"today-{'ranked' if server_set else 'offline'}-"
                                                         f"{size[0]}x{size[1]}.png"))
                close(app)
            held(out, work, size, number)
            rules(out, work, size)
        print(open(work / "server.log").read())
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(work, ignore_errors=True)


def held(out: Path, work: Path, size, number: int) -> None:
    """A new player plays today's ranked Genius in the game, every move at once: under review."""
    import pygame
    from tests.net.desk import day_solution
    data = work / f"bot-{size[0]}"
    data.mkdir()
    os.environ["SQUAREWISE_DATA_DIR"] = str(data)
    app = app_at(size, data, True)
    app.open("daily", today=dt.date.today())
    today = app.top
    today.offer.play("genius", number, ranked=True)
    if today.offer.asking is not None:
        today.offer.register(f"Quick{size[0]}")
    settle(app, lambda: app.top is not today)
    run, desk = app.top, today.offer.desk
    for move in day_solution(desk.run):
        run.session.move(move)
    settle(app, lambda: desk.done is not None and run.match.ended)
    app.frame(0.05, [])
    pygame.image.save(app.surface, str(out / f"under-review-{size[0]}x{size[1]}.png"))
    close(app)


def rules(out: Path, work: Path, size) -> None:
    """How to play's page of ranked dailies: what the server checks, what it cannot."""
    import pygame
    from game.scenes.howto import HowToScene
    data = work / f"rules-{size[0]}"
    data.mkdir()
    os.environ["SQUAREWISE_DATA_DIR"] = str(data)
    app = app_at(size, data, False)
    app.push(HowToScene(app, "genius"))
    app.top.do("ranked")
    app.frame(0.05, [])
    pygame.image.save(app.surface, str(out / f"ranked-rules-{size[0]}x{size[1]}.png"))
    close(app)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/fair")
