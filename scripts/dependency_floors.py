"""Record what the floor version of each dependency offers: tests/dependency_floors.json.

    .venv/bin/python scripts/dependency_floors.py [--out FILE]      (needs PyPI; about a minute)

Reads the floors from pyproject.toml (`numpy>=2.0` -> numpy 2.0), installs exactly those
versions together into a throw-away venv (wheels only), imports every module of theirs that the
game and the solver use, and writes, for each object a used name is looked up in (`numpy`,
`numpy.random`, `websockets.asyncio.server`, ...), its whole namespace (`dir()`), with where it
came from: the wheel files and their sha256, the Python, the date. tests/test_dependency_floors.py
then checks, without installing anything, that every name the code uses is there at the floor
and that the floors recorded are pyproject's. Run it again after raising a floor or after the
code starts using a new submodule of a dependency (the test says which).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.dependency_uses import prefixes, uses  # noqa: E402

IMPORT_NAMES = {"pygame-ce": "pygame", "pygame-gui": "pygame_gui"}     # distribution -> package

# Run inside the floors' venv with {"modules": every used name, "objects": the ones to record}:
# imports each of them that is a module (so it shows in its package's namespace, as it does
# when the code runs), then answers each object's names (dir(), and its __dict__: a module
# with a __dir__ of its own, like websockets', hides its submodules from dir()), or None where
# it does not exist.
DUMP = """
import importlib, json, sys
asked = json.load(sys.stdin)
for name in asked["modules"] + asked["objects"]:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
resolved, out = {}, {}
for path in asked["objects"]:
    parent, _, attr = path.rpartition(".")
    try:
        obj = importlib.import_module(path)
    except ImportError:
        obj = getattr(resolved.get(parent), attr, None)
    if obj is not None:
        resolved[path] = obj
    out[path] = None if obj is None else sorted(set(dir(obj)) | set(getattr(obj, "__dict__", ())))
print(json.dumps(out))
"""


def floors() -> dict[str, str]:
    """{distribution: floor version} from pyproject.toml's dependencies (each `name>=X`)."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    out = {}
    for line in deps:
        req = Requirement(line)
        lows = [spec.version for spec in req.specifier if spec.operator == ">="]
        if len(lows) != 1:
            sys.exit(f"dependency_floors: {line!r} has no single '>=' floor")
        out[req.name] = lows[0]
    return out


def objects(used: dict[str, set[str]]) -> list[str]:
    """Every object a used name is looked up in, parents first (a module before its members)."""
    paths = {prefix for names in used.values() for name in names for prefix in prefixes(name)}
    return sorted(paths | set(used), key=lambda p: (p.count("."), p))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "dependency_floors.json")
    args = parser.parse_args()
    wanted = floors()
    used = uses({IMPORT_NAMES.get(name, name) for name in wanted})
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = str(venv / "bin" / "python")
        report = Path(tmp) / "report.json"
        subprocess.run([python, "-m", "pip", "install", "-q", "--only-binary=:all:", "--report", str(report),
                        *(f"{name}=={version}" for name, version in wanted.items())], check=True)
        installed = {canonicalize_name(item["metadata"]["name"]): item
                     for item in json.loads(report.read_text())["install"]}
        paths = objects(used)
        asked = {"modules": sorted(set().union(*used.values())), "objects": paths}
        dumped = subprocess.run([python, "-c", DUMP], input=json.dumps(asked), text=True,
                                capture_output=True, check=True).stdout
        namespaces = json.loads(dumped.splitlines()[-1])     # (pygame greets on stdout first)
        python_version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                                        capture_output=True, text=True, check=True).stdout.strip()
    record = {
        "made_by": "scripts/dependency_floors.py",
        "date": dt.date.today().isoformat(),
        "python": python_version,
        "floors": {},
    }
    for name, version in wanted.items():
        package = IMPORT_NAMES.get(name, name)
        item = installed[canonicalize_name(name)]
        own = {p: names for p, names in namespaces.items()
               if p.split(".")[0] == package and names is not None}
        record["floors"][name] = {
            "version": item["metadata"]["version"],
            "wheel": item["download_info"]["url"].rsplit("/", 1)[-1],
            "sha256": item["download_info"]["archive_info"]["hashes"]["sha256"],
            "namespaces": own,
        }
    absent = [p for p, names in namespaces.items() if names is None]
    args.out.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"dependency_floors: {', '.join(f'{n} {v}' for n, v in wanted.items())}: "
          f"{len(namespaces) - len(absent)} namespaces into {args.out}"
          + (f"; not found at the floor: {', '.join(absent)}" if absent else ""))


if __name__ == "__main__":
    main()
