"""The Genius Square: roll, play, undo, hint, solve; free mode and the hot-seat race.

The board, the hand and the dice are `GeniusBoard`'s; the match and its end are the
session's. This screen adds what a player chooses: a new roll (at a level, drawn in a child
process), a game ID (a daily), free mode (`FreeBoard`: seven blockers placed by hand, the
engine's verdict at once) and the race of two players on one screen (`Race`), whose boards
and "A solution" afterwards record nothing.
"""
from __future__ import annotations

import random

from game import keys
from game.play.match import Match, Timer, format_time
from game.play.session import Ending
from game.puzzles.genius.free import FreeBoard
from game.puzzles.genius.puzzle import GENIUS, job_count, job_reason, job_roll_at_level
from game.puzzles.genius.race import Race
from game.scenes.genius.board import GeniusBoard
from game.scenes.genius.win_offers import WinOffers
from solver.errors import SquarewiseError
from solver.genius.board import mask
from solver.genius import dice
from solver.genius.levels import ANY, COUNT, LEVELS, check_level, group_of, level_of
from solver.genius.position import Position
from solver.genius.roll_counts import difficulty_label
from solver.genius.search import bare_reason_cells


class GeniusScene(GeniusBoard):
    caption = "Squarewise - The Genius Square"
    WHILE_PAUSED = GeniusBoard.WHILE_PAUSED | {"race", "versus", "free", "edit_dice"}
    #: what applies while the scene's first roll is still being drawn at a level (no match yet)
    WHILE_DRAWING = {"menu", "help", "new", "load", "paste", "play_id", "edit_dice"}

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, daily: int | None = None,
                 level: str | None = None, rng: random.Random | None = None):
        super().__init__(app, rng)
        self.free: FreeBoard | None = None
        self.race: Race | None = None
        self.offers = WinOffers(self)
        if not new:
            self.resume()
        if game_id:
            meta = {"daily": daily, "level": level} if daily else {}
            self.ask_play_id(game_id, **meta)
        if self.match is None and self.pending is None:
            self.new_roll()

    @staticmethod
    def title_note(app) -> str | None:
        """'continue 1:23' on the title when a game is waiting to be resumed."""
        if not app.storage.exists(GENIUS.autosave):
            return None
        elapsed = app.storage.read(GENIUS.autosave).get("elapsed")
        return f"continue {format_time(elapsed)}" if isinstance(elapsed, (int, float)) else None

    # ------------------------------------------------------------------ starting games
    def level_setting(self) -> str:
        """The level of a new roll (settings' `genius_level`): one of the ten ('1'..'10'), a
        group's word (written as the CLI takes it or with a space, 'very-hard' or 'very hard'),
        or 'any' if it is none of these."""
        try:
            level = check_level(self.app.settings.get("genius_level", ANY))
        except SquarewiseError:
            return ANY
        return str(level)

    def level_words(self, level: str) -> str:
        """How a level choice is shown: 'any', 'hard', 'level 9 (hard)'."""
        return f"level {level} ({group_of(int(level))})" if level.isdigit() else level

    def level_choices(self) -> list[tuple[str, str]]:
        """The level picker's entries: any, the four groups, then the ten levels."""
        return [(choice, f"Level: {self.level_words(choice)}")
                for choice in ((ANY,) + LEVELS + tuple(str(n) for n in range(1, COUNT + 1)))]

    def choose_level(self, level: str) -> None:
        """The level of new rolls from now on, remembered in the settings."""
        self.app.settings["genius_level"] = level
        self.app.save_settings()
        self.app.toasts.show(f"New rolls: {self.level_words(self.level_setting())} ({keys.describe('new')} rolls one)")
        self.refresh_buttons()

    def new_roll(self, *, race: bool = False, level: str | None = None) -> None:
        """Roll the dice and start a new match; at a chosen level (`level`, else the setting) the
        roll is drawn fairly from that level's rolls in a child process first (the old game's
        clock stands meanwhile)."""
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        level = self.level_setting() if level is None else level
        if race or level == ANY:
            self.roll_for(setting, dice_set, seed, tuple(dice_set.roll(seed)), race=race)
            return
        words = self.level_words(level)
        self.session.run_job(f"Drawing a {words} roll", job_roll_at_level, (dice_set, level, seed),
                             lambda draw: self._drawn(setting, dice_set, seed, draw),
                             lambda error: self._not_drawn(setting, dice_set, seed, f"No {words} roll: {error}"))
        self.sync_clock()
        self.refresh_buttons()

    def clock_held(self) -> bool:
        """Also while a level roll is being drawn: the board on show is about to go."""
        return super().clock_held() or self.job is not None and self.job.label.startswith("Drawing")

    def _not_drawn(self, setting: str, dice_set, seed: int, problem: str) -> None:
        """The draw failed (a custom dice set may have no roll of that level): say so, and if
        the board is still empty (the scene has just opened) roll any roll instead."""
        if self.match is None:
            self.roll_for(setting, dice_set, seed, tuple(dice_set.roll(seed)))
        self.say(problem)
        self.refresh_buttons()

    def _drawn(self, setting: str, dice_set, seed: int, draw) -> None:
        self.roll_for(setting, dice_set, seed, draw.faces, level=draw.group, solutions=draw.solutions)
        if self.buttons:
            self.on_resize()

    def roll_for(self, setting: str, dice_set, seed: int, faces: tuple, *, race: bool = False, **known) -> None:
        self.free = None
        self.race = Race([tuple(d) for d in dice_set.dice]) if race else None
        self.start_roll(setting, dice_set, seed, faces, kind="race" if race else "play", **known)
        if race:      # nobody sees the board before their own clock starts
            self.say("Player 1: press Start")

    def begin_id(self, start: Position, meta: dict) -> None:
        changed = self.mode != "play"
        self.free = self.race = None
        daily = meta.get("daily")
        name = f"Daily #{daily}" if daily else "typed game ID"
        self.begin(Match(start, meta={"dice": "game ID", "dice_name": name, "number": self.roll_number(start),
                                      "assisted": False, **meta}))
        if changed and self.buttons:
            self.on_resize()          # the play mode's buttons

    def id_words(self, start, meta: dict) -> str:
        return super().id_words(start, meta) if meta.get("daily") else "the game ID's board"

    # ------------------------------------------------------------------ the end of a match
    def announce(self, ending: Ending) -> None:
        if self.race is not None and self.match.meta.get("kind") == "race":
            self.show_result([f"Player {self.race.turn + 1}: {format_time(ending.seconds)}"], "win")
            self.next_racer(ending.seconds)      # (the full board stays in view under the banner a moment)
            return
        super().announce(ending)

    def win_words(self, ending: Ending):
        if self.match.meta.get("kind") == "view":
            return None, "", ""          # a solution only shown: no confetti, no record
        return super().win_words(ending)

    def won_level(self) -> int | None:
        """The level (1..10) of the board on show among its dice set's rolls (a game ID's
        board: the default dice's), None if it has none."""
        name = self.match.meta.get("dice", "default")
        try:
            dice_set = dice.resolve("default" if name == "game ID" else name)
            return level_of(dice_set, self.match.start.blockers, self.match.meta.get("solutions"))
        except SquarewiseError:
            return None

    def win_actions(self) -> tuple[str, ...]:
        """The offers of a won roll on show: Next puzzle, and Harder (below level 10) and Same
        level when the board has a level; none otherwise."""
        m = self.match
        if self.mode != "play" or m is None or not m.finished or m.meta.get("result") != "won" \
                or m.meta.get("kind", "play") != "play":
            return ()
        level = self.offers.level_of(m, self.won_level)
        if level is None:
            return ("next_puzzle",)
        return ("next_puzzle",) + (("harder",) if level < COUNT else ()) + ("same_level",)

    def take_offer(self, action: str) -> bool:
        """Next puzzle (a daily's: the daily puzzles), Harder or Same level after a win."""
        if action not in self.win_actions():
            return False
        if action == "next_puzzle" and self.match.meta.get("daily") is not None:
            self.app.open("daily")
            return True
        level = {"next_puzzle": None, "harder": str(self.offers.level + 1) if self.offers.level else None,
                 "same_level": str(self.offers.level)}[action]
        self.replace_game(lambda: (self.new_roll(level=level), self.on_resize()), "a new roll")
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.offers.sync(self.win_actions() if self.buttons else ())

    def handle_event(self, event) -> bool:
        offer = self.offers.pressed(event)
        if offer is not None:
            return self.do(offer)
        return super().handle_event(event)

    def win_offer(self) -> str:
        """The win's invitation to step through the roll's other solutions (their number when known)."""
        n = self.match.meta.get("solutions")
        what = f"the other {n - 1:,} solution{'s' if n != 2 else ''}" if isinstance(n, int) and n > 1 \
            else "every solution of this roll"
        return f"See {what}: {keys.describe('solutions')}"

    def show_all_solutions(self) -> bool:
        """Open the stepper on this roll's solutions, the player's own first (after a win only)."""
        m = self.match
        if m is None or not m.finished or self.mode != "play":
            return False
        self.app.open("genius-solutions", game_id=m.start.notation(), found=m.position.notation())
        return True

    # ------------------------------------------------------------------ free mode
    def enter_free(self) -> None:
        self.cancel_job()
        self.free = FreeBoard()
        self.race = None
        self.hand.let_go()
        self.say("Click seven cells for the blockers")
        self.on_resize()

    def toggle_blocker(self, cell: int) -> None:
        if not self.free.toggle(cell):
            self.app.toasts.show("Seven blockers already: click one to take it away", 2.5)
            return
        if self.free.full:
            self.check_free()
        else:
            self.say(f"{len(self.free.blockers)} of 7 blockers")
        self.refresh_buttons()

    def check_free(self) -> None:
        free, board = self.free, self.free.start()

        def done(reason):
            if free is not self.free or board.blockers != frozenset(free.blockers):
                return
            free.judge(reason, bare_reason_cells(mask(free.blockers)) if reason else frozenset())
            self.say("Solvable: press Play" if not reason else f"Unsolvable: {reason}")
            if reason:
                self.app.toasts.show(self.status, 4, self.app.palette.illegal)

        self.run_job("Checking the board", job_reason, board.notation(), done)

    def play_free(self) -> None:
        if not self.free.full:
            return
        start = self.free.start()
        self.free = None
        self.begin(Match(start, meta={"dice": "free", "dice_name": "free", "assisted": False}))
        self.on_resize()

    def free_key(self, name: str | None) -> bool:
        if self.cursor_key(name):
            return True
        if name == "place":
            self.toggle_blocker(self.cursor_cell())
            return True
        if name in ("help", "new", "copy", "load"):
            return self.do(name)
        return False

    # ------------------------------------------------------------------ the hot-seat race
    def start_race_turn(self) -> None:
        race = self.race
        if not race or not race.can_start or self.roll is not None:
            return
        turn = race.turn
        start = self.match.start
        meta = {k: v for k, v in self.match.meta.items() if k not in ("game", "result")}
        self.begin(Match(start, meta=dict(meta, player=turn + 1), timer=Timer()))
        race.waiting = False
        self.hand.fresh_tray()      # each player starts from the same fresh tray
        self.say(f"Player {turn + 1} is playing")
        self.roll_in(race.dice)     # the board is first seen now: the clock starts when the dice land
        self.refresh_buttons()

    def show_race_solution(self) -> None:
        """After a race: the raced board in play mode, the engine's solution filling it (shown,
        never recorded or celebrated)."""
        if not (self.race and self.race.over):
            return
        meta = {k: v for k, v in self.match.meta.items() if k not in ("player", "game", "result")}
        self.race = None
        self.begin(Match(self.match.start, meta=dict(meta, assisted=True, kind="view")))
        self.on_resize()
        self.ask_solve()

    def give_up(self) -> None:
        if self.race and not self.race.waiting:
            self.match.timer.stop()
            self.next_racer(None)

    def next_racer(self, elapsed: float | None) -> None:
        self.race.finish_turn(elapsed)
        self.hand.let_go()
        self.say(self.race.verdict() if self.race.over else "Player 2: same board, your clock. Press Start")
        self.refresh_buttons()

    # ------------------------------------------------------------------ counting
    def ask_count(self, blockers) -> None:
        bare = Position.from_blockers(blockers)

        def done(n):
            self.say(f"{n:,} solution{'s' if n != 1 else ''}: {difficulty_label(n)}")
            if self.match is not None and self.match.start.blockers == bare.blockers:
                self.match.meta["solutions"] = n

        self.run_job("Counting solutions", job_count, bare.notation(), done)

    # ------------------------------------------------------------------ buttons and actions
    MODES = (("play", "Play"), ("race", "Race"), ("versus", "vs computer"), ("free", "Free mode"),
             ("edit_dice", "Dice editor"))

    def pickers(self) -> list[tuple]:
        """The mode picker (play, race, vs computer, free mode, the dice editor) and, in play
        mode, the level of new rolls."""
        mode = ("mode", dict(self.MODES)[self.mode], list(self.MODES), self.pick_mode)
        if self.mode != "play":
            return [mode]
        label = f"Level: {self.level_words(self.level_setting())}"
        return [mode, ("level", label, self.level_choices(), self.choose_level)]

    def pick_mode(self, mode: str) -> None:
        """The mode picker's choice: the same actions as the keys (play: back from race or free mode)."""
        if mode != self.mode:
            self.do("new" if mode == "play" else mode)

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if "level" in self.menus:
            self.menus["level"].show(f"Level: {self.level_words(self.level_setting())}")

    def button_flags(self) -> dict:
        m = self.match
        busy = self.roll is not None or self.hidden()      # rolling, or a race's hand-over / result
        return {
            "undo": m is not None and m.can_undo and not busy,
            "redo": m is not None and m.can_redo and not busy,
            "restart": m is not None and m.position != m.start and not busy,
            "race_solution": bool(self.race and self.race.over),
            "hint": m is not None and not m.finished and not busy,
            "solve": m is not None and not m.finished and not busy,
            "free_play": self.free is not None and self.free.verdict == "",
            "race_start": bool(self.race and self.race.can_start and self.roll is None),
            "give_up": bool(self.race and not self.race.waiting),
        }

    def do(self, action: str) -> bool:
        if self.match is None and action not in self.WHILE_DRAWING:
            return False
        return super().do(action)

    def copy_id(self) -> None:
        if self.mode != "free":
            super().copy_id()
        elif not self.free.full:
            self.app.toasts.show("Place seven blockers first")
        else:
            self.copy_game_id(self.free.start().notation())

    def can_save(self) -> bool:
        return self.mode == "play"

    def can_move(self) -> bool:
        return self.mode != "free" and self.roll is None and not self.hidden()

    def can_pause(self) -> bool:
        m = self.match
        return m is not None and not m.finished and self.mode != "free" and not self.hidden()

    def do_puzzle(self, action: str) -> bool:
        busy = self.roll is not None
        if action == "new":
            self.replace_game(lambda: (self.new_roll(), self.on_resize()), "a new roll")
        elif action == "race":
            self.replace_game(lambda: (self.new_roll(race=True), self.on_resize()), "a race")
        elif action == "versus":
            self.app.open("genius-versus")
        elif action == "edit_dice":
            self.app.open("dice-editor")
        elif action == "free":
            self.replace_game(self.enter_free, "free mode")
        elif action == "free_clear":
            self.enter_free()
        elif action == "free_play":
            self.play_free()
        elif action == "free_check" and self.free is not None and self.free.full:
            self.ask_count(sorted(self.free.blockers))
        elif self.mode == "free" or busy or (self.hidden() and action not in ("race_start", "race_solution")):
            return False
        elif action == "solutions":
            return self.show_all_solutions()
        elif action in ("next_puzzle", "harder", "same_level"):
            return self.take_offer(action)
        elif action == "hint" and not self.match.finished and self.race is None:
            self.ask_hint()
        elif action == "solve" and not self.match.finished and self.race is None:
            self.ask_solve()
        elif action == "count" and self.race is None:
            self.ask_count(sorted(self.match.start.blockers))
        elif action == "race_start":
            self.start_race_turn()
        elif action == "race_solution":
            self.show_race_solution()
        elif action == "give_up" and self.race and not self.race.waiting:
            self.confirm(f"Give up this turn? Player {self.race.turn + 1} gets no time.", self.give_up,
                         title="Give up?", action="Give up")
            self.sync_clock()
        else:
            return False
        return True

    def handle_menu(self, event) -> bool:
        return self.dice is not None and self.dice.handle(event)

    def handle_input(self, event) -> bool:
        if self.match is None:              # the first roll is being drawn: keys act as buttons would
            name = keys.action(event)
            if name == "back":
                self.back()
                return True
            return bool(name) and self.do(name)
        return super().handle_input(event)

    def puzzle_key(self, event, name: str | None) -> bool | None:
        if self.mode == "free":
            return self.free_key(name)
        if self.hidden():
            if name == "place":
                return self.do("race_start")
            return self.do(name) if name else False
        return super().puzzle_key(event, name)

    def board_press(self, event) -> bool | None:
        """In free mode a click places or takes a blocker; between race turns it starts the next."""
        if self.mode != "free" and not self.hidden():
            return None
        geo = self.layout()["geo"]
        if event.button != 1:
            return False
        if self.mode == "free":
            cell = geo.cell_at(event.pos)
            if cell is not None:
                self.toggle_blocker(cell)
            return cell is not None
        if geo.rect.collidepoint(event.pos):
            self.do("race_start")
            return True
        return False

    def game_in_progress(self) -> bool:
        """A move made and the board not full; in a race, a turn begun or played and one to come."""
        race = self.race
        if race is not None:
            return not race.over and (race.turn > 0 or not race.waiting)
        return super().game_in_progress()

    def replace_game(self, start_fn, what: str = "a new game") -> None:
        """A race under way is abandoned like a game, once the players agree (it records nothing)."""
        if self.race is None:
            super().replace_game(start_fn, what)
        elif self.game_in_progress():
            self.ask_abandon(what, start_fn, "A race records nothing.")
        else:
            start_fn()

    def worth_resuming(self) -> bool:
        return self.race is None and self.free is None
