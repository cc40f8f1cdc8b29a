"""Helpers for the MacMahon, browser and turn-in-place tests without a window: an
App stand-in with a pygame-gui UI manager (widgets are laid out, never drawn to a window), the
widgets a kit builds, and the Frame a play screen would hand its view.

    app = WidgetApp(tmp_path, size=(800, 560))
    kit = macmahon_kit(app, "4x6x3")           # a MacMahon kit in Solo mode on an empty board
    chrome = built_chrome(kit)                  # where kit.build(...) puts the widgets
    surface = drawn(kit)                        # the view's picture of the frame on show
"""
from __future__ import annotations

import random

import pygame
import pygame_gui

from game.play.frame import Anims, Frame, Shows
from game.scenes.motion import Motion
from tests.game.fakes import FakeApp


class WidgetApp(FakeApp):
    """FakeApp with the UI manager the App would make for its size (its theme and scale: the
    fonts a kit measures its menus with); no widget is made, nothing opens a window."""

    def __init__(self, folder, size: tuple[int, int] = (1100, 760)):
        super().__init__(folder, size)
        from game.draw.widgets import ui_theme
        self.ui = pygame_gui.UIManager(size, ui_theme(self.palette, self.scale), enable_live_theme_updates=False)
        self.top = None                  # the screen on show: none (a screen made here is never shown)


class Widget:
    """A widget as the kit placed it: its rect, its label (pygame-gui's widgets keep the rect
    they are given; making them needs a window's pixel format, so they are not made here)."""

    def __init__(self, rect, text: str = ""):
        self.rect = pygame.Rect(rect)
        self.text = text


class Menu(Widget):
    def __init__(self, rect, label: str, entries):
        super().__init__(rect, label)
        self.label = label
        self.entries = list(entries)
        self.menu = self             # (an ActionMenu's drop-down: `.menu.rect`)


class LaidOut:
    """What a kit's `build(chrome, mode)` asks of a PlayChrome, recorded: the buttons, the menus,
    the game ID entry (with Copy and Play) and Cancel where the kit puts them."""

    def __init__(self, app, tooltips: dict):
        self.app = app
        self.tooltips = tooltips
        self.buttons: dict = {}
        self.menus: dict = {}
        self.id_entry = None
        self.cancel = None
        self.scene = self            # (a kit hands `chrome.scene.do` to its menus)
        self.done: list[str] = []

    def do(self, action: str) -> bool:
        self.done.append(action)
        return True

    def add_buttons(self, specs, rects) -> None:
        for (name, label), rect in zip(specs, rects):
            self.buttons[name] = Widget(rect, label)

    def add_menu(self, name: str, rect, label: str, entries, on_choose) -> None:
        self.menus[name] = Menu(rect, label, entries)

    def add_id_entry(self, x: int, y: int, copy_tip: str, play_tip: str, width: int = 330) -> int:
        app = self.app                           # (the same rects as PlayChrome.add_id_entry)
        entry_w = app.px(width)
        self.id_entry = Widget((x, y, entry_w, app.px(36)))
        self.buttons["copy"] = Widget((x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy")
        self.buttons["play_id"] = Widget((x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play")
        return x + entry_w + app.px(152)

    def add_cancel(self, rect) -> None:
        self.cancel = Widget(rect, "Cancel")


def built_chrome(kit) -> LaidOut:
    """The widgets `kit` builds for its mode, as the screen's `build_ui` places them."""
    chrome = LaidOut(kit.app, kit.TOOLTIPS)
    kit.build(chrome, kit.mode)
    return chrome


def macmahon_kit(app, header: str = "4x6x3", rng: random.Random | None = None):
    """A MacMahon kit in Solo mode on an empty `header` board (a refused board: the classic one);
    the effects of starting it are in `kit.started`."""
    from game.scenes.macmahon.kit import MacMahonKit
    from game.modes.macmahon.play import Solo
    kit = MacMahonKit(app, rng or random.Random(3))
    kit.table.seat(Solo(kit.table))
    kit.started = kit.dealer.new_game(header)
    return kit


def frame_of(kit, pointer=(0, 0), motion: Motion | None = None, banner: tuple = ()) -> Frame:
    """The Frame a play screen builds (game/scenes/play.py PlayScene.frame) for `kit`'s session."""
    s, m = kit.session, kit.session.match
    motion = motion or Motion(lambda: False)
    shows = Shows(**kit.mode.shows(), game_id=kit.mode.refuses_ids() is None)
    anims = Anims(None, tuple(banner), motion, kit.roll)
    return Frame(m, s.hand.shown(m.position), s.hand, s.hand.landing(m.position), "" if banner else s.status,
                 s.clock_text(), s.paused, s.job, pointer, shows, anims, bool(kit.app.settings.get("labels", False)))


def drawn(kit, frame: Frame | None = None) -> pygame.Surface:
    """The view's picture (under the widgets, then over them) of `frame` (the one on show)."""
    frame = frame or frame_of(kit)
    surface = pygame.Surface(kit.app.size)
    kit.view.draw(surface, frame)
    kit.view.draw_overlay(surface, frame)
    return surface


def genius_kit(app, monkeypatch, board: str = "A1A2A4A6B4D5E1", rng: random.Random | None = None):
    """A Genius kit in Solo mode on `board`; its dice menu (a pygame-gui widget) is only placed."""
    import game.scenes.genius.kit as genius_kit_module
    from game.scenes.genius.kit import GeniusKit
    from game.modes.genius.play import Solo
    monkeypatch.setattr(genius_kit_module, "DiceMenu", lambda scene, rect: Menu(rect, "dice", []))
    kit = GeniusKit(app, rng or random.Random(3))
    kit.table.seat(Solo(kit.table))
    kit.begin_id(kit.dealer.parse_id(board), {})
    return kit
