"""What the autosave after every move costs: one move played through the session, with the
autosave and without it, and the write itself.

    python benchmarks/autosave.py [--rounds 200] [--folder DIR]

Headless, no window: a Genius game and a MacMahon game (the longest saves: a full board's
history), each move and its undo played `rounds` times. The session hands the autosave to
`Storage.write_soon`, whose thread writes it atomically (temporary file, fsync, rename): the
move waits only for a copy of the match. Prints the median and 90th percentile per move in
milliseconds, and the median of one atomic write as the thread does it (`Storage.write`).
`--folder` measures another disk (the data folder's); by default a temporary folder.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.play.match import Match  # noqa: E402
from game.play.session import PlaySession  # noqa: E402
from game.puzzles.genius.puzzle import GENIUS  # noqa: E402
from game.puzzles.macmahon.puzzle import MACMAHON  # noqa: E402
from game.storage import Storage  # noqa: E402
from solver.genius import search  # noqa: E402
from solver.genius.position import Position  # noqa: E402
from solver.macmahon import search as tiles  # noqa: E402
from solver.macmahon.position import Position as TilePosition  # noqa: E402


class Host:
    def __init__(self, folder: Path):
        self.statistics: dict = {}
        self.storage = Storage(folder)
        self.worker = None

    def save_statistics(self) -> None:
        pass


class Listener:
    def __init__(self, worth: bool):
        self.worth = worth

    def session_won(self, ending): pass
    def session_hint(self, step): pass
    def session_stuck(self, answer): pass
    def session_changed(self): pass

    def worth_resuming(self) -> bool:
        return self.worth


def per_move(puzzle, start, moves, folder: Path, worth: bool, rounds: int) -> list[float]:
    """Seconds per move (played on a board holding all but the last of `moves`)."""
    session = PlaySession(puzzle, Host(folder), Listener(worth))
    session.begin(Match(start, puzzle=puzzle.name))
    for move in moves[:-1]:
        session.move(move)
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        session.move(moves[-1])
        times.append(time.perf_counter() - t)
        session.undo()
    return times


def write_time(puzzle, start, moves, folder: Path, rounds: int) -> float:
    """The median seconds of one atomic write of the match's autosave."""
    match = Match(start, puzzle=puzzle.name)
    for move in moves:
        match.play(puzzle.execute(match.position, move), move)
    storage, data = Storage(folder), match.to_dict()
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        storage.write(puzzle.autosave, data)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--folder", type=Path)
    args = parser.parse_args()
    folder = args.folder or Path(tempfile.mkdtemp(prefix="squarewise-autosave-"))
    genius = Position.parse("A1A2A4A6B4D5E1")
    tile_start = TilePosition.parse("4x6x3")
    # all but the last move of a solution (the last would end the game), as move strings
    cases = [("genius", GENIUS, genius, [m.notation() for m in genius.moves_to(search.solve(genius))][:-1]),
             ("macmahon 4x6x3", MACMAHON, tile_start,
              [m.notation(tile_start.board) for m in tile_start.moves_to(tiles.solve(tile_start))][:-1])]
    for name, puzzle, start, moves in cases:
        without = per_move(puzzle, start, moves, folder, False, args.rounds)
        with_save = per_move(puzzle, start, moves, folder, True, args.rounds)
        med_without, med_with = statistics.median(without), statistics.median(with_save)
        p90 = statistics.quantiles(with_save, n=10)[-1]
        print(f"{name}: per move {med_with * 1e3:.2f} ms with the autosave (90th percentile {p90 * 1e3:.2f} ms), "
              f"{med_without * 1e3:.2f} ms without; the autosave {(med_with - med_without) * 1e3:.2f} ms "
              f"({len(moves)} moves on the board, {args.rounds} rounds, medians); "
              f"the write itself, in its thread: {write_time(puzzle, start, moves, folder, args.rounds) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
