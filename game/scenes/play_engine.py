"""`PlayEngine`: a play scene's questions to the engine (a mixin of `PlayScene`).

Solver jobs run in a child process through the scene's `JobSlot` with a Cancel button; an
answer about a board that has changed in the meantime is dropped; hints climb which ->
where -> how (game/hints.py) and solutions come back as the typed answers of
game/puzzle.py, which the puzzle scene shows (the hooks `show_hint` and `stuck`).
"""
from __future__ import annotations

from game.play.hints import HintStep, escalate, hint_text, hints_note, still_fresh
from game.play.match import format_time
from game.play.puzzle import Hint, Solution, Stuck


class PlayEngine:
    """Hint, solve and any other solver call of a play scene."""

    @property
    def job(self):
        """The solver job under way (None when idle): what the status line and Cancel show."""
        return self.jobs.job

    def run_job(self, label: str, func, notation: str, on_done) -> None:
        """Run a solver job (a module-level function of a notation) in a child process."""
        self.cancel_job(quiet=True)
        self.jobs.run(label, func, (notation,), lambda result: self._job_done(on_done, result),
                      lambda error: self._job_done(None, f"{label} failed: {error}"))
        self.refresh_buttons()

    def _job_done(self, on_done, result) -> None:
        """`on_done(result)`; without `on_done`, `result` is the failure to show."""
        self.status = ""
        if on_done is None:
            self.status = result
        else:
            on_done(result)
        self.refresh_buttons()

    def cancel_job(self, quiet: bool = False) -> None:
        if self.jobs.cancel():
            if not quiet:
                self.status = "Cancelled"
            self.refresh_buttons()

    def ask_engine(self, label: str, func, on_result) -> None:
        """Ask the engine about the position on show; `on_result(position, result)` runs only
        if the board has not changed in the meantime."""
        pos = self.position

        def answer(result) -> None:
            if pos == self.position:
                on_result(pos, result)

        self.run_job(label, func, pos.notation(), answer)

    def ask_hint(self) -> None:
        """One more hint (game/hints.py): the first asks the engine which piece or tile comes
        next; asking again on the same position climbs to where, then how it is turned, with
        no engine call. Every rung is a hint used (match.meta["hints"], the clock line)."""
        self.held = None
        self.match.meta["hints"] = self.match.meta.get("hints", 0) + 1
        self.match.meta["assisted"] = True
        notation = self.position.notation()
        if still_fresh(self.hint_step, notation):
            self._climb(notation, None)
        else:
            self.ask_engine("Looking for a hint", self.puzzle.hint_job, self._show_hint)

    def _show_hint(self, pos, result: Hint | Stuck) -> None:
        if isinstance(result, Hint):
            self._climb(pos.notation(), result.move)
        else:
            self.stuck(result)
            self.app.toasts.show(self.status, 4)

    def _climb(self, notation: str, move) -> None:
        self.hint_step = escalate(self.hint_step, notation, move)
        self.app.sounds.play("hint")
        self.show_hint_step(self.hint_step)
        self.app.toasts.show(self.status, 4)

    def show_hint_step(self, hint: HintStep) -> None:
        """Say a rung of the hint ladder; the last one also shows the whole move on the board
        (the `show_hint` hook). A puzzle may override this to mark the earlier rungs too."""
        self.hint = None
        if hint.complete:
            self.show_hint(hint.move)
        board = getattr(self.position, "board", None)
        words = hint_text(hint, getattr(board, "cols", 6))
        self.status = f"Hint {hint.step + 1} of 3: {words}"

    def clock_text(self) -> str:
        """The clock line: the time on the match and the hints used ('1:23 · 2 hints')."""
        return format_time(self.match.elapsed) + hints_note(self.match.meta.get("hints", 0))

    def ask_solve(self) -> None:
        self.held = None
        self.match.meta["assisted"] = True
        self.ask_engine("Solving", self.puzzle.solve_job, self._start_solve)

    def _start_solve(self, pos, result: Solution | Stuck) -> None:
        if isinstance(result, Solution):
            self.solve_queue = list(result.moves)
            self.solve_clock = 0.0
            self.status = "Solving..."
        else:
            self.stuck(result)
            self.app.toasts.show(self.status, 4)

    def show_hint(self, move) -> None:
        """Hook: show the engine's next move on the board and say it in the status."""
        raise NotImplementedError

    def stuck(self, answer: Stuck) -> None:
        """Hook: say there is no way on (the engine's answer), and what to take back."""
        raise NotImplementedError
