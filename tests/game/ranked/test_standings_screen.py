"""The standings screen's groups and keyboard on a fake connection (one window-less pygame-gui
manager: ScreenApp): New group... with a typed name, Join a group... with a typed code (a
refusal said in one line), Copy code, Leave group (asked first), arrows/Tab, Enter, Page
Up/Down, Escape (first the field, then the screen)."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pygame_gui

from game.net import identity
from game.net.desk import server_url
from game.scenes.ranked.standings import StandingsScene
from game.scenes.title import TitleScene
from tests.game.screen_app import ScreenApp
from tests.game.ranked.fake_desk import Clients

SERVER = "127.0.0.1:9000"


def keydown(scene, key, mod=0):
    return scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def rows(first: int, count: int) -> list[dict]:
    return [{"place": i, "name": f"P{i}", "ms": 30000 + i, "runs": 1} for i in range(first, first + count)]


def answer(scene, clients, total, first, count):
    """The server's answer to every request waiting, in order (this page's standings the last)."""
    for kind, *_ in scene.desk.waiting:
        if kind == "groups":
            clients.last.say("groups", groups=[])
        else:
            clients.last.say("standings", puzzle="genius", daily=60, days=1, group=scene.group, total=total,
                             rows=rows(first, count), you=None)
    scene.update(0)


def sent(clients, kind):
    return [f for k, f in clients.last.sent if k == kind]


def test_groups_and_keys_on_the_standings_screen(tmp_path):
    app = ScreenApp(tmp_path)
    app.settings["standings_server"] = SERVER
    identity.remember(app.storage.folder, server_url(SERVER), "t" * 43, "Ann")
    clients = Clients()
    app.push(TitleScene(app))
    scene = app.push(StandingsScene(app, connect=clients))
    answer(scene, clients, 30, 1, scene.limit)
    order = [action for action, _ in scene.order]
    assert order.index("copy") < order.index("leave") and not dict(scene.order)["copy"].is_enabled

    # the keyboard: Tab and arrows move the highlight over the enabled buttons, Enter acts
    start = scene.selected
    keydown(scene, pygame.K_TAB)
    keydown(scene, pygame.K_RIGHT)
    keydown(scene, pygame.K_LEFT)
    keydown(scene, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.selected == start
    scene.selected = order.index("day=week")
    keydown(scene, pygame.K_RETURN)
    assert scene.day == "week" and sent(clients, "standings")[-1]["days"] == 7
    answer(scene, clients, 30, 1, scene.limit - 2)              # fewer rows than asked: the next page follows them
    keydown(scene, pygame.K_PAGEDOWN)
    assert sent(clients, "standings")[-1]["offset"] == scene.limit - 2
    answer(scene, clients, 30, scene.limit - 1, scene.limit)
    keydown(scene, pygame.K_PAGEUP)
    assert sent(clients, "standings")[-1]["offset"] == 0
    answer(scene, clients, 30, 1, scene.limit)

    # New group...: the field, a name typed, the group made and chosen, its code copied
    scene.act("create")
    assert scene.field is not None and app.ui.get_focus_set() and scene.field in app.ui.get_focus_set()
    answer(scene, clients, 30, 1, scene.limit)                  # (the table, a row shorter)
    scene.field.set_text("  Chess club  ")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.field))
    assert sent(clients, "group_create")[-1] == {"token": "t" * 43, "name": "Chess club"}
    clients.last.say("group", group="ABCD2345", name="Chess club", members=1)
    scene.update(0)
    assert scene.field is None and scene.group == "ABCD2345"
    assert scene.line == "Group Chess club: code ABCD2345, 1 member"
    assert sent(clients, "standings")[-1]["group"] == "ABCD2345"
    assert any(action == "group=ABCD2345" for action, _ in scene.order)
    answer(scene, clients, 1, 1, 1)
    scene.act("copy")
    assert app.copied == "ABCD2345" and "ABCD2345" in scene.line

    # Join a group...: a code typed as friends say it (lower case, a space), then one refused
    scene.act("join")
    answer(scene, clients, 1, 1, 1)
    scene.field.set_text(" wxyz 6789 ")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.field))
    assert sent(clients, "group_join")[-1]["group"] == "WXYZ6789"
    clients.last.say("error", reason="no group with that code")
    scene.update(0)
    assert scene.line == "No group with that code" and scene.field is not None
    scene.back()                                                # Escape: the field goes, the screen stays
    assert scene.field is None and app.top is scene
    answer(scene, clients, 1, 1, 1)

    # Leave group: asked first, then the server's list, and everyone's standings again
    scene.act("leave")
    assert not sent(clients, "group_leave") and scene._dialogs
    dialog = next(iter(scene._dialogs))
    scene.handle_dialog(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))
    assert sent(clients, "group_leave")[-1] == {"token": "t" * 43, "group": "ABCD2345"}
    clients.last.say("groups", groups=[])
    scene.update(0)
    assert scene.group is None and scene.line == "You left the group Chess club"
    assert sent(clients, "standings")[-1]["group"] is None
    answer(scene, clients, 30, 1, scene.limit)
    scene.back()                                                # Escape: the screen goes
    assert app.top is not scene and clients.last.closed


def test_the_name_field_of_the_today_screen_has_the_keys(tmp_path):
    """The name asked before the first ranked run: typing goes to its field, not to the screen."""
    from game.scenes.daily import DailyScene
    app = ScreenApp(tmp_path)
    app.settings["standings_server"] = SERVER
    app.push(TitleScene(app))
    scene = app.push(DailyScene(app))
    scene.offer.desk.client.close()
    scene.offer.play("genius", 60, ranked=True)
    scene.after_offer()
    assert scene.name_entry is not None and scene.name_entry in (app.ui.get_focus_set() or ())


def test_the_week_says_1_run_and_2_runs():
    shown = SimpleNamespace(day="week", me=None, answer={
        "total": 2, "you": None, "rows": [{"place": 1, "name": "Bob", "ms": 36200, "runs": 2},
                                          {"place": 2, "name": "Ann", "ms": 126600, "runs": 1}]})
    assert [when for _, _, when, _ in StandingsScene.rows(shown)] == ["0:36.2 · 2 runs", "2:06.6 · 1 run"]


def test_close_times_are_told_apart_to_the_tenth_as_on_the_command_line():
    shown = SimpleNamespace(day="today", me=None, answer={
        "total": 2, "you": None, "rows": [{"place": 1, "name": "Bob", "ms": 4200, "runs": 1},
                                          {"place": 2, "name": "Ann", "ms": 4900, "runs": 1}]})
    assert [when for _, _, when, _ in StandingsScene.rows(shown)] == ["0:04.2", "0:04.9"]   # not two 0:04
