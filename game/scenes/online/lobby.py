"""Race online: host a room or join one, then the lobby (names, Ready, the 3-2-1 countdown).

**Host** starts the race server on this computer (`HostedServer`, listening on the local
network only from that moment) and creates a room, advertised over multicast DNS; **Join**
takes a typed `host:port/CODE` (or `host:port` alone: a new room on that server) or a room
found on the local network. The host picks the dice set and level of the next roll (two
drop-downs, `RoomSettings`); every player sees the choice. When the server sends the race, the race screen
(`OnlineRaceScene`) is pushed on top with the same `RaceLink`; it comes back here for a
rematch. Leaving this screen gives the seat up (and stops the server, for the host).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.draw.theme import font, text_size
from game.draw.widgets import screen_heading, text
from game.net.client import ThreadedClient, parse_target
from game.play.hints import capital
from game.scenes.base import Scene
from game.scenes.online.link import DEFAULT_NAME, NAME_SETTING, RaceLink, clean_name
from game.scenes.online.room_settings import RoomSettings
from solver.errors import SquarewiseError
from solver.genius.dice import BUILTIN

MAX_ROOMS = 5
TRUSTED = "trusted_certificates"      # settings: a wss:// server's address -> the certificate trusted for it


class RaceOnlineScene(Scene):
    caption = "Squarewise - Race online"

    def __init__(self, app, *, bind: str = "0.0.0.0", lan: bool = True):
        super().__init__(app)
        self.bind, self.lan = bind, lan       # where a hosted server listens; mDNS on or off (tests)
        self.link: RaceLink | None = None
        self.browser = None                   # RoomBrowser, while looking for rooms
        self.line = "Host a room on this computer, or join one"
        self.room_buttons: dict = {}
        self.target = ""                      # the address last joined (joined again once its certificate is trusted)

    # ------------------------------------------------------------------ widgets
    def layout(self) -> dict:
        """The left column: each field under its label ("name_label", "name", "host",
        "address_label", "address", "join"), and where the rooms' list starts ("rooms_y")."""
        app = self.app
        x, w, h = app.px(40), app.px(260), app.px(38)
        line = font(text_size("body", app.scale)).get_linesize()
        out, y = {}, app.px(84)
        for name, gap in (("name_label", 2), ("name", 14), ("host", 22), ("address_label", 2), ("address", 8),
                          ("join", 40)):
            out[name] = pygame.Rect(x, y, w, line if name.endswith("_label") else h)
            y = out[name].bottom + app.px(gap)
        out["rooms_y"] = y
        return out

    def regions(self) -> dict:
        """The labels drawn by hand (the layout test checks them against the fields)."""
        lay = self.layout()
        return {"name_label": lay["name_label"], "address_label": lay["address_label"]}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        w, h = app.px(260), app.px(38)
        self.name_entry = self.add(pygame_gui.elements.UITextEntryLine(lay["name"], app.ui))
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(app.settings.get(NAME_SETTING, DEFAULT_NAME))
        self.host_button = self.add(pygame_gui.elements.UIButton(lay["host"], "Host a room", app.ui))
        self.target_entry = self.add(pygame_gui.elements.UITextEntryLine(lay["address"], app.ui))
        self.target_entry.set_text_length_limit(200)
        self.join_button = self.add(pygame_gui.elements.UIButton(lay["join"], "Join", app.ui))
        x, self.rooms_y = lay["name"].x, lay["rooms_y"]
        self.room_buttons = {}
        right = app.px(360)
        self.ready_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(right, app.size[1] - app.px(70), w, h),
                                                                  "Ready", app.ui))
        self.leave_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right + w + app.px(14), app.size[1] - app.px(70), w, h), "Leave (Esc)", app.ui))
        self.pickers = RoomSettings(self, x, self.rooms_y - app.px(26), w, h, self.dice())   # where rooms are listed
        self.sync_widgets()

    def sync_widgets(self) -> None:
        seated = self.link is not None
        for widget in (self.host_button, self.join_button, self.name_entry, self.target_entry):
            widget.disable() if seated else widget.enable()
        me = self.link.me() if seated else None
        in_lobby = me is not None and self.link.room["phase"] in ("lobby", "countdown") and self.link.lost is None
        self.ready_button.enable() if in_lobby else self.ready_button.disable()
        self.ready_button.set_text("Not ready" if me and me["ready"] else "Ready")
        self.pickers.sync(self.link)

    def sync_rooms(self) -> None:
        """One button per room found on the local network (while not seated)."""
        found = self.browser.rooms()[:MAX_ROOMS] if self.browser is not None and self.link is None else []
        targets = [room.target for room in found]
        if targets == list(self.room_buttons.values()):
            return
        for button in self.room_buttons:
            button.kill()
        app, self.room_buttons = self.app, {}
        for i, room in enumerate(found):
            rect = pygame.Rect(app.px(40), self.rooms_y + i * app.px(44), app.px(260), app.px(38))
            button = self.add(pygame_gui.elements.UIButton(rect, f"{room.host_name}: {room.code}", app.ui))
            self.room_buttons[button] = room.target

    # ------------------------------------------------------------------ host, join, leave
    def player_name(self) -> str:
        name = clean_name(self.name_entry.get_text())
        self.app.settings[NAME_SETTING] = name
        self.app.save_settings()
        return name

    def host(self) -> None:
        """Start the server here (on the local network from now on) and create a room on it."""
        from game.net.host import HostedServer
        name = self.player_name()
        try:
            hosted = HostedServer(host=self.bind)
        except OSError as exc:
            self.line = f"Cannot host here: {exc.strerror or exc}"
            return
        hello = ("create", {"name": name, "dice": self.dice(), "level": "any"})
        self.seat(RaceLink(ThreadedClient(hosted.url, wake=self.app.wake), hello, hosted, advertise=self.lan), "Opening a room on this computer...")

    def join(self, target: str) -> None:
        try:
            url, code = parse_target(target)
        except SquarewiseError as exc:
            self.line = str(exc)
            return
        name = self.player_name()
        hello = ("join", {"name": name, "room": code}) if code else \
            ("create", {"name": name, "dice": self.dice(), "level": "any"})
        trusted = self.app.settings.get(TRUSTED)
        trust = trusted.get(url) if isinstance(trusted, dict) and isinstance(trusted.get(url), str) else None
        self.target = target
        self.seat(RaceLink(ThreadedClient(url, wake=self.app.wake, trust=trust), hello), f"Connecting to {url}...")

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
        """The dice set a room created here starts with: the player's, if it is a built-in one."""
        dice = self.app.settings.get("dice", "default")
        return dice if dice in BUILTIN else "default"

    def seat(self, link: RaceLink, line: str) -> None:
        self.link, self.line = link, line
        self.stop_browsing()
        self.sync_rooms()
        self.sync_widgets()

    def leave(self) -> None:
        """Give the seat up (the host's server stops: everyone in the room is told)."""
        if self.link is not None:
            self.link.close()
            self.link = None
            self.line = "You left the room"
        if self.widgets:
            self.sync_widgets()

    def back(self) -> None:
        self.leave()
        self.app.pop()

    def on_quit(self) -> None:
        self.leave()

    def on_enter(self) -> None:
        super().on_enter()
        if self.lan and self.link is None and self.browser is None:
            from game.net.discovery import RoomBrowser
            try:
                self.browser = RoomBrowser()
            except OSError as exc:
                self.line = f"No room search on this network: {exc.strerror or exc}"

    def stop_browsing(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def on_exit(self) -> None:
        self.stop_browsing()
        super().on_exit()

    # ------------------------------------------------------------------ events and frame
    def handle_event(self, event) -> bool:
        if self.pickers.handle(event, self.link):
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        element = event.ui_element
        if element is self.host_button:
            self.host()
        elif element is self.join_button:
            self.join(self.target_entry.get_text())
        elif element in self.room_buttons:
            self.join(self.room_buttons[element])
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
            if link.fresh:
                from game.scenes.online.race import OnlineRaceScene
                self.app.push(OnlineRaceScene(self.app, link=link))
                return
            self.line = self.lobby_line()
            if link.fingerprint is not None and link.lost is not None:
                self.ask_trust(link)
            self.sync_widgets()
        self.sync_rooms()

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
        x, lay = app.px(40), self.layout()
        text(surface, "Your name", lay["name_label"].topleft, body, pal.dim_text)
        text(surface, "or an address: host:port/CODE", lay["address_label"].topleft, body, pal.dim_text,
             max_width=lay["address_label"].width)
        if self.room_buttons:
            text(surface, "Rooms on this network", (x, self.rooms_y - app.px(26)), body, pal.dim_text)
        self.pickers.draw(surface)
        right = app.px(360)
        text(surface, self.line, (right, app.px(70)), body, pal.text, max_width=surface.get_width() - right - x)
        link = self.link
        if link is None or link.room is None:
            return
        y = app.px(110)
        text(surface, f"Room {link.code}", (right, y), heading, pal.accent, style="bold")
        y += round(heading * 1.8)
        if link.hosted is not None:
            text(surface, f"Others join with this computer's address, port {link.hosted.port}, code {link.code}",
                 (right, y), body, pal.dim_text, max_width=surface.get_width() - right - x)
            y += round(body * 1.8)
        text(surface, f"Dice: {link.room['dice']} · level: {link.room['level']} · boards: {link.room['boards']}"
             + ("" if link.seat != link.room["host"] else " (yours to pick)"), (right, y), body, pal.text)
        y += round(body * 1.8)
        for p in link.players():
            mark = "ready" if p["ready"] else "not ready"
            if not p["connected"]:
                mark = "dropped"
            who = " (you)" if p["seat"] == link.seat else " (host)" if p["seat"] == link.room["host"] else ""
            text(surface, f"{p['name']}{who}: {mark}", (right, y), body, pal.legal if p["ready"] else pal.text)
            y += round(body * 1.6)
        if link.countdown is not None:
            text(surface, str(link.countdown), (surface.get_width() // 2, surface.get_height() // 2), heading * 4,
                 pal.accent, anchor="center", style="bold")
