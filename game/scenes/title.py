"""The title screen: today's daily puzzles, the puzzles from the registry, settings, quit.

Mouse or keyboard: Up/Down (or Tab) move the highlight, Enter opens. Escape does nothing here
(two quick Escapes from a game must not close the window): Quit, Ctrl+Q or the close box quit.
One highlight: the ring, moved by the keys and by the pointer onto a button (whose own hover
look is the plain one, so a pointer left on a button shows no second highlight); Enter opens
the ringed button. What it is shows in one line under the buttons, never as a tooltip that
could cover another button.

Left of the buttons, a Today card per puzzle: the daily's number and level, whether it is done
(and in what time), the daily streak and the time to the next one, and a Play button. The
day's puzzles are worked out by the worker (game/play/dailies.day_puzzles), so the first frame
never waits: the button says "..." until they are ready. With a standings server set and the
player's name there, a card also says the place of today's ranked run ("3rd of 41 today"),
asked of the server each time the title shows (game/net/offer.py); a ranked run left
open there (Escape during it, a closed window) is said on its card instead, and the card's button
goes on with it ("Go on with the run": the server gives the run back, its clock having run).
"""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game import keys
from game.draw.theme import font, text_size
from game.draw.widgets import text, text_block
from game.play import dailies
from game.play.jobs import JobSlot
from game.puzzles import registry
from game.scenes.base import Scene
from game import screens
from game.net.desk import configured, host_of
from game.net.offer import GO_ON, Offer
from solver import daily

TODAY = registry.ordered()          # the puzzles with a Today card, top first
#: the title's buttons (the puzzles' are "#title_button"): no hover look of their own
#: (assets/themes/base.json), the ring is the one highlight
CHOICE = "#title_choice"


