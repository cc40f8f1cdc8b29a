"""The engine's move strings (solver/genius/moves.py) on whole games: every board they build is
the one the validator accepts."""
import random

from solver.genius import search
from solver.genius.moves import execute
from solver.genius.pieces import placements
from solver.genius.position import Move, Position
from tests.validate_genius import check_position

ROLLS = ["A1A2A4A6B4D5E1", "A2A5C5E2E3F1F4", "A3B1B6D3E4F2F5"]


def test_a_game_played_by_move_strings_ends_on_a_board_the_validator_accepts():
    """Each piece of the engine's solution put from the tray, moved elsewhere when it can be,
    taken back and put home again, in a seeded shuffled order, by the move strings a race
    server receives."""
    rng = random.Random(27)
    for roll in ROLLS:
        start = Position.parse(roll)
        done = search.solve(start)
        check_position(done, start.blockers)
        position, pieces = start, list(done.placed)
        rng.shuffle(pieces)
        for piece in pieces:
            home = Move(piece, done.placed[piece]).notation()
            position = execute(position, home)
            free = position.empty | done.placed[piece]
            elsewhere = [c for c in placements(piece) if set(c) <= free and frozenset(c) != done.placed[piece]]
            if elsewhere:
                moved = execute(position, Move(piece, rng.choice(elsewhere)).notation())
                assert moved.placed[piece] != done.placed[piece] and moved.empty | moved.placed[piece] == free
                position = execute(moved, home)
            position = execute(execute(position, f"-{piece}"), home)
            assert position.placed[piece] == done.placed[piece]
        assert position == done and list(position.placed) == list(done.placed)
        check_position(position, start.blockers)
