"""The layout checker: what a screen shows must not collide.

`problems(app)` looks at the top screen as it is now: the visible pygame-gui widgets (each
top-level element: a drop-down's own parts and a window's contents are not set against
their owner), the regions the screen draws by hand (`scene.regions()`: name -> Rect) and the
messages on show, and says what overlaps, what leaves the window and which text is wider
than its box (buttons, labels, a drop-down's closed label and every entry of its list).

`tour(app, sizes)` puts the app through every screen and state the test covers and yields
the state's name at each size; `python -m tests.game.layout_check DIR` saves a PNG of each.
"""
from __future__ import annotations

import datetime as dt
import itertools
import sys

import pygame
import pygame_gui

SIZES = ((800, 560), (1100, 760), (1400, 900))
#: regions a message may never cover (the strip for messages, the status line may be shared)
GUARDED = ("board", "tray", "dice", "card", "rival", "offers")


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
    return out + text_problems(app) + dropdown_problems(app)


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
        place_by_mouse(app, scene, piece, done.placed[piece])
    frame(app)
    assert scene.match.finished


def finish_celebration(app, scene) -> None:
    settle(app, lambda: scene.result.celebration is None)


def tour(app, sizes=SIZES, *, online: bool = True):
    """Every screen and state in turn, at each size: yields the state's name once it shows."""
    from game.scenes.title import TitleScene
    app.settings["animations"] = False
    title = TitleScene(app, today=dt.date(2026, 3, 2))
    app.push(title)
    yield from each_size(app, "title", sizes)
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
    """The Today screen with a server and its name field, and the standings screen with a page
    of rows, two groups and the code field: the server's answers from a fake connection."""
    from game.net import identity
    from game.scenes.ranked.standings import StandingsScene
    from tests.game.ranked.fake_desk import Clients
    app.settings["standings_server"] = "club.example.org"
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
