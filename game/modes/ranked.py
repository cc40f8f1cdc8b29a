"""`Ranked`: the mode of a daily run on a standings server (the screen is
game/scenes/ranked/run.py): the board as in play, the server's clock, no help. For every puzzle,
its session plays matches of the kind "ranked", refereed by the server: every move the session
plays goes to the server (the session's watcher, `Desk.send_move`), a move the server refuses is
undone with its reason, the clock shown is the server's, and the run ends when the server says
`done` (its time and place go into the records: docs/records.md). Hints, Solve and the solutions
are not offered (a key for them says why). A dropped connection is tried again; the server gives
the run back and the board takes the server's. Escape (or Game -> Back to the dailies) leaves a
ranked run on the server, its clock running: the Today card's "Go on with the run" brings it
back. Game -> Give up the run (asked first) ends it for the day, unplaced.
"""
from __future__ import annotations

from game.modes.refereed import RefereedMode
from game.net.desk import Desk
from game.play.commands import Ask, Banner, Leave, Refresh, Toast
from game.play.hints import capital
from game.play.match import Timer, format_time
from game.play.session import Ending
from solver import daily
from solver.cli_common import ordinal


NO_HELP = "A ranked run takes no hints, no Solve and no solutions: the board is yours alone"
LEFT_OUT = "Under review, not placed"    # held below a person's floor until the server's operator accepts it
CLOSE = "a click or any key closes this"


def done_words(done: dict) -> str:
    """The banner of a run the server recorded: '3rd of 41 · 0:44', 'Under review, not placed · 0:03'
    (held below a person's floor), or 'Unranked: 0:52'."""
    t = format_time(done["ms"] / 1000)
    if not done["ranked"]:
        return f"Unranked: {t}"
    if done["flagged"]:
        return f"{LEFT_OUT} · {t}"
    if done["place"] is None:
        return f"Recorded: {t}"
    return f"{ordinal(done['place'])} of {done['of']} · {t}"


