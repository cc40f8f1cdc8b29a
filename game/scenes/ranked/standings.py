"""The standings screen: the places on a standings server, for a puzzle, a day or a week, among
everyone or among one of the player's groups; the player's row highlighted and their place in
one line ("12th of 41"); a page at a time (the next page starts after the rows received: the
server sends fewer than asked when long names would pass its frame). Groups: make one (its code to share: Copy code),
join one with its code, leave the one shown (asked first). Keyboard: arrows or Tab move the highlight, Enter acts, Page Up/Down
turn the page, Escape goes back. Every answer comes through the screen's Desk, off the frame.
"""
from __future__ import annotations

import datetime as dt
import time

import pygame
import pygame_gui

from game import keys
from game.draw.theme import text_size
from game.draw.widgets import screen_heading, text
from game.net import identity
from game.net.daily import window_open
from game.play.hints import capital
from game.puzzles import registry
from game.scenes.base import Scene
from game.net.desk import Desk, configured, host_of
from game.net.offer import LEFT_OUT
from solver import daily
from solver.cli_common import counted, ordinal

PUZZLE_CHOICES = tuple((name, registry.get(name).engine.short) for name in registry.ordered())
DAY_CHOICES = (("today", "Today"), ("yesterday", "Yesterday"), ("week", "This week"))
SHOWN_GROUPS = 3              # the player's groups with a button (the first ones)


def place_words(answer: dict | None, week: bool) -> str:
    """The player's place in these standings, in one line: '12th of 41', or why there is none."""
    you = answer.get("you") if answer else None
    if answer is None:
        return ""
    if you is None:
        return f"{answer['total']} in these standings" if answer["total"] else "nobody in these standings yet"
    if you["flagged"]:
        return f"Your run is left out: {LEFT_OUT.get(you.get('status'), LEFT_OUT['held'])}"
    if you["place"] is None:
        return f"You have no finished ranked run here; {answer['total']} have"
    return f"{ordinal(you['place'])} of {answer['total']}" + (" this week" if week else "")


