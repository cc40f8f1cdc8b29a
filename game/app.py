"""The window, the main loop and the scene stack.

`run(argv)` is what `squarewise` (no subcommand) calls. The App owns the resizable window,
the pygame-gui manager (one per palette and UI scale), the worker for solver calls, the
settings and statistics, and a stack of scenes: only the top scene gets events, updates
and draws. Escape goes back (`Scene.back`, which pops) and never quits: on the title, the last
scene, it does nothing. Quit on the title, Ctrl+Q anywhere and the window's close box save
via every scene's `on_quit` and quit at once. The loop draws only when something happened or
moves, and otherwise sleeps on the window's queue (game/idle.py) until the next due time or
an event; any part (a finished solver job, a network link, a timer) wakes it with `wake()`.

One rule of frames, kept here and nowhere else: a frame draws what is true after every update
of that frame (the top scene taken once the updates are over, a scene an update put on top
updated too, the widgets updated after the scene changed them), and another frame is due while
anything shown is still to change by itself (`redraw_in`: the scene's animations and clock,
the messages, a shown job, a blinking cursor, the widgets pygame-gui has yet to finish,
game/ui_due.py, and the fade between screens, game/fade.py). A frame the time alone runs while
only the scene's own part changes (a still board's clock) draws that part alone (`tick_area`).
"""
from __future__ import annotations

import time

_T0 = time.perf_counter()

import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux"):
    # The window's pixels go to the X server through shared memory, not through OpenGL: with no
    # GPU driver (Xvfb, a virtual machine) SDL's OpenGL path runs Mesa's software rasteriser,
    # about 6 ms of CPU a frame where shared memory takes 0.02 ms (a still board draws once a second).
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import contextlib  # noqa: E402
import functools  # noqa: E402
import gc  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import tempfile  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import idle, keys, options, ui_due, ui_lists  # noqa: E402
from game.draw import theme  # noqa: E402
from game.draw.widgets import Toasts, ui_theme  # noqa: E402
from game.fade import Fade  # noqa: E402
from game.net import identity  # noqa: E402
from game.options import MAX_SIDE  # noqa: E402
from game.sound import Sounds  # noqa: E402
from game.screens import entry  # noqa: E402
from game.storage import ENV_VAR, Storage, data_dir  # noqa: E402
from game.worker import Worker  # noqa: E402
from solver import puzzles  # noqa: E402
from solver.assets import asset_path  # noqa: E402
from solver.errors import SquarewiseError  # noqa: E402

MIN_SIZE = (800, 560)
DESIGN_SIZE = (1100, 760)      # the size at which the UI scale is 1.0
FPS = 60
MAX_DT = 0.1        # seconds: a scene's animations never jump further in one frame (after a long sleep, say)
NAP = 0.5           # seconds: the longest the loop sleeps before it asks again what is due
PROGRESS = 0.1      # seconds between redraws while a job the screen shows (its age, its progress) runs
BLINK = 0.4         # seconds between redraws while a text field's cursor blinks
SETTLE = 4          # scenes updated in one frame at most (each that an update puts on top)
# The event that wakes a sleeping loop (App.wake): it runs a frame and reaches no scene.
WAKE = pygame.event.custom_type()
# Events that carry typing: while a text field or dialog has the keyboard, none reaches a scene.
KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
# The events that answer a dialog (Scene.handle_dialog).
DIALOG_EVENTS = (pygame_gui.UI_FILE_DIALOG_PATH_PICKED, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)
# Window events that change whether the player can see and play the board: event -> (state, value).
WINDOW_STATE = {pygame.WINDOWFOCUSLOST: ("focused", False), pygame.WINDOWFOCUSGAINED: ("focused", True),
                pygame.WINDOWMINIMIZED: ("minimised", True), pygame.WINDOWRESTORED: ("minimised", False),
                pygame.WINDOWHIDDEN: ("hidden", True), pygame.WINDOWSHOWN: ("hidden", False)}


