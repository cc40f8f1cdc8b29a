"""The layout checker: what a screen shows must not collide.

`problems(app)` looks at the top screen as it is now: the visible pygame-gui widgets (each
top-level element: a drop-down's own parts and a window's contents are not set against
their owner), the regions the screen draws by hand (`scene.regions()`: name -> Rect) and the
messages on show, and says what overlaps, what leaves the window and which text is wider
than its box (buttons, labels, a drop-down's closed label and every entry of its list).

It also looks at what the last frame drew by hand (`Drawn`, recorded while `recording(app)`
is on): every line of text the game's modules drew with `game.draw.widgets.text` (its ink:
the pixels it coloured), wrapped or not, and every board. A line that runs into another (`Line.
runs_into`: a wrapped blurb running into the line under it), runs under a widget (help text
under a button) or leaves the window is a problem; so is a message that leaves its strip or
covers a board (the frame drawn is the one on screen, even when the top screen changed during it).

`tour(app, sizes)` puts the app through every screen and state the test covers and yields
the state's name at each size; `python -m tests.game.layout_check DIR` saves a PNG of each.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import sys
from typing import NamedTuple

import pygame
import pygame_gui

from game.draw import boards as board_drawing, tiles as tile_drawing, widgets as drawing

SIZES = ((800, 560), (1100, 760), (1400, 900))
#: regions a message may never cover (the strip for messages, the status line may be shared)
GUARDED = ("board", "tray", "dice", "card", "rival", "rivals", "offers")


def _text_width(element) -> int | None:
    font = getattr(element, "font", None)
    words = getattr(element, "text", None)
    if font is None or not words:
        return None
    return font.size(words)[0]


def _inner_width(element) -> int:
    """The width a text can use in `element`: its rect less its border and shadow."""
    border = getattr(element, "border_width", 0) or 0
    if isinstance(border, dict):
        border = max(border.values())
    shadow = getattr(element, "shadow_width", 0) or 0
    return element.rect.width - 2 * (border + shadow)


def widgets(app) -> list[tuple[str, pygame.Rect]]:
    """(name, rect) of each visible top-level widget."""
    root = app.ui.get_root_container()
    out = []
    for element in app.ui.get_sprite_group().sprites():
        if element is root or not element.alive() or not element.visible:
            continue
        if getattr(element, "parent_element", None) is not None or element.ui_container is not root:
            continue
        if isinstance(element, (pygame_gui.core.UIContainer, pygame_gui.elements.UITooltip)):
            continue
        label = getattr(element, "text", None) or getattr(element, "selected_option", None) \
            or getattr(element, "window_display_title", None) or ""
        if isinstance(label, tuple):
            label = label[0]
        out.append((f"{type(element).__name__} {label!r}", pygame.Rect(element.rect)))
    return out


def text_problems(app) -> list[str]:
    """Each visible button or label (a drop-down's parts and open list too) whose text is cut."""
    out = []
    for element in app.ui.get_sprite_group().sprites():
        if not element.alive() or not element.visible:
            continue
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            options = [o[0] if isinstance(o, tuple) else o for o in element.options_list]
            doubles = {o for o in options if options.count(o) > 1}
            if doubles:
                out.append(f"drop-down {element.selected_option!r}: entries alike {sorted(doubles)}")
            continue
        if not isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)) or \
                isinstance(getattr(element, "parent_element", None), pygame_gui.elements.UICheckBox):
            continue                                   # (a check box's label is drawn unclipped)
        width = _text_width(element)
        if width is not None and width > _inner_width(element):
            out.append(f"text {element.text!r} is {width} px wide in a box of {_inner_width(element)}")
    return out


def dropdown_problems(app) -> list[str]:
    """Each drop-down whose closed label or any entry would not fit once it is open."""
    out = []
    for element in app.ui.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UIDropDownMenu) or not element.alive() or not element.visible:
            continue
        button = getattr(element.current_state, "selected_option_button", None)
        room = _inner_width(button) if button is not None else element.rect.width
        font = button.font if button is not None else None
        if font is None:
            continue
        for option in element.options_list:
            words = option[0] if isinstance(option, tuple) else option
            if font.size(words)[0] > room:
                out.append(f"drop-down entry {words!r} is {font.size(words)[0]} px wide in {room}")
    return out


