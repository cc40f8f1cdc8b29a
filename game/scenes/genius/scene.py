"""The Genius Square: roll, drag pieces, rotate, flip, undo, hint, solve; free mode, race.

Every rule comes from `solver.genius`: legality and its reason from `Position.check`,
shapes from `pieces`, answers from `search` (run on the worker), rolls from `dice`. This
module turns input into match actions; `view` draws, `free` and `race` hold free
mode and race mode, `jobs` the solver calls, `roll` the dice animation.
"""
from __future__ import annotations

import random

import pygame

from game import keys
from game.play.match import Match, Timer, format_time
from game.play.puzzle import Stuck
from game.scenes.genius.roll import RollAnimation
from game.puzzles.genius.puzzle import GENIUS, job_count, job_roll_at_level
from game.puzzles.genius.hand import Held, without_held
from game.scenes.genius.free import FreeBoard, FreeMode
from game.scenes.genius.hand import GeniusHand
from game.scenes.genius.race import Race, RaceMode
from game.scenes.genius.view import GeniusView
from game.scenes.play import PlayScene
from game.play.records import record_game
from solver.errors import SquarewiseError
from solver.genius.levels import ANY, CHOICES, LEVELS
from solver.genius.pieces import PIECES
from solver.genius.position import Move, Position
from solver.genius.roll_counts import difficulty_label
from solver.grid import cell_name



