"""The ways of playing a Genius board on the Genius screen, as parts of it (game/modes/mode.py):
`Solo` (a roll, a game ID, a daily, a level; the win's offers), `Free` (seven blockers placed
by hand, the engine's verdict at once), `HotSeat` (two players race the same roll on one
screen, the board hidden between turns) and `Viewed` (a solution only shown). Each is handed
a table (game/modes/table.py: the session, the dealer, the App's services); the mode
picker offers the ways of playing in the game's list (game/puzzles/registry.py `Way`), so a new
way is a mode class and one line there.
"""
from __future__ import annotations

from game.play import key_words
from game.play.commands import (MAIN, Ask, Banner, Cursor, Hover, Key, Open, Press, Refresh, Replace, Square,
                                Toast, Unused)
from game.play.match import format_time
from game.puzzles.genius.free import FreeBoard
from game.puzzles import registry
from game.puzzles.genius.puzzle import GENIUS, job_reason
from game.puzzles.genius.race import Race
from game.modes.mode import Mode, WinOffers
from solver.genius import numbers
from solver.genius.board import SIZE, mask, on_board
from solver.genius.levels import COUNT
from solver.genius.search import bare_reason_cells

DICE_EDITOR = ("edit_dice", "Dice editor")      # the mode picker's last entry (the kit opens the editor)


def ways() -> tuple:
    """The ways of playing a Genius board, as the game's list gives them (registry.Way)."""
    return registry.get(GENIUS.name).ways


def roll_subtitle(match) -> str:
    """Under the title: the dice set, the roll's number and its level when known
    ('Default · #41,233 · hard'); a daily is its own number ('Daily #327 · hard'), and Sunday's
    says it is a One way puzzle ('Daily #333 · very hard · one way')."""
    meta = match.meta if match else {}
    number = None if meta.get("daily") else meta.get("number")
    one_way = "one way" if match and meta.get("daily") and match.start.givens else ""
    return " · ".join(x for x in (meta.get("dice_name", ""), "" if number is None else numbers.label(number),
                                  meta.get("level") or "", one_way) if x)


class GeniusMode(Mode):
    """What the Genius screen's modes share: the mode picker, and moving to another mode."""

    def __init__(self, table):
        super().__init__(table.services, table.session)
        self.table = table

    def pickers(self) -> list:
        entries = [(way.action, way.label) for way in ways()] + [DICE_EDITOR]
        return [("mode", dict(entries).get(self.name, ways()[0].label), entries, None)]

    def do(self, action: str) -> list | None:
        """A way of playing picked (New: the first, a new roll): another mode on the board, asking
        first if that abandons a game, or a screen of its own opened."""
        way = next((w for w in ways() if w.action == ("play" if action == "new" else action)), None)
        if way is None:
            return None
        return [Replace(lambda: way.start(self.table), way.what)] if way.what else way.start(self.table)


