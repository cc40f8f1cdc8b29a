"""The shape of the screens (issue 26, "Done when"): every Scene subclass carries at most 70
methods from project classes (the union over its MRO of the functions and properties defined
in classes of the game's own modules), defines at most 10 names that another class of its
MRO defines too (functions and properties, dunders left out), and no file in game/scenes is
over 450 lines. Read from the classes and the files themselves.

And the units of issue 37 (a puzzle and a mode are units), each read from the source: the
files outside a puzzle's own packages that name a puzzle (`puzzle_naming`), the modules under
game/scenes that import no pygame and define no Scene (`pure_scene_modules`), `self.app.` in
the modes (`app_in_modes`), the session's effects written outside the session
(`effects_written`), `Match(` built outside the dealers (`matches_built`) and the attributes
that two classes of one object's MRO both write (`written_twice`); and the test names that
join two checks with `_and_` (`joined_names`, issue 37's "one check per test name").

`python -m tests.game.test_structure` prints the figures per screen, then every unit figure."""
from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
import re
import types
from pathlib import Path

import pytest

import game
import game.scenes
from game import screens
from game.scenes.base import Scene

MAX_METHODS = 70
MAX_SHARED = 10
MAX_LINES = 450
SCENES = Path(game.scenes.__file__).parent
ROOT = Path(game.__file__).parent.parent
METHODS = (types.FunctionType, staticmethod, classmethod, property, functools.cached_property)


def scene_classes() -> list[type]:
    """The registry's screens, the title, settings and the dice editor, and every other Scene
    subclass defined in a module of game.scenes."""
    from game.scenes.genius.dice_editor import DiceEditorScene
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene
    found = [e.scene_class() for e in screens.every()]
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


# ---------------------------------------------------------------------- the units (issue 37)
PUZZLES = ("genius", "macmahon")
OWN = ("solver", "game/puzzles", "game/scenes", "game/modes")      # where each puzzle has a package of its own
MAX_NAMING = 3           # the engine's list, the game's list and the CLI's entry
MAX_MATCHES = 2
MAX_TWICE = 2


def product_files() -> list[Path]:
    return sorted(list((ROOT / "game").rglob("*.py")) + list((ROOT / "solver").rglob("*.py")))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def names_of_puzzles(path: Path) -> list[str]:
    """Where a file names a puzzle: an import of one of its packages, a name or attribute that
    says it (`GENIUS`, `GeniusKit`), or a string that does (`"macmahon"`, `"howto-genius"`,
    "The Genius Square"); docstrings and comments left out."""
    word = re.compile("|".join(PUZZLES), re.IGNORECASE)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if set(a.name.split(".")) & set(PUZZLES)]
        elif isinstance(node, ast.ImportFrom):
            if set((node.module or "").split(".")) & set(PUZZLES) or {a.name for a in node.names} & set(PUZZLES):
                found.append(f"from {node.module} import")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [repr(node.value[:30])] if word.search(node.value) else []
        elif isinstance(node, ast.Name) and word.search(node.id):
            found.append(node.id)
        elif isinstance(node, ast.Attribute) and word.search(node.attr):
            found.append("." + node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and word.search(node.name):
            found.append(f"def {node.name}")
    return found


def puzzle_naming() -> dict[str, list[str]]:
    """The files outside a puzzle's own packages (solver/P/, game/puzzles/P/, game/scenes/P/,
    game/modes/P/) that name a puzzle or import its packages, with where."""
    own = tuple(f"{top}/{name}/" for top in OWN for name in PUZZLES)
    found = {relative(p): names_of_puzzles(p) for p in product_files() if not relative(p).startswith(own)}
    return {name: where for name, where in found.items() if where}


def imports(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def pure_scene_modules() -> list[str]:
    """The modules under game/scenes/ (packages' __init__ left out) that import no pygame of
    their own and define no Scene: pure logic in the screens' room."""
    found = []
    for path in sorted(SCENES.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        if {name.split(".")[0] for name in imports(ast.parse(path.read_text(encoding="utf-8")))} & \
                {"pygame", "pygame_gui"}:
            continue
        module = importlib.import_module(relative(path)[:-3].replace("/", "."))
        if not any(isinstance(v, type) and issubclass(v, Scene) and v.__module__ == module.__name__
                   for v in vars(module).values()):
            found.append(relative(path))
    return found


def game_classes() -> list[type]:
    """Every class defined in a module of the game (the package's modules imported)."""
    found = []
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name == "game.__main__":
            continue
        module = importlib.import_module(info.name)
        found += [v for v in vars(module).values() if isinstance(v, type) and v.__module__ == module.__name__]
    return list(dict.fromkeys(found))


def mode_classes() -> list[type]:
    """The modes: the base `Mode`, every class of the game that subclasses it, and their mixins."""
    modes = [c for c in game_classes() if any(b.__name__ == "Mode" and b.__module__.startswith("game.")
                                              for b in c.__mro__)]
    return list(dict.fromkeys(b for c in modes for b in project_classes(c)))


def class_tree(cls: type) -> ast.ClassDef | None:
    """The class's own statement, parsed from its module's file."""
    module = importlib.import_module(cls.__module__)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__), None)


def reaches_app_or_kit(node: ast.AST) -> bool:
    """`x.app` (the App, reached from anything: `self.app`, `kit.app`) or a screen's kit (`kit`, `x.kit`)."""
    return isinstance(node, ast.Attribute) and node.attr in ("app", "kit") or \
        isinstance(node, ast.Name) and node.id == "kit"


def app_in_modes() -> dict[str, int]:
    """The App or a screen's kit reached in each mode class's own body (`self.app`, `kit.app`, `self.kit`)."""
    counts = {}
    for cls in mode_classes():
        tree = class_tree(cls)
        n = sum(1 for node in ast.walk(tree) if reaches_app_or_kit(node)) if tree else 0
        if n:
            counts[f"{cls.__module__}.{cls.__name__}"] = n
    return counts


def effects_written() -> list[str]:
    """Each place outside the session that writes a session's effects (`X.session.effects.append`,
    `session.effects +=`, ...)."""
    found = []
    for path in product_files():
        if relative(path) == "game/play/session.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            target = None
            if isinstance(node, (ast.AugAssign, ast.Assign)):
                target = node.target if isinstance(node, ast.AugAssign) else node.targets[0]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("append", "extend", "insert"):
                target = node.func.value
            if isinstance(target, ast.Attribute) and target.attr == "effects" and \
                    ast.unparse(target.value).split(".")[-1] == "session":
                found.append(f"{relative(path)}:{node.lineno}")
    return found


def matches_built() -> list[str]:
    """Each `Match(...)` (or `Match.new(...)`, the constructor the dealers share) built outside the
    dealers (game/puzzles/*/deal.py) and Match's own classmethods."""
    found = []
    for path in product_files():
        if re.fullmatch(r"game/puzzles/\w+/deal\.py", relative(path)):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Name) and func.id == "Match" or isinstance(func, ast.Attribute) and (
                    func.attr == "Match" or func.attr == "new" and ast.unparse(func.value).endswith("Match")):
                found.append(f"{relative(path)}:{node.lineno}")
    return found


