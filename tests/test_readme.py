"""What the README shows a newcomer holds (issue 29): its Genius notation example with pieces
placed leads to a solution, and its hint examples print what it says (checked with the solver,
the solution checked by the independent validator)."""
from __future__ import annotations

import re
from pathlib import Path

from solver.cli import main
from solver.genius import search
from solver.genius.position import Position
from tests.validate_genius import check_solution

README = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())


def test_the_notation_example_with_pieces_placed_leads_to_a_solution():
    start = Position.parse(re.search(r" (\S+/\S+) two pieces placed \(a solution keeps them\)", README).group(1))
    assert len(start.placed) == 2
    done = search.solve(start)
    assert done is not None
    check_solution(done.blockers, done.placed, keep=start.placed)


def test_the_hint_examples_print_what_the_readme_says(capsys):
    way_on = re.search(r"`squarewise genius hint (\S+)` prints the next move of a solution keeping those "
                       r"pieces \(`([^`]+)`\)", README)
    dead_end = re.search(r"`squarewise genius hint (\S+)` prints `([^`]+)` and exits 1", README)
    for found, code in ((way_on, 0), (dead_end, 1)):
        position, printed = found.groups()
        assert main(["genius", "hint", position]) == code
        assert capsys.readouterr().out.strip() == printed
    assert Position.parse(way_on.group(1)).blockers == Position.parse(dead_end.group(1)).blockers