class Line(NamedTuple):
    """A line of text as drawn: its words, its ink (the pixels it coloured: their box and mask),
    the box of the font's height it was drawn in, and the font size asked for."""
    text: str
    ink: pygame.Rect
    box: pygame.Rect
    size: int
    mask: pygame.mask.Mask

    def runs_into(self, other: "Line") -> bool:
        """Lines of one size run into each other when their boxes meet (a paragraph's lines never
        do); lines of two sizes (two kinds of text: a blurb and a hint under it) when their ink
        comes within half the smaller size of each other."""
        if self.size == other.size:
            return self.box.colliderect(other.box)
        room = min(self.size, other.size) // 2
        if not self.ink.inflate(2 * room, 2 * room).colliderect(other.ink):
            return False
        dx, dy = other.box.x - self.box.x, other.box.y - self.box.y      # (a mask's corner: its box's)
        near = range(-room, room + 1)
        return any(self.mask.overlap(other.mask, (dx + x, dy + y)) for x in near for y in near)


class Drawn:
    """What the game drew by hand on the window in the last frame: each line of text (a `Line`)
    and the rect of each board with its frame. `install()` wraps the drawing functions wherever
    a module of the game imported them (again each frame: a screen's module may be imported
    late); `remove()` puts them back."""
    DRAWERS = ((drawing, "text"), (board_drawing, "draw_board"), (tile_drawing, "draw_board"))

    def __init__(self, app):
        self.app = app
        self.texts: list[Line] = []
        self.boards: list[pygame.Rect] = []
        self.originals = {id(getattr(module, name)): getattr(module, name) for module, name in self.DRAWERS}
        self.text = drawing.text
        self.frame_of = {id(module.draw_board): module.frame_rect for module in (board_drawing, tile_drawing)}
        self.wrapped = {key: self.wrapper(original) for key, original in self.originals.items()}
        self.patched: list[tuple[object, str, object]] = []

    def wrapper(self, original):
        def draw(surface, *args, **kwargs):
            result = original(surface, *args, **kwargs)
            if surface is self.app.surface:
                self.note(original, result, args, kwargs)
            return result
        return draw

    def note(self, original, result, args, kwargs) -> None:
        if original is self.text:
            line, _pos, size, colour = args[:4]
            ink = pygame.Surface(result.size, pygame.SRCALPHA)
            original(ink, line, (0, 0), size, colour, style=kwargs.get("style", "regular"),
                     max_width=kwargs.get("max_width"))
            if ink.get_bounding_rect().width:
                self.texts.append(Line(line, ink.get_bounding_rect().move(result.topleft), pygame.Rect(result), size,
                                       pygame.mask.from_surface(ink)))
        else:
            self.boards.append(self.frame_of[id(original)](args[0]))

    def install(self) -> None:
        for module in [m for name, m in list(sys.modules.items()) if name.startswith("game.") and m is not None]:
            for attr, value in list(vars(module).items()):
                if callable(value) and id(value) in self.wrapped and value is self.originals.get(id(value)):
                    setattr(module, attr, self.wrapped[id(value)])
                    self.patched.append((module, attr, value))

    def remove(self) -> None:
        for module, attr, value in reversed(self.patched):
            setattr(module, attr, value)
        self.patched = []

    def clear(self) -> None:
        self.texts, self.boards = [], []


@contextlib.contextmanager
def recording(app):
    """`app.drawn` (a Drawn) holds what each frame drew by hand, while this lasts."""
    drawn = app.drawn = Drawn(app)
    frame_ = app.frame

    def recorded(*args, **kwargs):
        drawn.clear()
        drawn.install()
        return frame_(*args, **kwargs)

    app.frame = recorded
    try:
        yield drawn
    finally:
        del app.frame
        drawn.remove()
        del app.drawn


