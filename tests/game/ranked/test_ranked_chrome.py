"""What a ranked run's screen shows, without a window: the kits build the widgets for the
`Ranked` mode on a fake server connection. A run plays the server's board only, so nothing that
would only be refused is on show: no game ID box (Copy, Play), no dice menu (Genius), no
variant, level or rules menus and no game ID panel (MacMahon); the run's own buttons are there."""
from __future__ import annotations

from game.play.match import Match
from game.net.desk import Desk
from game.modes.ranked import Ranked
from tests.game.widget_app import WidgetApp, built_chrome, drawn, genius_kit, macmahon_kit
from tests.game.ranked.fake_desk import Clients, run_message

BLOCKERS = "A1A2A4A6B4D5E1"


def on_the_server(kit, puzzle: str, start: str) -> Ranked:
    """`kit`'s mode made a ranked run of `start` that a (fake) server dealt."""
    clients = Clients()
    desk = Desk("ws://127.0.0.1:9000/", connect=clients)
    desk.start_run("t" * 43, puzzle, 60, True)
    clients.last.say("run", **run_message(puzzle, start))
    desk.pump()
    kit.table.seat(Ranked(kit.table, desk, kit.RUN_BUTTONS))
    kit.mode.begin_run()
    return kit.mode


def test_a_genius_run_shows_none_of_solo_play_s_own_widgets(tmp_path, monkeypatch):
    kit = genius_kit(WidgetApp(tmp_path), monkeypatch, BLOCKERS)
    assert built_chrome(kit).id_entry is not None and kit.dice_menu is not None    # (in solo play they show)
    on_the_server(kit, "genius", BLOCKERS)
    chrome = built_chrome(kit)
    assert chrome.id_entry is None and kit.dice_menu is None
    assert "copy" not in chrome.buttons and "play_id" not in chrome.buttons
    assert {"undo", "redo", "restart"} <= set(chrome.buttons) and list(chrome.menus) == ["game"]


def test_a_macmahon_run_shows_no_variant_level_rules_or_game_id(tmp_path):
    app = WidgetApp(tmp_path)
    kit = macmahon_kit(app)
    solo = built_chrome(kit)
    assert solo.id_entry is not None and {"variant", "level", "rules"} <= set(solo.menus)
    on_the_server(kit, "macmahon", kit.match.start.notation())
    assert isinstance(kit.match, Match) and kit.match.meta["kind"] == "ranked"
    chrome = built_chrome(kit)
    assert chrome.id_entry is None and "copy" not in chrome.buttons
    assert list(chrome.menus) == ["game"]
    assert {"undo", "redo", "restart", "turn"} <= set(chrome.buttons)
    controls = kit.view.layout()["controls"]
    assert chrome.menus["game"].rect.top == controls.top            # the menus' row is not left empty
    surface = drawn(kit)
    panel = kit.view.layout()["game_id"]
    assert tuple(surface.get_at(panel.center))[:3] == tuple(app.palette.background)[:3]   # no game ID panel


def test_the_hand_s_buttons_are_greyed_once_the_run_is_done(tmp_path, monkeypatch):
    for kit, puzzle in ((macmahon_kit(WidgetApp(tmp_path)), "macmahon"),
                        (genius_kit(WidgetApp(tmp_path), monkeypatch, BLOCKERS), "genius")):
        mode = on_the_server(kit, puzzle, kit.match.start.notation())
        hand = [name for name in ("turn", "flip") if name in built_chrome(kit).buttons]
        assert hand and all(mode.flags().get(name, True) for name in hand)
        mode.desk.done = {"puzzle": puzzle, "daily": 60, "ranked": True, "ms": 61000, "place": 1, "of": 1,
                          "flagged": False}
        assert not any(mode.flags().get(name, True) for name in hand), puzzle
