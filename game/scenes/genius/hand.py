"""`GeniusHand`: the piece in hand of The Genius Square (a mixin of `GeniusScene`).

Taking a piece from the tray or the board, turning and flipping it, where it would land
and which cells break a rule there, dropping it; the keyboard cursor's take, remove and
Tab; the mouse's pick-up. What a drop does to the position is `genius.play` (no pygame).
"""
from __future__ import annotations

from game.puzzles.genius.hand import Held, flipped, landing, pick_up, put_down, square_on, turned
from solver.genius.board import SIZE
from solver.genius.pieces import PIECES
from solver.genius.position import Move


class GeniusHand:
    """Holding, aiming and dropping a piece."""

    def take(self, piece: str, *, sticky: bool, grab: tuple[int, int] | None = None) -> None:
        """Pick up `piece` from the tray or, if placed, from the board."""
        self.held, cursor = pick_up(self.position, piece, self.orient[piece], sticky=sticky, grab=grab)
        self.app.sounds.play("pickup")
        if cursor is not None:
            self.cursor = cursor

    def turn_held(self, times: int = 1) -> None:
        if self.held:
            self._hold(turned(self.held, times))
            self.app.sounds.play("turn")

    def flip_held(self) -> None:
        if self.held:
            self._hold(flipped(self.held))
            self.app.sounds.play("flip")

    def _hold(self, held: Held) -> None:
        self.orient[held.piece] = held.orientation
        self.held = held

    def anchor(self) -> tuple[int, int] | None:
        """The board (row, col) the held piece's grabbed square is over, or None off the board."""
        if self.keyboard:
            return self.cursor
        geo = self.layout()["geo"]
        if not geo.rect.inflate(geo.cell, geo.cell).collidepoint(self.mouse):
            return None
        return geo.row_col_at(self.mouse)

    def target(self) -> tuple[tuple[int, ...] | None, str | None] | None:
        """Where the held piece would land and why it may not: (cells, reason); None off the board."""
        at = self.anchor()
        if self.held is None or at is None:
            return None
        cells = landing(self.held, at)
        return cells, self.board_position().check(Move(self.held.piece, cells))

    def offending_cells(self) -> frozenset[int]:
        """The cells where the held piece's ghost breaks the rules (what is already there)."""
        aim = self.target()
        if aim is None or aim[0] is None or aim[1] is None:
            return frozenset()
        return self.board_position().clashes(Move(self.held.piece, aim[0]))

    def drop(self) -> None:
        """Put the held piece down where it is; an illegal spot changes nothing and says why."""
        h, at = self.held, self.anchor()
        self.held = None
        if h is None:
            return
        after = put_down(self.position, h, at)
        self.app.sounds.play("illegal" if isinstance(after, str) else "drop")
        if isinstance(after, str):
            self.app.toasts.show(f"{h.piece}: {after}", 2.5, self.app.palette.illegal)
        elif after is not None:
            self.play(after)

    def select_next(self, step: int) -> bool:
        if self.match.finished:
            return False
        start = PIECES.index(self.held.piece) + step if self.held else (0 if step > 0 else -1)
        order = [PIECES[(start + i * step) % len(PIECES)] for i in range(len(PIECES))]
        unplaced = [p for p in order if p in self.position.unplaced]
        self.keyboard = True
        self.take((unplaced or order)[0], sticky=True)
        return True

    def move_cursor(self, dr: int, dc: int) -> None:
        self.cursor = (min(SIZE - 1, max(0, self.cursor[0] + dr)), min(SIZE - 1, max(0, self.cursor[1] + dc)))

    def piece_at_cursor(self) -> str | None:
        """The piece on the cursor's cell (None on an empty cell, a blocker, or a finished board)."""
        who = self.position.occupant(self.cursor[0] * SIZE + self.cursor[1])
        return who if who and who != "#" and not self.match.finished else None

    def take_at_cursor(self) -> None:
        who = self.piece_at_cursor()
        if who:
            self.take(who, sticky=True, grab=square_on(self.position.placed[who], self.cursor[0] * SIZE + self.cursor[1]))

    def remove_at_cursor(self) -> None:
        who = self.piece_at_cursor()
        if who:
            self.play(self.position.remove(who))

    def right_press(self, pos) -> bool:
        if self.held:
            self.flip_held()
            return True
        return False

    def pick_up_at(self, pos) -> bool:
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            who = self.position.occupant(cell)
            if who and who != "#":
                self.take(who, sticky=False, grab=square_on(self.position.placed[who], cell))
                return True
            return False
        for piece, slot in zip(PIECES, lay["slots"]):
            if slot.collidepoint(pos) and piece in self.position.unplaced:
                self.take(piece, sticky=False, grab=self.tray_square_at(piece, pos))
                return True
        return False
