"""Playtest 2, item 23, headless against a real race server on 127.0.0.1 (the room's host a
headless ThreadedClient): a multi-line paste into "Your name" keeps its first line, cleaned (it
pasted nothing, and the player raced as "Player"); an empty name is refused in one line as the
ranked name box refuses it (it became "Player"); an address only ever mistyped is not kept
among the servers whose open rooms are listed."""
from __future__ import annotations

import pygame

from game.scenes.online.lobby import SERVERS
from game.ui_paste import first_line
from tests.game.test_lobby import messages, type_in
from tests.game.test_race_online import click, free_port, lobby, run_until, server  # noqa: F401
from tests.game.test_race_online_leave import bobs_room  # noqa: F401  (the fixture)

PASTED = "Zed\t\n<b>\u2026\u2603 very very very long name here"


def keys(app, *presses: tuple[int, int]) -> None:
    for key, mod in presses:
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])


def press(app, button) -> None:
    """Click `button` with the mouse (the keyboard's focus goes to it, as a player's click takes it)."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, button=1, pos=button.rect.center)])


def paste_into(app, field, words: str) -> None:
    """Click into `field`, select all of it and paste `words` with Ctrl+V, as a player does."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.frame(1 / 60, [pygame.event.Event(kind, button=1, pos=field.rect.center)])
    pygame.scrap.put_text(words)
    keys(app, (pygame.K_a, pygame.KMOD_CTRL), (pygame.K_v, pygame.KMOD_CTRL))


def test_a_pasted_multi_line_name_races_under_its_first_line(app, lobby, server, bobs_room):
    bob, code = bobs_room
    paste_into(app, lobby.name_entry, PASTED)
    assert lobby.name_entry.get_text() == "Zed"
    keys(app, (pygame.K_RETURN, 0))
    paste_into(app, lobby.target_entry, f"127.0.0.1:{server.port}/{code}\n")   # a line copied whole
    assert lobby.target_entry.get_text() == f"127.0.0.1:{server.port}/{code}"
    keys(app, (pygame.K_RETURN, 0))                                   # Enter in the address joins
    run_until(app, lambda: lobby.link is not None and len(lobby.link.players()) == 2, [bob])
    assert sorted(p["name"] for p in lobby.link.players()) == ["Bob", "Zed"]


def test_an_empty_name_is_refused_in_one_line_joining_nothing(app, lobby, server, bobs_room):
    bob, code = bobs_room
    type_in(app, lobby.name_entry, "   ")
    type_in(app, lobby.target_entry, f"127.0.0.1:{server.port}/{code}")
    click(app, lobby.join_button)
    assert lobby.link is None
    said = "Your name: a name is 1 to 24 characters, not counting spaces at its ends"
    assert lobby.line == said and said in messages(app)
    click(app, lobby.host_button)                                     # Host too
    assert lobby.link is None
    type_in(app, lobby.name_entry, "Ann")                             # mended: joined
    click(app, lobby.join_button)
    assert said not in messages(app), "the refusal taken down"
    run_until(app, lambda: lobby.link is not None and len(lobby.link.players()) == 2, [bob])
    assert sorted(p["name"] for p in lobby.link.players()) == ["Ann", "Bob"]


def test_an_address_only_ever_mistyped_is_not_kept_for_the_open_rooms(app, lobby, server, bobs_room):
    bob, code = bobs_room
    mistyped = f"127.0.0.1:{free_port()}"
    type_in(app, lobby.name_entry, "Ann")
    type_in(app, lobby.target_entry, mistyped)
    press(app, lobby.join_button)
    run_until(app, lambda: lobby.link is None and "no race server" in lobby.line)
    assert app.settings.get(SERVERS, []) == []
    type_in(app, lobby.target_entry, f"127.0.0.1:{server.port}/{code}")
    press(app, lobby.join_button)
    run_until(app, lambda: lobby.link is not None and lobby.link.me() is not None, [bob])
    app.frame(1 / 60)
    assert app.settings[SERVERS] == [f"ws://127.0.0.1:{server.port}/"]


def test_a_paste_keeps_its_first_visible_line_cleaned_to_the_names_length():
    assert first_line("\n  Zed\t\n<b>... very long name") == "Zed"
    assert first_line("a\x07b  c", 3) == "ab"
    assert first_line("  \t\n\x1b\n") == ""
