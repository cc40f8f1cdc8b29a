"""`MacMahonDealer`: every board MacMahon Squares plays, without pygame. An empty board of a
variant, a level's board (tiles given, one completion, made in a child process), a game ID (its
tiles are the puzzle's givens), a solution from the browser to finish or to view, a ranked run's
board, a saved match: each a `Match` made by `make` (the one constructor: metadata by keyword,
checked against the puzzle's types) and put on the board by `play_match`. What the engine says of the
board on show (whether it can still be solved, how many ways there are to finish it) comes with
it. Effects come back as values: from a call at once, from a job's answer through `take_effects`.
"""
from __future__ import annotations

from game.play.commands import Rebuild, Refresh, Replace, Toast
from game.play.match import Match, format_time
from game.play.puzzle import Yes
from game.puzzles.macmahon.puzzle import MACMAHON, job_check, job_level_board, solution_counts
from solver.errors import SquarewiseError
from solver.macmahon.levels import COUNT as LEVEL_COUNT
from solver.macmahon.position import Board, Position

VARIANTS = (("4x6x3", "4 x 6, 3 colours (classic)"), ("3x8x3", "3 x 8, 3 colours"),
            ("2x12x3", "2 x 12, 3 colours"), ("2x3x2", "2 x 3, 2 colours"),
            ("7x10x4", "7 x 10, 4 colours"), ("5x14x4", "5 x 14, 4 colours"))


def variant_label(header: str) -> str:
    return dict(VARIANTS).get(header, header)


def level_name(level: int) -> str:
    """'Level 4'; the top level says what it is: 'Level 10: smallest'."""
    return f"Level {level}" + (": smallest" if level == LEVEL_COUNT else "")


def level_words(level: int, givens: int) -> str:
    """What a new level board asks of the player; the top level's is a smallest puzzle."""
    if level == LEVEL_COUNT:
        return (f"Level {level}, a smallest puzzle: {givens} tiles given, and take any one away and "
                "it has more than one solution. Fill the board")
    return f"Level {level}: fill the empty cells; the tiles given stay put"


