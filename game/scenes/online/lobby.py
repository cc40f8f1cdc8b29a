"""Race online: host a room or join one, then the lobby (names, Ready, the 3-2-1 countdown).

**Host** starts the race server on this computer (`HostedServer`, listening on the local
network only from that moment) and creates a room, listed (announced on the local network over
multicast DNS) unless the host makes it private; **Join** (or Enter in the field) takes an
invite (`squarewise://HOST:PORT/CODE`), a typed `host:port/CODE`, or `host:port` alone (a new
room on that server). The open rooms the known servers list, and those found on the local
network, are buttons: one click joins (`RoomFinder`, `RoomList`). Seated, the room's invite is
shown with **Copy invite**. The host picks the dice set, the level, the boards and the listing
(`RoomSettings`); every player sees the choice, and who leaves. When the server sends the race,
the race screen (`OnlineRaceScene`) is pushed on top with the same `RaceLink`; it comes back
here for a rematch. Leaving this screen gives the seat up (and stops the server, for the host).
`squarewise --join INVITE` opens this screen with the invite, joined at once.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import font, text_size
from game.draw.widgets import screen_heading, text, wrap
from game.net import identity
from game.net.client import ThreadedClient, parse_target, server_url
from game.net.invite import is_invite, parse_invite
from game.play.hints import capital
from game.scenes.base import Scene
from game.net.finder import RoomFinder
from game.net.race_link import DEFAULT_NAME, NAME_SETTING, RaceLink, clean_name
from game.scenes.online.room_list import RoomList
from game.scenes.online.room_settings import RoomSettings
from solver.errors import SquarewiseError
from solver.puzzles import racing

TRUSTED = "trusted_certificates"      # settings: a wss:// server's address -> the certificate trusted for it
SERVERS = "race_servers"              # settings: the servers raced on lately, newest first ...
KEPT_SERVERS = 3                      # ... this many
STANDINGS = "standings_server"        # settings: the Daily puzzles' server (its rooms are listed too)


class RaceOnlineScene(Scene):
    caption = "Squarewise - Race online"

    def __init__(self, app, *, bind: str = "0.0.0.0", lan: bool = True, invite: str | None = None):
        super().__init__(app)
        self.bind, self.lan = bind, lan       # where a hosted server listens; multicast DNS on or off (tests)
        self.link: RaceLink | None = None
        self.finder: RoomFinder | None = None     # while not seated
        self.line = "Host a room on this computer, or join one"
        self.target = invite or ""            # the address last joined (joined again once its certificate is trusted)
        self.invited = invite is not None     # joined as soon as the screen shows

    # ------------------------------------------------------------------ widgets
    def layout(self) -> dict:
        """The left column: each field under its label ("name_label", "name", "host",
        "address_label", "address", "join"), where the host's pickers start ("pickers_y"); the
        right: the line ("line"), the open rooms ("rooms"), the invite's button ("copy"), the
        strip for messages above Ready ("messages": they stack upwards from it)."""
        app = self.app
        x, w, h = app.px(40), app.px(260), app.px(38)
        line = font(text_size("body", app.scale)).get_linesize()
        out, y = {}, app.px(84)
        for name, gap in (("name_label", 2), ("name", 14), ("host", 22), ("address_label", 2), ("address", 8),
                          ("join", 14)):
            out[name] = pygame.Rect(x, y, w, line if name.endswith("_label") else h)
            y = out[name].bottom + app.px(gap)
        out["pickers_y"] = y
        right, (width, height) = app.px(360), app.size
        out["line"] = pygame.Rect(right, app.px(64), width - right - x, 2 * line)
        out["rooms"] = pygame.Rect(right, app.px(120), width - right - x, height - app.px(230))
        out["messages"] = pygame.Rect(right, height - app.px(106), width - right - x, app.px(30))   # above Ready
        out["copy"] = pygame.Rect(width - x - app.px(170), app.px(108), app.px(170), app.px(34))
        return out

    def regions(self) -> dict:
        """The text drawn by hand (the layout test checks it against the widgets)."""
        lay = self.layout()
        return {name: lay[name] for name in ("name_label", "address_label", "line")}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        w, h = app.px(260), app.px(38)
        self.name_entry = self.add(pygame_gui.elements.UITextEntryLine(lay["name"], app.ui))
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(self.known_name())
        self.host_button = self.add(pygame_gui.elements.UIButton(lay["host"], "Host a room", app.ui))
        self.target_entry = self.add(pygame_gui.elements.UITextEntryLine(lay["address"], app.ui))
        self.target_entry.set_text_length_limit(200)
        self.target_entry.set_text(self.target)
        self.join_button = self.add(pygame_gui.elements.UIButton(lay["join"], "Join", app.ui))
        self.copy_button = self.add(pygame_gui.elements.UIButton(lay["copy"], "Copy invite", app.ui))
        right = app.px(360)
        self.ready_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(right, app.size[1] - app.px(70), w, h),
                                                                  "Ready", app.ui))
        self.leave_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right + w + app.px(14), app.size[1] - app.px(70), w, h), "Leave (Esc)", app.ui))
        self.pickers = RoomSettings(self, lay["name"].x, lay["pickers_y"], w, h, self.dice())
        self.rooms = RoomList(self, lay["rooms"])
        app.toasts.place(lay["messages"])
        self.sync_widgets()

    def known_name(self) -> str:
        """The name last raced under; else the name kept on the standings server; else Player."""
        name = self.app.settings.get(NAME_SETTING)
        if isinstance(name, str) and name:
            return clean_name(name)
        kept = identity.load(self.app.storage.folder).values()
        return clean_name(next(iter(kept)).name) if kept else DEFAULT_NAME

    def sync_widgets(self) -> None:
        seated = self.link is not None
        for widget in (self.host_button, self.join_button):
            widget.disable() if seated else widget.enable()
        for field in (self.name_entry, self.target_entry):
            if seated and field.is_enabled:     # its text set again once disabled: pygame-gui would draw
                field.unfocus()                 # a field typed in, or changed in this frame, empty or stale
                field.disable()
                field.set_text(field.get_text())
            elif not seated:
                field.enable()
        me = self.link.me() if seated else None
        in_lobby = me is not None and self.link.room["phase"] in ("lobby", "countdown") and self.link.lost is None
        self.ready_button.enable() if in_lobby else self.ready_button.disable()
        self.ready_button.set_text("Not ready" if me and me["ready"] else "Ready")
        self.copy_button.show() if seated and self.link.invite and self.link.lost is None else self.copy_button.hide()
        self.pickers.sync(self.link)
        self.rooms.sync(self.finder.rooms() if self.finder is not None and not seated else [])

    # ------------------------------------------------------------------ host, join, leave
    def player_name(self) -> str:
        name = clean_name(self.name_entry.get_text())
        self.name_entry.set_text(name)
        self.app.settings[NAME_SETTING] = name
        self.app.save_settings()
        return name

    def host(self) -> None:
        """Start the server here (on the local network from now on) and create a room on it."""
        from game.net.discovery import lan_addresses
        from game.net.host import HostedServer
        name = self.player_name()
        try:
            hosted = HostedServer(host=self.bind)
        except OSError as exc:
            self.line = f"Cannot host here: {exc.strerror or exc}"
            return
        hello = ("create", {"name": name, "dice": self.dice(), "level": "any"})
        here = (lan_addresses() or [None])[0] if self.bind != "127.0.0.1" else "127.0.0.1"
        self.seat(RaceLink(ThreadedClient(hosted.url, wake=self.app.wake), hello, hosted, advertise=self.lan,
                           address=here), "Opening a room on this computer...")

    def join(self, target: str) -> None:
        try:
            url, code = parse_invite(target) if is_invite(target) else parse_target(target)
        except SquarewiseError as exc:
            self.line = str(exc)
            self.app.toasts.show(self.line, 5, self.app.palette.illegal)
            return
        name = self.player_name()
        hello = ("join", {"name": name, "room": code}) if code else \
            ("create", {"name": name, "dice": self.dice(), "level": "any"})
        trusted = self.app.settings.get(TRUSTED)
        trust = trusted.get(url) if isinstance(trusted, dict) and isinstance(trusted.get(url), str) else None
        self.target = target.strip()
        self.remember(url)
        self.seat(RaceLink(ThreadedClient(url, wake=self.app.wake, trust=trust), hello), f"Connecting to {url}...")

    def remember(self, url: str) -> None:
        """Keep `url` first among the servers raced on lately (their rooms are listed)."""
        kept = self.app.settings.get(SERVERS)
        kept = [u for u in kept if isinstance(u, str) and u != url] if isinstance(kept, list) else []
        self.app.settings[SERVERS] = [url, *kept][:KEPT_SERVERS]
        self.app.save_settings()

    def ask_trust(self, link: RaceLink) -> None:
        """A wss:// server whose certificate the system does not trust (a club's self-signed one):
        the player may trust exactly that certificate for that address, from now on."""
        url, fingerprint = link.client.url, link.fingerprint
        link.fingerprint = None

        def trust() -> None:
            trusted = self.app.settings.get(TRUSTED)
            self.app.settings[TRUSTED] = {**(trusted if isinstance(trusted, dict) else {}), url: fingerprint}
            self.app.save_settings()
            self.leave()
            self.join(self.target)

        self.confirm(f"{url} shows a certificate your system does not trust. Trust this one for that address "
                     f"from now on? Its SHA-256 fingerprint: {fingerprint}", trust, title="Trust this server?",
                     action="Trust")

    def dice(self) -> str:
        """The dice set a room created here starts with: the player's, if races may roll it; else
        the first a race may roll (the usual set)."""
        allowed = racing().race_dice
        dice = self.app.settings.get("dice", allowed[0])
        return dice if dice in allowed else allowed[0]

    def seat(self, link: RaceLink, line: str) -> None:
        self.link, self.line = link, line
        self.stop_finding()
        self.sync_widgets()

    def leave(self) -> None:
        """Give the seat up (the host's server stops: everyone in the room is told)."""
        if self.link is not None:
            self.link.close()
            self.link = None
            self.line = "You left the room"
            self.find()
        if self.widgets:
            self.sync_widgets()

    def refused(self) -> None:
        """A join or a room the server refused, or a server not reached: the reason stays said,
        the fields are the player's again to mend the name or the address."""
        self.link.close()
        self.link = None
        self.find()

    def back(self) -> None:
        self.leave()
        self.app.pop()

    def on_quit(self) -> None:
        self.leave()

    def on_enter(self) -> None:
        super().on_enter()
        if self.invited:
            self.invited = False
            self.join(self.target)
        if self.link is None:
            self.find()

    def find(self) -> None:
        """Look for open rooms: on the servers raced on lately, the standings server, and (with
        `lan`) the local network."""
        if self.finder is not None:
            return
        browser = None
        if self.lan:
            from game.net.discovery import RoomBrowser
            try:
                browser = RoomBrowser()
            except OSError as exc:
                self.line = f"No room search on this network: {exc.strerror or exc}"
        kept = self.app.settings.get(SERVERS)
        servers = [u for u in kept if isinstance(u, str)] if isinstance(kept, list) else []
        try:
            standings = server_url(str(self.app.settings.get(STANDINGS, "")))
        except SquarewiseError:
            standings = ""
        self.finder = RoomFinder(servers + ([standings] if standings else []),
                                 lambda url: ThreadedClient(url, wake=self.app.wake), browser)

    def stop_finding(self) -> None:
        if self.finder is not None:
            if self.finder.browser is not None:
                self.finder.browser.close()
            self.finder.close()
            self.finder = None

    def on_exit(self) -> None:
        self.stop_finding()
        super().on_exit()

    # ------------------------------------------------------------------ events and frame
    def handle_event(self, event) -> bool:
        if self.pickers.handle(event, self.link):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.target_entry:
            self.join(self.target_entry.get_text())          # Enter in the address field joins
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        element, picked = event.ui_element, self.rooms.handle(event)
        if element is self.host_button:
            self.host()
        elif element is self.join_button:
            self.join(self.target_entry.get_text())
        elif picked is not None:
            self.join(picked)
        elif element is self.copy_button and self.link is not None and self.link.invite:
            self.app.copy_text(self.link.invite)
            self.app.toasts.show(f"Invite copied: {self.link.invite}", 3)
        elif element is self.ready_button and self.link is not None:
            me = self.link.me()
            self.link.send("ready", ready=not (me and me["ready"]))
        elif element is self.leave_button:
            self.back()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        link = self.link
        if link is not None:
            link.pump()
            for words in link.departures():
                self.app.toasts.show(words, 4)
            if link.fresh:
                from game.scenes.online.race import OnlineRaceScene
                self.app.push(OnlineRaceScene(self.app, link=link))
                return
            self.line = self.lobby_line()
            if link.fingerprint is not None and link.lost is not None:
                self.ask_trust(link)
            elif link.room is None and link.retry is None and (link.error or link.lost):
                self.refused()
        elif self.finder is not None:
            self.finder.pump()
        self.sync_widgets()

    def redraw_in(self) -> float | None:
        """The link's next look (a ping, a try to get back), or the next ask for open rooms."""
        if self.link is not None:
            return self.link.due_in()
        return self.finder.due_in() if self.finder is not None else None

    def lobby_line(self) -> str:
        link = self.link
        if link.retry is not None:
            return "Connection lost: reconnecting..."
        if link.lost is not None:
            return capital(link.lost)
        if link.room is None:
            return link.error or self.line
        if link.countdown is not None:
            return f"The race starts in {link.countdown}..."
        ready = sum(p["ready"] for p in link.players())
        return f"{ready} of {len(link.players())} ready; the race starts when everyone (2 to 8) is"

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        heading, body = (text_size(r, app.scale) for r in ("heading", "body"))
        screen_heading(surface, app, "Race online")
        lay = self.layout()
        text(surface, "Your name", lay["name_label"].topleft, body, pal.dim_text)
        text(surface, "or an invite, or host:port", lay["address_label"].topleft, body,
             pal.dim_text, max_width=lay["address_label"].width)
        self.pickers.draw(surface)
        area, size = lay["line"], body
        for i, words in enumerate(wrap(self.line, size, area.width)[:2]):
            text(surface, words, (area.x, area.y + i * font(size).get_linesize()), size, pal.text, max_width=area.width)
        link = self.link
        if link is None:
            if self.finder is not None:
                self.rooms.draw(surface, self.finder.silent())
            return
        if link.room is None:
            return
        self.draw_room(surface, link, lay, heading, body)

    def draw_room(self, surface: pygame.Surface, link: RaceLink, lay: dict, heading: int, body: int) -> None:
        """The room: its code, its invite, the host's choices, the players, the countdown."""
        app, pal = self.app, self.app.palette
        x, width = lay["rooms"].x, lay["rooms"].width
        y = lay["copy"].centery
        text(surface, f"Room {link.code}", (x, y), heading, pal.accent, anchor="midleft", style="bold")
        y = lay["copy"].bottom + app.px(10)
        if link.invite:
            text(surface, f"Invite: {link.invite}", (x, y), body, pal.text, max_width=width)
            y += round(body * 1.5)
            where = "on this network" if link.hosted is not None else "anywhere"
            text(surface, f"Copy it and send it: pasted into Join, or clicked, it brings a player {where} here",
                 (x, y), text_size("small", app.scale), pal.dim_text, max_width=width)
            y += round(body * 1.8)
        text(surface, f"Dice: {link.room['dice']} · level: {link.room['level']} · boards: {link.room['boards']}"
             + ("" if link.seat != link.room["host"] else " (yours to pick)"), (x, y), body, pal.text, max_width=width)
        y += round(body * 1.8)
        for p in link.players():
            mark = "ready" if p["ready"] else "not ready"
            if not p["connected"]:
                mark = "dropped"
            who = " (you)" if p["seat"] == link.seat else " (host)" if p["seat"] == link.room["host"] else ""
            text(surface, f"{p['name']}{who}: {mark}", (x, y), body, pal.legal if p["ready"] else pal.text)
            y += round(body * 1.6)
        if link.countdown is not None:
            text(surface, str(link.countdown), (surface.get_width() // 2, surface.get_height() // 2), heading * 4,
                 pal.accent, anchor="center", style="bold")