class StandingsScene(Scene):
    caption = "Squarewise - standings"

    def __init__(self, app, *, puzzle: str = "", today: dt.date | None = None, connect=None):
        super().__init__(app)
        self.url = configured(app.settings)
        self.desk = Desk(self.url, connect=connect, wake=getattr(app, "wake", None)) if self.url else None
        self.today = max(today or dt.date.today(), daily.EPOCH)
        self.now = time.time                    # the wall clock (when yesterday's ranked board is shown)
        self.puzzle, self.day, self.group = puzzle or PUZZLE_CHOICES[0][0], "today", None
        self.offset = 0                          # the first row of this page
        self.before: list[int] = []              # the offsets of the pages before it, to go back to
        self.answer: dict | None = None
        self.asking = 0                          # standings asked and not answered yet
        self.groups: list[dict] = []
        self.line = "" if self.url else "No standings server: set one in Settings"
        self.typing: str | None = None           # "create" or "join": the field shows
        self.order: list[tuple[str, object]] = []    # (action, button) in the highlight's order
        self.selected = 0
        self.limit = 10
        self.ask()
        self.ask_groups()

    @property
    def me(self) -> identity.Identity | None:
        return identity.load(self.app.storage.folder).get(self.url) if self.url else None

    # ------------------------------------------------------------------ asking the server
    def ask(self) -> None:
        if self.desk is None:
            return
        me = self.me
        number = daily.number(self.today) - (self.day == "yesterday")
        self.asking += 1
        self.desk.ask("standings", self._answered, self._not_answered, puzzle=self.puzzle, daily=max(1, number),
                      days=7 if self.day == "week" else 1, group=self.group, token=me.token if me else None,
                      offset=self.offset, limit=self.limit)

    def ask_groups(self) -> None:
        me = self.me
        if self.desk is not None and me is not None:
            self.desk.ask("groups", lambda answer: self._grouped(answer["groups"]), self._failed, token=me.token)

    def _answered(self, answer: dict) -> None:
        self.asking -= 1
        self.answer = answer
        self.line = ""

    def _not_answered(self, reason: str) -> None:
        self.asking -= 1
        self._failed(reason)

    def _failed(self, reason: str) -> None:
        self.line = capital(reason)

    def _grouped(self, groups: list[dict]) -> None:
        if [g["group"] for g in groups] != [g["group"] for g in self.groups] and self.widgets:
            self.groups = groups
            self.on_resize()
        self.groups = groups

    def _joined(self, group: dict) -> None:
        self.typing = None
        self.groups = [g for g in self.groups if g["group"] != group["group"]] + [group]
        self.choose_group(group["group"])
        self.line = f"Group {group['name']}: code {group['group']}, {counted(group['members'], 'member')}"
        self.on_resize()

    def _left(self, name: str, answer: dict) -> None:
        self.groups = answer["groups"]
        self.choose_group(None)
        self.line = f"You left the group {name}"
        self.on_resize()

    # ------------------------------------------------------------------ choices
    def choose_group(self, code: str | None) -> None:
        self.group = code
        self.first_page()

    def first_page(self) -> None:
        self.offset, self.before = 0, []
        self.ask()

    def shown_board(self) -> bool:
        """Yesterday's standings once its ranked window has closed: its ranked board may be played unranked."""
        return self.day == "yesterday" and not window_open(daily.number(self.today) - 1, self.now())

    def more(self) -> bool:
        """Rows after this page's (known once the page asked for is here)."""
        return not self.asking and self.answer is not None and self.offset + len(self.answer["rows"]) < self.answer["total"]

    def act(self, action: str) -> None:
        """What a button (or Enter on the highlighted one) does."""
        kind, _, value = action.partition("=")
        if kind == "puzzle":
            self.puzzle = value
            self.first_page()
        elif kind == "day":
            self.day = value
            self.first_page()
        elif kind == "group":
            self.choose_group(value or None)
        elif kind in ("create", "join"):
            if self.me is None:
                self.line = f"Groups need your name on {host_of(self.url)}: play a ranked daily first"
                return
            self.typing = kind
            self.on_resize()
        elif kind == "submit":
            self.submit(self.field.get_text())
            return
        elif kind == "copy":
            self.copy_code()
        elif kind == "leave":
            self.ask_leave()
        elif kind == "page":
            self.turn(int(value))
        elif kind == "back":
            self.back()
            return
        elif kind == "unranked":           # the day's ranked board, now shown: its card on the daily screen
            self.app.open("daily", day=self.today - dt.timedelta(days=1))
            return
        self.sync()

    def turn(self, step: int) -> None:
        """The next page (from the row after the last one received) or the one before."""
        if step > 0 and self.more():
            self.before.append(self.offset)
            self.offset += len(self.answer["rows"])
            self.ask()
        elif step < 0 and self.before:
            self.offset = self.before.pop()
            self.ask()

    def submit(self, typed: str) -> None:
        """A new group's name, or a code to join."""
        from game.net.names import BadName, normalise
        me = self.me
        typed = typed.strip()
        if self.typing == "create":
            try:
                name = normalise(typed)
            except BadName as exc:
                self.line = f"A group's name: {exc}"
                return
            self.desk.ask("group_create", self._joined, self._failed, token=me.token, name=name)
        else:
            code = typed.upper().replace(" ", "")
            self.desk.ask("group_join", self._joined, self._failed, token=me.token, group=code)

    def ask_leave(self) -> None:
        """Leave the group shown (asked first: coming back takes its code)."""
        me = self.me
        group = next((g for g in self.groups if g["group"] == self.group), None)
        if group is None or me is None:
            self.line = "Pick one of your groups first"
            return
        self.confirm(f"Leave the group {group['name']}? Coming back takes its code, {group['group']}.",
                     lambda: self.desk.ask("group_leave", lambda answer: self._left(group["name"], answer),
                                           self._failed, token=me.token, group=group["group"]),
                     title="Leave the group?", action="Leave")

    def copy_code(self) -> None:
        if self.group is None:
            self.line = "Pick one of your groups first: its code is what friends join with"
            return
        ok = self.app.copy_text(self.group)
        self.line = f"Copied the code {self.group}" if ok else f"No clipboard here: the code is {self.group}"

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        self.order, self.field = [], None
        x, y, bh, gap = app.px(40), app.px(78), app.px(38), app.px(8)

        def button(action: str, label: str, width: int) -> None:
            nonlocal x, y
            if x + width > w - app.px(40) and x > app.px(40):     # (the row is full: the next one)
                x, y = app.px(40), y + bh + gap
            made = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, y, width, bh), label, app.ui))
            self.order.append((action, made))
            x += width + gap

        if self.desk is not None:
            for key, label in PUZZLE_CHOICES:
                button(f"puzzle={key}", label, app.px(120))
            x += app.px(16)
            for key, label in DAY_CHOICES:
                button(f"day={key}", label, app.px(120))
            x, y = app.px(40), y + bh + gap
            button("group=", "Everyone", app.px(110))
            for group in self.groups[:SHOWN_GROUPS]:
                button(f"group={group['group']}", group["name"][:12], app.px(120))
            for action, label in (("create", "New group..."), ("join", "Join a group..."), ("copy", "Copy code"),
                                  ("leave", "Leave group")):
                button(action, label, app.px(130))
            if self.typing is not None:
                x, y = app.px(40) + app.px(200), y + bh + gap
                self.field = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, app.px(260), bh), app.ui))
                self.field.set_text_length_limit(24)
                x += app.px(260) + gap
                button("submit", "Create" if self.typing == "create" else "Join", app.px(100))
                app.ui.set_focus_set(self.field)      # (the keys are the field's: App.keyboard_owner)
        self.table_top = y + bh + app.px(44)
        row = round(text_size("body", app.scale) * 1.7)
        self.row_height = row
        bottom = h - app.px(70)
        limit = max(3, (bottom - self.table_top - row - app.px(10)) // row)
        if limit != self.limit:
            self.limit = limit
            self.first_page()
        x, y = app.px(40), h - app.px(60)
        button("back", "Back (Esc)", app.px(180))
        if self.desk is not None:
            button("unranked", "Play it unranked", app.px(180))     # (shown for yesterday's, once closed)
        if self.desk is not None:
            x = w - app.px(40) - 2 * app.px(130) - gap
            button("page=-1", "Previous page", app.px(130))
            button("page=1", "Next page", app.px(130))
        self.selected = min(self.selected, len(self.order) - 1)
        self.sync()

    def sync(self) -> None:
        """The choices made look chosen; paging only where there is another page."""
        chosen = {f"puzzle={self.puzzle}", f"day={self.day}", f"group={self.group or ''}"}
        for action, made in self.order:
            if action.partition("=")[0] in ("puzzle", "day", "group"):
                made.select() if action in chosen else made.unselect()
            if action == "page=-1":
                made.enable() if self.before else made.disable()
            elif action == "page=1":
                made.enable() if self.more() else made.disable()
            elif action in ("copy", "leave"):
                made.enable() if self.group is not None else made.disable()
            elif action == "unranked":
                shown = self.shown_board()
                made.show() if shown else made.hide()
                made.enable() if shown else made.disable()

    # ------------------------------------------------------------------ events and frame
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, (action, made) in enumerate(self.order):
                if event.ui_element is made:
                    self.selected = i
                    self.act(action)
                    return True
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.field:
            self.submit(self.field.get_text())
            return True
        name = keys.action(event)
        if name in ("down", "right", "next_piece"):
            self.move(1)
        elif name in ("up", "left", "prev_piece"):
            self.move(-1)
        elif name == "place":
            self.act(self.order[self.selected][0])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.act("page=1" if event.key == pygame.K_PAGEDOWN else "page=-1")
        else:
            return False
        return True

    def move(self, step: int) -> None:
        for _ in range(len(self.order)):
            self.selected = (self.selected + step) % len(self.order)
            if self.order[self.selected][1].is_enabled:
                return

    def back(self) -> None:
        if self.typing is not None:
            self.typing = None
            self.on_resize()
            return
        if self.desk is not None:
            self.desk.close()
        self.app.pop()

    def on_quit(self) -> None:
        if self.desk is not None:
            self.desk.close()

    def update(self, dt_: float) -> None:
        if self.desk is not None:
            self.desk.pump()
            if self.widgets:
                self.sync()

    def rows(self) -> list[tuple[str, str, str, bool]]:
        """(place, name, time, mine) of each row on this page."""
        me = self.me
        out = []
        for r in (self.answer or {}).get("rows", []):
            when = daily.standing_time(r["ms"]) + (f" · {counted(r['runs'], 'run')}" if self.day == "week" else "")
            out.append((str(r["place"]), r["name"], when, me is not None and r["name"] == me.name))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        body = text_size("body", app.scale)
        where = f" on {host_of(self.url)}" if self.url else ""
        screen_heading(surface, app, f"Standings{where}")
        if self.order:
            made = self.order[self.selected][1]
            pygame.draw.rect(surface, pal.accent, made.rect.inflate(app.px(6), app.px(6)), max(2, app.px(2)),
                             border_radius=app.px(8))
        if self.field is not None:
            label = "Group name:" if self.typing == "create" else "Group code:"
            text(surface, label, (app.px(40), self.field.rect.centery), body, pal.text, anchor="midleft")
        top = self.table_top
        number = daily.number(self.today) - (self.day == "yesterday")
        what = f"{daily.GAMES[self.puzzle]} #{max(1, number)}" if self.day != "week" else \
            f"{daily.GAMES[self.puzzle]}, the week to #{number}"
        group = next((g["name"] for g in self.groups if g["group"] == self.group), None)
        said = self.line or place_words(self.answer, self.day == "week")
        text(surface, f"{what}{' · ' + group if group else ''}" + (f" · {said}" if said else ""),
             (app.px(40), top - app.px(34)), body, pal.accent, max_width=w - app.px(80))
        table = pygame.Rect(app.px(40), top, w - app.px(80), self.row_height * (self.limit + 1))
        pygame.draw.rect(surface, pal.panel, table, border_radius=app.px(6))
        columns = (table.x + app.px(16), table.x + app.px(90), table.right - app.px(16))
        heads = ("Place", "Name", "Total time · runs" if self.day == "week" else "Time")
        y = top + app.px(4)
        for x, head, anchor in zip(columns, heads, ("topleft", "topleft", "topright")):
            text(surface, head, (x, y), body, pal.dim_text, anchor=anchor)
        rows = self.rows()
        if not rows and self.answer is not None:
            text(surface, "No finished ranked runs here yet", (columns[1], y + self.row_height), body, pal.dim_text)
        for i, (place, name, when, mine) in enumerate(rows):
            y = top + (i + 1) * self.row_height + app.px(4)
            if mine:
                pygame.draw.rect(surface, pal.accent, (table.x + app.px(4), y - app.px(3), table.width - app.px(8),
                                                       self.row_height - app.px(2)), max(2, app.px(2)),
                                 border_radius=app.px(4))
            colour = pal.text
            text(surface, place, (columns[0], y), body, colour)
            text(surface, name + (" (you)" if mine else ""), (columns[1], y), body, colour,
                 max_width=columns[2] - columns[1] - app.px(200))
            text(surface, when, (columns[2], y), body, colour, anchor="topright")
        if rows and (self.offset or self.more()):
            shown = f"{self.offset + 1} to {self.offset + len(rows)} of {self.answer['total']}"
            text(surface, shown, (w // 2, h - app.px(41)), body, pal.dim_text, anchor="center")

    def regions(self) -> dict:
        """The table, for the layout test."""
        if not hasattr(self, "table_top"):
            return {}
        app = self.app
        return {"table": pygame.Rect(app.px(40), self.table_top, app.size[0] - app.px(80),
                                     self.row_height * (self.limit + 1))}
