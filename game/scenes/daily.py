"""Daily puzzles: today's Genius roll and MacMahon board (the same for everyone on a date),
the daily streaks, a list of past days to replay, and the result to copy once solved.

The puzzles of a day are worked out by the worker (game/play/dailies.day_puzzles) so the
window never waits; Play opens the puzzle's screen (through the registry) with the day's game
ID, number and level: the screen asks before it abandons a game in progress, labels the match
"Daily #N", and its session records it as that daily.

With a standings server set (Settings), each card offers "Ranked on SERVER": a ranked run of
today's daily (asked first; the first time, the name the server will know the player by),
played on game/scenes/ranked/run.py's screen; a past day's, or today's once the ranked run
is over, is a replay (unranked); a ranked run left open (Escape, a closed window, or begun
before midnight while the server still takes its number) is "Go on with the run" on its day's
card (asked nothing: the server gives it back). The card shows the player's place ("3rd of 41 today"),
asked of the server when the screen shows (game/net/offer.py).
"""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game.play import dailies, records
from game.play.dailies import Daily, copy_result, day_puzzles, first_win, result_line, solved_time, status
from game.draw.theme import text_size
from game.draw.widgets import enable_buttons, pressed_name, screen_heading, text
from game.puzzles import registry
from game.scenes.base import Scene
from game.play.jobs import JobSlot
from game.net.desk import configured
from game.net.offer import GO_ON, Offer
from solver import daily

GAMES = tuple((name, registry.get(name).engine.title) for name in registry.ordered())   # (name, title), top first
PAST_DAYS = 30


