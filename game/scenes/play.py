"""`PlayScene`: the screen of a puzzle being played (The Genius Square, MacMahon Squares).

A shell of parts, after Tatham's front end: each pygame event becomes at most one command
(play_input.py, through the view's geometry); the mode may take it first (free mode's blockers,
a race's hand-over), else the session processes it (the puzzle's `interpret`, then undo, redo,
restart, hint, solve, pause); the effects that come back (sounds, messages, motion, a win, a
question) are performed here, and what nobody used is an action of the screen (New, Save, the
menus...). Each frame the session builds a `Frame` and the view draws it. The puzzle's `kit`
and the mode are components: this class holds no puzzle rule and no mode's behaviour."""
from __future__ import annotations

import random
from datetime import datetime
from functools import partial
from pathlib import Path

import pygame
import pygame_gui

from game import keys, screens
from game.play import key_words
from game.play.commands import Banner, Key, Motion, Rebuild, Refresh, Refused, Replace, Sound, Toast, Unused, Withdraw
from game.play.dailies import copy_result
from game.play.frame import Anims, Frame, Shows
from game.play.match import Match, Timer, format_time
from game.play.session import Began, Moved, Won
from game.puzzles import registry
from game.scenes.anim import Result
from game.scenes.base import Scene
from game.scenes.guide import Guide
from game.scenes.motion import Motion as Movement
from game.scenes.play_chrome import PlayChrome
from game.scenes.play_input import Pointer, translate
from game.scenes import play_view
from solver.errors import SquarewiseError

#: the widgets' events (a button pressed, a menu's choice, a typed game ID)
UI_EVENTS = (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED)


