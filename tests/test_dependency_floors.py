"""The floors pyproject.toml declares are enough for the code: every name the game and the
solver take from a dependency (numpy's, pygame's, websockets', ...) exists in that dependency's
floor version. Checked against tests/dependency_floors.json, the floors' namespaces recorded
by scripts/dependency_floors.py from the floor versions installed (their wheels and hashes are
in the file), so nothing is installed here. Issue 39: the code called numpy.bitwise_count (numpy
2.0) while pyproject asked for numpy>=1.24, and `macmahon count` died on numpy 1.26."""
from __future__ import annotations

import json
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from tests.dependency_uses import ROOT, missing, uses, uses_in

RECORD = json.loads((ROOT / "tests" / "dependency_floors.json").read_text())["floors"]
IMPORT_NAMES = {"pygame-ce": "pygame", "pygame-gui": "pygame_gui"}


def declared() -> dict[str, Version]:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    out = {}
    for line in deps:
        req = Requirement(line)
        (floor,) = [Version(spec.version) for spec in req.specifier if spec.operator == ">="]
        out[req.name] = floor
    return out


def test_the_record_is_of_the_declared_floors():
    assert {name: Version(entry["version"]) for name, entry in RECORD.items()} == declared(), \
        "a floor in pyproject.toml changed: run scripts/dependency_floors.py"


@pytest.mark.parametrize("name", sorted(declared()))
def test_every_name_the_code_uses_is_in_the_floor(name):
    package = IMPORT_NAMES.get(name, name)
    used = uses({package})[package]
    assert used, f"the code uses nothing of {name}: drop the dependency"
    assert missing(used, RECORD[name]["namespaces"]) == []


def test_numpy_floor_has_what_the_solver_counts_with():
    """The names that forced the floor up (numpy 1.26 has no bitwise_count) are used and found."""
    used = uses({"numpy"})["numpy"]
    assert "numpy.bitwise_count" in used
    assert missing({"numpy.bitwise_count"}, RECORD["numpy"]["namespaces"]) == []
    assert Version(RECORD["numpy"]["version"]) >= Version("2.0")


def test_a_name_the_floor_lacks_is_caught():
    """What the check says of a floor without bitwise_count (numpy 1.26's namespace, here the
    recorded one with that name taken out)."""
    older = {path: [n for n in names if n != "bitwise_count"] for path, names in RECORD["numpy"]["namespaces"].items()}
    assert missing(uses({"numpy"})["numpy"], older) == ["numpy.bitwise_count: numpy has no bitwise_count"]


def test_uses_follow_every_form_of_import():
    source = ("import numpy as np\nimport pygame.freetype\nfrom numpy.lib import format as npy\n"
              "def f(a):\n    return np.random.default_rng(1).integers(3) + np.add.reduceat(a, [0])\n")
    assert uses_in(source, {"numpy", "pygame"}) == {
        "numpy", "numpy.random", "numpy.random.default_rng", "numpy.add", "numpy.add.reduceat",
        "numpy.lib.format", "pygame.freetype"}
