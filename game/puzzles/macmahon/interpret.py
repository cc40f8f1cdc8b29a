"""What a command means on a MacMahon board (Tatham's `interpret_move`), without pygame.

`interpret(hand, position, command)` changes the hand (the tile held, the cursor, the cell
under the pointer, the tile number being typed) and answers with a move string to play, a
change of the hand, a refusal in the player's words, or UNUSED. The mouse: press on a tile
(tray or board) takes it, release drops it on the cell under the pointer; a click (no drag)
carries a tile from the tray until the next click, and turns a placed one where it lies; the
other button turns anticlockwise, the held tile or a placed one. The keys: arrows move the
cursor, Enter takes or puts down at the cursor, Delete sends back, Tab and typed numbers take
a tile, R/Q turn (the held tile, or the one at the cursor). Strict rules refuse a drop that
breaks a rule with the engine's reason; free rules allow it on an empty cell (marked). The
puzzle's given tiles stay put.
"""
from __future__ import annotations

from game.play.commands import (MAIN, UNUSED, Changed, Cursor, Hover, Key, Outcome, Pick, Play, Press, Refused,
                                Release, Slot, Square, Turn)
from game.puzzles.macmahon.hand import Hand, Held, drop, next_empty, next_tile, turn_in_place, turn_text
from solver.macmahon.position import Position


def interpret(hand: Hand, position: Position, command) -> Outcome:
    """What `command` does on `position` with `hand` (which it changes)."""
    board = position.board
    if not isinstance(command, Pick):
        hand.number.end()                 # any other key or click ends a tile number
    if isinstance(command, (Press, Release, Hover)):
        hand.keyboard = False
        at = command.at
        hand.pointer = at.row * board.cols + at.col if isinstance(at, Square) and 0 <= at.row < board.rows \
            and 0 <= at.col < board.cols else None
    elif isinstance(command, (Cursor, Pick)) or command in (Key("place"), Key("next_piece"), Key("prev_piece")):
        hand.keyboard = True
    if isinstance(command, Hover):
        return Changed()
    if isinstance(command, Cursor):
        r, c = divmod(hand.cursor, board.cols)
        hand.cursor = min(board.rows - 1, max(0, r + command.dr)) * board.cols + min(board.cols - 1,
                                                                                     max(0, c + command.dc))
        return Changed()
    if isinstance(command, Turn):
        if hand.held is not None:
            hand.turn(command.times)
            return Changed("turn", "turned", command.times)
        return _turn_placed(hand, position, hand.cursor, command.times) if hand.keyboard else UNUSED
    if isinstance(command, Press):
        return _press(hand, position, command)
    if isinstance(command, Release):
        return _release(hand, position, command)
    if isinstance(command, Pick):
        return _pick(hand, position, command.digit)
    return _key(hand, position, command.action) if isinstance(command, Key) else UNUSED


def _key(hand: Hand, position: Position, action: str) -> Outcome:
    if action == "place":
        return _drop(hand, position) if hand.held else _take_from(hand, position, hand.cursor, sticky=True)
    if action == "drop":
        if hand.held:
            hand.let_go()
            return Changed()
        cell = hand.cursor
        if position.cells[cell] is None or cell in position.givens:
            return Changed()
        return Play(f"-{position.board.cell_name(cell)}", f"Tile {position.cells[cell][0] + 1}")
    if action == "back" and hand.held:
        hand.let_go()
        return Changed()
    if action in ("next_piece", "prev_piece"):
        unplaced = list(position.unplaced)
        if not unplaced:
            return Changed()
        step = 1 if action == "next_piece" else -1
        outcome = _take(hand, position, next_tile(unplaced, hand.held.tile if hand.held else None, step,
                                                  len(position.board.tiles)), sticky=True)
        hand.cursor = next_empty(hand.shown(position).cells, hand.cursor)
        return outcome
    return UNUSED


def _pick(hand: Hand, position: Position, digit: int) -> Outcome:
    """Digits pick a tile by its number (two digits typed quickly make 10..)."""
    number = hand.number.type(str(digit), len(position.board.tiles))
    if number < 1:
        return UNUSED
    placed = position.placed_tiles.get(number - 1)
    if placed is not None and placed in position.givens:
        return UNUSED
    outcome = _take(hand, position, number - 1, sticky=True)
    hand.cursor = next_empty(hand.shown(position).cells, hand.cursor)
    return outcome


def _press(hand: Hand, position: Position, press: Press) -> Outcome:
    if press.button != MAIN:                 # the other button turns anticlockwise
        if hand.held is not None:
            hand.turn(3)
            return Changed("turn", "turned", 3)
        return _turn_placed(hand, position, hand.pointer, 3) if hand.pointer is not None else UNUSED
    if hand.held is not None:
        return _drop(hand, position) if hand.held.sticky else UNUSED
    if hand.pointer is not None:
        return _take_from(hand, position, hand.pointer, sticky=False)
    at = press.at
    if isinstance(at, Slot) and at.index in set(position.unplaced):
        return _take(hand, position, at.index, sticky=False)
    return UNUSED


def _release(hand: Hand, position: Position, release: Release) -> Outcome:
    held = hand.held
    if held is None or held.sticky:
        return UNUSED
    if not release.click:
        return _drop(hand, position)
    if held.source is None:
        hand.stick()                 # a click on the tray: carry it until the next click
        return Changed()
    hand.let_go()                    # a click on a placed tile turns it where it lies
    return _turn_placed(hand, position, held.source, 1)


def _take(hand: Hand, position: Position, tile: int, *, sticky: bool) -> Outcome:
    """Pick up `tile` from the tray or, if it is placed (and not a given), from the board."""
    cell = position.placed_tiles.get(tile)
    if cell is not None:
        return _take_from(hand, position, cell, sticky=sticky)
    hand.hold(Held(tile, hand.orient.get(tile, 0), None, sticky))
    return Changed("pickup")


def _take_from(hand: Hand, position: Position, cell: int, *, sticky: bool) -> Outcome:
    value = position.cells[cell]
    if value is None:
        return UNUSED
    if cell in position.givens:
        return Changed(toast=f"Tile {value[0] + 1} is part of this puzzle and stays put")
    hand.hold(Held(value[0], value[1], cell, sticky))
    return Changed("pickup")


def _turn_placed(hand: Hand, position: Position, cell: int, times: int) -> Outcome:
    """Turn the tile on `cell` where it lies: free rules a quarter, strict ones on to the next
    way round that fits (or say why none does)."""
    value = position.cells[cell]
    if value is None or cell in position.givens:
        return UNUSED
    move, reason = turn_in_place(position, cell, times, hand.strict)
    if move is None:
        return Refused("fits no other way round here" + (f" ({reason})" if reason else ""), f"Tile {value[0] + 1}",
                       seconds=3)
    hand.orient[move.tile] = move.rotation
    return Play(turn_text(position, move), f"Tile {value[0] + 1}", "turn")


def _drop(hand: Hand, position: Position) -> Outcome:
    """Put the held tile down where it is: strict rules refuse a rule break with the engine's
    reason; free rules allow it (a taken cell is refused in both)."""
    held, cell = hand.held, hand.anchor()
    hand.let_go()
    found = drop(position, held, cell, hand.strict)
    item = f"Tile {held.tile + 1}"
    if found.reason is not None:
        return Refused(found.reason, item, None if hand.keyboard else held, seconds=3)
    if found.move is None:
        return Changed("drop")
    if cell is not None:
        hand.cursor = cell
    return Play(found.move, item, "drop", cell)