class Ranked(RefereedMode):
    name = "ranked"
    KIND = "ranked"
    BUTTONS = (("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"))
    GAME_MENU = (("help", "Keys"), ("menu", "Back to the dailies"), ("give_up", "Give up the run"))
    LEFT_ON = "Your ranked run on {host} goes on, its clock too: Go on with the run brings it back"
    STRICT = True            # MacMahon's strict rules, whatever the setting (the server takes no other)

    def __init__(self, table, desk: Desk, buttons: tuple = ()):
        super().__init__(table, desk)
        self.given_up = False
        self.BUTTONS = self.BUTTONS + buttons       # the puzzle's own (its kit's RUN_BUTTONS)

    @property
    def desk(self) -> Desk:
        """The standings server's connection: the link the server referees this run through."""
        return self.link

    @property
    def run(self) -> dict:
        return self.desk.run

    def begin_run(self) -> list:
        """The server's board on this screen: its start, the moves made so far, its clock."""
        match = self.table.dealer.run_match(self.run, self.title())
        effects = self.table.dealer.play_match(match)
        self.desk.resumed = False
        self.new_board()
        if self.desk.sent != match.start:
            self.session.align(self.desk.sent)
        self.session.say(self.opening())
        return effects

    def title(self) -> str:
        run = self.run
        return f"{'Ranked' if run['ranked'] else 'Unranked'} on {self.desk.host} · " \
               f"{daily.GAMES[run['puzzle']]} #{run['daily']} · {run['level']}"

    def opening(self) -> str:
        if self.run["seq"]:
            return "Your run is given back: the server's board and clock"
        return "The server's clock runs: fill the board" + ("; one ranked run a day" if self.run["ranked"] else "")

    # ------------------------------------------------------------------ the server's word
    def update(self, dt: float) -> list:
        desk, m = self.desk, self.match
        desk.pump()
        if m is None or desk.run is None:
            return []
        if desk.resumed:
            return self.take_back(self.run["elapsed_ms"], "Reconnected: your run goes on")
        effects = self.follow_clock(m) + self.follow_refusals()
        if desk.done is not None and not m.ended:
            effects += self.finish(desk.done)
        else:
            self.tell_full(m, "the server checks it")
        return effects + self.tell(self.news())

    def finish(self, done: dict) -> list:
        """The server recorded the run: its time (and place) are the record's."""
        m = self.match
        m.timer = Timer(done["ms"] / 1000, clock=self.clock)
        if done["place"] is not None:
            m.meta["place"] = done["place"]
        self.session.end(won=True)
        return [Refresh()]

    def news(self) -> str | None:
        """A line on the connection while the run is on (a close after the run is over is no news)."""
        desk = self.desk
        if desk.done is not None:
            return None
        if desk.retry is not None:
            return "Connection lost: reconnecting (the server keeps your run)..."
        if desk.lost is not None:
            return f"{capital(desk.lost)}; ask for the run again from the daily puzzles"
        return None

    def won(self, ending: Ending) -> list:
        """The server's words: the place and its time, in a banner that stays until the player closes it."""
        words = done_words(self.desk.done)
        self.session.say(words)
        lines = (words,) + (("not in the standings: a replay",) if not self.desk.done["ranked"] else ()) + (CLOSE,)
        return [Banner(lines, "win", stays=True), Refresh()]

    # ------------------------------------------------------------------ what applies
    @property
    def on(self) -> bool:
        """The run is on: not done on the server, the connection not given up."""
        return self.desk.done is None and self.desk.lost is None

    def allows(self, action: str) -> bool:
        return action in ("undo", "redo", "restart") and self.on

    def flags(self) -> dict:
        """Undo, Redo, Restart while the run is on; Turn (and Genius's Flip) until it is over."""
        m = self.match
        moving = self.on and not m.ended
        return {"undo": self.on and m.can_undo, "redo": self.on and m.can_redo,
                "restart": self.on and m.position != m.start, "turn": moving, "flip": moving}

    def do(self, action: str) -> list | None:
        if action == "menu":
            return self.back()
        if action == "give_up":
            return self.give_up()
        if action in ("hint", "solve", "count", "solutions", "check"):
            return [Toast(NO_HELP, 4)]
        if action in ("new", "race", "free", "versus", "play", "save", "load", "edit_dice", "browse", "mode",
                      "variant") or action.partition("=")[0] in ("level", "variant", "rules"):
            return [Toast("A run on the server plays its board only: leave the run first", 3)]
        return None

    def shows(self) -> dict:
        return {"subtitle": self.title(), "facts": self.table.dealer.refereed_facts()}

    def refuses_ids(self) -> str | None:
        return "A run on the server plays its board only: leave the run first to play a game ID"

    def keep(self) -> bool:
        return False

    def kept(self) -> bool:
        """A ranked run still on the server and not given up: leaving the screen leaves it there."""
        return self.on and self.run is not None and self.run["ranked"] and not self.given_up

    def back(self) -> list | None:
        """Back to the daily puzzles: a ranked run stays on the server (said); any other is left."""
        if not self.kept():
            return self.leave_now()
        return [Leave(), Toast(self.LEFT_ON.format(host=self.desk.host), 5)]

    def give_up(self) -> list:
        if self.kept() and self.session.match is not None:
            return [Ask("Give up your ranked run? It is over for today and stays out of the standings; "
                        "you may play the daily again unranked.", self.leave_now, "Give up the ranked run",
                        "Give up")]
        return self.leave_now()

    def leave_now(self) -> list:
        self.given_up = True
        self.leave()
        self.desk.leave()
        return [Leave()]

    def leave(self) -> None:
        """Leaving an unfinished run that is given up (or unranked): a game lost (if a move was
        made). A ranked run left on the server is not over: nothing is recorded yet."""
        if self.match is not None and not self.match.ended and self.desk.done is None and not self.kept():
            self.session.end(won=False)
