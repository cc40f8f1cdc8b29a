"""The shape of the screens (issue 26, "Done when"): every Scene subclass carries at most 70
methods from project classes (the union over its MRO of the functions and properties defined
in classes of the game's own modules), defines at most 10 names that another class of its
MRO defines too (functions and properties, dunders left out), and no file in game/scenes is
over 450 lines. Read from the classes and the files themselves.

`python -m tests.game.test_structure` prints the figures per screen."""
from __future__ import annotations

import functools
import importlib
import pkgutil
import types
from pathlib import Path

import pytest

import game.scenes
from game.scenes import registry
from game.scenes.base import Scene

MAX_METHODS = 70
MAX_SHARED = 10
MAX_LINES = 450
SCENES = Path(game.scenes.__file__).parent
METHODS = (types.FunctionType, staticmethod, classmethod, property, functools.cached_property)


def scene_classes() -> list[type]:
    """The registry's screens, the title, settings and the dice editor, and every other Scene
    subclass defined in a module of game.scenes."""
    from game.scenes.genius.dice_editor import DiceEditorScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    found = [e.scene_class() for e in registry.PUZZLES + registry.EXTRAS + registry.INNER]
    found += [TitleScene, SettingsScene, DiceEditorScene]
    for info in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        module = importlib.import_module(info.name)
        found += [value for value in vars(module).values() if isinstance(value, type) and issubclass(value, Scene)
                  and value.__module__ == module.__name__]
    return list(dict.fromkeys(found))


def project_classes(cls: type) -> list[type]:
    return [c for c in cls.__mro__ if c.__module__.startswith("game.")]


def defined(cls: type) -> set[str]:
    """The functions and properties a class defines in its own body."""
    return {name for name, value in vars(cls).items() if isinstance(value, METHODS)}


def carried(screen: type) -> set[str]:
    """The methods a screen carries from project classes: the union over its MRO."""
    return set().union(*(defined(c) for c in project_classes(screen)))


def shared(screen: type) -> dict[str, list[str]]:
    """The (dunder-free) names that two or more project classes of the screen's MRO define."""
    owners: dict[str, list[str]] = {}
    for cls in project_classes(screen):
        for name in defined(cls):
            if not (name.startswith("__") and name.endswith("__")):
                owners.setdefault(name, []).append(cls.__name__)
    return {name: who for name, who in sorted(owners.items()) if len(who) > 1}


def long_files() -> dict[str, int]:
    lines = {str(p.relative_to(SCENES.parent.parent)): len(p.read_text(encoding="utf-8").splitlines())
             for p in sorted(SCENES.rglob("*.py"))}
    return {name: n for name, n in lines.items() if n > MAX_LINES}


SCREENS = scene_classes()


@pytest.mark.parametrize("screen", SCREENS, ids=lambda c: c.__name__)
def test_a_screen_carries_at_most_70_methods_from_project_classes(screen):
    methods = carried(screen)
    assert len(methods) <= MAX_METHODS, (len(methods), [c.__name__ for c in project_classes(screen)])


@pytest.mark.parametrize("screen", SCREENS, ids=lambda c: c.__name__)
def test_a_screen_defines_at_most_10_names_that_another_class_of_it_defines_too(screen):
    names = shared(screen)
    assert len(names) <= MAX_SHARED, (len(names), names)


def test_no_file_in_game_scenes_is_over_450_lines():
    assert not long_files()


def test_the_screens_found_include_the_play_screens():
    names = {c.__name__ for c in SCREENS}
    assert {"GeniusScene", "MacMahonScene", "VersusScene", "PlayScene", "TitleScene"} <= names


if __name__ == "__main__":
    for screen in sorted(SCREENS, key=lambda c: -len(carried(c))):
        print(f"{screen.__name__:24} {len(carried(screen)):4} methods  {len(shared(screen)):3} shared  "
              f"({len(project_classes(screen))} classes)")
    for name, n in long_files().items():
        print(f"{name}: {n} lines")