def drawn_problems(app, items) -> list[str]:
    """The last frame's text: lines that run into each other, whose ink runs under a widget or
    leaves the window; messages that leave their strip or cover a board."""
    drawn = getattr(app, "drawn", None)
    if drawn is None:
        return []
    window = pygame.Rect((0, 0), app.size)
    out = [f"text {t.text!r} {tuple(t.ink)} leaves the window" for t in drawn.texts if not window.contains(t.ink)]
    out += [f"text {a.text!r} {tuple(a.ink)} runs into text {b.text!r} {tuple(b.ink)}"
            for a, b in itertools.combinations(drawn.texts, 2) if a.runs_into(b)]
    for t in drawn.texts:
        out += [f"text {t.text!r} {tuple(t.ink)} runs under {name} {tuple(rect)}" for name, rect in items
                if name.startswith("widget") and t.ink.colliderect(rect)]
    strip = app.toasts.area
    for i, (box, _lines, _size) in enumerate(app.toasts.boxes(app.size, app.scale)):
        if strip is not None and not strip.clip(window).contains(box):
            out.append(f"toast {i} {tuple(box)} leaves its strip {tuple(strip)}")
        out += [f"toast {i} {tuple(box)} covers a board {tuple(board)}" for board in drawn.boards
                if box.colliderect(board)]
    return out


def problems(app) -> list[str]:
    """Everything that collides on the top screen now (empty: nothing)."""
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    scene = app.top
    regions = dict(scene.view.regions(scene.frame())) if hasattr(scene, "view") else \
        dict(scene.regions()) if hasattr(scene, "regions") else {}
    boxes = [(f"toast {i}", box) for i, (box, _lines, _size) in enumerate(app.toasts.boxes(app.size, app.scale))]
    items = [(f"widget {n}", r) for n, r in widgets(app)] + \
            [(f"region {n}", pygame.Rect(r)) for n, r in regions.items() if r.width > 0 and r.height > 0]
    out = [f"{name} {tuple(rect)} leaves the window {w}x{h}" for name, rect in items if not window.contains(rect)]
    for (a, ra), (b, rb) in itertools.combinations(items, 2):
        if ra.colliderect(rb):
            out.append(f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}")
    for name, box in boxes:
        for region, rect in regions.items():
            if region.split(":")[0] in GUARDED and box.colliderect(rect):
                out.append(f"{name} {tuple(box)} covers region {region} {tuple(rect)}")
    return out + text_problems(app) + dropdown_problems(app) + drawn_problems(app, items)


# ---------------------------------------------------------------------- the tour
def frame(app, *events, dt: float = 1 / 60) -> None:
    app.frame(dt, list(events))


def resize(app, size) -> None:
    """The window at `size`, laid out again (as a player's drag of its corner does)."""
    app.window.size = size
    app._resized()
    frame(app)


def each_size(app, name: str, sizes):
    for size in sizes:
        resize(app, size)
        yield f"{name} {size[0]}x{size[1]}"


