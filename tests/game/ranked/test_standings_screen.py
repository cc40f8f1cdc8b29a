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


def standings(tmp_path):
    """The standings screen (over the title) of a player who has a name, its first page answered:
    (app, screen, clients, the order of its buttons)."""
    app = ScreenApp(tmp_path)
    app.settings["standings_server"] = SERVER
    identity.remember(app.storage.folder, server_url(SERVER), "t" * 43, "Ann")
    clients = Clients()
    app.push(TitleScene(app))
    scene = app.push(StandingsScene(app, connect=clients))
    answer(scene, clients, 30, 1, scene.limit)
    return app, scene, clients, [action for action, _ in scene.order]


def test_copy_code_comes_before_leave_group(tmp_path):
    _, _, _, order = standings(tmp_path)
    assert order.index("copy") < order.index("leave")


def test_copy_code_waits_for_a_group(tmp_path):
    _, scene, _, _ = standings(tmp_path)
    assert not dict(scene.order)["copy"].is_enabled


def test_the_navigation_keys_move_the_highlight_round_the_buttons(tmp_path):
    _, scene, _, _ = standings(tmp_path)
    start = scene.selected
    keydown(scene, pygame.K_TAB)
    keydown(scene, pygame.K_RIGHT)
    keydown(scene, pygame.K_LEFT)
    keydown(scene, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.selected == start


def week_entered(tmp_path):
    """As standings, then Enter on the week's button: (screen, clients)."""
    _, scene, clients, order = standings(tmp_path)
    scene.selected = order.index("day=week")
    keydown(scene, pygame.K_RETURN)
    return scene, clients


def test_enter_acts_on_the_highlighted_button(tmp_path):
    scene, clients = week_entered(tmp_path)
    assert scene.day == "week" and sent(clients, "standings")[-1]["days"] == 7


def test_the_page_keys_page_through_the_standings(tmp_path):
    scene, clients = week_entered(tmp_path)
    answer(scene, clients, 30, 1, scene.limit - 2)              # fewer rows than asked: the next page follows them
    keydown(scene, pygame.K_PAGEDOWN)
    assert sent(clients, "standings")[-1]["offset"] == scene.limit - 2
    answer(scene, clients, 30, scene.limit - 1, scene.limit)
    keydown(scene, pygame.K_PAGEUP)
    assert sent(clients, "standings")[-1]["offset"] == 0


def group_asked_for(tmp_path):
    """As standings, then New group... with a name typed: (app, screen, clients)."""
    app, scene, clients, _ = standings(tmp_path)
    scene.act("create")
    assert scene.field is not None and app.ui.get_focus_set() and scene.field in app.ui.get_focus_set()
    answer(scene, clients, 30, 1, scene.limit)                  # (the table, a row shorter)
    scene.field.set_text("  Chess club  ")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.field))
    return app, scene, clients


def test_new_group_sends_the_name_typed(tmp_path):
    _, _, clients = group_asked_for(tmp_path)
    assert sent(clients, "group_create")[-1] == {"token": "t" * 43, "name": "Chess club"}


def in_chess_club(tmp_path):
    """As group_asked_for, the server's group made: (app, screen, clients)."""
    app, scene, clients = group_asked_for(tmp_path)
    clients.last.say("group", group="ABCD2345", name="Chess club", members=1)
    scene.update(0)
    return app, scene, clients


def test_the_group_made_is_chosen(tmp_path):
    _, scene, clients = in_chess_club(tmp_path)
    assert scene.field is None and scene.group == "ABCD2345"
    assert scene.line == "Group Chess club: code ABCD2345, 1 member"
    assert sent(clients, "standings")[-1]["group"] == "ABCD2345"
    assert any(action == "group=ABCD2345" for action, _ in scene.order)


def test_copy_code_copies_the_group_s_code(tmp_path):
    app, scene, clients = in_chess_club(tmp_path)
    answer(scene, clients, 1, 1, 1)
    scene.act("copy")
    assert app.copied == "ABCD2345" and "ABCD2345" in scene.line


def join_typed(tmp_path):
    """In a group, then Join a group... with a code typed as friends say it (lower case, a
    space): (app, screen, clients)."""
    app, scene, clients = in_chess_club(tmp_path)
    answer(scene, clients, 1, 1, 1)
    scene.act("join")
    answer(scene, clients, 1, 1, 1)
    scene.field.set_text(" wxyz 6789 ")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.field))
    return app, scene, clients


def test_join_sends_the_code_as_the_server_writes_it(tmp_path):
    _, _, clients = join_typed(tmp_path)
    assert sent(clients, "group_join")[-1]["group"] == "WXYZ6789"


def refused_join(tmp_path):
    app, scene, clients = join_typed(tmp_path)
    clients.last.say("error", reason="no group with that code")
    scene.update(0)
    return app, scene, clients


def test_a_refused_join_is_said_in_one_line_keeping_the_field(tmp_path):
    _, scene, _ = refused_join(tmp_path)
    assert scene.line == "No group with that code" and scene.field is not None


def test_escape_takes_the_field_away_first(tmp_path):
    app, scene, _ = refused_join(tmp_path)
    scene.back()
    assert scene.field is None and app.top is scene


def leave_asked(tmp_path):
    """In a group, then Leave group: (app, screen, clients)."""
    app, scene, clients = in_chess_club(tmp_path)
    answer(scene, clients, 1, 1, 1)
    scene.act("leave")
    return app, scene, clients


def test_leave_group_asks_first(tmp_path):
    _, scene, clients = leave_asked(tmp_path)
    assert not sent(clients, "group_leave") and scene._dialogs


def left(tmp_path):
    """As leave_asked, agreed, and the server's list of groups come: (app, screen, clients)."""
    app, scene, clients = leave_asked(tmp_path)
    dialog = next(iter(scene._dialogs))
    scene.handle_dialog(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog))
    assert sent(clients, "group_leave")[-1] == {"token": "t" * 43, "group": "ABCD2345"}
    clients.last.say("groups", groups=[])
    scene.update(0)
    return app, scene, clients


def test_a_group_left_gives_everyone_s_standings_again(tmp_path):
    _, scene, clients = left(tmp_path)
    assert scene.group is None and scene.line == "You left the group Chess club"
    assert sent(clients, "standings")[-1]["group"] is None


def test_escape_with_no_field_leaves_the_screen(tmp_path):
    app, scene, clients = left(tmp_path)
    answer(scene, clients, 30, 1, scene.limit)
    scene.back()
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


def test_the_week_counts_each_player_s_runs():
    shown = SimpleNamespace(day="week", me=None, answer={
        "total": 2, "you": None, "rows": [{"place": 1, "name": "Bob", "ms": 36200, "runs": 2},
                                          {"place": 2, "name": "Ann", "ms": 126600, "runs": 1}]})
    assert [when for _, _, when, _ in StandingsScene.rows(shown)] == ["0:36.2 · 2 runs", "2:06.6 · 1 run"]


def test_close_times_are_told_apart_to_the_tenth_as_on_the_command_line():
    shown = SimpleNamespace(day="today", me=None, answer={
        "total": 2, "you": None, "rows": [{"place": 1, "name": "Bob", "ms": 4200, "runs": 1},
                                          {"place": 2, "name": "Ann", "ms": 4900, "runs": 1}]})
    assert [when for _, _, when, _ in StandingsScene.rows(shown)] == ["0:04.2", "0:04.9"]   # not two 0:04