class MacMahonDealer:
    def __init__(self, session, services, rng, fits=lambda board: True, on_play=lambda match: None, clock=None):
        self.session = session
        self.services = services         # the settings (the variant, the level), the statistics, the worker
        self.rng = rng
        self.fits = fits                 # fits(board): whether the window can show a board (a game ID's, a variant's)
        self.on_play = on_play           # on_play(match): the screen's part of a match put on the board (its mode)
        self.clock = clock               # the match clock's time source (None: the Timer's own)
        self.completions: tuple[Position, int] | None = None    # the position counted, its completions
        self.effects: list = []          # what a job's answer asks of the screen

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def board(self) -> Board:
        return self.match.start.board

    def make(self, start: Position, *, elapsed: float = 0.0, history=None, moves=None, **meta) -> Match:
        """A MacMahon match (`Match.new`: metadata by keyword, checked), on this dealer's clock."""
        return Match.new(MACMAHON, start, elapsed=elapsed, clock=self.clock, history=history, moves=moves, **meta)

    def take_effects(self) -> list:
        effects, self.effects = self.effects, []
        return effects

    # ------------------------------------------------------------------ levels
    def level(self) -> int | None:
        """The level (1..10) of the board on show, None for free play (or a daily)."""
        level = None if self.match.meta.get("daily") else self.match.meta.get("level")
        return int(level) if level and level.isdigit() else None

    def level_label(self) -> str:
        return level_name(self.level()) if self.level() else "Level: free play"

    @staticmethod
    def level_choices() -> list[tuple[str, str, str]]:
        """The level picker's entries: free play (an empty board of the variant), then 1..10."""
        return [("level=free", "Level: free play", "Free play")] + \
            [(f"level={n}", level_name(n), f"Level {n}") for n in range(1, LEVEL_COUNT + 1)]

    def chosen_level(self) -> int | None:
        """The level last picked in the Level picker (None: free play): Next puzzle's after a win."""
        choice = self.services.settings.get("macmahon_level", "free")
        return int(choice) if choice.isdigit() and 1 <= int(choice) <= LEVEL_COUNT else None

    def choose_level(self, choice: str) -> list:
        """The Level picker's choice ('free' or '1'..'10'): that board, asking first."""
        self.services.settings["macmahon_level"] = choice
        if choice == "free":
            return self.ask_new_game(self.board.header) if self.level() else [Refresh()]
        return self.ask_level(int(choice))

    # ------------------------------------------------------------------ what the board on show says
    def facts(self) -> tuple[str, str]:
        """The status panel's two lines of facts: tiles placed, clashes and completions; the best time."""
        m, board = self.match, self.board
        pos = m.position
        facts = [self.placed()]
        clashes = len(pos.clashes())
        if clashes:
            facts.append(f"{clashes} clash{'es' if clashes != 1 else ''}")
        n = self.completions[1] if self.completions is not None and self.completions[0] == pos else None
        if n is not None and not m.finished:
            if pos == Position.empty(board):
                facts.append(f"{n:,} solution{'s' if n != 1 else ''}" if n else "no solution exists")
            else:
                facts.append(f"{n:,} way{'s' if n != 1 else ''} to finish from here" if n else "no way to finish from here")
        given = " with tiles given" if any(v is not None for v in m.start.cells) else ""
        where = "Best daily time" if m.meta.get("daily") is not None else \
            f"Best time on {board.rows} x {board.cols}{given}"
        best = self.services.statistics.get(MACMAHON.name, {}).get("best", {}).get(MACMAHON.best_key(m.start, m.meta))
        return ", ".join(facts), f"{where}: {format_time(best)}"

    def placed(self) -> str:
        board = self.board
        return f"{board.size - len(self.match.position.unplaced)} of {board.size} tiles placed"

    def refereed_facts(self) -> tuple[str, ...]:
        """The status panel's facts when a server referees the match: the tiles placed, no counts."""
        return self.placed(), "the clock is the server's"

    def subtitle(self, strict: bool) -> str:
        daily, level = self.match.meta.get("daily"), self.match.meta.get("level")
        if daily:
            where = f"Daily #{daily}" + (f" · {level}" if level else "")
        else:
            where = variant_label(self.board.header) if not self.level() else \
                f"Level {level}" + (" · a smallest puzzle" if self.level() == LEVEL_COUNT else "")
        return f"{where}, {'strict' if strict else 'free'} mode"

    def check(self) -> list:
        """Ask the engine whether the board on show can still be solved (said when it answers)."""
        if self.match.finished:
            return []
        self.session.ask_engine("Is this still solvable?", job_check, self._checked)
        return [Refresh()]

    def _checked(self, pos: Position, result) -> None:
        if isinstance(result, Yes):
            self.session.say("Yes: a solution keeps every tile where it is")
            self.effects.append(Toast(self.session.status, 3))
        else:
            self.session.stuck(result)

    def moved(self) -> None:
        """Count, off the UI thread, the solutions that keep the tiles on show (a look-up in the
        solution table, for boards of up to 3 colours): the status panel says how many ways
        there are to finish from here, never a number that is not about this position."""
        pos = self.match.position
        if pos.board.colours > 3 or self.completions is not None and self.completions[0] == pos:
            return

        def done(job):
            if job.error is not None or job.result is None:
                return
            total, here = job.result
            if pos.board == self.board:
                self.match.meta["solutions"] = total
                self.session.hand.solutions = total
                if total == 0 and not self.session.status.startswith("No"):
                    self.session.say(f"The engine counted every way: the {pos.board.rows} x {pos.board.cols} board "
                                     "has no solution. See how far you get" +
                                     (", or try free mode" if self.session.hand.strict else ""))
            if pos == self.match.position:
                self.completions = (pos, here)

        self.services.worker.submit("Counting solutions", lambda job: solution_counts(pos), done)

    # ------------------------------------------------------------------ boards
    def refuse_board(self, board: Board) -> Toast:
        return Toast(f"A {board.rows}x{board.cols} board does not fit this window: "
                     f"{'keeping this game' if self.match else 'the classic board instead'}", 5, alarm=True)

    def ask_new_game(self, header: str) -> list:
        """A new board of `header`, asking first if that abandons a game in progress."""
        try:
            board = Board.parse(header)
        except SquarewiseError:
            board = None            # new_game says why and starts the classic board
        if board is not None and not self.fits(board):
            return [self.refuse_board(board)]
        return [Replace(lambda: self.new_game(header), f"a new {variant_label(header)} board")]

    def new_game(self, header: str) -> list:
        """An empty board of the variant `header` (a board header such as '4x6x3')."""
        effects = []
        try:
            board = Board.parse(header)
        except SquarewiseError as exc:
            effects.append(Toast(str(exc), 4, alarm=True))
            board = Board()
        if not self.fits(board):
            effects.append(self.refuse_board(board))
            board = Board()
        self.services.settings["macmahon_variant"] = board.header
        effects = self.play_match(self.make(Position.empty(board))) + effects
        self.session.say("Drag a tile to the board: R or the wheel turns it")
        return effects

    def ask_level(self, level: int) -> list:
        """A new classic board of `level`, asking first if that abandons a game in progress."""
        return [Refresh(), Replace(lambda: self.start_level(level), f"a level {level} board")]

    def start_level(self, level: int) -> list:
        """Make the board of `level` in the worker (60-90 ms), then play it (tiles given)."""
        def made(notation: str) -> None:
            start = MACMAHON.parse(notation)
            self.effects += self.play_id(start, {"level": str(level)})
            self.session.say(level_words(level, len(start.givens)))

        self.session.run_job(f"Making a level {level} board", job_level_board, (level, self.rng.getrandbits(31)),
                             made)
        return [Refresh()]

    def parse_id(self, text: str) -> Position:
        """A game ID; one on a board this window cannot show is refused (the game goes on)."""
        start = MACMAHON.parse(text)
        if not self.fits(start.board):
            raise SquarewiseError(self.refuse_board(start.board).text)
        return start

    def play_id(self, start: Position, meta: dict, kind: str = "play") -> list:
        """A game ID's board (its tiles are the puzzle's givens; `meta`: a daily's number, a level)."""
        return self.play_match(self.make(start, **{"kind": kind, **meta}))

    def finish_solution(self, solution: Position, remove: int, note: str) -> list:
        """A solution from the browser with its last `remove` cells (in reading order) emptied, the
        rest given, to finish."""
        start = solution
        for cell in range(solution.board.size)[-remove:]:
            start = start.remove(cell)
        return self.play_id(start.with_givens(), {"source": note})

    def show_solution(self, solution: Position, note: str = "") -> list:
        """A finished board (from the solution browser), only shown."""
        empty = Position.empty(solution.board)
        effects = self.play_match(self.make(empty, assisted=True, kind="view", source=note, history=[empty, solution],
                                      moves=["", "view"]))
        self.session.say(note or "A solution")
        return effects

    def run_match(self, run: dict, title: str) -> Match:
        """A ranked or unranked daily run's board (the standings server's `run`), on its clock."""
        return self.make(MACMAHON.parse(run["start"]), elapsed=run["elapsed_ms"] / 1000, kind="ranked",
                         daily=run["daily"], level=run["level"])

    def play_match(self, match: Match) -> list:
        """`match` on the board, its clock running from now (unless it has ended, or is only viewed)."""
        self.on_play(match)
        self.session.begin(match)
        self.session.hand.fresh(match.start)
        if not match.finished and not match.ended and match.meta.get("kind") != "view":
            match.timer.start()
        self.moved()
        return [Rebuild()]
