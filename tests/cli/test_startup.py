"""One-shot commands import only what they use (issue 23): the solve paths never import numpy,
the census, the levels or multiprocessing (the dice module, which names a roll's number, is
light: it starts a pool only inside verify); and the lazy registry still offers every command."""
import re
import subprocess
import sys

import pytest

from solver.cli import COMMANDS, main

HEAVY = ("numpy", "multiprocessing", "solver.genius.census", "solver.parallel", "solver.genius.levels",
         "solver.macmahon.search", "solver.macmahon.symmetry", "importlib.resources")
PROBE = """
import contextlib, io, sys
from game.__main__ import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(code, *sorted(name for name in sys.modules if name in {heavy!r}))
"""


@pytest.mark.parametrize("argv", [
    ["--version"],
    ["genius", "solve", "A6", "E1", "A1", "A4", "A2", "D5", "B4"],
    ["genius", "solve", "--position", "A1A2A4A6B4D5E1/4-O:B1B2C1C2", "--json"],
    ["genius", "hint", "A1A2A4A6B4D5E1"],
    ["genius", "solutions", "A6", "E1", "A1", "A4", "A2", "D5", "B4", "--limit", "3"],
    ["macmahon", "solve"],
    ["macmahon", "solve", "--position", "4x6x3:1a...../....../....../......", "--json"],
    ["macmahon", "solve", "--position", "4x6x3:....../..1a.../....../......"],
    ["macmahon", "class", "7"],
])
def test_a_one_shot_command_imports_no_heavy_module(argv):
    proc = subprocess.run([sys.executable, "-c", PROBE.format(heavy=set(HEAVY)), *argv],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    code, *imported = proc.stdout.split()
    assert code in ("0", "1") and imported == []


def test_the_probe_sees_heavy_imports():
    """The guard above can fail: a command that needs numpy is seen importing it."""
    proc = subprocess.run([sys.executable, "-c", PROBE.format(heavy=set(HEAVY)), "macmahon", "hint", "4x6x3"],
                          capture_output=True, text=True, timeout=60)
    assert "numpy" in proc.stdout.split()


@pytest.mark.parametrize("puzzle,command", [(p, c) for p, commands in COMMANDS.items() for c in commands])
def test_every_registered_command_has_its_help(capsys, puzzle, command):
    with pytest.raises(SystemExit) as done:
        main([puzzle, command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith(f"usage: squarewise {puzzle} {command} ") and "--json" in out


@pytest.mark.parametrize("puzzle", COMMANDS)
def test_the_puzzle_help_lists_every_command(capsys, puzzle):
    with pytest.raises(SystemExit):
        main([puzzle, "--help"])
    out = capsys.readouterr().out
    for command, entry in COMMANDS[puzzle].items():
        assert f"    {command}" in out and entry.help.split()[0] in out


def test_the_top_level_help_names_every_command_of_each_puzzle(capsys):
    # issue 29: it said "solve, count, list tiles" and "solve boards, roll and check dice"
    import re
    from game.options import print_help
    from solver.cli import COMMANDS
    from solver.puzzles import PUZZLES
    print_help()
    help_text = " ".join(capsys.readouterr().out.split())
    for puzzle, title in ((p.name, p.title) for p in PUZZLES):
        named = re.search(rf" {puzzle} {title}: ([a-z, -]+?) (?:[a-z]+ [A-Z]|options:)", help_text)
        assert named and named.group(1).split(", ") == list(COMMANDS[puzzle]), (puzzle, help_text)


def test_the_top_level_help_lists_every_command(capsys):
    # issue 36: `serve` was only in the usage lines, not in the list of commands
    from game.options import print_help
    print_help()
    out = capsys.readouterr().out
    listed = out[out.index("positional arguments:"):out.index("options:")]
    for command in ("genius", "macmahon", "standings", "serve"):
        assert re.search(rf"^    {command} +\S", listed, re.M), (command, listed)
