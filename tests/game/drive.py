"""Scripted input for the game: events as a player makes them, and an independent legality check."""
from __future__ import annotations

import pygame

from game import keys as keys_module

from tests.validate_genius import LEGAL, _canon


def frame(app, *events, dt: float = 1 / 60) -> None:
    app.frame(dt, list(events))


def key(app, k, mod=0) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def press(app, pos, button=1) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))


def release(app, pos, button=1) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))


def move(app, pos) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))


def back_from_how_to_play(app) -> None:
    """A monkey pressing F1 twice lands on How to play (as a player would): Escape back."""
    from game.scenes.howto import HowToScene
    if isinstance(app.top, HowToScene):
        key(app, pygame.K_ESCAPE)


MONKEY_MODS = [0, 0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT]


def random_event(rng, area: pygame.Rect, keys: list[tuple[int, str]]):
    """A random mouse move, press, release, wheel turn or key (from `keys`, as (key, char)) in `area`."""
    kind = rng.random()
    pos = (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom))
    if kind < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=rng.choice([1, 1, 1, 3]), pos=pos)
    if kind < 0.72:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, button=rng.choice([1, 1, 3]), pos=pos)
    if kind < 0.78:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                  precise_x=0.0, precise_y=0.0)
    key, char = rng.choice(keys)
    mod = rng.choice(MONKEY_MODS)
    if keys_module.action(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)) == "quit":
        mod = 0                 # the monkey plays: it never closes the window (Ctrl+Q)
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="" if mod & pygame.KMOD_CTRL else char,
                              scancode=0)


def wheel(app, y) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))


def drag(app, start, end, steps: int = 3) -> None:
    press(app, start)
    for i in range(1, steps + 1):
        move(app, (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
    release(app, end)


def finish_roll(app, scene) -> None:
    for _ in range(200):
        if scene.kit.roll is None:
            return
        frame(app, dt=0.05)
    raise AssertionError("the roll animation never ended")


def assert_legal(position) -> None:
    """Independently of solver/: blockers are 7 cells, pieces have legal shapes, nothing overlaps."""
    blockers = set(position.blockers)
    assert len(blockers) == 7
    seen = set(blockers)
    for piece, cells in position.placed.items():
        cells = set(cells)
        assert _canon(divmod(c, 6) for c in cells) in LEGAL[piece], f"{piece} has a wrong shape"
        assert not cells & seen, f"{piece} overlaps"
        seen |= cells


def slot_of(scene, piece):
    from solver.genius.pieces import PIECES
    return scene.view.layout()["slots"][PIECES.index(piece)]


def cell_centre(scene, cell):
    return scene.view.layout()["geo"].cell_rect(cell).center


def turn_until(app, scene, piece, cells) -> None:
    """Press R / F while holding `piece` until it has the orientation of `cells` (R R R F R R R)."""
    from solver.genius.pieces import orientation_of
    want = orientation_of(piece, cells)
    for i in range(8):
        if scene.session.hand.held.orientation == want:
            return
        key(app, pygame.K_f if i == 3 else pygame.K_r)
    raise AssertionError(f"could not turn {piece} to orientation {want}")


def grabbed_cell(scene, cells) -> int:
    """The board cell that must be under the pointer for the held piece to land on `cells`."""
    r0 = min(c // 6 for c in cells)
    c0 = min(c % 6 for c in cells)
    gr, gc = scene.session.hand.held.grab
    return (r0 + gr) * 6 + c0 + gc


def place_by_mouse(app, scene, piece, cells) -> None:
    """Drag `piece` from the tray, turn it with R/F on the way, drop it on `cells`."""
    press(app, slot_of(scene, piece).center)
    assert scene.session.hand.held is not None and scene.session.hand.held.piece == piece, (scene.session.hand.held, piece, app.size)
    move(app, (slot_of(scene, piece).centerx + 30, slot_of(scene, piece).centery))
    turn_until(app, scene, piece, cells)
    target = cell_centre(scene, grabbed_cell(scene, cells))
    move(app, target)
    release(app, target)


def answer_confirm(app, scene, yes: bool = True) -> bool:
    """Answer the scene's open yes/no dialog (OK, or close it); False if none is open."""
    import pygame_gui
    dialogs = [d for d in scene._dialogs if isinstance(d, pygame_gui.windows.UIConfirmationDialog) and d.alive()]
    if not dialogs:
        return False
    if yes:
        frame(app, pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialogs[-1]))
    else:
        dialogs[-1].kill()
        frame(app)
    return True


def jump(scene, target) -> None:
    """Play the moves from the position on show to `target` one by one through the session, as
    a player would put them (MacMahon tiles under free rules, so a clashing board can be made)."""
    for move in scene.position.moves_to(target):
        text = move.notation() if hasattr(move, "piece") else move.notation(target.board) + "!"
        assert not isinstance(scene.session.move(text), str), text


def choose(app, scene, menu: str, label: str) -> None:
    """Pick the entry `label` of the scene's drop-down `menu` ("game", "mode", "level") as a click would."""
    import pygame_gui
    drop_down = scene.chrome.menus[menu].menu
    label = scene.chrome.menus[menu].shown(label)    # as the menu shows it (short when the long ones do not fit)
    assert label in [text for text, _ in drop_down.options_list], (label, drop_down.options_list)
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop_down, text=label))
