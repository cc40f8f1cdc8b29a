"""`PlaySession`: one match from its start to its end, without pygame (Tatham's mid end).

A screen owns a session and hands it the player's commands (game/play/commands.py):
`process(command)` asks the puzzle's `interpret` what the command means with the session's
`hand` (what is held, the cursor: Tatham's `game_ui`), plays a move string on the match
(`Puzzle.execute`, the engine's), and falls back to the mid end's own keys (undo, redo,
restart, hint, solve, pause) for a command the puzzle did not use. It keeps the clock,
climbs the hint ladder, runs the solver's jobs in a child process and plays a solve step by
step, saves and loads, and is **the one place a match begins and ends**: `begin` puts a match
on the board, `end` writes its one record in the statistics (docs/records.md). What the
screen should do about it comes back as effects (a sound, a message, a motion, a win): from
`process` at once, and from a job's answer through `take_effects`. Whoever wants each move
string played (the online link) adds itself to `watchers`.

The kind of a match (meta["kind"]) says what its end records:
- "play" (a roll, a game ID, a daily, a level, free mode's board): its record, and a best time
  when it was won without help;
- "versus" (a race against the computer): its record, won or lost;
- "online" (a race through a race server, game/scenes/online/): its record, won (the board
  filled) or lost (left, or the race ended first);
- "ranked" (a daily run on a standings server, game/scenes/ranked/): its record as that day's
  daily with the server's time and place, won when the server says `done`, lost when left;
- "race" (two players on one screen), "view" (a solution only shown) and "void" (a race online
  whose server was gone before anyone finished: no result): nothing.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.play.commands import (UNUSED, Changed, Key, Motion, Pick, Play, Press, Refresh, Refused, Release, Sound,
                                Toast, Turn, Unused)
from game.play.hints import HintStep, escalate, hints_note, still_fresh
from game.play.jobs import JobSlot
from game.play.match import RESTART, Match, format_time
from game.play.puzzle import Hint, Puzzle, Solution, Stuck
from game.synth import SCALE
from game.play.records import record_game
from game.storage import read_versioned, write_versioned
from solver.errors import IllegalMove, SquarewiseError

RECORDED = ("play", "versus", "online", "ranked")       # the kinds of match whose end goes into the statistics
HISTORY = ("undo", "redo", "restart")           # the mid end's keys that walk the history
HANDS = (Press, Release, Pick, Turn)               # what takes or puts down (nothing while a solve plays)
HINT_JOB = "Looking for a hint"                  # the label of a hint's question to the engine (shown while it looks)


@dataclass(frozen=True)
class Ending:
    """How a match ended: won (with help or not) or lost, its time, and what the record says."""
    won: bool
    seconds: float
    assisted: bool
    recorded: bool          # it went into the statistics (a race or a viewed solution does not)
    new_best: bool
    again: bool             # the match had ended before (a board filled again after an undo)


@dataclass(frozen=True)
class Won:
    """Effect: the board was filled (the screen celebrates, or a mode says its own words)."""
    ending: Ending


@dataclass(frozen=True)
class Began:
    """Effect: another match is on the board (the screen drops its banner, motion and guide)."""


@dataclass(frozen=True)
class Moved:
    """Effect: the position on show changed (a move, undo, redo, restart)."""


@dataclass(frozen=True)
class Hinted:
    """Effect: a rung of the hint ladder was said."""
    step: HintStep


def fill_note(filled: float) -> str:
    """The sound of a board `filled` (0..1) full: a note of the scale, higher as it fills."""
    return f"note{min(len(SCALE), max(1, round(filled * len(SCALE))))}"


class Host(Protocol):
    """What a session needs of the application: the statistics, the data folder, the worker."""
    statistics: dict
    storage: object
    worker: object

    def save_statistics(self) -> None: ...


class PlaySession:
    """One match of `puzzle` at a time, and everything that happens to it."""

    def __init__(self, puzzle: Puzzle, host: Host, hand):
        self.puzzle = puzzle
        self.host = host
        self.hand = hand                 # what is held and where the cursor is (the puzzle's Hand)
        self.watchers: list = []         # called with each move string played
        self.unsaved = False             # a move since the game was last kept (`flush`)
        self.refereed = False            # a referee (the race server) says how a match ends, not a full board
        self.effects: list = []          # what the screen should do, from a job's answer
        self.match: Match | None = None
        self.jobs = JobSlot(host.worker)
        self.hint_step: HintStep | None = None
        self.note: tuple[str, str] | None = None     # (position, words): a line about one position
        self.solve_queue: list[str] = []
        self.solve_clock = 0.0
        self.paused = False
        self.held_by_screen = False

    # ------------------------------------------------------------------ the match
    @property
    def position(self):
        return self.match.position

    @property
    def kind(self) -> str:
        return self.match.meta.get("kind", "play")

    def begin(self, match: Match) -> None:
        """Put `match` on the board (a new identity unless it has one): no job, no hint, no
        solve under way, not paused."""
        self.jobs.cancel()
        match.meta.setdefault("game", uuid.uuid4().hex)
        match.meta.setdefault("kind", "play")
        self.match = match
        self.hint_step = None
        self.note = None
        self.solve_queue = []
        self.paused = False
        self.hand.let_go()
        self.hand.clear_marks()
        self.effects.append(Began())
        self.sync_clock()

    # ------------------------------------------------------------------ commands
    def process(self, command, allows=lambda action: True) -> list:
        """What `command` does: the puzzle's reading of it with the hand, else the mid end's
        keys (`allows(action)`: whether the mode on the board lets that key act now). Returns
        the effects for the screen; an `Unused` one if nothing here used it."""
        action = command.action if isinstance(command, Key) else None
        if action == "pause" and allows("pause") and self.toggle_pause():
            return [Refresh()]
        if self.match is None or self.paused:
            return [Unused(command)]
        if self.solve_queue and isinstance(command, HANDS):
            return []                          # a solve plays: the board takes nothing from the hand
        outcome = self.puzzle.interpret(self.hand, self.position, command)
        if isinstance(outcome, Play):
            return self._play_outcome(outcome)
        if isinstance(outcome, Refused):
            return self.refused(outcome)
        if isinstance(outcome, Changed):
            return ([Sound(outcome.sound)] if outcome.sound else []) + \
                ([Motion(outcome.motion, outcome.times)] if outcome.motion else []) + \
                ([Toast(outcome.toast, 2.5)] if outcome.toast else [])
        assert outcome is UNUSED
        if action in HISTORY + ("hint", "solve") and allows(action):
            getattr(self, action if action in HISTORY else f"ask_{action}")()
            return [Refresh()] + self.take_effects()
        return [Unused(command)]

    def _play_outcome(self, outcome: Play) -> list:
        effects = [Sound(outcome.sound)]
        after = self.move(outcome.move)
        if isinstance(after, str):
            return effects + self.refused(Refused(after, outcome.item))
        note = [Sound(fill_note(self.hand.filled(self.position)))] \
            if outcome.sound.startswith("drop") and not self.match.finished else []
        return effects + note + [Motion("settled", outcome.settle)] + self.take_effects()

    def refused(self, outcome: Refused) -> list:
        """The effects of a refusal: its sound, the reason on a message, the held item flying home."""
        return [Sound("illegal"), Toast(f"{outcome.item}: {outcome.reason}", outcome.seconds, alarm=True),
                Motion("refused", outcome.home), outcome]

    def take_effects(self) -> list:
        """The effects that came since the last call (a win, a hint, a job's answer)."""
        effects, self.effects = self.effects, []
        return effects

    @property
    def moved(self) -> bool:
        """The player made a move in the match on the board: it is a game (docs/records.md)."""
        return self.match is not None and len(self.match.history) > 1

    def in_progress(self) -> bool:
        """A game the player began (a move made) and that has not ended: what replacing it abandons."""
        m = self.match
        return self.moved and not m.finished and not m.ended

    def move(self, move: str):
        """Play `move` (the puzzle's move notation) on the position: the new position, or the
        rules' reason (a str) when they refuse it; a move that fills the board ends the match."""
        try:
            after = self.puzzle.execute(self.position, move)
        except IllegalMove as exc:
            return str(exc)
        if after != self.position:
            self.play(after, move)
        return after

    def play(self, position, move: str) -> None:
        """Make `position` (which `move` made) the current one."""
        m = self.match
        if not m.timer.running and not m.finished and not m.ended:
            m.timer.start()
        won = m.play(position, move)
        self.note = None
        self.hand.clear_marks()
        for watcher in self.watchers:
            watcher(move)
        self.effects.append(Moved())
        if won and not self.refereed:
            self.end(won=True)
        self._kept()

    def undo(self) -> bool:
        return self._step(self.match.undo)

    def redo(self) -> bool:
        return self._step(self.match.redo)

    def restart(self) -> bool:
        return self._step(self.match.restart)

    def _tell(self, was: int, now: int) -> None:
        """Tell the watchers the move strings that walk the history from position `was` to `now`
        (one for an undo or a redo, one for each move a restart takes back)."""
        if not self.watchers:
            return
        way = 1 if now > was else -1
        for i in range(was, now, way):
            for move in self._between(i, i + way):
                for watcher in self.watchers:
                    watcher(move)

    def _between(self, a: int, b: int) -> list[str]:
        """The move strings from history[a] to the next or previous history[b]: one move, or for
        a restart (played, redone or undone) the moves before it taken back (or played again)
        one by one, back to the start."""
        history, later = self.match.history, max(a, b)
        if self.match.moves[later] != RESTART:
            return [self.puzzle.describe(history[a], history[b])]
        k = later - 1
        while history[k] != self.match.start:
            k -= 1
        if b > a:
            return [self.puzzle.describe(history[n], history[n - 1]) for n in range(later - 1, k, -1)]
        return [self.puzzle.describe(history[n - 1], history[n]) for n in range(k + 1, later)]

    def _step(self, step) -> bool:
        self.solve_queue = []
        self.hand.let_go()
        self.hand.clear_marks()
        was = self.match.index
        if not step():
            return False
        self._tell(was, self.match.index)
        self.effects.append(Moved())
        if self.match.finished and self.match.meta.get("result") != "won" and not self.refereed:
            self.end(won=True)        # a redo that fills the board wins (once)
        self._kept()
        return True

    # ------------------------------------------------------------------ the end: the one place
    def end(self, won: bool) -> Ending:
        """The match has ended: won (the board filled) or lost (abandoned, given up, beaten).
        Records it once, by its kind, if the player made a move in it (a match left untouched
        is no game); a win is an effect (`Won`) for the screen."""
        m = self.match
        m.timer.stop()
        again = m.ended
        assisted = bool(m.meta.get("assisted"))
        recorded = self.kind in RECORDED and not again and (self.moved or m.finished)
        new_best = False
        if recorded:
            new_best = record_game(self.host.statistics, self.puzzle.name, self.puzzle.best_key(m.start, m.meta),
                                   m.elapsed, won, level=m.meta.get("level"), assisted=assisted,
                                   daily=m.meta.get("daily"), game=m.meta["game"],
                                   hints=m.meta.get("hints", 0), place=m.meta.get("place"))
            self.host.save_statistics()
        if not again:
            m.meta["result"] = "won" if won else "lost"
        self.solve_queue = []
        ending = Ending(won, m.elapsed, assisted, recorded, new_best, again)
        if won:
            self.hand.let_go()
            self.effects.append(Won(ending))
        return ending

    def align(self, position) -> None:
        """Show `position` (the referee's board: a move it refused undone): the history goes
        back to it if it is there, else it is rebuilt from the start."""
        m = self.match
        self.hand.let_go()
        back = next((i for i in range(m.index, -1, -1) if m.history[i] == position), None)
        if back is not None:
            m.index = back
        else:
            history, moves = [m.start], [""]
            for move in m.start.moves_to(position):
                history.append(history[-1].place(move))
                moves.append(self.puzzle.describe(history[-2], history[-1]))
            m.history, m.moves, m.index = history, moves, len(history) - 1
        m.finished = m.position.is_solved
        self.note = None

    def abandon(self) -> None:
        """The player agreed to throw the game in progress away: it counts as lost."""
        if self.in_progress():
            self.end(won=False)

    # ------------------------------------------------------------------ the clock
    def hold(self, held: bool) -> None:
        """The screen says whether the player can see and play the board now."""
        self.held_by_screen = held
        self.sync_clock()

    def sync_clock(self) -> None:
        if self.match is not None:
            self.match.timer.hold(self.held_by_screen or self.paused)

    def toggle_pause(self) -> bool:
        """Pause (no moves, the clock stopped) or resume; False when there is nothing to pause."""
        if not self.paused and (self.match is None or self.match.finished or self.match.ended):
            return False
        self.paused = not self.paused
        self.hand.let_go()
        self.solve_clock = 0.0
        self.sync_clock()
        return True

    def clock_text(self) -> str:
        """The clock line: the time on the match and the hints used ('1:23 · 2 hints')."""
        return format_time(self.match.elapsed) + hints_note(self.match.meta.get("hints", 0))

    # ------------------------------------------------------------------ the engine
    @property
    def job(self):
        """The solver job under way (None when idle)."""
        return self.jobs.job

    def run_job(self, label: str, func, args: tuple, on_done, on_error=None) -> None:
        """Run `func(*args)` in a child process; `on_done(result)` on the UI thread later."""
        self.jobs.run(label, func, args, on_done,
                      on_error or (lambda error: self.say(f"{label} failed: {error}")))

    def cancel_job(self) -> bool:
        return self.jobs.cancel()

    def ask_engine(self, label: str, func, on_result) -> None:
        """Ask the engine about the position on show; `on_result(position, result)` runs only
        if the board has not changed in the meantime."""
        pos = self.position

        def answer(result) -> None:
            if self.match is not None and pos == self.position:
                on_result(pos, result)

        self.run_job(label, func, (pos.notation(),), answer)

    def ask_hint(self) -> None:
        """One more hint: the first asks the engine which piece or tile comes next; asking again
        on the same position climbs to where, then how it is turned. Every rung shown is a hint
        used (`_used`); a press while the engine still looks asks nothing more and counts nothing:
        a player pressing again then wants the hint on its way, not the next rung unseen."""
        if self.jobs.job is not None and self.jobs.job.label == HINT_JOB:
            return
        self.hand.let_go()
        notation = self.position.notation()
        if still_fresh(self.hint_step, notation):
            self._climb(notation, None)
        else:
            self.ask_engine(HINT_JOB, self.puzzle.hint_job, self._hint_answer)

    def _hint_answer(self, pos, result: Hint | Stuck) -> None:
        if isinstance(result, Hint):
            self._climb(pos.notation(), result.move)
        else:
            self._used()
            self.stuck(result)

    def _used(self) -> None:
        """A hint said (a rung, or the engine's word that the board has no way on): counted, the game helped."""
        meta = self.match.meta
        meta["hints"] = meta.get("hints", 0) + 1
        meta["assisted"] = True

    def _climb(self, notation: str, move) -> None:
        """Say the next rung (the hand marks it on the board): hints are said on the status line
        only, so no message outlives the position it is about."""
        self._used()
        step = self.hint_step = escalate(self.hint_step, notation, move)
        self.hand.clear_marks()
        self.hand.mark_hint(self.position, step)
        self.say(f"Hint {step.step + 1} of 3: {self.hand.hint_words(self.position, step)}")
        self.effects.append(Sound("hint"))
        self.effects.append(Hinted(step))

    def stuck(self, answer: Stuck) -> None:
        """No way on from the position on show: the hand's words (and mark) for the engine's answer."""
        self.say(self.hand.stuck_words(self.position, answer))
        self.effects.append(Toast(self.status, 4, alarm=True))

    def ask_solve(self) -> None:
        self.hand.let_go()
        self.match.meta["assisted"] = True
        self.ask_engine("Solving", self.puzzle.solve_job, self._solution)

    def _solution(self, pos, result: Solution | Stuck) -> None:
        if isinstance(result, Solution):
            self.solve_queue = list(result.moves)
            self.solve_clock = 0.0
            self.say("Solving...")
        else:
            self.stuck(result)

    def step_solve(self, dt: float, every: float) -> None:
        """Play the next move of a solve under way once `every` seconds have passed."""
        if not self.solve_queue or self.paused:
            return
        self.solve_clock += dt
        if self.solve_clock >= every:
            self.solve_clock = 0.0
            if isinstance(self.move(self.solve_queue.pop(0)), str):
                self.solve_queue = []

    # ------------------------------------------------------------------ lines about one position
    def say(self, words: str) -> None:
        """A status line about the position on show: it goes as soon as the position changes."""
        self.note = (self.position.notation(), words) if self.match is not None else ("", words)

    @property
    def status(self) -> str:
        if self.note is None:
            return ""
        about, words = self.note
        return words if self.match is None or about in ("", self.position.notation()) else ""

    # ------------------------------------------------------------------ saves
    def resume(self) -> Match | None:
        """The game kept when the window last closed, if any. One that cannot be continued is
        set aside (NAME.json.corrupt-N) and said, never overwritten."""
        storage, name = self.host.storage, self.puzzle.autosave
        if not storage.exists(name) or storage.is_newer(name):     # a newer Squarewise's: left alone, said once
            return None
        try:
            return Match.from_dict(storage.read(name), self.puzzle)
        except SquarewiseError as exc:
            aside = storage.set_aside(name)
            kept = f"; kept as {aside.name}" if aside else ""
            raise SquarewiseError(f"could not continue the last game: {exc}{kept}") from None

    def autosave(self, worth: bool, soon: bool = False) -> None:
        """Keep the game in progress for next time (`worth`), or forget the one kept; `soon`:
        written from a background thread (Storage.write_soon), so a move never waits for it."""
        if self.match is None or self.kind != "play":      # a race is never resumed
            return
        if worth and not self.match.finished and not self.match.ended:
            storage = self.host.storage
            (storage.write_soon if soon else storage.write)(self.puzzle.autosave, self.match.to_dict())
        else:
            self.host.storage.delete(self.puzzle.autosave)

    def _kept(self) -> None:
        """A move, undo or redo: the game is kept by the next `flush`."""
        self.unsaved = True

    def flush(self, worth: bool) -> None:
        """Keep the game after its moves (the screen calls it each frame, saying whether the game
        is `worth` resuming), so a crash or a power cut loses nothing; written from a thread."""
        if self.unsaved:
            self.unsaved = False
            self.autosave(worth, soon=True)

    def save_to(self, path: Path) -> Path:
        """Write the match to `path` (.json added); OSError if it cannot be written."""
        path = Path(path)
        if path.suffix != ".json":
            path = path.with_suffix(".json")
        write_versioned(path, self.match.to_dict())
        return path

    def load(self, path: Path) -> Match:
        """The match saved at `path`; SquarewiseError saying why it cannot be played."""
        return Match.from_dict(read_versioned(path), self.puzzle)