@functools.cache
def writes(cls: type) -> frozenset[str]:
    """The attributes a class's own methods write on `self` (`self.x = `, `self.x += `, unpacked too)."""
    tree = class_tree(cls)
    found = set()
    for node in ast.walk(tree) if tree is not None else ():
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        while targets:
            target = targets.pop()
            if isinstance(target, (ast.Tuple, ast.List)):
                targets += target.elts
            elif isinstance(target, ast.Starred):
                targets.append(target.value)
            elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                found.add(target.attr)
    return frozenset(found)


def written_twice() -> dict[str, dict[str, list[str]]]:
    """For each class of the game, the attributes that two or more classes of its MRO write."""
    found = {}
    for cls in game_classes():
        owners: dict[str, list[str]] = {}
        for c in project_classes(cls):
            for name in writes(c):
                owners.setdefault(name, []).append(c.__name__)
        twice = {name: who for name, who in sorted(owners.items()) if len(who) > 1}
        if twice:
            found[f"{cls.__module__}.{cls.__name__}"] = twice
    return found


def test_outside_its_own_packages_only_the_two_lists_or_the_cli_name_a_puzzle():
    assert sorted(puzzle_naming()) == ["game/puzzles/registry.py", "solver/cli.py", "solver/puzzles.py"]


def test_every_module_under_game_scenes_draws_or_is_a_screen():
    assert pure_scene_modules() == []


def test_no_mode_reaches_the_app_or_a_screens_kit():
    assert app_in_modes() == {}


def test_only_the_session_writes_its_effects():
    assert effects_written() == []


def test_matches_are_built_by_the_dealers():
    assert len(matches_built()) <= MAX_MATCHES, matches_built()


def test_no_class_shares_more_than_two_attributes_with_another_class_of_its_mro():
    assert {name: t for name, t in written_twice().items() if len(t) > MAX_TWICE} == {}


def test_every_attribute_is_written_by_one_class_of_its_mro():
    """Stricter than the issue's bar (2): a base that owns a state offers methods to change it
    (Refereed.lose, try_back, ...; RefereedMode.new_board, tell_full)."""
    assert written_twice() == {}


