"""The standings server field in Settings, typed as a stranger types (one real window, the
App's own dispatch): long text, spaces, a race address with its room code pasted, Escape while
typing, a wrong address (one line, nothing kept), a right one (kept), Forget my name (asked first)."""
from __future__ import annotations

import pygame

from game.net import identity
from game.net.desk import SETTING, server_url
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.game.drive import frame, key
from tests.game.test_typing import click, pump, type_text


def enter(app, scene, typed: str) -> None:
    """Click the field, select what is there, type `typed`, press Enter."""
    click(app, scene.server.rect.center)
    assert app.keyboard_owner() is scene.server
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    type_text(app, typed)
    key(app, pygame.K_RETURN)
    pump(app)


def test_the_server_field_typed_as_a_stranger_types(app):
    app.push(TitleScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    for wrong in ("club example org", "http://club.example.org:8765", "127.0.0.1:9000/Q7KX2M",
                  "127.0.0.1:port", "127.0.0.1:99999", "x" * 250):
        enter(app, scene, wrong)
        assert scene.server_bad and "\n" not in scene.server_line and len(scene.server_line) < 120, wrong
        assert app.settings.get(SETTING, "") == "" and app.top is scene, wrong
    assert len(scene.server.get_text()) == 200                           # the field's limit
    enter(app, scene, "  127.0.0.1:9000  ")
    assert app.settings[SETTING] == "127.0.0.1:9000" and not scene.server_bad
    assert scene.server_line == "Ranked dailies on 127.0.0.1:9000: a name is asked at the first run"
    click(app, scene.server.rect.center)                                 # Escape while typing: not kept
    type_text(app, "999")
    key(app, pygame.K_ESCAPE)
    pump(app)
    assert app.top is scene and app.keyboard_owner() is None and app.settings[SETTING] == "127.0.0.1:9000"
    assert not scene.forget.is_enabled                                   # no name there yet
    identity.remember(app.storage.folder, server_url("127.0.0.1:9000"), "t" * 43, "Ann")
    scene.sync_forget()
    enter(app, scene, "127.0.0.1:9000")
    assert scene.server_line == "Ranked dailies on 127.0.0.1:9000 as Ann"              # the name held there
    click(app, scene.forget.rect.center)
    pump(app)
    assert scene._dialogs and identity.load(app.storage.folder)          # asked first: nothing forgotten yet
    key(app, pygame.K_ESCAPE)                                            # no
    pump(app)
    assert identity.load(app.storage.folder)
    click(app, scene.forget.rect.center)
    pump(app)
    dialog = [d for d in scene._dialogs if d.alive()][-1]
    click(app, dialog.confirm_button.rect.center)
    pump(app)
    assert identity.load(app.storage.folder) == {} and scene.server_line == "Forgotten: 'Ann' on 127.0.0.1:9000"


def test_a_refused_address_is_said_in_the_screens_size_inside_the_window(app, monkeypatch):
    import game.draw.widgets as widgets
    import game.scenes.settings as settings
    app.push(TitleScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    for wrong in ("h\u00e9llo w\u00f6rld \u2603:99x", "a" * 200 + ".example.org:8765"):
        enter(app, scene, wrong)
        drawn, real = [], widgets.text

        def record(surface, line, *a, **kw):
            drawn.append((line, real(surface, line, *a, **kw)))
            return drawn[-1][1]

        monkeypatch.setattr(widgets, "text", record)
        monkeypatch.setattr(settings, "text", record)
        scene.draw(app.surface)
        monkeypatch.undo()
        label = next(rect for line, rect in drawn if line.startswith("Standings server"))   # the screen's size
        said = [rect for line, rect in drawn if line and line in scene.server_line]
        assert said and all(rect.height == label.height for rect in said), (wrong, drawn)
        assert all(pygame.Rect((0, 0), app.size).contains(rect) for rect in said), (wrong, drawn)