class Solo(WinOffers, GeniusMode):
    """A roll, a game ID, a daily or a level played alone; after a win, the offers."""
    TOP_LEVEL = COUNT
    BUTTONS = (("new", "New roll"), ("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
               ("restart", "Restart"), ("pause", "Pause"))
    GAME_MENU = (("save", "Save..."), ("load", "Load..."), ("solve", "Solve"), ("count", "Solutions?"),
                 ("solutions", "All solutions"), ("help", "Keys"), ("menu", "Main menu"))

    def __init__(self, table):
        super().__init__(table)
        self.level_of: tuple | None = None       # (match, its level 1..10 or None), once worked out

    def start(self) -> list:
        return self.table.dealer.new_roll()

    def pickers(self) -> list:
        dealer = self.table.dealer
        return super().pickers() + [("level", dealer.level_label(), dealer.level_choices(), None)]

    def do(self, action: str) -> list | None:
        if action.startswith("level="):
            return self.table.dealer.choose_level(action.partition("=")[2]) + [Refresh()]
        if action == "play":
            return []
        if action in ("next_puzzle", "harder", "same_level"):
            return self.take_offer(action)
        if action == "solutions":
            m = self.match
            if m is None or not m.finished:
                return [Unused(None)]         # (not now: an Unused key would come back here)
            return [Open("genius-solutions", {"game_id": m.start.notation(), "found": m.position.notation()})]
        return super().do(action)

    def shows(self) -> dict:
        return {"subtitle": roll_subtitle(self.match)}

    def won_level(self) -> int | None:
        m = self.match
        if self.level_of is None or self.level_of[0] is not m:
            self.level_of = (m, self.table.dealer.won_level())
        return self.level_of[1]

    def next_board(self, level: int | None) -> list:
        """A roll at `level` (None: at the Level setting)."""
        pick = None if level is None else str(level)
        return [Replace(lambda: self.table.dealer.new_roll(level=pick), "a new roll")]

    def win_offer(self) -> str:
        """The win's invitation to step through the roll's other solutions (their number when known)."""
        n = self.match.meta.get("solutions")
        what = f"the other {n - 1:,} solution{'s' if n != 2 else ''}" if isinstance(n, int) and n > 1 \
            else "every solution of this roll"
        return f"See {what}: {key_words.describe('solutions')}"


class Free(GeniusMode):
    """Seven blockers placed by hand (a click, or the arrows and Enter); the engine's verdict at once."""
    name = "free"
    BUTTONS = (("free_clear", "Clear"), ("free_play", "Play this board"), ("free_check", "Solutions?"))
    GAME_MENU = (("new", "Back to dice"), ("load", "Load..."), ("help", "Keys"), ("menu", "Main menu"))

    def __init__(self, table):
        super().__init__(table)
        self.free = FreeBoard()
        self.session.cancel_job()
        self.session.hand.let_go()
        self.session.say("Click seven cells for the blockers")

    def allows(self, action: str) -> bool:
        return False

    def keep(self) -> bool:
        return False

    def shows(self) -> dict:
        return {"subtitle": "free mode", "free": self.free}

    def flags(self) -> dict:
        return {"free_play": self.free.verdict == ""}

    def intercept(self, command) -> list | None:
        """A click or Enter puts a blocker on a cell or takes it away; the arrows move the cursor."""
        hand = self.session.hand
        if isinstance(command, Hover):
            return []
        if isinstance(command, Press):
            at = command.at
            if command.button != MAIN or not isinstance(at, Square) or not on_board(at.row, at.col):
                return [Unused(command)]
            hand.keyboard = False
            return self.toggle(at.row * SIZE + at.col)
        if isinstance(command, Cursor):
            hand.keyboard = True
            hand.move_cursor(command.dr, command.dc)
            return []
        if command == Key("place"):
            hand.keyboard = True
            return self.toggle(hand.cursor[0] * SIZE + hand.cursor[1])
        return [Unused(command)] if isinstance(command, Key) and command.action in ("help", "new", "copy", "load") \
            else [Unused(None)]

    def toggle(self, cell: int) -> list:
        if not self.free.toggle(cell):
            return [Toast("Seven blockers already: click one to take it away", 2.5)]
        if self.free.full:
            self.check()
        else:
            self.session.say(f"{len(self.free.blockers)} of 7 blockers")
        return [Refresh()]

    def check(self) -> None:
        free, board = self.free, self.free.start()

        def done(reason) -> None:
            if board.blockers != frozenset(free.blockers):
                return
            free.judge(reason, bare_reason_cells(mask(free.blockers)) if reason else frozenset())
            self.session.say("Solvable: press Play" if not reason else f"Unsolvable: {reason}")
            self.effects.extend([Refresh()] + ([Toast(self.session.status, 4, alarm=True)] if reason else []))

        self.session.run_job("Checking the board", job_reason, (board.notation(),), done)

    def do(self, action: str) -> list | None:
        table = self.table
        if action == "free_play" and self.free.full and self.free.verdict == "":
            start = self.free.start()
            return table.switch(Solo(table)) + table.dealer.play_match(table.dealer.free_match(start))
        if action == "free_clear":
            return table.switch(Free(table))
        if action == "free_check" and self.free.full:
            table.dealer.count(sorted(self.free.blockers))
            return []
        if action == "copy":
            if not self.free.full:
                return [Toast("Place seven blockers first")]
            game_id = self.free.start().notation()
            copied = self.services.copy_text(game_id)
            return [Toast("Game ID copied" if copied else f"No clipboard here; the game ID is {game_id}")]
        if action == "free":
            return []
        return super().do(action)


class HotSeat(GeniusMode):
    """Two players race the same roll on one screen; the board is hidden for the hand-over, and
    each player's clock starts when the dice land on their turn. Nothing is recorded."""
    name = "race"
    KIND = "race"
    BUTTONS = (("race_start", "Start turn"), ("give_up", "Give up..."), ("race_solution", "A solution"),
               ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"), ("pause", "Pause"))
    GAME_MENU = (("race", "New race"), ("new", "Leave race"), ("help", "Keys"), ("menu", "Main menu"))

    def __init__(self, table):
        super().__init__(table)
        setting, dice_set = table.dealer.load_dice()
        seed = table.dealer.rng.getrandbits(31)
        self.race = Race([tuple(d) for d in dice_set.dice])
        table.dealer.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)), kind="race")
        self.session.say("Player 1: press Start")      # nobody sees the board before their own clock starts

    @property
    def hidden(self) -> bool:
        return self.race.waiting

    def allows(self, action: str) -> bool:
        if action in ("hint", "solve", "save") or self.hidden:
            return False
        return super().allows(action)

    def keep(self) -> bool:
        return False

    def in_progress(self) -> bool:
        """A turn begun or played and one to come."""
        return not self.race.over and (self.race.turn > 0 or not self.race.waiting)

    def intercept(self, command) -> list | None:
        """Between turns the board takes nothing but Start: a click on it, or Enter."""
        if not self.hidden:
            return None
        if isinstance(command, Press) and command.button == MAIN and isinstance(command.at, Square) \
                or command == Key("place"):
            return self.do("race_start")
        return [Unused(command)] if isinstance(command, Key) else []

    def shows(self) -> dict:
        cover = ()
        if self.hidden:
            race = self.race
            if race.over:
                cover = (race.headline(), f"Player 1: {race.player_time(0)}", f"Player 2: {race.player_time(1)}",
                         "New race, A solution, or Leave race")
            else:
                n = race.turn + 1
                cover = (f"Player {n}: ready?",) + ((f"Player 1: {race.player_time(0)}",) if n == 2 else ()) + \
                    ("Press Start (Enter, or click the board)", "your clock starts then")
        return {"subtitle": f"race: player {min(2, self.race.turn + 1)}", "cover": cover}

    def flags(self) -> dict:
        return {"race_start": self.race.can_start and not self.table.dealer.rolling, "give_up": not self.race.waiting,
                "race_solution": self.race.over, "undo": not self.hidden and self.match.can_undo,
                "redo": not self.hidden and self.match.can_redo,
                "restart": not self.hidden and self.match.position != self.match.start}

    def do(self, action: str) -> list | None:
        race, table = self.race, self.table
        if action == "race_start":
            if not race.can_start or table.dealer.rolling:
                return []
            rolling = table.dealer.race_turn(race.turn + 1, tuple(race.dice))   # the clock starts when the dice land
            race.waiting = False
            self.session.hand.fresh_tray()      # each player starts from the same fresh tray
            self.session.say(f"Player {race.turn + 1} is playing")
            return rolling + [Refresh()]
        if action == "give_up" and not race.waiting:
            return [Ask(f"Give up this turn? Player {race.turn + 1} gets no time.", self.give_up, "Give up?",
                        "Give up")]
        if action == "race_solution" and race.over:
            table.switch(Viewed(table))
            effects = table.dealer.play_match(table.dealer.solution_match())
            self.session.ask_solve()
            return effects
        if action == "race":
            return [Replace(lambda: table.switch(HotSeat(table)), "a race")]
        if action in ("hint", "solve", "count", "solutions") or action.startswith("level="):
            return [Unused(None)]
        return super().do(action)

    def give_up(self) -> None:
        if not self.race.waiting:
            self.match.timer.stop()
            self.next_racer(None)

    def won(self, ending) -> list:
        """A turn's board filled: the player's time, the board in view a moment, then the hand-over."""
        lines = (f"Player {self.race.turn + 1}: {format_time(ending.seconds)}",)
        self.next_racer(ending.seconds)
        return [Banner(lines, "win")]

    def next_racer(self, elapsed: float | None) -> None:
        self.race.finish_turn(elapsed)
        self.session.hand.let_go()
        self.session.say(self.race.verdict() if self.race.over else "Player 2: same board, your clock. Press Start")
        self.effects.append(Refresh())


class Viewed(GeniusMode):
    """A solution only shown (after a race): nothing to undo, restart or pause, nothing recorded."""
    name = "view"
    KIND = "view"
    BUTTONS = Solo.BUTTONS
    GAME_MENU = Solo.GAME_MENU

    def allows(self, action: str) -> bool:
        return False

    def keep(self) -> bool:
        return False

    def flags(self) -> dict:
        return {name: False for name in ("undo", "redo", "restart", "hint", "pause")}

    def win_words(self, ending):
        return None, "", ""