def test_the_measures_see_what_they_look_for(tmp_path, monkeypatch):
    """Each measure on a file made to break it: a puzzle named, effects written, a match built."""
    sample = tmp_path / "game" / "sample.py"
    sample.parent.mkdir()
    sample.write_text('"""About genius, in a docstring: not counted."""\n'
                      'from solver.genius.position import Position\n'
                      'KEY = "howto-macmahon"\n'
                      'def f(kit):\n'
                      '    kit.session.effects.append(1)\n'
                      '    return Match(Position.parse("A1")), Match.new(GENIUS, None)\n', encoding="utf-8")
    assert names_of_puzzles(sample) == ["from solver.genius.position import", "'howto-macmahon'", "GENIUS"]
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert effects_written() == ["game/sample.py:5"]
    assert matches_built() == ["game/sample.py:6", "game/sample.py:6"]


# ------------------------------------------------------------ one check per test name (issue 37)
TESTS = ROOT / "tests"
TEST_NAME = re.compile(r"def (test_\w+)")


def named_tests(folder: Path = TESTS) -> list[str]:
    """Every `def test_...` name in the folder's files, as `grep -rhoE 'def test_\\w+'` finds them."""
    return [name for path in sorted(folder.rglob("*.py")) for name in TEST_NAME.findall(path.read_text(encoding="utf-8"))]


def joined_names(folder: Path = TESTS) -> list[str]:
    """The test names with `_and_` in them: most join two checks, a few name one thing (drag_and_drop)."""
    return [name for name in named_tests(folder) if "_and_" in name]


def test_every_test_name_states_one_check():
    """No name joins two checks with `_and_` (418 of 1,456 names did this morning; a name
    that states one thing with "and" says it otherwise: 'the history buttons', 'a click only')."""
    assert joined_names() == []


def test_the_name_measure_reads_every_test_definition(tmp_path):
    joined = "test_" "a_and_b"                  # split, so that this file's own count leaves it out
    (tmp_path / "test_x.py").write_text(f"def {joined}():\n    pass\nasync def test_" "c(): pass\n"
                                       "def helper_and_more(): pass\n", encoding="utf-8")
    assert named_tests(tmp_path) == ["test_a_and_b", "test_c"]
    assert joined_names(tmp_path) == ["test_a_and_b"]


def unit_figures() -> list[str]:
    """Every figure of issue 37's "Done when", in lines."""
    naming, pure, app_uses = puzzle_naming(), pure_scene_modules(), app_in_modes()
    effects, matches, twice = effects_written(), matches_built(), written_twice()
    worst = max((len(t) for t in twice.values()), default=0)
    lines = [f"files outside a puzzle's own packages naming a puzzle: {len(naming)} (at most {MAX_NAMING})"]
    lines += [f"    {name}: {len(where)} ({', '.join(where[:4])}{', ...' if len(where) > 4 else ''})"
              for name, where in naming.items()]
    lines += [f"modules under game/scenes importing no pygame and defining no Scene: {len(pure)} (0)"]
    lines += [f"    {name}" for name in pure]
    lines += [f"the App or a screen's kit reached in modes (`self.app`, `kit.app`, `self.kit`): {sum(app_uses.values())} (0)"]
    lines += [f"    {name}: {n}" for name, n in app_uses.items()]
    lines += [f"`session.effects` written outside the session: {len(effects)} (0)"]
    lines += [f"    {where}" for where in effects]
    lines += [f"`Match(` built outside the dealers and Match.from_dict: {len(matches)} (at most {MAX_MATCHES})"]
    lines += [f"    {where}" for where in matches]
    lines += [f"classes with attributes written from two classes of their MRO: {len(twice)}, at most {worst} "
              f"a class; beyond {MAX_TWICE}: {sum(len(t) > MAX_TWICE for t in twice.values())} (0)"]
    lines += [f"    {name}: {len(t)} ({', '.join(t)})" for name, t in sorted(twice.items(), key=lambda x: -len(x[1]))]
    names, joined = named_tests(), joined_names()
    lines += [f"test names with `_and_`: {len(joined)} of {len(names)} ({100 * len(joined) / max(len(names), 1):.1f}%; "
              f"none)"]
    lines += [f"    tests/{folder.name}: {len(joined_names(folder))} of {len(named_tests(folder))}"
              for folder in sorted(TESTS.iterdir()) if folder.is_dir() and named_tests(folder)]
    return lines


if __name__ == "__main__":
    for screen in sorted(SCREENS, key=lambda c: -len(carried(c))):
        print(f"{screen.__name__:24} {len(carried(screen)):4} methods  {len(shared(screen)):3} shared  "
              f"({len(project_classes(screen))} classes)")
    for name, n in long_files().items():
        print(f"{name}: {n} lines")
    print("\n".join(unit_figures()))
