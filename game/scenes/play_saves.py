"""`PlaySaves`: a play scene's saved games (a mixin of `PlayScene`).

The autosave (the game in progress, kept when the scene is left and resumed next time),
Save... and Load... (a Load that would abandon a begun game asks first, through
`PlayScene.replace_game`). Files are versioned JSON written atomically (game/storage.py).
"""
from __future__ import annotations

from pathlib import Path

from game.play.match import Match, format_time
from game.storage import read_versioned, write_versioned
from solver.errors import SquarewiseError


class PlaySaves:
    """Resume, save, load and autosave of a play scene's match."""

    def resume(self) -> bool:
        """Continue the game saved when the window last closed, if any."""
        if not self.app.storage.exists(self.puzzle.autosave):
            return False
        try:
            match = Match.from_dict(self.app.storage.read(self.puzzle.autosave), self.puzzle)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Could not continue the last game: {exc}", 4)
            return False
        self._begin(match)
        self.resumed(match)
        return True

    def resumed(self, match: Match) -> None:
        """Hook: a saved match has just been put on the board."""

    def save_to(self, path: Path) -> None:
        path = Path(path)
        if path.suffix != ".json":
            path = path.with_suffix(".json")
        try:
            write_versioned(path, self.match.to_dict())
        except OSError as exc:
            self.app.toasts.show(f"Could not save: {exc}", 4, self.app.palette.illegal)
            return
        self.app.toasts.show(f"Saved {path.name}")

    def ask_load(self, path: Path) -> None:
        """Load the save at `path`, asking first if that would abandon a game in progress."""
        self.replace_game(lambda: self.load_from(path), Path(path).name)

    def load_from(self, path: Path) -> bool:
        try:
            match = Match.from_dict(read_versioned(path), self.puzzle)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False
        self._begin(match)
        self.resumed(match)
        self.app.toasts.show(f"Loaded {Path(path).name} ({format_time(match.elapsed)} on the clock)")
        return True

    def game_in_progress(self) -> bool:
        """A game the player began (at least one move) and has not finished."""
        m = self.match
        return m is not None and len(m.history) > 1 and not m.finished

    def worth_resuming(self) -> bool:
        """Hook: whether the game in progress is kept for next time (a finished one never is)."""
        return not self.match.finished

    def autosave(self) -> None:
        if self.match is None:
            return
        if self.worth_resuming():
            self.app.storage.write(self.puzzle.autosave, self.match.to_dict())
        else:
            self.app.storage.delete(self.puzzle.autosave)