class PlayScene(Scene):
    """A puzzle being played: `kit`, the puzzle's part (game/scenes/NAME/kit.py), holds the session, view and mode."""

    def __init__(self, app, kit, rng: random.Random | None = None):
        super().__init__(app)
        self.caption = kit.caption
        self.rng = rng or random.Random()
        self.kit = kit
        self.session = kit.session
        self.view = kit.view
        self.chrome = PlayChrome(self, kit.TOOLTIPS)
        self.pointer = Pointer()
        self.motion = Movement(lambda: app.settings.get("animations", True))
        self.result = Result(self.rng)       # the banner (and confetti) of a board's end
        self.show_help = False
        self.covered = False         # another screen is on top of this one
        self.pending: tuple | None = None    # a replacement asked for before the screen was shown
        self.restore_id = False      # a typed game ID waits on a question: the box shows the game's again after
        self.guide: Guide | None = None      # the guided first game, while it runs
        self.later: list = []                # effects of the input, performed in the frame
        self.stale = False                   # the position changed: the buttons and counts follow in the frame

    # ------------------------------------------------------------------ what is on the board
    @property
    def match(self) -> Match | None:
        return self.session.match

    @property
    def position(self):
        return self.session.match.position

    @property
    def mode(self):
        return self.kit.mode

    def frame(self) -> Frame:
        """Everything the view draws now."""
        s, m = self.session, self.session.match
        banner = self.result.shown()
        anims = Anims(self.result.celebration, tuple(banner), self.motion, self.kit.roll)
        shows = Shows(**{**self.mode.shows(), "guide": self.guide, "offers": self.mode.offers(),
                         "game_id": self.mode.refuses_ids() is None})
        if m is None:
            return Frame(None, None, s.hand, None, s.status, "", s.paused, s.job, self.pointer.pos, shows, anims)
        return Frame(m, s.hand.shown(m.position), s.hand, s.hand.landing(m.position), "" if banner else s.status,
                     s.clock_text(), s.paused, s.job, self.pointer.pos, shows, anims,
                     bool(self.app.settings.get("labels", False)))

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        """One event: a widget's action, or the command it makes (decided now, performed in the frame)."""
        if event.type in UI_EVENTS:
            action = self.chrome.pressed(event)
            if action is not None:
                return action == "" or self.do(action)
        if self.result.stays and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.result.clear()                  # a banner that stays: any key or click closes it
            return keys.action(event) != "back"  # (Escape goes on to leave the screen)
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False               # any key or click closes the key table ...
            if keys.action(event) == "help":     # ... and F1 again opens How to play
                self.app.open(screens.howto_key(self.session.puzzle.name))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.guide is not None and self.guide.press(event.pos):
            return True
        hand = self.session.hand
        command = translate(event, partial(self.view.target_at, hand=hand), self.pointer, hand.held is not None)
        return command is not None and self.process(command, later=True)

    def process(self, command, later: bool = False) -> bool:
        """The command to the parts: the dice rolling in, the mode, else the session. Whether it
        was used; the effects are performed now, or in the frame (`later`)."""
        effects = self.kit.intercept(command) if self.kit.roll is not None else None
        intercept = getattr(self.mode, "intercept", None)
        if effects is None and intercept is not None:
            effects = intercept(command)
        if effects is None:
            effects = self.session.process(command, self.allows)
        unused = [e for e in effects if isinstance(e, Unused)]
        if later:
            self.later += [e for e in effects if not isinstance(e, Unused)]
            return self.perform(unused)
        return self.perform(effects)

    def allows(self, action: str) -> bool:
        return self.mode.allows(action) and self.kit.allows(action)

    def perform(self, effects) -> bool:
        """Do what the parts asked for; False if one of them was an unused command nobody takes."""
        used = True
        for effect in effects:
            if isinstance(effect, Sound):
                self.app.sounds.play(effect.name)
            elif isinstance(effect, Toast):
                self.app.toasts.show(effect.text, effect.seconds, self.app.palette.illegal if effect.alarm else None)
            elif isinstance(effect, Withdraw):
                self.app.toasts.withdraw(effect.text)
            elif isinstance(effect, Motion):         # a refused item's picture flies back where it came from
                frame = self.frame() if effect.kind == "refused" else None
                self.motion.act(effect.kind, effect.arg, lambda held: (
                    self.view.held_image(held, frame.labels), self.pointer.pos, self.view.home_of(held, frame)))
            elif isinstance(effect, Refused) and self.guide is not None:
                self.guide.refused(effect.reason)
            elif isinstance(effect, Won):
                self.announce(effect.ending)
            elif isinstance(effect, Banner):
                self.app.sounds.play(effect.sound)
                self.result.show(self.view.layout()["geo"].rect, list(effect.lines), effect.stays)
            elif isinstance(effect, Began):       # another match: no banner, no motion, no guide
                self.guide = None
                self.result.clear()
                self.motion.stop()
                self.sync_clock()
                self.refresh()
            elif isinstance(effect, Replace):
                self.replace_game(effect.start, effect.what)
            elif isinstance(effect, Moved):
                if not (self.match and self.match.finished):
                    self.result.clear()
                self.stale = True
            elif isinstance(effect, Rebuild):
                if self.chrome.buttons:      # (built when the screen is shown)
                    self.on_resize()
            elif isinstance(effect, Refresh):
                self.refresh()
            elif isinstance(effect, Unused):
                command = effect.command
                used = hasattr(command, "action") and self.do(command.action)
            elif self.answer(effect, self.perform):  # a question, another screen, this one closed
                self.sync_clock()
            else:
                self.kit.perform(effect)             # the puzzle's own (the dice rolling in)
        return used

    # ------------------------------------------------------------------ actions
    def do(self, action: str) -> bool:
        """Run a named action (a key, a button, a menu entry); False if it does not apply now."""
        if self.session.paused and action not in self.mode.WHILE_PAUSED | self.kit.WHILE_PAUSED or \
                self.match is None and action not in self.kit.WHILE_DRAWING:
            return False
        effects = self.mode.do(action)
        if effects is None:
            effects = self.kit.do(action)
        if effects is not None:
            return self.perform(effects)
        if action in ("undo", "redo", "restart", "hint", "solve", "pause"):     # a button of the mid end's keys
            effects = self.session.process(Key(action), self.allows)
            return not isinstance(effects[0], Unused) and self.perform(effects)
        if action == "back" and self.session.job is not None or action == "cancel":
            return self.cancel_job()
        if action == "help":
            self.show_help = not self.show_help
        elif action == "menu":
            self.app.pop()
        elif action == "copy" and self.match is not None:
            self.copy_game_id(self.match.game_id)
        elif action in ("paste", "play_id"):
            text = self.app.paste_text().strip() if action == "paste" else self.chrome.id_entry.get_text()
            return bool(text) and self.ask_play_id(text)
        elif action == "save" and self.allows("save"):
            name = datetime.now().strftime(f"{self.session.puzzle.name}-%Y%m%d-%H%M%S.json")
            self.ask_file("Save the game as", self.save_to, self.app.storage.saves_dir() / name, must_exist=False)
        elif action == "load":
            self.ask_file("Load a saved game", self.ask_load, self.app.storage.saves_dir())
        elif action == "level_menu":
            return self.chrome.open_menu("level")
        elif action == "copy_result":
            number = self.match.meta.get("daily") if self.match else None
            return number is not None and copy_result(self.app, self.session.puzzle.name, number)
        else:
            return False
        self.sync_clock()
        return True

    def cancel_job(self) -> bool:
        if not self.session.cancel_job():
            return False
        self.session.say("Cancelled")
        self.refresh()
        return True

    # ------------------------------------------------------------------ replacing the game
    def replace_game(self, start_fn, what: str = "a new game") -> None:
        """Run `start_fn()` (another game on the board) now, or, with a game in progress, once the
        player agrees to abandon it: New, variant, level, game ID, Load, browser, daily, a mode."""
        if not self.mode.in_progress():
            self.perform(start_fn() or [])
            return
        if self.app.top is not self:           # not shown yet: ask when it is
            self.pending = (start_fn, what)
            return

        def abandon() -> None:
            self.mode.leave()
            self.session.abandon()
            self.app.storage.delete(self.session.puzzle.autosave)    # an abandoned game never comes back
            self.perform(start_fn() or [])

        note = "A race records nothing." if self.mode.name == "race" else "It counts as lost."
        self.confirm(f"Abandon this game for {what}? {note}", abandon, title="Abandon this game?", action="Abandon")
        self.sync_clock()

    def ask_play_id(self, text: str, **meta) -> bool:
        """Play the game whose ID is `text` (typed, pasted or handed over, with `meta` such as the
        daily's number), asking first if that abandons a game in progress; False (and a
        message) for a bad ID or where the mode plays only its own board."""
        refusal = self.mode.refuses_ids()
        if refusal is not None:
            self.app.toasts.show(refusal, 4)
            return False
        try:
            start = self.kit.dealer.parse_id(text)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            if self.chrome.id_entry is not None:
                self.chrome.id_entry.set_text(self.kit.shown_id() or "")   # the box shows the real game's ID again
            return False

        def play() -> list:
            words = f"daily #{meta['daily']}" if meta.get("daily") else start.notation()
            return self.kit.begin_id(start, meta) + [Toast(f"Playing {words}")]

        self.replace_game(play, f"daily #{meta['daily']}" if meta.get("daily") else "the game ID's board")
        self.restore_id = self.dialog_open
        return True

    def start_guide(self) -> None:
        """Play the guided first game (asking first if that abandons a game in progress): a
        lesson, recorded nowhere while the guide runs; then a game like any other."""
        game = registry.get(self.session.puzzle.name).guide

        def start() -> None:
            self.perform(self.kit.begin_id(self.session.puzzle.parse(game.game_id), {"kind": "lesson"}) +
                         self.session.take_effects())
            self.guide = Guide(game, getattr(self.session.hand, "name", str))

        self.replace_game(start, "the guided first game")

    def game_in_progress(self) -> bool:
        """Whether a result handed back to this screen would abandon a game (App.hand_back)."""
        return self.mode.in_progress()

    # ------------------------------------------------------------------ saves
    def save_to(self, path: Path) -> None:
        try:
            path = self.session.save_to(path)
        except OSError as exc:
            self.app.toasts.show(f"Could not save: {exc}", 4, self.app.palette.illegal)
            return
        self.app.toasts.show(f"Saved {path.name}")

    def ask_load(self, path: Path) -> bool:
        """Load the save at `path`, asking first if that abandons a game in progress (its clock
        starts once answered); False (and a message) if it cannot be played."""
        try:
            match = self.session.load(path)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False
        saved = match.elapsed

        def load() -> list:
            match.timer = Timer(saved)
            return self.kit.dealer.play_match(match) + [Toast(f"Loaded {Path(path).name} ({format_time(saved)} on the clock)")]

        self.replace_game(load, Path(path).name)
        return True

    def resume(self) -> bool:
        """Continue the game kept when the window last closed, if any."""
        try:
            match = self.session.resume()
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc).capitalize(), 5)
            return False
        if match is not None:
            self.perform(self.kit.dealer.play_match(match))
        return match is not None

    # ------------------------------------------------------------------ the end of a match
    def announce(self, ending) -> None:
        """Say a win once: a banner over the board with the confetti (or the status line without
        them). A race or a viewed solution says its own words (its mode's `win_words`)."""
        result = self.mode.won(ending)
        if result is not None:
            self.perform(result)
            return
        headline, detail, offer = self.mode.win_words(ending)
        if headline is None:
            return
        self.app.sounds.play("win")
        self.session.say(headline + (f", {detail}" if detail else ""))   # (the offers: the banner, the keys)
        self.result.celebrate(self.view.layout()["geo"].rect, self.kit.confetti(),
                              [headline] + ([detail] if detail else []) + ([offer] if offer else []) +
                              ([f"New game: {key_words.describe('new')}"] if self.allows("new") else []), ending.seconds,
                              ending.new_best and not ending.again and not ending.assisted,
                              self.app.settings.get("animations", True))

    # ------------------------------------------------------------------ the clock and the widgets
    def sync_clock(self) -> None:
        """The clock stands while the player cannot see and play the board: another screen or a
        dialog or the key table covers it, or the window is unfocused (a race online's runs on)."""
        held = self.covered or self.show_help or self.dialog_open or not self.app.active
        self.session.hold(held and not self.mode.clock_always_runs())

    def refresh(self) -> None:
        """Enable what makes sense now, show Cancel while a job runs and show the game ID."""
        s = self.session
        flags = {"pause": s.paused or self.allows("pause"), **self.kit.flags(), **self.mode.flags()}
        self.chrome.refresh(flags, paused=s.paused, busy=s.jobs.running, shown_id=self.kit.shown_id())
        labels = {name: label for name, label, *_ in self.mode.pickers()} | self.kit.labels()
        for name, label in labels.items():
            if name in self.chrome.menus:
                self.chrome.menus[name].show(label)

    def build_ui(self) -> None:
        self.chrome.clear()
        self.kit.build(self.chrome, self.mode)
        self.app.toasts.place(self.view.layout()["messages"])
        self.refresh()

    # ------------------------------------------------------------------ the scene's life
    def on_enter(self) -> None:
        self.covered = False
        super().on_enter()
        self.sync_clock()
        if self.pending is not None:
            start_fn, what = self.pending
            self.pending = None
            self.replace_game(start_fn, what)

    def on_exit(self) -> None:
        super().on_exit()
        self.chrome.clear()
        self.covered = True                  # popped or covered: nobody plays it now
        self.sync_clock()
        self.session.cancel_job()            # an answer about a board no longer on show is no use
        if self.app.top is not self and self not in self.app.scenes:
            self.mode.leave()                # popped: a race under way is lost
        self.app.toasts.anchor = None
        self.session.autosave(self.mode.keep())

    def on_quit(self) -> None:
        self.mode.leave()
        self.session.autosave(self.mode.keep())

    def back(self) -> None:
        if self.session.hand.held is not None:
            self.session.hand.let_go()
        elif self.session.job is not None:
            self.cancel_job()
        else:
            effects = self.mode.back()
            self.perform(effects) if effects is not None else self.app.pop()

    def redraw_in(self) -> float | None:
        """0 while something moves (the win, a solve, a held piece's motion, the dice); else the
        time to the clock's next shown second while it runs; else None."""
        if self.result.celebration is not None or self.session.solve_queue or self.motion.moving or \
                self.kit.roll is not None or getattr(self.session.hand, "mark", None) is not None:
            return 0.0
        due = []
        timer = self.match.timer if self.match is not None else None
        if timer is not None and timer.running and not timer.held:
            due.append(1.0 - self.match.elapsed % 1.0 + 0.01)
        if self.guide is not None and self.guide.step is None:      # the guide's last card goes
            due.append(max(0.0, self.guide.left))
        if self.mode.redraw_in() is not None:
            due.append(self.mode.redraw_in())
        return min(due) if due else None

    due_area = property(lambda self: self.view.layout()["top"] if self.guide is None and self.mode.CLOCK_ALONE and
                        self.mode.redraw_in() is None else None)     # the clock's bar (Scene.due_area)

    def update(self, dt: float) -> None:
        self.sync_clock()
        if self.restore_id and not self.dialog_open:       # answered (or cancelled): the box shows the real ID
            self.restore_id = False
            self.refresh()
        s = self.session
        self.motion.hold(s.hand.held is not None and not s.hand.keyboard)
        self.motion.update(dt)
        self.result.update(dt)
        s.hand.tick(dt)
        every = self.kit.SOLVE_STEP if self.app.settings.get("animations", True) else 0.0
        s.step_solve(dt, every)
        effects, self.later = self.later, []
        effects += self.kit.update(dt) + self.mode.update(dt) + self.mode.take_effects()
        self.perform(effects + s.take_effects())
        s.flush(self.mode.keep())               # the game in progress kept after every move
        if self.stale:
            self.stale = False
            self.kit.dealer.moved()
            self.refresh()
        if self.guide is not None and self.match is not None:
            self.guide.observe(self.position, s.hand, self.match.meta.get("hints", 0), dt)
            if self.guide.over:                 # the lesson over (or skipped): the rest is the player's game
                self.guide, self.match.meta["kind"] = None, "play"
        self.chrome.show_result(play_view.result_shown(self.match))
        self.chrome.show_offers(self.mode.offers(), self.kit.offers_area())
        if self.chrome.cancel is not None and s.jobs.running != self.chrome.cancel.visible:
            self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.frame())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.view.draw_overlay(surface, self.frame())
        if self.show_help:
            play_view.draw_help(surface, self.app, self.session.puzzle.name)
