"""The Today screen's side of a standings server (no pygame): the player's place on each
daily, and the way into a run: the name asked the first time (registered, its token kept in
the data folder: game/net/identity.py), then `daily` asked of the server. A ranked run that
is over already turns the offer into a replay (unranked). Nothing waits on the network: the
answers come through the Desk's `pump`, once a frame; a server that is down is one quiet line.

A ranked run the server deals is kept in the data folder beside the name (`identity.keep_run`)
until `done` comes, the player gives it up, or the server refuses it: after a closed window, or
past midnight while the server still takes its number (game/net/daily.py's `accepted`), the
card offers to go on with it.
"""
from __future__ import annotations

import time

from game.net import identity
from game.net.daily import accepted, window_open
from game.net.names import BadName, normalise
from game.play import records
from game.play.hints import capital
from game.puzzles import registry
from game.net.desk import Desk, host_of
from solver.cli_common import ordinal
from solver.errors import SquarewiseError

LEFT_OUT = {"held": "under review: held for the server's operator", "disqualified": "disqualified by the operator",
            "barred": "your name is barred from the standings"}     # a ranked run left out, by the server's status
RUN_LEFT = "your ranked run goes on: the server's clock runs"
RUN_LEFT_BEFORE = "your ranked run of #{number} goes on: pick #{number} below"
RUN_OPEN = "your ranked run is open: its clock runs"          # the title's card (its button goes on with it)
RUN_OPEN_BEFORE = "your ranked run of #{number} is open: its clock runs"
GO_ON = "Go on with the run"


def place_line(answer: dict) -> str:
    """What the Today card says of the player's ranked run: '3rd of 41 today', the flag, or ''."""
    you = answer.get("you")
    if not you:
        return ""
    if you["flagged"]:
        return LEFT_OUT.get(you.get("status"), LEFT_OUT["held"])
    if you["place"] is None:
        return ""
    return f"{ordinal(you['place'])} of {answer['total']} today"


