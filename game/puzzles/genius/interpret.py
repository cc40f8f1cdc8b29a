"""What a command means on a Genius board (Tatham's `interpret_move`), without pygame.

`interpret(hand, position, command)` changes the hand (what is held, the cursor, the square
under the pointer) and answers with a move string to play, a change of the hand, a refusal
in the player's words, or UNUSED (the session's own keys may use it). The mouse: press on a
piece (tray or board) takes it, release drops it where it hangs; a click (no drag) carries a
piece from the tray until the next click, and turns a placed one where it lies; the other
button flips the held piece, or a placed one where it lies. The keys: arrows move the
cursor, Enter takes or puts down at the cursor, Delete sends back, Tab and the number keys
take a piece, R/Q turn and F flips. A piece the puzzle gives (`position.givens`) is never
taken, turned or sent back: the player is told it stays put.
"""
from __future__ import annotations

from game.play.commands import (MAIN, UNUSED, Changed, Cursor, Flip, Hover, Key, Outcome, Pick, Play, Press,
                                Refused, Release, Slot, Square, Turn)
from game.play.hints import capital
from game.puzzles.genius.words import reason_words
from game.puzzles.genius.hand import Hand, flipped, square_on, turned, turned_in_place
from solver.genius.board import SIZE, on_board
from solver.genius.pieces import PIECES
from solver.genius.position import Position


def interpret(hand: Hand, position: Position, command) -> Outcome:
    """What `command` does on `position` with `hand` (which it changes)."""
    if isinstance(command, (Press, Release, Hover)):
        hand.keyboard = False
        hand.pointer = (command.at.row, command.at.col) if isinstance(command.at, Square) else None
    elif isinstance(command, (Cursor, Pick)) or command in (Key("place"), Key("next_piece"), Key("prev_piece")):
        hand.keyboard = True
    finished = position.is_solved
    if isinstance(command, Hover):
        return Changed()
    if isinstance(command, Cursor):
        hand.move_cursor(command.dr, command.dc)
        return Changed()
    if isinstance(command, Turn):
        return _turn_held(hand, command.times) if hand.held else UNUSED
    if isinstance(command, Flip):
        return _flip_held(hand) if hand.held else UNUSED
    if finished:
        return Changed() if command == Key("back") and _let_go(hand) else UNUSED
    if isinstance(command, Press):
        return _press(hand, position, command)
    if isinstance(command, Release):
        return _release(hand, position, command)
    if isinstance(command, Pick):
        return _take(hand, position, PIECES[command.digit - 1], sticky=True) if 1 <= command.digit <= 9 else UNUSED
    return _key(hand, position, command.action) if isinstance(command, Key) else UNUSED


def _key(hand: Hand, position: Position, action: str) -> Outcome:
    if action == "place":
        if hand.held:
            return _drop(hand, position)
        who = _piece_on(position, hand.cursor)
        if who in position.givens:
            return _stays(hand, who)
        return _take(hand, position, who, sticky=True, grab=square_on(position.placed[who], _cell(hand.cursor))) \
            if who else Changed()
    if action == "drop":
        if hand.held:
            hand.let_go()
            return Changed()
        who = _piece_on(position, hand.cursor)
        if who in position.givens:
            return _stays(hand, who)
        return Play(f"-{who}", capital(hand.name(who))) if who else Changed()
    if action == "back":
        return Changed() if _let_go(hand) else UNUSED
    if action in ("next_piece", "prev_piece"):
        step = 1 if action == "next_piece" else -1
        start = PIECES.index(hand.held.piece) + step if hand.held else (0 if step > 0 else -1)
        order = [PIECES[(start + i * step) % len(PIECES)] for i in range(len(PIECES))]
        unplaced = [p for p in order if p in position.unplaced]
        return _take(hand, position, (unplaced or order)[0], sticky=True)
    return UNUSED


def _press(hand: Hand, position: Position, press: Press) -> Outcome:
    if press.button != MAIN:
        return _flip_held(hand) if hand.held else _change_placed(hand, position, press.at, flipped, "flip")
    if hand.held is not None:
        return _drop(hand, position) if hand.held.sticky else UNUSED
    at = press.at
    if isinstance(at, Square):
        who = _piece_on(position, (at.row, at.col))
        if who in position.givens:
            return _stays(hand, who)
        if who:
            return _take(hand, position, who, sticky=False, grab=square_on(position.placed[who], _cell((at.row, at.col))))
    elif isinstance(at, Slot) and at.index < len(PIECES) and PIECES[at.index] in position.unplaced:
        return _take(hand, position, PIECES[at.index], sticky=False, grab=at.grab)
    return UNUSED


def _release(hand: Hand, position: Position, release: Release) -> Outcome:
    held = hand.held
    if held is None or held.sticky:
        return UNUSED
    if not release.click:
        return _drop(hand, position)
    if held.source == "board":           # a click on a placed piece turns it where it lies
        hand.let_go()
        return _change_placed(hand, position, release.at, turned, "turn")
    hand.stick()                          # a click on the tray: carry it until the next click
    return Changed()


# ---------------------------------------------------------------------- the hand's moves
def _take(hand: Hand, position: Position, piece: str, *, sticky: bool, grab=None) -> Outcome:
    hand.take(position, piece, sticky=sticky, grab=grab)
    return Changed("pickup")


def _let_go(hand: Hand) -> bool:
    held = hand.held is not None
    hand.let_go()
    return held


def _turn_held(hand: Hand, times: int) -> Outcome:
    hand.turn(times)
    return Changed("turn", "turned", times)


def _flip_held(hand: Hand) -> Outcome:
    hand.flip()
    return Changed("flip", "flipped")


def _drop(hand: Hand, position: Position) -> Outcome:
    """Put the held piece down where it hangs: a move, a refusal, or nothing (put back)."""
    held = hand.held
    found = hand.drop(position, hand.anchor())
    item = capital(hand.name(held.piece))
    if found.reason is not None:
        return Refused(reason_words(found.reason, hand.name), item, None if hand.keyboard else held)
    if found.move is None:
        return Changed("drop")
    return Play(found.move, item, f"drop{found.move.lstrip('-')[0]}", held.piece)


def _change_placed(hand: Hand, position: Position, at, change, sound: str) -> Outcome:
    """Turn or flip (`change`) the placed piece on square `at` where it lies, if it fits."""
    who = _piece_on(position, (at.row, at.col)) if isinstance(at, Square) else None
    if not who:
        return UNUSED
    if who in position.givens:
        return _stays(hand, who)
    found = turned_in_place(position, who, _cell((at.row, at.col)), change)
    item = capital(hand.name(who))
    if found.reason is not None:
        return Refused(reason_words(found.reason, hand.name), item)
    return Play(found.move, item, sound, who) if found.move is not None else Changed(sound)


def _stays(hand: Hand, piece: str) -> Outcome:
    """A given piece is pressed, taken or sent back: it stays put, and the player is told so."""
    return Changed(toast=f"{capital(hand.name(piece))} is part of this puzzle and stays put")


def _cell(square: tuple[int, int]) -> int:
    return square[0] * SIZE + square[1]


def _piece_on(position: Position, square: tuple[int, int]) -> str | None:
    """The piece on `square` (None: off the board, empty, or a blocker)."""
    if not on_board(*square):
        return None
    who = position.occupant(_cell(square))
    return who if who and who != "#" else None