class App:
    """The running game: window, UI manager, worker, storage and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None, storage: Storage | None = None):
        pygame.display.init()
        pygame.font.init()
        theme.font.cache_clear()       # fonts from an earlier pygame.init() are dead
        self.storage = storage or Storage()
        self.settings = self.storage.settings()
        self.statistics = self.storage.statistics()     # damaged values dropped one by one, the rest kept
        self.sounds = Sounds(self.settings.get("volume", 0.8), bool(self.settings.get("muted", False)))
        want = window_size(size or self.settings.get("window"))
        self.window = pygame.Window("Squarewise", want, resizable=True)
        self.window.minimum_size = MIN_SIZE
        icon = asset_path("icons", "squarewise.png")
        if icon.exists():
            self.window.set_icon(pygame.image.load(str(icon)))
        self.surface = self.window.get_surface()
        self.clock = pygame.time.Clock()
        self.worker = Worker(wake=self.wake)
        self.toasts = Toasts()
        self.fade = Fade()
        self.scenes: list = []
        self.running = True
        self._window_state = {"focused": True, "minimised": False, "hidden": False}
        self.frames = 0
        self.due_at: float | None = None     # the loop's clock time at which a frame is due (step)
        self.first_frame_at: float | None = None
        self._managers: dict = {}
        self.ui: pygame_gui.UIManager = self._manager()
        damaged = [identity.check(self.storage.folder)]          # (None, or the line for identities.json)
        for line in self.storage.warnings + [line for line in damaged if line]:   # an unreadable file: tell the player too
            self.toasts.show(line.split("warning: ", 1)[-1], 8, self.palette.illegal)

    # --- look -------------------------------------------------------------------------
    @property
    def palette(self) -> theme.Palette:
        return theme.palette(self.settings.get("palette", theme.DEFAULT_PALETTE))

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def scale(self) -> float:
        """The UI scale: 1.0 at the design size, in steps of 0.05."""
        return _scale_for(self.size)

    def px(self, value: float) -> int:
        """A design-size length in pixels at the current scale."""
        return max(1, round(value * self.scale))

    def _manager(self) -> pygame_gui.UIManager:
        key = (self.palette.name, self.scale)
        manager = self._managers.get(key)
        if manager is None:
            if len(self._managers) > 6:
                self._managers.clear()
            manager = pygame_gui.UIManager(self.size, ui_theme(self.palette, self.scale),
                                           enable_live_theme_updates=False)
            self._managers[key] = manager
        manager.set_window_resolution(self.size)
        return manager

    def restyle(self) -> None:
        """Rebuild the UI after a change of window size, scale or palette."""
        self.surface = self.window.get_surface()
        self.ui = self._manager()
        self.fade.stop()
        if self.scenes:
            self.scenes[-1].on_resize()

    # --- the scene stack --------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def _leaving(self) -> None:
        """The top scene is about to change: what the window shows fades out (Animations on)."""
        if self.frames and self.settings.get("animations", True):
            self.fade.start(self.surface)

    def push(self, scene) -> None:
        self._leaving()
        if self.scenes:
            self.scenes[-1].on_exit()
        self.toasts.place(None)      # each scene says where its messages go (or takes the default)
        self.scenes.append(scene)
        self.window.title = scene.caption
        scene.on_enter()

    def pop(self) -> None:
        """Leave the top scene; the last one stays (only `quit` closes the window)."""
        if len(self.scenes) < 2:
            return
        self._leaving()
        self.scenes.pop().on_exit()
        self.toasts.place(None)
        self.window.title = self.scenes[-1].caption
        self.scenes[-1].on_enter()

    def replace(self, scene) -> None:
        self._leaving()
        if self.scenes:
            self.scenes.pop().on_exit()
        self.toasts.place(None)
        self.scenes.append(scene)
        self.window.title = scene.caption
        scene.on_enter()

    def open(self, key: str, *, guide: bool = False, **options) -> None:
        """Push a new scene of the registry's puzzle `key` (scenes open each other this way,
        never by importing each other). A puzzle's first plain launch (no game ID: the setting
        `howto_seen` says whether it happened) plays the guided first game, as `guide` asks."""
        scene = entry(key).scene(self, **options)
        self.push(scene)
        seen = self.settings.setdefault("howto_seen", {})
        if key in seen and not seen[key] and not options:
            seen[key] = True
            self.save_settings()
            guide = True
        if guide:
            scene.start_guide()

    def _receiver(self, key: str):
        """The scene under the top one if it is a scene of the registry's puzzle `key`."""
        below = self.scenes[-2] if len(self.scenes) > 1 else None
        return below if isinstance(below, entry(key).scene_class()) else None

    def hand_back(self, key: str, **result) -> None:
        """Leave the top scene and give `result` to puzzle `key`'s scene: the one below gets it
        through `receive(**result)`; if the scene below is another, a new scene of `key` made
        with `result` as its options takes the top's place."""
        below = self._receiver(key)
        if below is None:
            self.replace(entry(key).scene(self, **result))
            return
        self.pop()
        below.receive(**result)

    # --- persistence ------------------------------------------------------------------
    def save_settings(self) -> None:
        self.storage.write("settings", self.settings)

    def save_statistics(self) -> None:
        self.storage.write("statistics", self.statistics)

    def quit(self) -> None:
        """Save everything and stop the loop (the close box, Ctrl+Q, or Quit on the title)."""
        if not self.running:
            return
        self.running = False
        self.worker.cancel_all()
        for scene in reversed(self.scenes):
            scene.on_quit()
        if not self.window_is_fullscreen():
            self.settings["window"] = list(self.size)
        self.save_settings()
        self.save_statistics()

    def window_is_fullscreen(self) -> bool:
        return bool(getattr(self, "_fullscreen", False))

    def toggle_fullscreen(self) -> None:
        self._fullscreen = not self.window_is_fullscreen()
        if self._fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
        self.restyle()

    def copy_text(self, text: str) -> bool:
        """Put `text` on the clipboard; False where there is no clipboard (e.g. headless)."""
        try:
            pygame.scrap.put_text(text)
            return pygame.scrap.get_text() == text
        except (pygame.error, AttributeError):
            return False

    def paste_text(self) -> str:
        try:
            return pygame.scrap.get_text() or ""
        except (pygame.error, AttributeError):
            return ""

    # --- the frame --------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether the player can see and play the window (focused, not minimised, not hidden)."""
        state = self._window_state
        return state["focused"] and not state["minimised"] and not state["hidden"]

    def _window_event(self, event: pygame.event.Event) -> None:
        """Track focus, minimise and visibility; tell the top scene when playability changes."""
        was = self.active
        name, value = WINDOW_STATE[event.type]
        self._window_state[name] = value
        if self.active != was and self.top is not None:
            self.top.on_focus(self.active)

    def _resized(self) -> None:
        """Keep the window at least MIN_SIZE (without a window manager nothing else does), then relayout."""
        w, h = self.window.size
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            self.window.size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        if self.window.get_surface().get_size() != self.ui.window_resolution or \
                self.window.get_surface() is not self.surface:
            self.restyle()

    def keyboard_owner(self):
        """The open dialog (the topmost), the open drop-down list or the focused text field that
        has the keyboard, or None."""
        windows = [w for w in self.ui.get_window_stack().get_full_stack() if w.alive() and w.visible]
        if windows:
            return windows[-1]
        menu = ui_lists.open_list(self.ui)
        if menu is not None:
            return menu
        return next((e for e in self.ui.get_focus_set() or () if e.alive() and e.visible and
                     isinstance(e, (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox))),
                    None)

    def _typed(self, owner, event: pygame.event.Event) -> None:
        """A key while `owner` (a dialog or text field) has the keyboard: Escape closes it, Enter
        submits it (a dialog's default button; a text field has posted its text already)."""
        if event.type != pygame.KEYDOWN:
            return
        if isinstance(owner, pygame_gui.elements.UIDropDownMenu):
            ui_lists.key(owner, event)
            return
        is_window = isinstance(owner, pygame_gui.elements.UIWindow)
        if event.key == pygame.K_ESCAPE:
            if is_window:
                owner.kill()
            else:
                self.ui.set_focus_set(None)
        elif event.key in ENTER_KEYS:
            if not is_window:
                self.ui.set_focus_set(None)      # the keys go back to the game
                return
            names = ("cancel_button",) if getattr(owner, "enter_cancels", False) else \
                ("confirm_button", "ok_button", "dismiss_button")      # a destructive question: Enter says no
            button = next((getattr(owner, n) for n in names if getattr(owner, n, None) is not None), None)
            if button is not None and button.is_enabled:
                owner.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE) or \
                (event.type == pygame.KEYDOWN and keys.action(event) == "quit"):
            self.quit()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self._resized()
            if self.top is not None:     # then the screen hears of it: what the pointer holds is placed again
                self.top.handle_event(event)
            return
        if event.type in WINDOW_STATE:
            self._window_event(event)
            return
        owner = self.keyboard_owner() if event.type in KEY_EVENTS else None
        used = self.ui.process_events(event)
        if owner is not None:
            self._typed(owner, event)
            return      # typing never reaches the game
        if used and event.type != pygame.MOUSEBUTTONUP:
            return      # a release always reaches the scene, so a drag ends even over a widget
        scene = self.top
        if scene is None:
            return
        if event.type in DIALOG_EVENTS and scene.handle_dialog(event) or scene.handle_event(event):
            return
        name = keys.action(event)
        if name == "back":
            scene.back()
        elif name == "fullscreen":
            self.toggle_fullscreen()

    def redraw_in(self) -> float | None:
        """Seconds until the window would look different with no event: 0 while something moves,
        None while all is still. The one place that decides it: the top scene (its animations and
        clock), the messages, a shown job's progress, a blinking cursor, the widgets pygame-gui
        has yet to finish or a tooltip to come (game/ui_due.py) and the fade between screens. A job
        that ends wakes the loop itself (`wake`)."""
        scene = self.top
        due = [scene.redraw_in() if scene is not None else None,
               min((item[1] for item in self.toasts.items), default=None),
               PROGRESS if any(job.shown for job in self.worker.busy) else None,
               BLINK if self.keyboard_owner() is not None else None,
               0.0 if self.fade.running else None,
               ui_due.due(self.ui)]
        due = [d for d in due if d is not None]
        return max(0.0, min(due)) if due else None

    def wake(self) -> None:
        """Make a sleeping loop run a frame now. Safe from any thread: a finished job, a network
        link or a timer (`pygame.time.set_timer(WAKE, ms)`) posts a WAKE event."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass            # the window is closed: nothing is waiting

    def step(self) -> bool:
        """One turn of the loop: sleep until an event comes (a WAKE among them) or something is
        due to change, then run a frame; a still window is not redrawn. The time something is due
        is kept from turn to turn until a frame runs (a clock's next second asked for again just
        after it came would be the one after). A frame the time alone runs redraws only what
        changes when that is all (`tick_area`). Returns whether a frame ran."""
        now = time.perf_counter()
        due = self.redraw_in()
        if due is not None:
            self.due_at = min(self.due_at, now + due) if self.due_at is not None else now + due
        if self.due_at is not None and now >= self.due_at:
            self.frame()
            return True
        events = pygame.event.get()
        if not events and idle.wait(NAP if self.due_at is None else min(self.due_at - now, NAP)):
            events = pygame.event.get()
        if not events and (self.due_at is None or time.perf_counter() < self.due_at):
            return False
        self.frame(None, events, None if events else self.tick_area())
        return True

    def tick_area(self) -> pygame.Rect | None:
        """The part of the window a frame run by the time alone redraws: the top scene's
        `due_area` (a still board's clock bar) while nothing else shown moves or goes (no message,
        no shown job, no blinking cursor, no fade, no widget to finish); None: all of it."""
        scene = self.top
        if scene is None or self.toasts.items or self.fade.running or self.keyboard_owner() is not None or \
                any(job.shown for job in self.worker.busy) or ui_due.due(self.ui) is not None:
            return None
        return scene.due_area

    def frame(self, dt: float | None = None, events: list | None = None, area: pygame.Rect | None = None) -> float:
        """One frame: events, worker results, updates (the scenes, then the widgets and messages),
        drawing. Returns dt in seconds. With no `dt`, the time since the last frame (the scene's
        animations never jump more than MAX_DT: one started after a long sleep starts at its
        beginning). With an `area`, only that part of the window is drawn again, unless the updates
        changed more (another scene on top, a widget's picture)."""
        scene_dt = dt
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
            scene_dt = min(dt, MAX_DT)
        for event in (pygame.event.get() if events is None else events):
            if event.type == WAKE:
                continue            # it has done its work: this frame runs
            self.dispatch(event)
            if not self.running:
                return dt
        self.worker.poll()
        scene = self.top
        if scene is None:
            return dt
        widgets = ui_due.layout(self.ui) if area is not None else None
        self._update(scene_dt)
        if area is not None and (self.top is not scene or self.toasts.items or ui_due.layout(self.ui) != widgets
                                 or ui_due.due(self.ui) == 0.0):
            area = None             # the update changed more than the area: all of the window
        self.ui.update(dt)
        self.toasts.update(dt)
        self.surface.set_clip(area)
        self.draw(scene_dt)
        self.surface.set_clip(None)
        self.window.flip()
        self.due_at = None          # what was due is drawn: the next turn asks again
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        return dt

    def _update(self, dt: float) -> None:
        """Update the top scene; a scene its update puts on top is updated too (by no time) before
        anything is drawn, so the frame shows the screen on top as it is (at most SETTLE scenes)."""
        updated: list = []
        while self.top is not None and self.top not in updated and len(updated) < SETTLE:
            updated.append(self.top)
            self.top.update(0.0 if len(updated) > 1 else dt)

    def draw(self, dt: float = 0.0) -> None:
        """Draw the top scene, its widgets, its overlay, the messages, and the fade from the screen
        before (advanced by `dt`), onto the window's surface."""
        scene = self.top
        scene.draw(self.surface)
        self.ui.draw_ui(self.surface)
        scene.draw_overlay(self.surface)
        self.toasts.draw(self.surface, self.palette, self.scale)
        self.fade.draw(self.surface, dt)

    def loop(self, seconds: float | None = None) -> None:
        """Run the loop until quit (or for `seconds`): frames when something happens, else sleep."""
        end = None if seconds is None else time.perf_counter() + seconds
        while self.running and (end is None or time.perf_counter() < end):
            self.step()


def window_size(value) -> tuple[int, int]:
    """A usable window size from a setting or --size: whole numbers, each side clamped to
    MIN_SIZE..MAX_SIDE; DESIGN_SIZE when the value is not two whole numbers."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or \
            not all(type(v) is int or (type(v) is float and v.is_integer()) for v in value):
        return DESIGN_SIZE
    return tuple(int(max(low, min(MAX_SIDE, v))) for low, v in zip(MIN_SIZE, value))


def check_display() -> None:
    """SquarewiseError if there is no screen to open a window on.

    With no display SDL falls back to its invisible 'offscreen' or 'dummy' driver and the
    game would run unseen forever; those drivers are only taken when SDL_VIDEODRIVER asks
    for them (the tests and the CI smoke test do). What SDL itself prints while it looks for a
    display (libwayland's "XDG_RUNTIME_DIR is invalid or not set") is dropped: the reason is
    in its error, and the player sees one line."""
    try:
        with _stderr_dropped():
            pygame.display.init()
    except pygame.error as exc:
        raise SquarewiseError(f"no display to open the window on ({exc}); "
                              f"the solver runs without one: squarewise {puzzles.PUZZLES[0].name} --help") from None
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        pygame.display.quit()
        raise SquarewiseError("no display to open the window on (set DISPLAY, or run a subcommand: "
                              f"squarewise {puzzles.PUZZLES[0].name} --help)")


@contextlib.contextmanager
def _stderr_dropped():
    """File descriptor 2 points at the null device within the block (C libraries write there)."""
    if sys.stderr is not None:
        sys.stderr.flush()
    try:
        saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    except OSError:                     # no stderr at all (a windowed executable): nothing to drop
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


@functools.lru_cache(maxsize=16)
def _scale_for(size: tuple[int, int]) -> float:
    raw = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return round(max(0.7, min(2.5, raw)) * 20) / 20


def smoke_test(seconds: float, size=None) -> int:
    """Title, then a new game of the first puzzle of the engine's list, with real frames for
    `seconds`; prints timings."""
    from game.scenes.title import TitleScene

    app = App(size=size)
    app.push(TitleScene(app))
    _quit_if_stopped(app)
    app.frame()
    if not app.running:
        return 0
    first = app.first_frame_at - _T0
    print(f"first frame: {first:.3f} s after start", flush=True)
    app.loop(min(1.0, seconds / 4))
    if app.running:
        app.push(entry(puzzles.PUZZLES[0].name).scene(app, new=True))
        app.loop(max(0.0, seconds - (time.perf_counter() - app.first_frame_at)))
    frames = app.frames
    total = time.perf_counter() - app.first_frame_at
    app.quit()
    print(f"frames: {frames} in {total:.2f} s ({frames / max(total, 1e-9):.1f} per second)", flush=True)
    return 0


# Signals that stop the game as its close box does (saving everything), and their exit codes
# and lines, as the CLI's (docs/files.md). SDL would catch SIGTERM alone; it leaves a handler
# set before it starts in place.
STOP_SIGNALS = {"SIGINT": (130, "interrupted"), "SIGHUP": (129, "stopped by SIGHUP"),
                "SIGTERM": (143, "stopped by SIGTERM")}
_stop = {"pid": None, "signal": None}     # the game's process, and the name of the signal that stopped it


def _stop_on_signal(signum, _frame) -> None:
    if os.getpid() != _stop["pid"]:
        return        # a worker forked from the game: the game decides, and cancels its jobs
    _stop["signal"] = signal.Signals(signum).name
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))   # the close box's path: App.quit saves
    except pygame.error:
        pass          # no window yet: run() quits at once once it has one


def catch_stop_signals() -> dict:
    """Ctrl-C, a closed terminal (SIGHUP) and SIGTERM quit the game as the close box does;
    returns the handlers they had, for `signal.signal` to put back."""
    _stop.update(pid=os.getpid(), signal=None)
    return {signum: signal.signal(signum, _stop_on_signal)
            for signum in (getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name))}  # no SIGHUP on Windows


def _quit_if_stopped(app) -> None:
    """Quit at once (saving) if a stopping signal came before the window could hear it."""
    if _stop["signal"] is not None:
        app.quit()


def _exit_code(code: int) -> int:
    """`code`, or the stopping signal's exit code with its one line on stderr."""
    if _stop["signal"] is None:
        return code
    code, words = STOP_SIGNALS[_stop["signal"]]
    print(f"squarewise: {words}", file=sys.stderr)
    return code


def run(argv: list[str] | None = None) -> int:
    """The game window. Returns the process exit code."""
    caught = catch_stop_signals()
    try:
        return _run(argv)
    finally:
        for signum, handler in caught.items():
            signal.signal(signum, handler)


def _run(argv: list[str] | None) -> int:
    try:
        args = options.parse(sys.argv[1:] if argv is None else argv)
        if args.smoke_test is not None:        # never the player's data folder
            os.environ[ENV_VAR] = tempfile.mkdtemp(prefix="squarewise-smoke-")
        check_display()
        data_dir()                             # made only once the window can open
    except SquarewiseError as exc:
        print(f"squarewise: error: {exc}", file=sys.stderr)
        return 2
    size = args.size
    if args.smoke_test is not None:
        try:
            return _exit_code(smoke_test(args.smoke_test, size))
        finally:
            pygame.quit()
            gc.collect()           # the App's Storage, and with it the folder's lock (Windows cannot remove a locked file)
            shutil.rmtree(os.environ[ENV_VAR], ignore_errors=True)
    from game.scenes.title import TitleScene

    app = App(size=size)
    app.push(TitleScene(app))
    for engine in puzzles.PUZZLES:             # --genius [GAME_ID], ...: straight to that puzzle
        game_id = getattr(args, engine.name)
        if game_id is not None:
            app.push(entry(engine.name).scene(app, game_id=game_id or None))
    if args.join is not None:                  # an invite: straight into the room
        app.open("online", invite=args.join)
    _quit_if_stopped(app)
    try:
        app.loop()
    finally:
        pygame.quit()
    return _exit_code(0)
