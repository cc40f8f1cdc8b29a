"""`GeniusDealer`: every board The Genius Square plays, without pygame. The dice of the setting
rolled (at a level: drawn fairly in a child process first), a game ID or a roll's number, free
mode's blockers, a hot-seat turn, a race's solution to view, a race online's roll, a ranked
run's board: each a `Match` made by `make` (the one constructor: metadata by keyword, checked
against the puzzle's types) and put on the board through the session.

What the screen does about it comes back as effects: `RollIn` (the dice roll in on screen; the
screen calls `landed` when they have), `Rebuild`, a message; the answer of a level's draw comes
later, through `take_effects`.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.play.commands import Rebuild, Toast
from game.play.key_words import describe
from game.play.match import Match
from game.puzzles.genius.puzzle import GENIUS, job_count, job_roll_at_level
from solver.errors import SquarewiseError
from solver.genius import dice, numbers
from solver.genius.levels import ANY, COUNT, LEVELS, check_level, group_of, level_of
from solver.genius.position import Position
from solver.genius.roll_counts import difficulty_label


@dataclass(frozen=True)
class RollIn:
    """Effect: the dice roll in on screen and the blockers drop (`dice`: the set's faces); the
    clock starts when they have landed (`GeniusDealer.landed`)."""
    dice: tuple


def level_words(level: str) -> str:
    """How a level choice is shown: 'any', 'hard', 'level 9 (hard)'."""
    return f"level {level} ({group_of(int(level))})" if level.isdigit() else level


class GeniusDealer:
    def __init__(self, session, services, rng, clock=None, on_play=lambda match: None):
        self.session = session
        self.services = services         # the settings (dice set, level) and the worker's jobs
        self.rng = rng
        self.clock = clock               # the match clock's time source (None: the Timer's own; tests drive it)
        self.on_play = on_play           # on_play(match): the screen's part of a match put on the board (its mode)
        self.rolling = False             # the dice of the match on the board still roll in
        self.effects: list = []          # what a job's answer (a level's draw) asks of the screen

    @property
    def match(self) -> Match | None:
        return self.session.match

    def make(self, start: Position, *, elapsed: float = 0.0, history=None, moves=None, **meta) -> Match:
        """A Genius match (`Match.new`: metadata by keyword, checked), on this dealer's clock."""
        return Match.new(GENIUS, start, elapsed=elapsed, clock=self.clock, history=history, moves=moves, **meta)

    def take_effects(self) -> list:
        effects, self.effects = self.effects, []
        return effects

    # ------------------------------------------------------------------ the settings
    def load_dice(self):
        """(the dice setting, its dice set); the default set, said, when the setting's cannot be read."""
        setting = self.services.settings.get("dice", "default")
        try:
            return setting, dice.resolve(setting)
        except SquarewiseError as exc:
            self.effects.append(Toast(f"{exc}; using the default dice", 5, alarm=True))
            return "default", dice.builtin("default")

    def level_setting(self) -> str:
        """The level of a new roll (settings' `genius_level`): one of the ten ('1'..'10'), a
        group's word ('very-hard' or 'very hard'), or 'any' if it is none of these."""
        try:
            return str(check_level(self.services.settings.get("genius_level", ANY)))
        except SquarewiseError:
            return ANY

    def level_label(self, level: str | None = None) -> str:
        """The level picker's label of `level` (the setting's by default): 'Level: hard', 'Level 9 · hard'."""
        level = self.level_setting() if level is None else level
        return f"Level {level} · {group_of(int(level))}" if level.isdigit() else f"Level: {level}"

    def level_choices(self) -> list[tuple[str, str, str]]:
        """The level picker's entries, (key, label, short label): any, the four groups, then the
        ten levels ('Level: hard', 'Hard'; 'Level 9 · hard', 'Level 9'), no two alike."""
        return [(f"level={choice}", self.level_label(choice), f"Level {choice}" if choice.isdigit() else
                 "Any level" if choice == ANY else choice.capitalize())
                for choice in ((ANY,) + LEVELS + tuple(str(n) for n in range(1, COUNT + 1)))]

    def choose_level(self, level: str) -> list:
        """The level of new rolls from now on, remembered in the settings."""
        self.services.settings["genius_level"] = level
        self.services.save_settings()
        return [Toast(f"New rolls: {level_words(self.level_setting())} ({describe('new')} rolls one)")]

    # ------------------------------------------------------------------ rolls
    def new_roll(self, *, kind: str = "play", level: str | None = None) -> list:
        """Roll the dice and start a new match of `kind`; at a chosen level (`level`, else the
        setting) the roll is drawn fairly from that level's rolls in a child process first (the
        old game's clock stands meanwhile)."""
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        level = self.level_setting() if level is None else level
        if kind != "play" or level == ANY:
            return self.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)), kind=kind) + [Rebuild()]
        words = level_words(level)

        def drawn(draw) -> None:
            self.effects += self.start_roll(setting, dice_set, seed, draw.faces, level=draw.group,
                                            solutions=draw.solutions) + [Rebuild()]

        def not_drawn(error) -> None:       # a custom dice set may have no roll of that level
            if self.match is None:
                self.effects += self.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)))
            self.session.say(f"No {words} roll: {error}")
            self.effects.append(Rebuild())

        self.session.run_job(f"Drawing a {words} roll", job_roll_at_level, (dice_set, level, seed), drawn, not_drawn)
        if self.match is not None:
            self.match.timer.stop()     # (a hold would be let go by the screen's next clock sync)
        return []

    def start_roll(self, setting: str, dice_set, seed: int, faces: tuple, *, kind: str = "play", **known) -> list:
        """Start the match of the rolled `faces` (`known`: the level and solution count of a
        draw); the dice roll in, and the clock starts when they land (a hot-seat race's board
        waits for its player)."""
        start = Position.from_blockers(faces)
        self.session.begin(self.make(start, dice=setting, dice_name=dice_set.name, seed=seed, rolled=list(faces),
                                      number=numbers.number_or_none(dice_set, faces), kind=kind, **known))
        self.rolling = False
        return [] if kind == "race" else self.roll_in(tuple(tuple(d) for d in dice_set.dice))

    def roll_in(self, dice_faces: tuple) -> list:
        """The dice roll in and the blockers drop; the clock starts when they have landed."""
        self.rolling = True
        return [RollIn(dice_faces)]

    def landed(self) -> None:
        """The dice have landed: the board is played from now, on the clock."""
        self.rolling = False
        self.match.timer.start()

    def race_turn(self, player: int, dice_faces: tuple) -> list:
        """A hot-seat race's turn: the same roll for `player`, on a clock of its own, its dice
        (`dice_faces`, the race's) rolled in."""
        m = self.match
        meta = {k: v for k, v in m.meta.items() if k not in ("game", "result")}
        self.session.begin(self.make(m.start, **dict(meta, player=player)))
        return self.roll_in(dice_faces)

    # ------------------------------------------------------------------ other boards
    def parse_id(self, text: str) -> Position:
        """A game ID, or a roll's number of the dice set in use ('41233', '#41,233')."""
        try:
            number = numbers.parse_number(text)
        except SquarewiseError:
            return Position.parse(text)
        dice_set = self.load_dice()[1]
        return Position.from_blockers(numbers.roll_from_number(dice_set, numbers.check_number(dice_set, number)))

    def play_id(self, start: Position, meta: dict, kind: str = "play") -> list:
        """Start a match of `kind` from the position a game ID gave (`meta`: the daily's number, ...)."""
        daily = meta.get("daily")
        number = None if start.placed else numbers.number_or_none(self.load_dice()[1], start.blockers)
        match = self.make(start, **{"dice": "game ID", "dice_name": f"Daily #{daily}" if daily else "Game ID",
                                     "number": number, "kind": kind, **meta})
        self.session.begin(match)
        self.rolling = False
        match.timer.start()
        return [Rebuild()]

    def play_match(self, match: Match) -> list:
        """A match on the board (saved, free mode's, a race's, a run's): its clock starts now
        unless it has ended."""
        self.on_play(match)
        self.rolling = False
        self.session.begin(match)
        if not match.finished and not match.ended:
            match.timer.start()
        return [Rebuild()]

    def free_match(self, start: Position) -> Match:
        """Free mode's board, to play."""
        return self.make(start, dice="free", dice_name="free")

    def solution_match(self) -> Match:
        """The board on show again, to view a solution played on it (after a race)."""
        meta = {k: v for k, v in self.match.meta.items() if k not in ("player", "game", "result")}
        return self.make(self.match.start, **dict(meta, assisted=True, kind="view"))

    def race_match(self, race: dict, room: str) -> Match:
        """A race online's roll (the server's `race` message), its clock on the server's time."""
        return self.make(Position.parse(race["blockers"]), elapsed=race["elapsed_ms"] / 1000, dice="online race",
                          dice_name=f"Race online · room {room}", kind="online", race=race["race"])

    def run_match(self, run: dict, title: str) -> Match:
        """A ranked or unranked daily run's board (the standings server's `run`), on its clock."""
        return self.make(GENIUS.parse(run["start"]), elapsed=run["elapsed_ms"] / 1000, kind="ranked",
                          daily=run["daily"], level=run["level"], dice="game ID", dice_name=title)

    # ------------------------------------------------------------------ what the engine says of a board
    def moved(self) -> None:
        """After a move: nothing more to work out for Genius."""

    def refereed_facts(self) -> tuple[str, ...]:
        """The status panel's facts when a server referees the match: none (the board says what is left)."""
        return ()

    def won_level(self) -> int | None:
        """The level (1..10) of the board on show among its dice set's rolls (a game ID's
        board: the default dice's), None if it has none."""
        name = self.match.meta.get("dice", "default")
        try:
            dice_set = dice.resolve("default" if name == "game ID" else name)
            return level_of(dice_set, self.match.start.blockers, self.match.meta.get("solutions"))
        except SquarewiseError:
            return None

    def count(self, blockers) -> None:
        """Count the solutions of the bare board with `blockers` in a child process; said on the status line."""
        bare = Position.from_blockers(blockers)

        def done(n):
            self.session.say(f"{n:,} solution{'s' if n != 1 else ''}: {difficulty_label(n)}")
            if self.match is not None and self.match.start.blockers == bare.blockers:
                self.match.meta["solutions"] = n

        self.session.run_job("Counting solutions", job_count, (bare.notation(),), done)
