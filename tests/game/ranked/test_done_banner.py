"""Issue 36, item 7: a ranked run's result stays on the board until the player closes it (it was
gone within 2.5 s, leaving the place to the status line). The real screen and loop on a fake
connection to the standings server that wakes the loop as the real one does."""
from __future__ import annotations

import pygame
import pytest

import game.net.desk as desk_module
from game.net import identity
from game.scenes.anim import Celebration
from game.net.offer import Offer
from game.modes import place
from game.modes.ranked import CLOSE
from game.scenes.ranked.run import RankedScene
from game.scenes.title import TitleScene
from solver.genius import search
from tests.game.loop_drive import post, run_until, settle
from tests.game.ranked.fake_desk import WakingClient, run_message

URL = "ws://127.0.0.1:9000/"
BLOCKERS = "A1A2A4A6B4D5E1"


@pytest.fixture
def done(app, monkeypatch):
    """A ranked Genius run on its screen, the board filled and the server's `done` heard."""
    monkeypatch.setattr(desk_module, "ThreadedClient", WakingClient)
    identity.remember(app.storage.folder, URL, "t" * 43, "Ann")
    app.push(TitleScene(app))
    offer = Offer(app, URL)
    offer.play("genius", 60, ranked=True)
    offer.desk.client.say("run", **run_message("genius", BLOCKERS))
    assert offer.pump() is not None
    scene = RankedScene(app, desk=offer.desk)
    app.push(scene)
    app.frame(1 / 60, [])
    for move in scene.position.moves_to(search.solve(scene.position)):
        scene.session.move(move.notation())
    offer.desk.client.say("done", puzzle="genius", daily=60, ranked=True, ms=44000, place=3, of=41, flagged=False)
    run_until(app, lambda: scene.match.ended)
    return scene


def test_the_place_stays_on_the_board_until_the_player_closes_it(done):
    app = done.app
    for _ in range(round((Celebration.BANNER + 1) * 60)):      # long past the banner's moment
        app.frame(1 / 60, [])
    assert done.frame().anims.banner == ("3rd of 41 · 0:44", CLOSE)
    settle(app)
    done.mode.watch.clock, done.mode.watch.next = (lambda: 0.0), place.FIRST     # (the place's looks held)
    assert app.redraw_in() == place.FIRST, "a banner that stays is still: no frames for it until the place's look"
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    settle(app)
    assert done.frame().anims.banner == () and "3rd of 41" in done.session.status
    assert app.top is done, "the click closed the banner only"


def test_escape_leaves_a_run_done(done):
    app = done.app
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    run_until(app, lambda: app.top is not done)
    assert isinstance(app.top, TitleScene)


def test_the_history_buttons_are_greyed_once_the_server_has_the_finish(done):
    """Playtest 2, finding 5: after "3rd of 41" the three looked active and did nothing."""
    settle(done.app)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    settle(done.app)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5)))
    settle(done.app)
    enabled = {name: done.chrome.buttons[name].is_enabled for name in ("undo", "redo", "restart")}
    assert enabled == {"undo": False, "redo": False, "restart": False}