class DailyScene(Scene):
    caption = "Squarewise - daily puzzles"

    def __init__(self, app, today: dt.date | None = None, day: dt.date | None = None):
        super().__init__(app)
        self.today = max(today or dt.date.today(), daily.EPOCH)
        self.day = max(min(day or self.today, self.today), daily.EPOCH)      # `day`: a past day shown first
        self.puzzles: dict[dt.date, dict[str, Daily]] = {}
        self.jobs = JobSlot(app.worker)
        self.problem = ""
        self.buttons: dict = {}
        self.days: list[dt.date] = []
        url = configured(app.settings)
        self.offer = Offer(app, url) if url is not None else None
        self.name_entry = None
        self.fetch()

    # ------------------------------------------------------------------ the day's puzzles
    def fetch(self) -> None:
        """Work out the chosen day's puzzles (once per day) in the worker."""
        if self.day in self.puzzles:
            return
        day = self.day
        self.problem = ""
        self.jobs.run(f"Daily puzzles of {day}", day_puzzles, (day.isoformat(),),
                      lambda found: self._found(day, found), self._failed)

    def _found(self, day: dt.date, found: dict) -> None:
        self.puzzles[day] = found
        self.refresh()

    def _failed(self, error) -> None:
        self.problem = f"Could not make the daily puzzles: {error}"

    @property
    def shown(self) -> dict[str, Daily] | None:
        return self.puzzles.get(self.day)

    def choose_day(self, day: dt.date) -> None:
        """Show `day`'s cards (its places asked of the server: the kept ones follow the server's)."""
        self.day = max(daily.EPOCH, min(self.today, day))
        self.fetch()
        self.refresh()
        if self.offer is not None and self.day != self.today:
            self.offer.ask_places(daily.number(self.day))

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        half = (w - app.px(100)) // 2
        self.buttons = {}
        for i, (key, _) in enumerate(GAMES):
            x = app.px(40) + i * (half + app.px(20))
            y = app.px(250)
            self.buttons[("play", key)] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(16), y, app.px(150), app.px(40)), "Play", app.ui))
            self.buttons[("copy", key)] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(176), y, app.px(170), app.px(40)), "Copy result", app.ui))
            if self.offer is not None:
                self.buttons[("server", key)] = self.add(pygame_gui.elements.UIButton(
                    pygame.Rect(x + app.px(16), y + app.px(50), min(half - app.px(32), app.px(330)), app.px(40)),
                    self.offer.label(key, *self.numbers()), app.ui))
        top = app.px(390)
        if self.offer is not None and self.offer.asking is not None:
            self.build_name_row(top)
            top += app.px(80)
        self.days = [self.today - dt.timedelta(days=k) for k in range(PAST_DAYS) if self.today - dt.timedelta(days=k) >= daily.EPOCH]
        self.day_list = self.add(pygame_gui.elements.UISelectionList(
            pygame.Rect(app.px(40), top, w - app.px(80), h - top - app.px(90)),
            [self.day_label(d) for d in self.days], app.ui, object_id="#day_list"))
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(40), h - app.px(64), app.px(200), app.px(44)), "Back (Esc)", app.ui))
        self.standings = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(256), h - app.px(64), app.px(200), app.px(44)), "Standings...", app.ui))
        app.toasts.place(pygame.Rect(w // 2, h - app.px(72), w // 2 - app.px(20), app.px(64)))
        self.refresh()

    def build_name_row(self, y: int) -> None:
        """The name the server will know the player by, asked the first time (the lobby's field)."""
        from game.net.race_link import NAME_SETTING
        app = self.app
        x = app.px(40) + app.px(240)
        self.name_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, app.px(260), app.px(40)), app.ui))
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(str(app.settings.get(NAME_SETTING, "")))
        self.name_buttons = {
            "register": self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(270), y, app.px(130), app.px(40)), "Take this name", app.ui)),
            "cancel": self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(410), y, app.px(100), app.px(40)), "Cancel", app.ui))}
        app.ui.set_focus_set(self.name_entry)     # (the keys are the field's: App.keyboard_owner)

    def numbers(self) -> tuple[int, int]:
        """The numbers of the day shown and of today (what the offer's card words depend on)."""
        return daily.number(self.day), daily.number(self.today)

    def day_label(self, day: dt.date) -> str:
        """A row of the past days' list, in columns (the list is drawn in a monospaced font)."""
        n = daily.number(day)
        done = "  ".join(f"{daily.GAMES[key]} {solved_time(self.app.statistics, key, n):<11}" for key, _ in GAMES)
        when = "today" if day == self.today else day.strftime("%a %d %b %Y")
        return f"{'#' + str(n):<6} {when:<15} {daily.level(day):<9}  {done}".rstrip()

    def refresh(self) -> None:
        """Play needs the day's puzzle; Copy result needs it solved."""
        if not self.buttons:
            return
        n = daily.number(self.day)
        enable_buttons(self.buttons, {(action, key): self.shown is not None if action == "play" else
                                      result_line(self.app.statistics, key, n) is not None if action == "copy" else
                                      self.offer.starting is None and self.offer.asking is None
                                      for action, key in self.buttons})
        for (action, key), button in self.buttons.items():
            if action == "server" and button.text != self.offer.label(key, *self.numbers()):
                button.set_text(self.offer.label(key, *self.numbers()))

    # ------------------------------------------------------------------ actions
    def play(self, key: str) -> None:
        """Open the day's puzzle `key`, marked as that daily (asked first while its ranked run is
        left open on the server: this would be another game of it, unranked)."""
        found = self.shown
        if not found:
            return
        puzzle = found[key]

        def start() -> None:
            self.app.open(key, game_id=puzzle.game_id, daily=puzzle.number, level=puzzle.level)

        if self.offer is None or not self.offer.open_run(key, puzzle.number):
            start()
            return
        self.confirm(f"Your ranked run of {daily.GAMES[key]} #{puzzle.number} is open on {self.offer.host}, its "
                     "clock running. Play the daily here instead, unranked (hints allowed)? The ranked run stays "
                     f"open: {GO_ON} brings it back.", start, title="A ranked run is open", action="Play here")

    def play_on_server(self, key: str) -> None:
        """Today's daily ranked (asked first), or a replay: a past day's, or today's once the
        ranked run is over."""
        n = daily.number(self.day)
        if self.offer.open_run(key, n):             # asked for again: the server gives it back
            self.offer.play(key, n, ranked=True)
            self.after_offer()
            return
        if self.day != self.today or self.offer.replay(key):
            self.offer.play(key, n, ranked=False)
            self.after_offer()
            return
        host = self.offer.host

        def start() -> None:
            self.offer.play(key, n, ranked=True)
            self.after_offer()

        self.confirm(f"Ranked on {host}: one ranked run a day, no hints, no Solve, the server's clock (a run "
                     "begun and left goes on where it was, its clock too). Start?",
                     start, title=f"{daily.GAMES[key]} #{n} on {host}", action="Start")

    def after_offer(self) -> None:
        """A name to ask shows its field; otherwise the buttons wait for the server."""
        if self.offer.asking is not None or self.name_entry is not None:
            self.on_resize()
        self.refresh()

    def copy_result(self, key: str) -> None:
        copy_result(self.app, key, daily.number(self.day))

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.back()
                return True
            if event.ui_element is self.standings:
                self.app.open("standings")
                return True
            if self.name_entry is not None and event.ui_element in self.name_buttons.values():
                self.take_name() if event.ui_element is self.name_buttons["register"] else self.cancel_name()
                return True
            pressed = pressed_name(event, self.buttons)
            if pressed is not None:
                action, key = pressed
                {"play": self.play, "copy": self.copy_result, "server": self.play_on_server}[action](key)
            return pressed is not None
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.take_name()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.day_list:
            labels = [self.day_label(d) for d in self.days]
            if event.text in labels:
                self.choose_day(self.days[labels.index(event.text)])
            return True
        return False

    def take_name(self) -> None:
        from game.net.race_link import NAME_SETTING
        typed = self.name_entry.get_text()
        self.app.settings[NAME_SETTING] = typed.strip()[:24]
        self.app.save_settings()
        self.offer.register(typed)

    def cancel_name(self) -> None:
        self.offer.cancel_name()
        self.name_entry = None
        self.on_resize()

    def back(self) -> None:
        if self.offer is not None and self.offer.asking is not None:
            self.cancel_name()
            return
        self.jobs.cancel()
        if self.offer is not None:
            self.offer.close()
        self.app.pop()

    def on_quit(self) -> None:
        if self.offer is not None:
            self.offer.close()

    def on_enter(self) -> None:
        """Shown (again, after a run): the places asked of the server anew."""
        super().on_enter()
        if self.offer is not None:
            self.offer.refresh(daily.number(self.today))

    def clear_ui(self) -> None:
        super().clear_ui()
        self.name_entry = None

    def update(self, dt_: float) -> None:
        if self.offer is None:
            return
        asking = self.offer.asking
        run = self.offer.pump()
        if run is not None:
            self.app.open("ranked", desk=self.offer.desk)
            return
        if asking is not None and self.offer.asking is None:     # the name was taken: the field goes
            self.on_resize()
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        heading, body = (text_size(r, app.scale) for r in ("heading", "body"))
        screen_heading(surface, app, "Daily puzzles")
        n = daily.number(self.day)
        which = "Today" if self.day == self.today else "Replaying"
        text(surface, f"{which}: #{n}, {self.day.strftime('%A %d %B %Y')}, the same puzzles for everyone",
             (app.px(40), app.px(66)), body, pal.dim_text)
        half = (w - app.px(100)) // 2
        found = self.shown
        for i, (key, name) in enumerate(GAMES):
            panel = pygame.Rect(app.px(40) + i * (half + app.px(20)), app.px(100), half, app.px(256))
            pygame.draw.rect(surface, pal.panel, panel, border_radius=app.px(8))
            x, y = panel.x + app.px(16), panel.y + app.px(14)
            text(surface, f"{name} #{n}", (x, y), heading, pal.text, style="bold", max_width=panel.width - app.px(32))
            y += round(heading * 1.7)
            text(surface, f"level: {dailies.level_words(key, self.day)}", (x, y), body, pal.accent)
            y += round(body * 1.6)
            win = first_win(app.statistics, key, n)
            said = status(app.statistics, key, n) if win is not None or found is not None else \
                self.problem or "working out the puzzle..."
            text(surface, said, (x, y), body, pal.legal if win else pal.text, max_width=panel.width // 2)
            if n > 1:               # the day before's time beside it
                before = "yesterday" if self.day == self.today else "the day before"
                text(surface, f"{before}: {solved_time(app.statistics, key, n - 1)}",
                     (panel.right - app.px(16), y), body, pal.dim_text, anchor="topright")
            y += round(body * 1.6)
            current, longest = records.daily_streak(app.statistics, key, daily.number(self.today))
            text(surface, f"daily streak {current}, longest {longest}", (x, y), body, pal.dim_text)
            y += round(body * 1.6)
            said = self.offer.said(key, *self.numbers()) if self.offer is not None else ""
            text(surface, said or dailies.place_words(app.statistics, key, n), (x, y), body, pal.accent,
                 max_width=panel.width - app.px(32))
            if self.offer is None:
                text(surface, "Ranked on a server: set one in Settings", (x, panel.bottom - app.px(44)), body,
                     pal.dim_text, max_width=panel.width - app.px(32))
        if not self.draw_server_lines(surface):
            text(surface, "Past days: pick one to replay it", (app.px(40), self.day_list.rect.top - app.px(24)), body,
                 pal.dim_text)

    def draw_server_lines(self, surface: pygame.Surface) -> bool:
        """The name asked of a new player; or the server's one quiet line, where the past days'
        heading goes (True: drawn there)."""
        if self.offer is None:
            return False
        app, pal = self.app, self.app.palette
        body = text_size("body", app.scale)
        if self.name_entry is not None:
            text(surface, f"Your name on {self.offer.host}:", (app.px(40), self.name_entry.rect.centery), body,
                 pal.text, anchor="midleft", max_width=app.px(230))
            line = self.offer.name_line or f"The name {self.offer.host} will know you by: 1 to 24 characters, " \
                                           "unlike anyone else's there"
            refused = self.offer.name_line and not self.offer.name_line.startswith("Asking")
            text(surface, line, (app.px(40), app.px(362)), body, pal.illegal if refused else pal.dim_text,
                 max_width=surface.get_width() - app.px(80))
        elif self.offer.line:
            text(surface, self.offer.line, (app.px(40), self.day_list.rect.top - app.px(24)), body, pal.dim_text,
                 max_width=surface.get_width() - app.px(80))
            return True
        return False
