"""`MacMahonHand`: the tile in hand of MacMahon Squares (a mixin of `MacMahonScene`).

Taking a tile from the tray or the board (never a given), turning it in hand or where it
lies, the cell it is over and why it may not go there, dropping it under strict or free
rules; the keyboard cursor (arrows, Enter, Delete, Tab, typed tile numbers) and the
mouse's pick-up. What a drop does to the position is `macmahon.play` (no pygame).
"""
from __future__ import annotations

from dataclasses import replace

from game.puzzles.macmahon.hand import Held, next_empty, next_tile, put_down, turn_in_place
from solver.macmahon.position import Move


class MacMahonHand:
    """Holding, turning and dropping a tile."""

    def take(self, tile: int, *, sticky: bool) -> bool:
        """Pick up `tile` from the tray or, if it is placed (and not a given), from the board."""
        cell = self.position.placed_tiles.get(tile)
        if cell is not None:
            return self.take_from(cell, sticky=sticky)
        self.held = Held(tile, self.orient.get(tile, 0), None, sticky)
        self.app.sounds.play("pickup")
        return True

    def take_from(self, cell: int, *, sticky: bool) -> bool:
        value = self.position.cells[cell]
        if value is None:
            return False
        if cell in self.givens():
            self.app.toasts.show(f"Tile {value[0] + 1} is part of this puzzle and stays put", 2.5)
            return False
        self.held = Held(value[0], value[1], cell, sticky)
        self.cursor = cell
        self.app.sounds.play("pickup")
        return True

    def turn_held(self, times: int) -> None:
        if self.held is not None:
            rotation = (self.held.rotation + times) % 4
            self.orient[self.held.tile] = rotation
            self.held = replace(self.held, rotation=rotation)
            self.app.sounds.play("turn")

    def turn_placed(self, cell: int, times: int = 1) -> bool:
        """Turn the tile on `cell` where it lies (the right button; R / Q at the keyboard cursor).
        Free mode turns it a quarter; strict mode turns it on to the next way round that fits,
        or says why none does."""
        value = self.position.cells[cell]
        if value is None or cell in self.givens() or self.solve_queue:
            return False
        move, reason = turn_in_place(self.position, cell, times, self.strict)
        if move is not None:
            self.orient[move.tile] = move.rotation
            self.app.sounds.play("turn")
            self.play(self.position.remove(cell).place_unchecked(move))
            return True
        tile = value[0]
        message = f"Tile {tile + 1} fits no other way round here" + (f" ({reason})" if reason else "")
        self.app.toasts.show(message, 3, self.app.palette.illegal)
        return True

    def target_cell(self) -> int | None:
        """The cell the held tile is over (the keyboard cursor in keyboard play)."""
        if self.keyboard:
            return self.cursor
        return self.layout()["geo"].cell_at(self.mouse)

    def verdict(self, cell: int) -> str | None:
        """Why the held tile may not go on `cell` under the rules (None: it fits)."""
        h = self.held
        return self.board_position().check(Move(h.tile, h.rotation, cell))

    def drop(self) -> None:
        """Put the held tile down where it is. Strict mode refuses a rule break with the
        engine's reason; free mode allows it (a taken cell is refused in both)."""
        h, cell = self.held, self.target_cell()
        self.held = None
        if h is None:
            return
        after = put_down(self.position, h, cell, self.strict)
        self.app.sounds.play("illegal" if isinstance(after, str) else "drop")
        if isinstance(after, str):
            self.app.toasts.show(f"Tile {h.tile + 1}: {after}", 3, self.app.palette.illegal)
        elif after is not None:
            if cell is not None:
                self.cursor = cell
            self.play(after)

    def right_press(self, pos) -> bool:
        if self.held:
            self.held = None        # the right button puts the tile back
            return True
        cell = self.layout()["geo"].cell_at(pos)
        return cell is not None and self.turn_placed(cell)

    def pick_up_at(self, pos) -> bool:
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            return self.take_from(cell, sticky=False)
        unplaced = set(self.position.unplaced)
        for tile, slot in enumerate(lay["slots"]):
            if slot.collidepoint(pos) and tile in unplaced:
                return self.take(tile, sticky=False)
        return False

    def move_cursor(self, dr: int, dc: int) -> None:
        r, c = divmod(self.cursor, self.board.cols)
        r = min(self.board.rows - 1, max(0, r + dr))
        c = min(self.board.cols - 1, max(0, c + dc))
        self.cursor = r * self.board.cols + c

    def turn_at_cursor(self, times: int) -> bool:
        return self.keyboard and self.turn_placed(self.cursor, times)

    def take_at_cursor(self) -> None:
        if not self.solve_queue:
            self.take_from(self.cursor, sticky=True)

    def remove_at_cursor(self) -> None:
        if self.position.cells[self.cursor] is not None and self.cursor not in self.givens():
            self.play(self.position.remove(self.cursor))

    def cursor_to_empty(self) -> None:
        """A tile taken up from the keyboard: if the cursor's cell is filled, move the cursor on
        (row by row) to the next empty cell, where the tile can go."""
        self.cursor = next_empty(self.board_position().cells, self.cursor)

    def select_next(self, step: int) -> bool:
        """Tab / Shift+Tab: hold the next (previous) tile of the tray, by number."""
        unplaced = list(self.position.unplaced)
        if not unplaced or self.solve_queue:
            return True
        self.keyboard = True
        self.take(next_tile(unplaced, self.held.tile if self.held else None, step, len(self.board.tiles)),
                  sticky=True)
        self.cursor_to_empty()
        return True

    def type_digit(self, digit: str) -> bool:
        """Digits pick a tile by its number (two digits typed quickly make 10..)."""
        if self.solve_queue:
            return False
        number = self.number.type(digit, len(self.board.tiles))
        if number < 1:
            return False
        if number - 1 in self.position.placed_tiles and self.position.placed_tiles[number - 1] in self.givens():
            return False
        self.keyboard = True
        taken = self.take(number - 1, sticky=True)
        self.cursor_to_empty()
        return taken
