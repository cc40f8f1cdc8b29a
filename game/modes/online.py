"""`Online`: the mode of a race online (the screen is game/scenes/online/race.py): the player's own
board as in play mode, and each opponent's small board (`shows`).

Its session plays matches of the kind "online" (recorded once: won when the board filled, lost
when the player left or the race ended first). Every move the session plays goes to the server
too (the session's watcher); the server checks it again and keeps the clock and the places.
Hints and Solve are not offered, and the race's clock runs for everyone: a covered or unfocused
window does not stop it. Leave gives the seat up (the player stays in the results, unplaced);
Rematch goes back to the lobby of the same room. A server that is gone is said in one line, and
the board stays playable alone; a race it ended that way, with nobody finished first, is no
result (the match's kind becomes "void": nothing recorded, no loss). An opponent who leaves is
said in a message.
"""
from __future__ import annotations

from game.modes.refereed import RefereedMode
from game.net.race_link import RACED, RaceLink
from game.play.commands import Ask, Banner, Leave, Open, Refresh, Toast
from game.play.hints import capital
from game.play.match import Timer, format_time
from game.play.session import Ending
from solver.cli_common import ordinal


VOID = "void"            # the match's kind once the server is gone with no result: nothing recorded


class Online(RefereedMode):
    name = "online"
    KIND = "online"
    BUTTONS = (("results", "Results"), ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"))
    GAME_MENU = (("help", "Keys"), ("menu", "Leave the race"))

    def __init__(self, table, link: RaceLink):
        super().__init__(table, link)
        self.shown_results = False             # the results screen opened for this race

    def begin_race(self) -> list:
        """The race's roll on the board (the server's, on its clock)."""
        self.link.fresh = False
        effects = self.table.dealer.play_match(self.table.dealer.race_match(self.link.race, self.link.code))
        self.shown_results = False
        self.new_board()
        self.session.say("Go! The same roll is on every board")
        return effects

    @property
    def racing(self) -> bool:
        """Still in the race: no results yet and this board not finished on the server."""
        return self.link.results is None and self.link.seat not in self.link.finished

    def beaten(self) -> dict | None:
        """The first of the others to finish (by the server's word), if any."""
        others = [f for seat, f in self.link.finished.items() if seat != self.link.seat]
        return min(others, key=lambda f: f["place"]) if others else None

    # ------------------------------------------------------------------ the server's word
    def update(self, dt: float) -> list:
        link, m = self.link, self.match
        link.pump()
        if link.fresh:                         # a rematch begun while this screen was on top
            return self.begin_race() + [Refresh()]
        if link.resumed:
            self.effects.extend(self.take_back(link.race["elapsed_ms"], "Reconnected: the race goes on"))
        m = self.match
        if m is None:
            return []
        if link.lost is not None and self.session.refereed:     # no server any more: the board is yours alone
            self.lose_the_server()
        effects = self.follow_clock(m) + self.follow_refusals() + [Toast(words, 4) for words in link.departures()]
        mine = link.finished.get(link.seat)
        if mine is not None and not m.ended:
            effects += self.finish(mine)
        else:
            self.tell_full(m, "the server checks it and gives the place")
        if link.results is not None and not m.ended:
            self.session.end(won=False)        # the race is over and this board never finished: unplaced
        if link.results is not None and not self.shown_results:
            self.shown_results = True
            effects.append(Open("online-results", {"link": link, "own": m.position}))
        return effects + self.tell(self.news())

    def lose_the_server(self) -> None:
        """The server is gone before this board's end: a race somebody else had won is lost; one
        nobody finished is no result (kind "void": nothing recorded, no loss, the streak kept)."""
        m = self.match
        self.session.refereed = False
        if m.ended:
            return
        if self.beaten() is not None:
            self.session.end(won=False)
            return
        m.meta["kind"] = VOID
        if m.finished:
            self.session.end(won=True)

    def finish(self, mine: dict) -> list:
        """This board is full on the server: the server's time and place are the record's."""
        m = self.match
        m.timer = Timer(mine["ms"] / 1000, clock=self.clock)
        m.meta["place"] = mine["place"]
        won = mine["place"] == 1
        self.session.end(won=won)
        if won:
            return [Refresh()]
        first = self.beaten()
        words = (f"{ordinal(mine['place'])}, {format_time(mine['ms'] / 1000)}",) + \
            ((f"{first['name']} won in {format_time(first['ms'] / 1000)}",) if first else ())
        self.session.say(", ".join(words))
        return [Banner(words, "win"), Refresh()]

    def news(self) -> str | None:
        """One line: the server gone, the results, another finished first."""
        link = self.link
        if link.retry is not None:
            return "Connection lost: reconnecting..."
        if link.lost is not None:
            return f"{capital(link.lost)}. Your board stays playable alone."
        if link.results is not None:
            return "Race over: " + ", ".join(self.result_words(r) for r in link.results)
        first = self.beaten()
        if first is not None and link.seat not in link.finished:
            return f"{first['name']} finished first ({format_time(first['ms'] / 1000)}): finish your board for a place"
        return None

    @staticmethod
    def result_words(result: dict) -> str:
        if result["place"] is None:
            return f"{result['name']} unplaced"
        return f"{ordinal(result['place'])} {result['name']} {format_time(result['ms'] / 1000)}"

    def win_words(self, ending: Ending):
        """First on the server: the place and the server's time (with no server: no result)."""
        if self.match.meta["kind"] == VOID:
            return f"Solved in {format_time(ending.seconds)}", "the race server had stopped: no result", ""
        return f"1st, {format_time(ending.seconds)}", "you won the race", ""

    # ------------------------------------------------------------------ buttons and leaving
    def allows(self, action: str) -> bool:
        return action in ("undo", "redo", "restart") and self.racing

    def flags(self) -> dict:
        m = self.match
        return {"undo": self.racing and m.can_undo, "redo": self.racing and m.can_redo,
                "results": self.link.results is not None}

    def do(self, action: str) -> list | None:
        if action == "results" and self.link.results is not None:
            return [Open("online-results", {"link": self.link, "own": self.session.position})]
        if action == "menu":
            return self.back()
        if action in ("hint", "solve", "count", "solutions", "new", "race", "free", "versus", "play",
                      "save", "edit_dice") or action.startswith("level="):
            return []
        return None

    def refuses_ids(self) -> str | None:
        return "A race online plays the server's roll; Leave first to play a game ID"


    def redraw_in(self) -> float | None:
        """The link's next look with no message: a ping, a silence, a try to get back."""
        return self.link.due_in()

    def keep(self) -> bool:
        return False

    def back(self) -> list | None:
        if self.racing and self.link.online:
            return [Ask("Leave the race? It counts as lost if you made a move, you stay in the results "
                        "unplaced, and the others race on.", self.leave_now, "Leave the race", "Leave")]
        return self.leave_now()

    def leave_now(self) -> list:
        """Give the seat up and go back to the title (through the lobby, which closes too)."""
        self.leave()
        self.link.send("leave")
        return [Leave(back_below=True)]

    def leave(self) -> None:
        """Leaving mid-race (or closing the window) loses it (the lobby below gives the seat up)."""
        if self.match is not None and not self.match.ended:
            self.session.end(won=False)

    def shows(self) -> dict:
        rivals = []
        blockers = RACED.parse(self.link.race["blockers"])
        for rival in self.link.rivals():
            seat = rival["seat"]
            board = self.link.boards.get(seat)
            progress = self.link.progress.get(seat, {})
            lines = [rival["name"], f"{progress.get('placed', len(board.placed) if board else 0)} of 9 pieces"]
            done = self.link.finished.get(seat)
            if done is not None:
                lines.append(f"{ordinal(done['place'])} in {format_time(done['ms'] / 1000)}")
            elif rival["left"] or not rival["connected"] or rival.get("idle"):
                lines.append("left" if rival["left"] else "idle" if rival.get("idle") else "dropped")
            rivals.append((tuple(lines), board or blockers))
        return {"subtitle": f"race online · room {self.link.code}", "rivals": tuple(rivals)}
