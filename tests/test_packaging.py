"""What an installed Squarewise relies on: one asset lookup, every asset shipped, the version.

The wheel itself is built, installed into a fresh venv and run by scripts/smoke_wheel.sh
(in .ci/run); these tests guard the pieces that make that work.
"""
from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import solver
from solver.assets import asset_path, assets_dir

ROOT = Path(__file__).resolve().parent.parent


def test_assets_are_the_checkouts_folder_in_an_editable_install():
    assert assets_dir() == (ROOT / "assets").resolve()
    assert asset_path("themes", "base.json").is_file()
    assert asset_path("census", "unsolvable.npz").is_file()


def test_every_asset_file_is_in_the_wheels_package_data():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    shipped = globs["squarewise_assets"]
    files = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"]
    assert files
    missing = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in shipped)]
    assert not missing, f"assets the wheel would leave out (add them to package-data): {missing}"


def test_one_asset_lookup():
    """Only solver/assets.py knows where assets are: no module builds its own path to them."""
    offenders = []
    for path in [*(ROOT / "solver").rglob("*.py"), *(ROOT / "game").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        if path != ROOT / "solver" / "assets.py" and re.search(r"_MEIPASS|[\"']assets[\"']\s*\)?\s*[/,]", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders


def test_version_is_printed_without_pygame():
    code = ("import sys; from game.__main__ import main; rc = main(['--version']); "
            "assert 'pygame' not in sys.modules, 'pygame imported'; sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"squarewise {solver.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", solver.__version__)