class GeniusScene(GeniusHand, FreeMode, RaceMode, GeniusView, PlayScene):
    caption = "Squarewise - The Genius Square"
    puzzle = GENIUS
    SOLVE_STEP = 0.25
    WHILE_PAUSED = PlayScene.WHILE_PAUSED | {"race", "versus", "free", "roll_level"}

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, rng: random.Random | None = None):
        super().__init__(app, rng)
        self.held: Held | None = None
        self.orient = {p: 0 for p in PIECES}
        self.cursor = (0, 0)
        self.roll: RollAnimation | None = None
        self.hint: tuple[str, frozenset, float] | None = None
        self.solve_queue: list[Move] = []
        self.free: FreeBoard | None = None        # free mode: blockers placed by hand
        self.race: Race | None = None             # race mode
        self.dice = None
        if game_id:
            self.play_id(game_id, quiet=False)
        elif not new:
            self.resume()
        if self.match is None:
            self.new_roll()

    @staticmethod
    def title_note(app) -> str | None:
        """'continue 1:23' on the title when a game is waiting to be resumed."""
        if not app.storage.exists(GENIUS.autosave):
            return None
        elapsed = app.storage.read(GENIUS.autosave).get("elapsed")
        return f"continue {format_time(elapsed)}" if isinstance(elapsed, (int, float)) else None

    # ------------------------------------------------------------------ starting games
    def dice_setting(self) -> str:
        return self.app.settings.get("dice", "default")

    def load_dice(self):
        from solver.genius import dice
        setting = self.dice_setting()
        try:
            return setting, dice.resolve(setting)
        except SquarewiseError as exc:
            self.app.toasts.show(f"{exc}; using the default dice", 5, self.app.palette.illegal)
            return "default", dice.builtin("default")

    def level_setting(self) -> str:
        """The level of a new roll (settings' `genius_level`; 'any' if it is not one)."""
        level = self.app.settings.get("genius_level", ANY)
        return level if level in CHOICES else ANY

    def cycle_level(self) -> None:
        """The next level for new rolls (any, easy, ..., very hard), remembered in the settings."""
        order = (ANY,) + LEVELS
        self.app.settings["genius_level"] = order[(order.index(self.level_setting()) + 1) % len(order)]
        self.app.save_settings()
        self.app.toasts.show(f"New rolls: {self.level_setting()} ({keys.describe('new')} rolls one)")
        self.refresh_buttons()

    def new_roll(self, *, race: bool = False) -> None:
        """Roll the dice and start a new match (the clock starts when the roll has landed); at a
        chosen level the roll is drawn fairly from that level's rolls in a child process first."""
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        level = self.level_setting()
        if race or level == ANY:
            self._start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)), race=race)
            return
        self.jobs.run(f"Drawing a {level} roll", job_roll_at_level, (dice_set, level, seed),
                      lambda draw: self._drawn(setting, dice_set, seed, draw),
                      lambda error: self._not_drawn(setting, dice_set, seed, f"No {level} roll: {error}"))
        self.refresh_buttons()

    def _not_drawn(self, setting: str, dice_set, seed: int, problem: str) -> None:
        """The draw failed (a custom dice set may have no roll of that level): say so, and if
        the board is still empty (the scene has just opened) roll any roll instead."""
        if self.match is None:
            self._start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)))
        self._job_done(None, problem)

    def _drawn(self, setting: str, dice_set, seed: int, draw) -> None:
        self._start_roll(setting, dice_set, seed, draw.faces, level=draw.level, solutions=draw.solutions)
        if self.buttons:
            self.on_resize()

    def _start_roll(self, setting: str, dice_set, seed: int, faces: tuple, *, race: bool = False,
                    **known) -> None:
        """Start the match of the rolled `faces`; `known`: the level and solution count of a draw."""
        start = Position.from_blockers(faces)
        meta = {"dice": setting, "dice_name": dice_set.name, "seed": seed, "rolled": list(faces),
                "assisted": False, **known}
        self._begin(Match(start, meta=meta, timer=Timer()))
        dice_faces = [tuple(d) for d in dice_set.dice]
        if race:      # nobody sees the board before their own clock starts
            self.race = Race(dice_faces)
            self.status = "Player 1: press Start"
            self.refresh_buttons()
            return
        self.roll = RollAnimation(dice_faces, faces, self.rng) if self.app.settings.get("animations", True) else None
        self.app.sounds.play("dice")
        if self.roll is None:
            self._landed()

    def begin_id(self, start: Position) -> None:
        changed = self.mode != "play"
        self._begin(Match(start, meta={"dice": "game ID", "dice_name": "typed game ID", "assisted": False}))
        if changed and self.buttons:
            self.on_resize()          # the play mode's buttons

    def resumed(self, match: Match) -> None:
        if not match.finished:
            match.timer.start()       # even if it was saved while the dice were still rolling

    def _begin(self, match: Match) -> None:
        super()._begin(match)
        self.race = None
        self.free = None
        self.roll = None
        self.refresh_buttons()

    def _landed(self) -> None:
        """The roll has landed: the clock starts."""
        self.roll = None
        self.match.timer.start()
        self.app.sounds.play("blockers")

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if "roll_level" in self.buttons:
            self.buttons["roll_level"].set_text(f"Level: {self.level_setting()}")

    #: what applies while the scene's first roll is still being drawn at a level (no match yet)
    WHILE_DRAWING = {"menu", "help", "roll_level", "new", "load", "paste", "play_id"}

    def do(self, action: str) -> bool:
        if self.match is None and action not in self.WHILE_DRAWING:
            return False
        return super().do(action)

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
            "race_start": bool(self.race and self.race.can_start and not busy),
            "give_up": bool(self.race and not self.race.waiting),
        }

    def shown_id(self) -> str | None:
        """The game ID, except while it would give the board away (rolling, free mode, a hidden race board)."""
        if self.match is None:
            return None
        return "" if self.roll is not None or self.mode == "free" or self.hidden() else self.match.game_id

    @property
    def mode(self) -> str:
        """'free' (placing blockers), 'race' (two players) or 'play': which buttons and keys apply."""
        return "free" if self.free is not None else "race" if self.race is not None else "play"

    # ------------------------------------------------------------------ the match
    @property
    def position(self) -> Position:
        return self.match.position

    def board_position(self) -> Position:
        """What the board shows: the position without the piece in hand."""
        return without_held(self.position, self.held)

    def hidden(self) -> bool:
        """In a race, the board is hidden between turns."""
        return bool(self.race and self.race.waiting)

    def play(self, position: Position) -> None:
        self.hint = None
        won = self.make_move(position)
        if won:
            self.on_win()
        self.refresh_buttons()

    def on_win(self) -> None:
        m = self.match
        self.held = None
        if self.race is not None:
            self.celebrate()
            self._next_racer(m.elapsed)
            return
        assisted = bool(m.meta.get("assisted"))     # hints or Solve: counted as such, never a best time
        new_best = record_game(self.app.statistics, self.puzzle.name, m.meta.get("dice", "default"), m.elapsed,
                               True, level=m.meta.get("level"), assisted=assisted, daily=m.meta.get("daily"))
        self.app.save_statistics()
        offer = self.other_solutions_offer()
        if assisted:
            self.announce_win(f"Solved with help in {format_time(m.elapsed)}", offer=offer)
        else:
            self.announce_win(f"Solved in {format_time(m.elapsed)}", "a new best time!" if new_best else "", offer)

    def abandoned(self) -> None:
        """An abandoned game (not a two-player race, which keeps no record) counts as lost."""
        m = self.match
        if self.race is None:
            record_game(self.app.statistics, self.puzzle.name, m.meta.get("dice", "default"), m.elapsed, False,
                        level=m.meta.get("level"), daily=m.meta.get("daily"))
            self.app.save_statistics()

    def other_solutions_offer(self) -> str:
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

    # ------------------------------------------------------------------ solver calls
    def show_hint(self, move: Move) -> None:
        piece, cells = move
        self.hint = (piece, frozenset(cells), 4.0)
        self.status = f"Hint: {piece} on {' '.join(cell_name(c) for c in sorted(cells))}"

    def show_hint_step(self, hint) -> None:
        """The rungs on the board too: nothing at first (which piece is said in words), then
        the one cell it covers, then all its cells (`show_hint`)."""
        super().show_hint_step(hint)
        if hint.step == 1:
            self.hint = (hint.move.piece, frozenset(sorted(hint.move.cells)[:1]), 4.0)

    def stuck(self, answer: Stuck) -> None:
        """Say why there is no way on, and which piece to take back if one would do."""
        piece, reason = answer.blame, answer.reason
        if piece:
            self.status = f"No solution keeps these pieces: take {piece} back"
            self.hint = (piece, self.position.placed[piece], 4.0)
        elif self.position.placed and reason == "no solution keeps these pieces":
            self.status = "No solution keeps these pieces: take some back"
        else:
            self.status = f"This board has no solution: {reason}"

    def ask_count(self, blockers) -> None:
        bare = Position.from_blockers(blockers)

        def done(n):
            self.status = f"{n:,} solution{'s' if n != 1 else ''}: {difficulty_label(n)}"
            if self.match is not None and self.match.start.blockers == bare.blockers:
                self.match.meta["solutions"] = n

        self.run_job("Counting solutions", job_count, bare.notation(), done)

    # ------------------------------------------------------------------ save and load
    def load_from(self, path) -> bool:
        if not super().load_from(path):
            return False
        self.on_resize()
        return True

    def autosave(self) -> None:
        if self.race is None:         # a race is not resumed
            super().autosave()

    # ------------------------------------------------------------------ input
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

    def do_puzzle(self, action: str) -> bool:
        busy = self.roll is not None
        if action == "new":
            self.replace_game(lambda: (self.new_roll(), self.on_resize()), "a new roll")
        elif action == "race":
            self.replace_game(lambda: (self.new_roll(race=True), self.on_resize()), "a race")
        elif action == "versus":
            self.app.open("genius-versus")
        elif action == "roll_level":
            self.cycle_level()
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
        elif action == "give_up":
            self.give_up()
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
        if self.roll is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and keys.action(event) != "back":
                self.roll.finish()       # any key or click skips the animation
                return True
            return False
        return super().handle_input(event)

    def puzzle_key(self, event, name: str | None) -> bool | None:
        if self.mode == "free":
            return self.free_key(name)
        if self.hidden():
            if name == "place":
                return self.do("race_start")
            return self.do(name) if name else False
        number = keys.piece_number(event)
        if number is not None and not self.match.finished:
            self.keyboard = True
            self.take(PIECES[number], sticky=True)
            return True
        if name == "flip":
            self.flip_held()
            return self.held is not None
        return None

    def on_press(self, event) -> bool:
        if self.mode != "free" and not self.hidden():
            return super().on_press(event)
        self.mouse = event.pos
        self.keyboard = False
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

    def hands_off(self) -> bool:
        return self.match.finished

    def game_in_progress(self) -> bool:
        """A move made and the board not full; in a race, a turn begun or played and one to come."""
        race = self.race
        if race is not None:
            return not race.over and (race.turn > 0 or not race.waiting)
        return super().game_in_progress()

    def can_pause(self) -> bool:
        return super().can_pause() and self.mode != "free" and not self.hidden()

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.roll is not None and not self.paused:
            self.roll.update(dt)
            if self.roll.done:
                self._landed()
                self.refresh_buttons()
        super().update(dt)
