"""The lobby's rough edges (issue 36, item 5), headless against a real server on 127.0.0.1: the
host's pickers show the room's settings after a rematch, the name and address fields are
filled, Enter in the address field joins, and an opponent who leaves is said in a message. No
multicast: lan=False."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.net import identity
from game.net.client import ThreadedClient
from game.scenes.online.race import OnlineRaceScene
from game.scenes.online.results import ResultsScene
from game.scenes.online.room_settings import BOARDS, LISTING
from game.scenes.title import TitleScene
from tests.game.test_race_online import (click, lobby, opponent_room, play_solution, run_until,  # noqa: F401
                                         server)


def messages(app) -> list[str]:
    return [item[0] for item in app.toasts.items]


def shows(menu) -> str:
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else option


def type_in(app, field, words: str) -> None:
    """Click into `field`, clear it and type `words`, as a player does (one frame an event)."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, button=1, pos=field.rect.center)])
    for _ in range(len(field.get_text())):
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0),
                           pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b",
                                              scancode=0)])
    for char in words:
        app.frame(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=char)])


def drawn_as(app, field, words: str) -> bool:
    """Whether the disabled text field shows `words` (pixel for pixel as a field given them
    from the start): pygame-gui can show the old text of one changed and disabled at once."""
    same = pygame_gui.elements.UITextEntryLine(field.relative_rect, app.ui)
    same.set_text(words)
    app.ui.update(0)
    same.disable()
    app.ui.update(0)
    drawn = pygame.image.tobytes(same.image, "RGBA") == pygame.image.tobytes(field.image, "RGBA")
    same.kill()
    return drawn


def test_after_a_rematch_the_hosts_pickers_show_the_rooms_settings(app, lobby):
    click(app, lobby.host_button)
    run_until(app, lambda: lobby.link.code is not None and lobby.link.room is not None)
    bob = ThreadedClient(lobby.link.hosted.url)
    try:
        bob.send("join", name="Bob", room=lobby.link.code)
        run_until(app, lambda: len(lobby.link.players()) == 2, [bob])
        for menu, choice in ((lobby.pickers.menus["boards"], BOARDS["visible"]), (lobby.pickers.menus["level"], "easy (1-2)"),
                             (lobby.pickers.menus["listed"], LISTING[False])):
            app.frame(1 / 60, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=choice)])
        run_until(app, lambda: lobby.link.room["boards"] == "visible" and lobby.link.room["level"] == "easy", [bob])
        bob.send("ready", ready=True)
        click(app, lobby.ready_button)
        run_until(app, lambda: isinstance(app.top, OnlineRaceScene), [bob])
        race = app.top
        play_solution(app, race)
        bob.send("leave")
        run_until(app, lambda: isinstance(app.top, ResultsScene), [bob])
        click(app, app.top.buttons["rematch"])
        run_until(app, lambda: app.top is lobby and lobby.link.room["phase"] == "lobby")
        app.frame(1 / 60)
        pickers = lobby.pickers.menus
        assert pickers["boards"].visible and shows(pickers["boards"]) == BOARDS["visible"]
        assert shows(pickers["level"]) == "easy (1-2)" and shows(pickers["listed"]) == LISTING[False]
        assert shows(pickers["dice"]) == lobby.link.room["dice"]
    finally:
        bob.close()


def test_the_name_field_is_filled_with_the_name_kept_on_the_standings_server(app):
    identity.remember(app.storage.folder, "ws://club.example.org:8765/", "k" * 43, "Zoë")
    app.push(TitleScene(app))
    app.open("online", bind="127.0.0.1", lan=False)
    assert app.top.name_entry.get_text() == "Zoë"


def test_after_a_join_both_fields_show_what_was_used_even_once_rebuilt(app, lobby, server):
    bob, code = opponent_room(server)
    try:
        address = f"127.0.0.1:{server.port}/{code}"
        type_in(app, lobby.name_entry, "  Ann\x07  ")
        type_in(app, lobby.target_entry, address)
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        run_until(app, lambda: lobby.link.me() is not None, [bob])
        app.frame(1 / 60)
        assert lobby.name_entry.get_text() == "Ann" and drawn_as(app, lobby.name_entry, "Ann")
        assert drawn_as(app, lobby.target_entry, address)               # (pygame-gui drew it empty)
        lobby.on_resize()                                                  # the widgets made again
        app.frame(1 / 60)
        assert drawn_as(app, lobby.name_entry, "Ann") and drawn_as(app, lobby.target_entry, address)
    finally:
        bob.close()


def test_enter_in_the_address_field_joins(app, lobby, server):
    bob, code = opponent_room(server)
    try:
        lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
        lobby.target_entry.focus()
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)])
        run_until(app, lambda: lobby.link is not None and lobby.link.me() is not None, [bob])   # (the field's event)
        assert [p["name"] for p in lobby.link.players()] == ["Bob", "Player"]
    finally:
        bob.close()


def test_an_opponent_who_leaves_the_lobby_or_the_race_is_said_in_a_message(app, lobby, server):
    bob, code = opponent_room(server)
    cat = ThreadedClient(server.url)
    try:
        cat.send("join", name="Cat", room=code)
        lobby.target_entry.set_text(f"127.0.0.1:{server.port}/{code}")
        click(app, lobby.join_button)
        run_until(app, lambda: lobby.link.me() is not None and len(lobby.link.players()) == 3, [bob, cat])
        cat.send("leave")
        run_until(app, lambda: "Cat left the room" in messages(app), [bob, cat])
        bob.send("ready", ready=True)
        click(app, lobby.ready_button)
        run_until(app, lambda: isinstance(app.top, OnlineRaceScene), [bob])
        bob.send("leave")                                                  # Bob leaves mid-race
        run_until(app, lambda: "Bob left the race" in messages(app), [bob])
        assert messages(app).count("Bob left the race") == 1
    finally:
        cat.close()
        bob.close()


@pytest.fixture
def refused_join(app, lobby, server):
    """A join to Bob's room under a look-alike of Bob's name (a Cyrillic o), refused: Bob."""
    bob, code = opponent_room(server)
    try:
        type_in(app, lobby.name_entry, "B\u043eb")
        type_in(app, lobby.target_entry, f"127.0.0.1:{server.port}/{code}")
        click(app, lobby.join_button)
        yield bob
    finally:
        bob.close()


def test_a_refused_join_says_why(app, lobby, refused_join):
    run_until(app, lambda: lobby.link is None and "taken" in lobby.line, [refused_join])
    assert "taken" in lobby.line


def test_a_refused_join_gives_the_fields_back(app, lobby, refused_join):
    run_until(app, lambda: lobby.link is None and "taken" in lobby.line, [refused_join])
    app.frame(1 / 60)
    assert lobby.join_button.is_enabled and lobby.name_entry.is_enabled and lobby.target_entry.is_enabled


def test_a_join_mended_after_a_refusal_joins_the_same_room(app, lobby, refused_join):
    bob = refused_join
    run_until(app, lambda: lobby.link is None and "taken" in lobby.line, [bob])
    app.frame(1 / 60)
    type_in(app, lobby.name_entry, "Ann")
    click(app, lobby.join_button)
    run_until(app, lambda: lobby.link is not None and lobby.link.me() is not None, [bob])
    assert sorted(p["name"] for p in lobby.link.players()) == ["Ann", "Bob"]

