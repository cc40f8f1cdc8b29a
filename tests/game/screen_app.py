"""Screens (title, statistics, daily, dice editor, how to play) with no window: `ScreenApp` is a
FakeApp with a plain Surface to draw on, a pygame-gui manager made without a window, and a
small scene stack (push, pop, top) as the App keeps one. Events go straight to the top scene's
`handle_event`, as `App.dispatch` hands them on; nothing here runs the App's loop.

    app = ScreenApp(tmp_path)
    scene = app.push(StatsScene(app))
    press(app, scene.levels["7"])           # a button's press, as pygame-gui posts it
"""
from __future__ import annotations

import pygame
import pygame_gui

from tests.game.fakes import FakeApp


def fonts() -> None:
    """pygame's fonts, ready: a test before may have quit pygame (the game start does), which
    leaves the theme's cached fonts dead; they are made again, as App.__init__ does."""
    from game.draw import theme
    pygame.font.init()
    theme.font.cache_clear()


def pixel_format() -> None:
    """pygame-gui converts the text it renders, which needs a display pixel format: a hidden 1x1
    display surface on the dummy driver gives one (no App; tests/conftest.py still counts the
    test among those that open a window)."""
    pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)


class ScreenApp(FakeApp):
    def __init__(self, folder, size: tuple[int, int] = (1100, 760)):
        fonts()
        super().__init__(folder, size)
        from game.draw.widgets import ui_theme
        pixel_format()
        self.surface = pygame.Surface(size)
        self.ui = pygame_gui.UIManager(size, ui_theme(self.palette, self.scale), enable_live_theme_updates=False)
        self.scenes: list = []
        self.quitting = False

    def quit(self) -> None:
        self.quitting = True

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene):
        if self.scenes:
            self.scenes[-1].on_exit()
        self.toasts.place(None)
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> None:
        if len(self.scenes) < 2:
            return
        self.scenes.pop().on_exit()
        self.toasts.place(None)
        self.scenes[-1].on_enter()

    def replace(self, scene):
        if self.scenes:
            self.scenes.pop().on_exit()
        self.toasts.place(None)
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def open(self, key: str, **options) -> None:
        """As the App opens a registry screen (recorded in `opened` too); for screens, not games."""
        from game.screens import entry
        super().open(key, **options)
        self.push(entry(key).scene(self, **options))

    def frame(self, dt: float = 1 / 60) -> None:
        """What the App's frame does after the events: the widgets, the top scene and the
        messages advance by `dt` and are drawn (onto the surface)."""
        scene = self.top
        self.worker.poll()
        self.ui.update(dt)
        scene.update(dt)
        self.toasts.update(dt)
        scene.draw(self.surface)
        self.ui.draw_ui(self.surface)
        scene.draw_overlay(self.surface)
        self.toasts.draw(self.surface, self.palette, self.scale)

    def draw(self) -> pygame.Surface:
        """The top scene drawn onto the surface (no widgets: only what the scene draws)."""
        self.top.draw(self.surface)
        return self.surface


def key(app: ScreenApp, k: int, mod: int = 0) -> bool:
    """A key press handed to the top scene; True if the scene used it."""
    return app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def press(app: ScreenApp, button) -> bool:
    """A pygame-gui button's press handed to the top scene."""
    return app.top.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def click(app: ScreenApp, pos, button: int = 1) -> bool:
    """A mouse press at `pos` handed to the top scene."""
    return app.top.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))


def choose(app: ScreenApp, menu, text: str) -> bool:
    """A choice in a pygame-gui drop-down menu handed to the top scene."""
    return app.top.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text))


def genius_frame(kit, pointer=(0, 0)):
    """The Frame a play screen builds of `kit` (no guide, no celebration, no motion), as
    PlayScene.frame does."""
    from game.play.frame import Anims, Frame, Shows
    s, m = kit.session, kit.session.match
    shows = Shows(**{**kit.mode.shows(), "offers": kit.mode.offers()})
    anims = Anims(None, (), None, kit.roll)
    return Frame(m, s.hand.shown(m.position), s.hand, s.hand.landing(m.position), s.status, s.clock_text(),
                 s.paused, s.job, pointer, shows, anims, bool(kit.app.settings.get("labels", False)))
