"""Helpers for the guided first game with no window: a kit started on a guide's
game as PlayScene.start_guide starts it, and the screen's frame as it feeds the guide (its
checks against the session's position, hand and hints; a refusal told to it)."""
from __future__ import annotations

import random

from game.play.commands import Refused, Sound
from game.puzzles import registry
from game.scenes.guide import Guide
from tests.game.fakes import FakeApp


def guided_kit(folder, puzzle: str, size=(1100, 760)):
    """(kit, guide): a `puzzle` kit in Solo mode on a FakeApp, begun on its guide's game as a
    lesson (PlayScene.start_guide), and the Guide the screen would own."""
    app = FakeApp(folder, size)
    if puzzle == "genius":
        from game.scenes.genius.kit import GeniusKit as Kit
        from game.modes.genius.play import Solo
    else:
        from game.scenes.macmahon.kit import MacMahonKit as Kit
        from game.modes.macmahon.play import Solo
    kit = Kit(app, random.Random(3))
    kit.table.seat(Solo(kit.table))
    game = registry.get(puzzle).guide
    kit.begin_id(kit.session.puzzle.parse(game.game_id), {"kind": "lesson"})
    kit.session.take_effects()
    return kit, Guide(game, getattr(kit.session.hand, "name", str))


def feed(kit, guide, effects=(), dt: float = 0.0) -> None:
    """One frame of the screen for the guide: the jobs answered, the sounds played and the
    refusals told (PlayScene.perform), then the step checked (PlayScene.update)."""
    kit.app.worker.poll()
    for effect in list(effects) + kit.session.take_effects():
        if isinstance(effect, Sound):
            kit.app.sounds.play(effect.name)
        elif isinstance(effect, Refused):
            guide.refused(effect.reason)
    match = kit.session.match
    guide.observe(match.position, kit.session.hand, match.meta.get("hints", 0), dt)


def scene_app(folder, size=(1100, 760)):
    """A WidgetApp (tests/game/widget_app.py) with the screen stack's `scenes` (none) and `pop`
    (counted; the top screen told it left), the clipboard kept in `copied`, the statistics written: a play screen made on
    it is never shown."""
    from tests.game.widget_app import WidgetApp

    class App(WidgetApp):
        def __init__(self):
            super().__init__(folder, size)
            self.scenes: list = []
            self.popped = 0
            self.copied = ""

        def pop(self) -> None:
            """The top screen left (App.pop, a screen below it): it is told so."""
            scene, self.top = self.top, None
            self.popped += 1
            if scene is not None:
                scene.on_exit()

        def paste_text(self) -> str:
            return self.copied

        def save_statistics(self) -> None:          # (as App.save_statistics: written to the folder)
            super().save_statistics()
            self.storage.write("statistics", self.statistics)

    return App()


def genius_scene(folder, board: str | None = "A1A2A4A6B4D5E1", size=(1100, 760), seed: int = 3, **options):
    """A GeniusScene on `scene_app`, never shown (no widget is made: `chrome` is empty), on
    `board` (a game ID; None: as `options` open it); its yes/no questions recorded in `asked`
    as (message, on_yes)."""
    from game.scenes.genius.scene import GeniusScene
    app = scene_app(folder, size)
    return on_top(GeniusScene(app, rng=random.Random(seed), **({"game_id": board} if board else {}), **options))


def on_top(scene):
    """`scene` the App's top screen as far as it can tell (no widget made): its yes/no questions
    (dialogs) recorded in `scene.asked` as (message, on_yes), the offers it would show as buttons
    in `scene.offered`, no widgets built when its mode changes (a Rebuild); then a frame."""
    scene.app.top = scene
    scene.build_ui = lambda: None
    scene.asked = []
    scene.confirm = lambda message, on_yes, *a, **k: scene.asked.append((message, on_yes))
    scene.offered = []
    scene.chrome.show_offers = lambda actions, area: setattr(scene, "offered", list(actions))
    scene.update(0.0)
    return scene


def key(scene, code: int, mod: int = 0, dt: float = 0.0) -> None:
    """A key pressed on the screen (a key it does not use: Back, as App.dispatch routes it), then
    its frame (the effects it kept for the frame performed)."""
    import pygame
    from game import keys
    event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    if not scene.handle_event(event) and keys.action(event) == "back":
        scene.back()
    scene.update(dt)


def finish_roll(scene) -> None:
    """The screen's frames until the dice have rolled in."""
    for _ in range(200):
        if scene.kit.roll is None:
            return
        scene.update(0.05)
    raise AssertionError("the roll animation never ended")


def place(scene, piece: str, cells) -> None:
    """`piece` dragged onto `cells` (genius_kits.drop), its effects performed, then a frame."""
    from tests.game.genius_kits import drop
    scene.perform(drop(scene.session, piece, sorted(cells)))
    scene.update(0.0)
