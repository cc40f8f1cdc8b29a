"""The names the code takes from its dependencies, read from the source (no import).

`uses()` scans game/ and solver/ for `import numpy as np` followed by `np.random.default_rng`,
`from websockets.asyncio.server import serve`, `import pygame.freetype` and the like, and
answers the dotted names ("numpy.random.default_rng", "websockets.asyncio.server.serve").
An attribute reached through an instance (`rng.integers`, `surface.blit`) is not seen: the
source does not say its type. `missing(used, namespaces)` checks such names against the
recorded namespaces of each dependency's floor version (tests/dependency_floors.json, made by
scripts/dependency_floors.py). Both the script and tests/test_dependency_floors.py use this.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("game", "solver")


def _chain(node: ast.Attribute) -> tuple[str, list[str]] | None:
    """`a.b.c` as ("a", ["b", "c"]); None if it does not start at a plain name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return (node.id, parts[::-1]) if isinstance(node, ast.Name) else None


def uses_in(source: str, packages: set[str]) -> set[str]:
    """The dotted names one module's source takes from `packages` (top-level package names).

    >>> sorted(uses_in("import numpy as np\\nx = np.bitwise_count(np.uint64(3)).sum()", {"numpy"}))
    ['numpy', 'numpy.bitwise_count', 'numpy.uint64']
    >>> sorted(uses_in("from websockets.asyncio.server import serve", {"websockets"}))
    ['websockets.asyncio.server.serve']
    """
    tree = ast.parse(source)
    bound: dict[str, str] = {}                  # a name in the module -> the dotted name it stands for
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in packages:
                    found.add(alias.name)
                    local = alias.asname or alias.name.split(".")[0]
                    bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] in packages:
            for alias in node.names:
                found.add(f"{node.module}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chain = _chain(node)
            if chain and chain[0] in bound:
                found.add(".".join([bound[chain[0]], *chain[1]]))
    return found


def uses(packages: set[str], root: Path = ROOT) -> dict[str, set[str]]:
    """Every dotted name the game and the solver take from `packages`: {package: names}."""
    out: dict[str, set[str]] = {package: set() for package in packages}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            for name in uses_in(path.read_text(encoding="utf-8"), packages):
                out[name.split(".")[0]].add(name)
    return out


def prefixes(name: str) -> list[str]:
    """The objects a dotted name is looked up in: 'a.b.c' -> ['a', 'a.b']."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def missing(used: set[str], namespaces: dict[str, list[str]]) -> list[str]:
    """The names in `used` that the recorded `namespaces` ({'numpy': dir(numpy), ...}) do not
    offer, each with why; a lookup in an object that was not recorded counts as missing too.

    >>> missing({"numpy.bitwise_count", "numpy.random.default_rng"}, {"numpy": ["random"], "numpy.random": ["default_rng"]})
    ['numpy.bitwise_count: numpy has no bitwise_count']
    >>> missing({"numpy.linalg.norm"}, {"numpy": ["linalg"]})
    ['numpy.linalg.norm: numpy.linalg was not recorded (run scripts/dependency_floors.py)']
    """
    problems = []
    for name in sorted(used):
        for parent in prefixes(name):
            child = name[len(parent) + 1:].split(".")[0]
            if parent not in namespaces:
                problems.append(f"{name}: {parent} was not recorded (run scripts/dependency_floors.py)")
                break
            if child not in namespaces[parent]:
                problems.append(f"{name}: {parent} has no {child}")
                break
    return problems
