"""The import contract of pyproject.toml ([tool.importlinter]): the solver never imports the game
or pygame, the mid end and the puzzles' pure parts never import pygame or the screens, no
import cycles among the scenes, none among the solver's (and the CLI's) modules.
`lint-imports` checks it; this test runs it, so the suite (and CI) keeps the house in order."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contract_is_kept():
    beside = Path(sys.executable).with_name("lint-imports")
    command = str(beside) if beside.exists() else shutil.which("lint-imports")
    assert command, "lint-imports is missing: pip install -e '.[test]'"
    run = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    contracts = (ROOT / "pyproject.toml").read_text().count("[[tool.importlinter.contracts]]")
    assert contracts >= 5 and f"{contracts} kept, 0 broken" in run.stdout