def settle(app, condition, seconds: float = 30.0) -> None:
    """Frames (and the worker) until `condition()`."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        app.worker.drain(0.02)
        frame(app, dt=0.05)
    raise AssertionError("the screen never got there")


def win_genius(app, scene) -> None:
    from solver.genius import search
    from solver.genius.pieces import PIECES
    from tests.game.drive import place_by_mouse
    done = search.solve(scene.position)
    for piece in PIECES:
        if piece not in scene.position.placed:          # (a One way puzzle's given pieces are there)
            place_by_mouse(app, scene, piece, done.placed[piece])
    frame(app)
    assert scene.match.finished


def finish_celebration(app, scene) -> None:
    settle(app, lambda: scene.result.celebration is None)


def tour(app, sizes=SIZES, *, online: bool = True):
    """Every screen and state in turn, at each size: yields the state's name once it shows
    (what each frame draws by hand recorded all along)."""
    with recording(app):
        yield from _tour(app, sizes, online)


def _tour(app, sizes, online: bool):
    from game.scenes.title import TitleScene
    app.settings["animations"] = False
    title = TitleScene(app, today=dt.date(2026, 3, 2))
    app.push(title)
    yield from each_size(app, "title", sizes)
    for size in sizes:                          # each entry highlighted: its blurb under the buttons
        resize(app, size)
        for i, (_button, action) in enumerate(title.choices):
            if action is not None:
                title.selected = i
                frame(app)
                yield f"title, entry {i} highlighted {size[0]}x{size[1]}"
    title.selected = 0
    for key in ("settings", "howto", "howto-genius", "howto-macmahon", "daily", "stats", "dice-editor",
                "macmahon-browser"):
        app.open(key)
        frame(app)
        yield from each_size(app, key, sizes)
        app.top.confirm("Leave this screen?", lambda: None)
        frame(app)
        yield from each_size(app, f"{key} + confirm", sizes[1:2])
        app.pop()
        app.pop()
    yield from genius_states(app, sizes)
    yield from macmahon_states(app, sizes)
    yield from online_states(app, sizes, online)
    yield from standings_states(app, sizes)


def genius_states(app, sizes):
    from game.scenes.genius.scene import GeniusScene
    from solver.genius.daily import genius_daily
    import random
    scene = GeniusScene(app, new=True, rng=random.Random(5))
    app.push(scene)
    app.settings["genius_level"] = "10"                 # the longest choice on the closed Level menu
    scene.refresh()
    frame(app)
    yield from each_size(app, "genius fresh roll", sizes)
    scene.ask_file("Load a game", lambda path: None)
    frame(app)
    yield from each_size(app, "genius + file dialog", sizes)
    scene.clear_ui()
    scene.build_ui()
    app.toasts.show("Dice set: Default (from the next roll): a long message to see where it wraps", 30)
    win_genius(app, scene)
    finish_celebration(app, scene)
    yield from each_size(app, "genius win with offers and a toast", sizes)
    app.toasts.items.clear()
    scene.do("free")
    frame(app)
    yield from each_size(app, "genius free mode", sizes)
    scene.do("race")
    frame(app)
    yield from each_size(app, "genius race", sizes)
    scene.do("oneway")
    settle(app, lambda: scene.match is not None and scene.mode.name == "oneway" and scene.kit.roll is None
           and scene.session.job is None)
    yield from each_size(app, "genius one way", sizes)
    win_genius(app, scene)
    finish_celebration(app, scene)
    yield from each_size(app, "genius one way won with offers", sizes)
    app.pop()
    today = genius_daily(dt.date(2026, 3, 1))
    daily = GeniusScene(app, game_id=today.position.notation(), daily=today.number, level=today.level)
    app.push(daily)
    frame(app)
    win_genius(app, daily)
    finish_celebration(app, daily)
    yield from each_size(app, "genius won daily", sizes)
    app.pop()
    app.open("genius-versus")
    settle(app, lambda: app.top.mode.opponent is not None)
    yield from each_size(app, "vs computer", sizes)
    app.pop()
    app.settings["howto_seen"] = {"genius": False, "macmahon": False}
    app.open("genius")
    frame(app)
    app.toasts.show("Refused: the piece overlaps a blocker on B4", 30)
    yield from each_size(app, "genius guide with a toast", sizes)
    app.toasts.items.clear()
    app.pop()


def macmahon_states(app, sizes):
    from game.scenes.macmahon.scene import MacMahonScene
    scene = MacMahonScene(app, variant="4x6x3")
    app.push(scene)
    app.worker.drain()
    frame(app)
    yield from each_size(app, "macmahon", sizes)
    scene.do("solve")
    settle(app, lambda: scene.match.finished and not scene.session.solve_queue)
    finish_celebration(app, scene)
    yield from each_size(app, "macmahon solved", sizes)
    app.pop()
    app.open("macmahon")
    frame(app)
    app.toasts.show("Refused: tile 7's blue edge meets a red one at B2", 30)
    yield from each_size(app, "macmahon guide with a toast", sizes)
    app.toasts.items.clear()
    app.pop()


def online_states(app, sizes, online: bool):
    """The lobby; with `online`, a room hosted on 127.0.0.1 with its invite, a second player
    and a message, and the open rooms a server lists."""
    app.open("online", bind="127.0.0.1", lan=False)
    frame(app)
    yield from each_size(app, "online lobby", sizes)
    if online:
        yield from hosted_states(app, sizes)
    app.pop()
    for size in sizes:
        yield from race_end_states(app, size)


class ScriptedClient:
    """A race server's connection that says what the tour tells it to (`say`) and keeps what
    the game sends: no network."""
    url, trust, wake = "ws://127.0.0.1:9/", None, None

    def __init__(self):
        self.inbox: list[dict] = []
        self.sent: list[tuple[str, dict]] = []

    def say(self, kind: str, **fields) -> None:
        self.inbox.append({"type": kind, **fields})

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, kind: str, **fields) -> None:
        self.sent.append((kind, fields))

    def close(self) -> None:
        pass


RIVALS = ("Bartholomew Featherstonehaugh", "Anastasia Konstantinopoulou", "Maximilian von Hohenberg")


def scripted_race(app):
    """A race online (its screen on top) against three rivals of long names, on a scripted
    connection: (the screen, the connection, a full board of the roll)."""
    from game.net.race_link import RaceLink
    from game.scenes.online.race import OnlineRaceScene
    from solver.genius.search import solve
    client = ScriptedClient()
    link = RaceLink(client, ("join", {"name": "Ann", "room": "QRS234"}))
    blockers = "A1A2A4A6B4D5E1"
    players = [{"seat": seat, "name": name, "ready": True, "connected": True, "left": False, "idle": False,
                "placed": 0, "ms": None} for seat, name in enumerate(("Ann",) + RIVALS, 1)]
    client.say("joined", room="QRS234", seat=1, token="t" * 43)
    client.say("room", room="QRS234", phase="racing", dice="default", level="any", boards="visible", host=2,
               players=players)
    client.say("race", race=1, blockers=blockers, position=blockers, elapsed_ms=0, seq=0)
    link.pump()
    race = OnlineRaceScene(app, link=link)
    app.push(race)
    frame(app)
    return race, client, solve(race.match.start).notation()


def end_race(app, race, client, full: str) -> None:
    """The rivals all finish and the server says the race is over: frames until the screen that
    follows (the results) is opened, no more."""
    for seat in (2, 3, 4):
        client.say("progress", seat=seat, placed=9, cells=29, ms=40000 + seat, position=full)
        client.say("finished", seat=seat, name=RIVALS[seat - 2], place=seat - 1, ms=40000 + 1000 * seat)
    client.say("results", race=1, order=[{"seat": s, "name": n, "place": s - 1, "ms": 40000 + 1000 * s,
                                          "position": full} for s, n in enumerate(RIVALS, 2)] +
               [{"seat": 1, "name": "Ann", "place": None, "ms": None, "position": race.match.start.notation()}])
    settle(app, lambda: app.top is not race)


def race_end_states(app, size):
    """A race online at `size`: a rival finishes first (the news in a message), the race is over
    (the results, the news in a message) and the player goes back to the board."""
    resize(app, size)
    race, client, full = scripted_race(app)
    client.say("progress", seat=2, placed=9, cells=29, ms=42000, position=full)
    client.say("finished", seat=2, name=RIVALS[0], place=1, ms=42000)
    frame(app)
    yield f"online race, a rival first {size[0]}x{size[1]}"
    end_race(app, race, client, full)
    frame(app)                                              # the results, drawn
    yield f"online race over, the results {size[0]}x{size[1]}"
    app.top.back()
    frame(app)
    yield f"online race over, back on the board {size[0]}x{size[1]}"
    app.toasts.items.clear()
    app.pop()


def hosted_states(app, sizes):
    import time
    from game.net.client import ThreadedClient
    lobby, url = app.top, "ws://192.168.100.200:40123/"
    lobby.finder.known, lobby.finder.due[url] = [url], float("inf")        # (never asked: answered here)
    lobby.finder.answers[url] = [{"room": f"ABC23{i}", "host": "Somebody with a long name", "players": 7,
                                  "dice": "alternative", "level": "very hard"} for i in range(2, 9)]
    yield from each_size(app, "online lobby with rooms", sizes)
    lobby.host()
    bob = ThreadedClient(lobby.link.hosted.url)
    try:
        deadline, joined = time.monotonic() + 60, False
        while time.monotonic() < deadline and len(lobby.link.players()) < 2:
            if lobby.link.code and not joined:
                bob.send("join", name="Bob", room=lobby.link.code)
                joined = True
            frame(app)
            time.sleep(0.02)
        assert len(lobby.link.players()) == 2, "Bob never joined"
        app.toasts.show(f"Invite copied: {lobby.link.invite}", 30)
        yield from each_size(app, "online lobby hosting", sizes)
    finally:
        app.toasts.items.clear()
        bob.close()
        lobby.leave()


def standings_states(app, sizes):
    """The title's cards and the Today screen with a server (and its name field), and the
    standings screen with a page of rows, two groups and the code field: the server's answers
    from a fake connection."""
    from game.net import identity
    from game.scenes.ranked.standings import StandingsScene
    from tests.game.ranked.fake_desk import Clients
    app.settings["standings_server"] = "club.example.org"
    assert type(app.top).__name__ == "TitleScene"
    title = app.top
    for size in sizes:                          # a card's Play ringed: the line under the buttons says it is unranked
        resize(app, size)
        title.selected = next(i for i, (button, _) in enumerate(title.choices) if button is title.cards["genius"][1])
        frame(app)
        yield f"title with a server, Play unranked ringed {size[0]}x{size[1]}"
    title.selected = 0
    app.open("daily")
    frame(app)
    yield from each_size(app, "daily with a server", sizes)
    app.top.offer.asking = ("genius", 60, True)
    app.top.on_resize()
    yield from each_size(app, "daily asking a name", sizes)
    app.top.back()
    app.top.back()
    identity.remember(app.storage.folder, "ws://club.example.org:8765/", "t" * 43, "Ann")
    clients = Clients()
    scene = StandingsScene(app, connect=clients)
    app.push(scene)
    names = [f"Player {i}" for i in range(1, 60)]
    clients.last.say("standings", puzzle="genius", daily=60, days=1, group=None, total=0, rows=[], you=None)
    clients.last.say("groups", groups=[{"group": "ABCDEFGH", "name": "A family of long names", "members": 4},
                                       {"group": "QRSTUVWX", "name": "Chess club", "members": 12}])
    frame(app)
    for size in sizes:
        resize(app, size)
        clients.last.say("standings", puzzle="genius", daily=60, days=1, group=None, total=59,
                         rows=[{"place": i + 1, "name": n, "ms": 30000 + i * 999, "runs": 1}
                               for i, n in enumerate(names[:scene.limit])],
                         you={"place": 3, "ms": 32000, "runs": 1, "flagged": False})
        frame(app)
        yield f"standings {size[0]}x{size[1]}"
    scene.act("create")
    yield from each_size(app, "standings + new group", sizes)
    app.top.back()
    app.top.back()
    app.settings["standings_server"] = ""


def main(folder: str) -> None:
    """Save a screenshot of every state of the tour in `folder`, and print what collides."""
    import os
    import tempfile
    from pathlib import Path
    os.environ.setdefault("SQUAREWISE_DATA_DIR", tempfile.mkdtemp(prefix="squarewise-layout-"))
    from game.app import App
    from game.storage import Storage
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=(1100, 760), storage=Storage(Path(os.environ["SQUAREWISE_DATA_DIR"])))
    app.settings["howto_seen"] = {"genius": True, "macmahon": True}
    for name in tour(app):
        frame(app)
        pygame.image.save(app.surface, str(out / (name.replace(" ", "_").replace("+", "and") + ".png")))
        for line in problems(app):
            print(f"{name}: {line}")
    app.worker.cancel_all()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "layout-shots")
