"""Helpers for the MacMahon tests: a play session without a window (a fake host, a fake clock)
and the few things the window tests ask of a MacMahon screen."""
from __future__ import annotations

from game.play.commands import Press, Release, Slot, Square
from game.play.match import Match, Timer
from game.play.session import PlaySession
from game.puzzles.macmahon.hand import Hand
from game.puzzles.macmahon.puzzle import MACMAHON
from game.storage import Storage
from solver.macmahon.position import Board, Position


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


class Host:
    """What a session needs of the app: statistics, a data folder, a worker (no jobs run here)."""

    def __init__(self, folder):
        self.statistics: dict = {}
        self.storage = Storage(folder)
        self.worker = None
        self.saved = 0

    def save_statistics(self) -> None:
        self.saved += 1


def macmahon_session(folder, start: Position | None = None, *, strict: bool = True, clock=None,
                     **meta) -> PlaySession:
    """A MacMahon session on `start` (an empty classic board), its clock running on `clock`;
    the tiles of `start` are the puzzle's givens, as on the screen."""
    start = (start if start is not None else Position.empty(Board())).with_givens()
    session = PlaySession(MACMAHON, Host(folder), Hand())
    session.hand.strict = strict
    session.begin(Match(start, puzzle=MACMAHON.name, meta={"assisted": False, **meta},
                        timer=Timer(running=True, clock=clock or Clock())))
    session.hand.fresh(start)
    session.take_effects()
    return session


def cell(board: Board, name: int) -> Square:
    """The board square of cell number `name`."""
    return Square(*divmod(name, board.cols))


def drag(session: PlaySession, tile: int, to: int) -> list:
    """Press on tile `tile`'s tray slot and let go over cell `to` (a drag): the effects."""
    board = session.position.board
    session.process(Press(Slot(tile)))
    return session.process(Release(cell(board, to)))


def play_position(scene, position) -> None:
    """Make `position` the one on show on a MacMahon screen, as one move of the session."""
    scene.session.play(position, MACMAHON.describe(scene.position, position))
    scene.kit.dealer.moved()


def landing(scene):
    """Where the held tile would go now on a MacMahon screen, and the rules' verdict."""
    return scene.session.hand.landing(scene.position)


def new_game(scene, header: str) -> None:
    """An empty board of `header` on a MacMahon screen, without a question."""
    scene.perform(scene.kit.dealer.new_game(header))



def count_fact(scene) -> str:
    """The status panel's count of completions ('106,624 solutions', 'N ways to finish from
    here'), or '' while it is not known for the position on show."""
    facts = scene.kit.dealer.facts()[0].split(", ")
    return next((f for f in facts if "solution" in f or "to finish" in f), "")


def open_every_menu(app, scene):
    """Open each drop-down of the menu bar as a click does (pygame-gui builds the list then)."""
    for name, action_menu in scene.chrome.menus.items():
        drop_down = action_menu.menu
        drop_down.current_state.should_transition = True
        app.frame(1 / 60, [])
        assert drop_down.current_state is drop_down.menu_states["expanded"], name
        drop_down.current_state.should_transition = True
        app.frame(1 / 60, [])