class Offer:
    """A standings server for the Today screen: `places`, `line`, the name to ask, the run to open."""

    def __init__(self, app, url: str, connect=None, now=time.time):
        self.app, self.url, self.now = app, url, now
        self.desk = Desk(url, connect=connect, wake=getattr(app, "wake", None))
        self.desk.on_over = lambda run: self._forget(run["puzzle"])
        self.kept = identity.open_runs(app.storage.folder, url)   # puzzle -> number of a ranked run left open
        self.today: int | None = None         # the number the places were asked for
        self.places: dict[str, str] = {}      # puzzle -> '3rd of 41 today'
        self.over: dict[str, str] = {}        # puzzle -> the server's word that the ranked run is over
        self.line = ""                        # one quiet line: the server not answering, an older one
        self.asking: tuple[str, int, bool] | None = None     # (puzzle, number, ranked) waiting for a name
        self.name_line = ""                   # why the name typed was not taken
        self.starting: str | None = None      # the puzzle whose run was asked for

    @property
    def host(self) -> str:
        return host_of(self.url)

    def me(self) -> identity.Identity | None:
        return identity.load(self.app.storage.folder).get(self.url)

    # ------------------------------------------------------------------ places
    def refresh(self, number: int, puzzles=registry.ordered()) -> None:
        """Ask the server for the player's place on today's daily `number` of each puzzle (nothing
        without a name there: no run, no place), and read the runs kept open again (another
        screen's connection may have ended one)."""
        self.today = number
        self.kept = identity.open_runs(self.app.storage.folder, self.url)
        self.ask_places(number, puzzles)

    def ask_places(self, number: int, puzzles=registry.ordered()) -> None:
        """Ask for the player's place on daily `number` of each puzzle: today's is said on the card,
        and the place kept with a ranked run of that day is the server's from then on (a later,
        faster finisher moves it: records.set_place)."""
        me = self.me()
        if me is None:
            return
        for puzzle in puzzles:
            self.desk.ask("standings", lambda answer, p=puzzle: self._placed(p, number, answer), self._quiet,
                          puzzle=puzzle, daily=number, days=1, group=None, token=me.token, offset=0, limit=1)

    def _placed(self, puzzle: str, number: int, answer: dict) -> None:
        if number == self.today:
            self.places[puzzle] = place_line(answer)
            self.line = ""
        you = answer.get("you")
        if you and not you["flagged"] and you["place"] is not None and \
                records.set_place(self.app.statistics, puzzle, number, you["place"]):
            self.app.save_statistics()

    def replay(self, puzzle: str) -> bool:
        """Today's ranked run of `puzzle` is over (placed, flagged, or the server said so): play
        again unranked."""
        return puzzle in self.over or bool(self.places.get(puzzle))

    def on_desk(self, puzzle: str) -> bool:
        """A ranked run of `puzzle` left on the server from this screen (Escape during it): not over."""
        run = self.desk.run
        return run is not None and run["ranked"] and run["puzzle"] == puzzle and self.desk.done is None

    def open_number(self, puzzle: str) -> int | None:
        """The daily number of `puzzle`'s ranked run left open: on this screen's connection, or
        kept from before (a closed window) while the server still takes that number ranked."""
        if self.on_desk(puzzle):
            return self.desk.run["daily"]
        number = self.kept.get(puzzle)
        first, last = accepted(self.now())
        return number if number is not None and first <= number <= last else None

    def open_run(self, puzzle: str, number: int) -> bool:
        """A ranked run of daily `number` of `puzzle` is left open: going on with it asks nothing."""
        return self.open_number(puzzle) == number

    def label(self, puzzle: str, number: int, today: int) -> str:
        """The card's server button for daily `number` (`today`: today's number): 'Ranked on HOST',
        'Go on with the run' (a ranked run left on the server), 'Play again (unranked)' once
        today's ranked run is over (the server deals the day's puzzle then, not its ranked board),
        and for a past day 'Its ranked board (unranked)' once the server shows it."""
        if self.open_run(puzzle, number):
            return GO_ON
        if number != today:
            return f"Play on {self.host}" if window_open(number, self.now()) else "Its ranked board (unranked)"
        return "Play again (unranked)" if self.replay(puzzle) else f"Ranked on {self.host}"

    def said(self, puzzle: str, number: int, today: int) -> str:
        """The card's line of the server for daily `number`: today's place, or the ranked run left
        open (this day's, or one of the day before that the server still takes)."""
        said = self.over.get(puzzle) or self.places.get(puzzle, "") if number == today else ""
        if said or self.open_run(puzzle, number):
            return said or RUN_LEFT
        other = self.open_number(puzzle)
        return RUN_LEFT_BEFORE.format(number=other) if other is not None and number == today else ""

    def card_line(self, puzzle: str, today: int) -> str:
        """The title's Today card's word of the server: the ranked run left open (today's, or the
        day before's that the server still takes), else today's place."""
        number = self.open_number(puzzle)
        if number is None:
            return self.places.get(puzzle, "")
        return RUN_OPEN if number == today else RUN_OPEN_BEFORE.format(number=number)

    def _keep(self, run: dict) -> None:
        if run["ranked"] and self.kept.get(run["puzzle"]) != run["daily"]:
            self.kept[run["puzzle"]] = run["daily"]
            self._write(identity.keep_run, run["puzzle"], run["daily"])

    def _forget(self, puzzle: str) -> None:
        if self.kept.pop(puzzle, None) is not None:
            self._write(identity.drop_run, puzzle)

    def _write(self, change, *args) -> None:
        try:
            change(self.app.storage.folder, self.url, *args)
        except (OSError, SquarewiseError) as exc:
            self.line = f"The open run could not be noted here: {exc}"

    def _quiet(self, reason: str) -> None:
        self.line = reason

    # ------------------------------------------------------------------ a run
    def play(self, puzzle: str, number: int, ranked: bool) -> None:
        """Ask for a run (the name first, if the player has none on this server)."""
        me = self.me()
        if me is None:
            self.asking, self.name_line = (puzzle, number, ranked), ""
            return
        if self.desk.unfinished and not (ranked and self.on_desk(puzzle)):
            self.desk.set_aside()             # (another run left open here waits on the server)
        self.starting = puzzle
        self.line = f"Asking {self.host} for the board..."
        self.desk.start_run(me.token, puzzle, number, ranked,
                            lambda reason: self._refused(puzzle, number, ranked, reason))

    def _refused(self, puzzle: str, number: int, ranked: bool, reason: str) -> None:
        """The server's reason, said once; a kept run it refuses is forgotten (a server not
        answering, or busy, refuses nothing)."""
        self.starting = None
        if ranked and self.desk.lost is None and "busy" not in reason and self.kept.get(puzzle) == number:
            self._forget(puzzle)
        if ranked and "over" in reason and self.today in (None, number):
            self.over[puzzle] = reason
            self.line = ""
        else:
            self.line = reason

    def register(self, typed: str) -> None:
        """The name typed for this server: checked as the server checks it, then sent."""
        try:
            name = normalise(typed)
        except BadName as exc:
            self.name_line = str(exc)
            return
        self.name_line = f"Asking {self.host} for the name..."
        self.desk.ask("register", lambda answer: self._registered(answer), self._name_refused, name=name)

    def _registered(self, answer: dict) -> None:
        try:
            identity.remember(self.app.storage.folder, self.url, answer["token"], answer["name"])
        except (OSError, SquarewiseError) as exc:
            self.name_line = f"The name could not be kept here: {exc}"
            return
        asked, self.asking, self.name_line = self.asking, None, ""
        if asked is not None:
            self.play(*asked)

    def _name_refused(self, reason: str) -> None:
        self.name_line = capital(reason)

    def cancel_name(self) -> None:
        self.asking, self.name_line = None, ""

    def pump(self) -> dict | None:
        """Read the server's answers; the run to open now, if one came."""
        self.desk.pump()
        if self.starting is not None and self.desk.run is not None:
            self.starting, self.line = None, ""
            self._keep(self.desk.run)
            return self.desk.run
        return None

    def close(self) -> None:
        self.desk.close()