class TitleScene(Scene):
    caption = "Squarewise"
    RIPPLE = 4.0       # seconds the coloured squares ripple after the title shows

    def __init__(self, app, today: dt.date | None = None):
        super().__init__(app)
        self.choices: list[tuple[pygame_gui.elements.UIButton, object]] = []
        self.notes: dict = {}          # button -> a word beside it ("coming", "continue 1:23")
        self.blurbs: dict = {}         # button -> what the puzzle is, shown under the buttons
        self.blurb_area = pygame.Rect(0, 0, 0, 0)
        self.selected = 0
        self.clock = 0.0
        self.now = dt.datetime.now              # the local time the cards' countdown runs on (tests set it)
        self.calendar = dt.date.today()         # the date the window last saw
        self.today = max(today or self.calendar, daily.EPOCH)
        self.dailies: dict[str, dailies.Daily] | None = None
        self.cards: dict[str, tuple[pygame.Rect, pygame_gui.elements.UIButton]] = {}
        self.jobs = JobSlot(app.worker)
        self.offer: Offer | None = None          # the standings server, for the cards' places
        self.fetch_today()

    # ------------------------------------------------------------------ today's dailies
    def fetch_today(self) -> None:
        """Work out today's puzzles in the worker (again once the date has changed)."""
        self.dailies = None
        day = self.today
        self.jobs.run(f"Daily puzzles of {day}", dailies.day_puzzles, (day.isoformat(),),
                      lambda found: self._found(day, found), lambda error: None)

    def _found(self, day: dt.date, found: dict) -> None:
        if day == self.today:
            self.dailies = found
            self.refresh_cards()

    def refresh_cards(self) -> None:
        """A card's Play button says '...' until the day's puzzle is known; 'Go on with the run'
        while a ranked run is left open (waiting while the server is asked for it)."""
        for key, (_, button) in self.cards.items():
            if self.open_run(key) is not None:
                button.set_text(GO_ON)
                button.enable() if self.offer.starting is None else button.disable()
                self.blurbs[button] = f"go on with your ranked run of {daily.GAMES[key]} #{self.open_run(key)}: " \
                                      "the server's clock runs"
            elif self.dailies is None:
                button.set_text("...")
                button.disable()
            else:               # (with a standings server set, the card says its Play is not the ranked one)
                solved = dailies.card(self.app.statistics, key, self.today).solved
                button.set_text(("Play again" if solved else "Play") + (" unranked" if self.ranked_line() else ""))
                button.enable()

    def open_run(self, key: str) -> int | None:
        """The daily number of the ranked run of `key` left open on the standings server, if any."""
        return self.offer.open_number(key) if self.offer is not None else None

    def ask_places(self, connect=None) -> None:
        """Ask the standings server set (if the player has a name there) for today's places."""
        from game.net import identity
        url = configured(self.app.settings)
        if url is None or url not in identity.load(self.app.storage.folder):
            self.close_offer()
            return
        if self.offer is None or self.offer.url != url:
            self.close_offer()
            self.offer = Offer(self.app, url, connect=connect)
        self.offer.refresh(daily.number(self.today))

    def close_offer(self) -> None:
        if self.offer is not None:
            self.offer.close()
            self.offer = None

    def status(self, key: str, card) -> str:
        """A card's status line: done or not and the place of today's ranked run if there is one;
        the ranked run left open, if there is one."""
        said = self.offer.card_line(key, daily.number(self.today)) if self.offer is not None else ""
        if self.open_run(key) is not None:
            return said
        said = said or card.place                 # (the place kept, until the server's answer comes)
        return f"{card.status} · {said}" if said else card.status

    def ranked_line(self) -> str:
        """The cards' word of the standings server, under the offline puzzle's: 'Ranked on HOST' (the
        place there, or the ranked run left open, is on the status line; before the player has a
        name there too: the Daily screen asks it), or '' with no server. The card's button then
        says it is not the ranked run ('Play unranked'), and the line under the buttons where that starts."""
        if self.offer is not None:
            return f"Ranked on {self.offer.host}"
        url = configured(self.app.settings)
        return f"Ranked on {host_of(url)}" if url else ""

    def on_enter(self) -> None:
        super().on_enter()
        self.ask_places()

    def on_quit(self) -> None:
        self.close_offer()

    def play_daily(self, key: str) -> None:
        """Open today's puzzle `key`, marked as that daily; go on with its ranked run left open
        instead (the server gives it back: game/scenes/ranked/run.py)."""
        number = self.open_run(key)
        if number is not None:
            self.offer.play(key, number, ranked=True)
            self.refresh_cards()
            return
        if self.dailies is None:
            return
        puzzle = self.dailies[key]
        self.app.open(key, game_id=puzzle.game_id, daily=puzzle.number, level=puzzle.level)

    def build_cards(self, x: int, y: int, width: int) -> None:
        """The Today cards in a column at (x, y), each with its Play button (in the highlight order)."""
        app = self.app
        self.cards = {}
        if width < app.px(150):
            return
        small = text_size("small", app.scale)
        height = round(small * 1.45) * (5 + (configured(app.settings) is not None)) + app.px(60)
        for key in TODAY:
            rect = pygame.Rect(x, y, width, height)
            button = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(rect.x + app.px(12), rect.bottom - app.px(44), min(app.px(200), width - app.px(24)),
                            app.px(34)), "...", app.ui, object_id=CHOICE))
            self.cards[key] = (rect, button)
            self.blurbs[button] = f"today's daily {dailies.card(app.statistics, key, self.today).heading}: " \
                                  "the same puzzle for everyone" + \
                                  ("; unranked here, the ranked run starts in Daily puzzles" if self.ranked_line() else "")
            self.choices.append((button, lambda k=key: self.play_daily(k)))
            y += height + app.px(12)
        self.refresh_cards()

    def draw_cards(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        small, body = text_size("small", app.scale), text_size("body", app.scale)
        step = round(small * 1.45)
        for key, (rect, _) in self.cards.items():
            card = dailies.card(app.statistics, key, self.today)
            pygame.draw.rect(surface, pal.panel, rect, border_radius=app.px(8))
            x, y, room = rect.x + app.px(12), rect.y + app.px(8), rect.width - app.px(24)
            text(surface, "Today's puzzle", (x, y), body, pal.text, style="bold", max_width=room)
            y += round(body * 1.5)
            text(surface, card.heading, (x, y), small, pal.text, max_width=room)
            y += step
            colour = pal.accent if self.open_run(key) is not None else pal.legal if card.solved else pal.text
            text(surface, self.status(key, card), (x, y), small, colour, max_width=room)
            y += step
            text(surface, card.streak, (x, y), small, pal.dim_text, max_width=room)
            y += step
            text(surface, dailies.until_next(self.now()), (x, y), small, pal.dim_text, max_width=room)
            y += step
            text(surface, self.ranked_line(), (x, y), small, pal.accent, max_width=room)

    # ------------------------------------------------------------------ the buttons
    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        bw, bh, gap = app.px(420), app.px(58), app.px(14)
        x = (w - bw) // 2
        y = int(h * 0.35)
        self.choices = []
        self.notes = {}
        self.blurbs = {}
        top = y
        for entry in screens.title_puzzles():
            ready = entry.available()
            button = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh), entry.title, app.ui, object_id="#title_button"))
            self.notes[button] = entry.note(app) if ready else "coming"
            self.blurbs[button] = entry.blurb
            if not ready:
                button.disable()
            self.choices.append((button, (lambda e=entry: app.open(e.key)) if ready else None))
            y += bh + gap
        y += gap
        small = app.px(44)
        third = (bw - 2 * gap) // 3
        for i, entry in enumerate(screens.extras()):        # how to play, daily puzzles, statistics: one row
            button = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + i * (third + gap), y, third, small), entry.title, app.ui, object_id=CHOICE))
            self.blurbs[button] = entry.blurb
            self.choices.append((button, lambda e=entry: app.open(e.key)))
        y += small + gap
        # the last row: Race online, Standings, Quit
        for label, action, rect in (("Settings", self.open_settings, (x, y, bw, small)),
                                    ("Race online", lambda: app.open("online"), (x, y + small + gap, third, small)),
                                    ("Standings", lambda: app.open("standings"),
                                     (x + third + gap, y + small + gap, third, small)),
                                    ("Quit", app.quit, (x + 2 * (third + gap), y + small + gap, third, small))):
            button = self.add(pygame_gui.elements.UIButton(pygame.Rect(rect), label, app.ui, object_id=CHOICE))
            self.choices.append((button, action))
        self.blurbs[self.choices[-3][0]] = screens.entry("online").blurb
        self.blurbs[self.choices[-2][0]] = screens.entry("standings").blurb
        y += 2 * (small + gap)
        self.build_cards(app.px(24), top, x - app.px(48))
        keys_top = h - app.px(16) - font(app.px(14)).get_height()       # the keys line at the foot
        self.blurb_area = pygame.Rect(x - app.px(60), y, bw + app.px(120), keys_top - app.px(8) - y)
        app.toasts.place(pygame.Rect(app.px(20), y, w - app.px(40), h - y - app.px(4)))   # under the buttons
        self.selected = min(self.selected, len(self.choices) - 1)
        if self.choices[self.selected][1] is None:
            self.move(1)

    def open_settings(self) -> None:
        self.app.open("settings")

    def move(self, step: int) -> None:
        for _ in range(len(self.choices)):
            self.selected = (self.selected + step) % len(self.choices)
            if self.choices[self.selected][1] is not None:
                return

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:       # the pointer moves the highlight: one highlight, one blurb
            for i, (button, action) in enumerate(self.choices):
                if action is not None and button.rect.collidepoint(event.pos):
                    self.selected = i
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, (button, action) in enumerate(self.choices):
                if event.ui_element is button and action is not None:
                    self.selected = i
                    action()
                    return True
            return False
        name = keys.action(event)
        if name in ("down", "next_piece"):
            self.move(1)
        elif name in ("up", "prev_piece"):
            self.move(-1)
        elif name == "place":
            action = self.choices[self.selected][1]
            if action:
                action()
        else:
            return False
        return True

    def back(self) -> None:
        """Escape on the title: nothing (Quit, Ctrl+Q and the close box quit)."""

    def update(self, dt_: float) -> None:
        self.clock += dt_
        if self.offer is not None:
            asked = self.offer.starting
            if self.offer.pump() is not None:
                self.app.open("ranked", desk=self.offer.desk)
                return
            refused = self.offer.line or self.offer.over.get(asked or "")
            if asked is not None and self.offer.starting is None and refused:      # the server's reason, once
                self.app.toasts.show(refused, 5, self.app.palette.illegal)
            self.refresh_cards()
        if dt.date.today() != self.calendar:     # past midnight: the new day's puzzles
            self.calendar = dt.date.today()
            self.today = max(self.calendar, daily.EPOCH)
            self.fetch_today()
            self.ask_places()
            if self.app.top is self:
                self.on_resize()

    def redraw_in(self) -> float | None:
        """The squares ripple for a few seconds after the title shows, then rest until the Today
        cards' countdown next changes (a minute; past midnight, the new day's cards)."""
        if self.clock < self.RIPPLE and self.app.settings.get("animations", True):
            return 0.0
        return dailies.next_change(self.now())

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        self._draw_banner(surface, pygame.Rect(0, int(h * 0.06), w, int(h * 0.30)))
        for button, note in self.notes.items():
            if note:
                text(surface, note, (button.rect.right + app.px(14), button.rect.centery), app.px(17),
                     pal.accent if note != "coming" else pal.dim_text, anchor="midleft")
        self._draw_blurb(surface)
        self.draw_cards(surface)
        if self.choices:                    # the ring over the cards too (a card's Play is one of the choices)
            button = self.choices[self.selected][0]
            pygame.draw.rect(surface, pal.accent, button.rect.inflate(app.px(10), app.px(10)),
                             max(2, app.px(3)), border_radius=app.px(10))
        text(surface, "Up/Down and Enter, or the mouse; Ctrl+Q quits; F1 in a game shows the keys",
             (w // 2, h - app.px(16)), app.px(14), pal.dim_text, anchor="midbottom")

    def blurb(self) -> str | None:
        """What the highlighted button is (the pointer moving onto a button highlights it)."""
        return self.blurbs.get(self.choices[self.selected][0]) if self.choices else None

    def _draw_blurb(self, surface) -> None:
        """The blurb in its own place under the buttons, where it covers none of them."""
        line = self.blurb()
        if not line:
            return
        text_block(surface, [line], self.blurb_area, text_size("body", self.app.scale), self.app.palette.dim_text,
                   anchor="midtop")

    def _draw_banner(self, surface, area: pygame.Rect) -> None:
        """The name, and a row of coloured squares that ripple gently."""
        import math
        app, pal = self.app, self.app.palette
        text(surface, "Squarewise", (area.centerx, area.top + app.px(10)), app.px(72), pal.text,
             anchor="midtop", style="bold")
        text(surface, " and ".join(entry.engine.title for entry in registry.PUZZLES) + ", with an exact solver",
             (area.centerx, area.top + app.px(100)), app.px(20), pal.dim_text, anchor="midtop")
        size, gap = app.px(30), app.px(8)
        count = len(pal.pieces)
        x0 = area.centerx - (count * size + (count - 1) * gap) // 2
        y0 = area.top + app.px(150)
        for i in range(count):
            fade = max(0.0, 1.0 - self.clock / self.RIPPLE) if app.settings.get("animations", True) else 0.0
            lift = int(app.px(6) * fade * math.sin(self.clock * 2.2 + i * 0.7))
            rect = pygame.Rect(x0 + i * (size + gap), y0 - lift, size, size)
            pygame.draw.rect(surface, pal.piece_colour(i), rect, border_radius=app.px(5))
