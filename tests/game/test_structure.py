"""The shape of the screens (issue: the mid end): no screen is assembled from more than four
project classes, and no `self.` attribute of a screen is written from more than one of them
(besides `app`): state shared through `self` across classes is what made the play screens
hard to follow. Read from the code itself: the method resolution order and the assignments."""
from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from game.scenes import registry

MAX_CLASSES = 4


def screens() -> list[type]:
    from game.scenes.genius.dice_editor import DiceEditorScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    found = [e.scene_class() for e in registry.PUZZLES + registry.EXTRAS + registry.INNER]
    return list(dict.fromkeys(found + [TitleScene, SettingsScene, DiceEditorScene]))


def project_classes(cls: type) -> list[type]:
    return [c for c in cls.__mro__ if c.__module__.startswith("game.")]


def assigned(target) -> set[str]:
    """The `self.X` an assignment target writes: `self.X = `, `self.X[k] = `, `self.X.y = `."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*map(assigned, target.elts))
    if isinstance(target, ast.Starred):
        return assigned(target.value)
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return {target.attr}
    if isinstance(target, (ast.Attribute, ast.Subscript)):
        return assigned(target.value)
    return set()


def written(cls: type) -> set[str]:
    """The attributes `self.X` that the methods of `cls` (its own body only) assign."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    names = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            names |= assigned(target)
    return names


@pytest.mark.parametrize("screen", screens(), ids=lambda c: c.__name__)
def test_a_screen_is_at_most_four_classes_and_shares_no_attribute_between_them(screen):
    classes = project_classes(screen)
    assert len(classes) <= MAX_CLASSES, [c.__name__ for c in classes]
    writers: dict[str, list[str]] = {}
    for cls in classes:
        for name in written(cls) - {"app"}:
            writers.setdefault(name, []).append(cls.__name__)
    shared = {name: who for name, who in writers.items() if len(who) > 1}
    assert not shared, shared


def test_the_race_against_the_computer_is_not_a_genius_scene():
    from game.scenes.genius.scene import GeniusScene
    from game.scenes.genius.versus import VersusScene
    assert not issubclass(VersusScene, GeniusScene)
