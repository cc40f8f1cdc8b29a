"""A race online: the player's own board as in play mode, and each opponent's small board.

`Online` is the mode of the screen (game/scenes/mode.py); its session plays matches of the kind
"online" (recorded once: won when the board filled, lost when the player left or the race
ended first). Every move the session plays goes to the server too (the session's watcher);
the server checks it again and keeps the clock and the places. Hints and Solve are not
offered, and the race's clock runs for everyone: a covered or unfocused window does not stop
it. Leave gives the seat up (the player stays in the results, unplaced); Rematch goes back to
the lobby of the same room. A server that is gone is said in one line, and the board stays
playable alone.
"""
from __future__ import annotations

from game.play.commands import Ask, Refresh, Toast
from game.play.match import Match, Timer, format_time
from game.play.session import Ending
from game.scenes.genius.kit import GeniusKit
from game.scenes.mode import Mode
from game.scenes.online.link import RaceLink
from game.scenes.play import PlayScene
from solver.genius.position import Position


class Online(Mode):
    name = "online"
    KIND = "online"
    BUTTONS = (("rematch", "Rematch"), ("undo", "Undo"), ("redo", "Redo"), ("help", "Keys (F1)"),
               ("menu", "Leave (Esc)"))

    def __init__(self, kit, link: RaceLink):
        super().__init__(kit.app, kit.session)
        self.kit = kit
        self.link = link
        self.said: str | None = None           # the server's last news already said
        kit.session.watchers.append(link.send_move)

    def begin_race(self) -> None:
        race = self.link.race
        self.link.fresh = False
        meta = {"dice": "online race", "dice_name": f"Race online · room {self.link.code}", "assisted": False,
                "kind": "online", "race": race["race"]}
        self.kit.play_match(Match(Position.parse(race["blockers"]), meta=meta, timer=Timer()))
        self.session.say("Go! The same roll is on every board")

    @property
    def racing(self) -> bool:
        """Still in the race: no results yet and this board not finished on the server."""
        return self.link.results is None and self.link.seat not in self.link.finished

    def beaten(self) -> dict | None:
        """The first of the others to finish (by the server's word), if any."""
        others = [f for seat, f in self.link.finished.items() if seat != self.link.seat]
        return min(others, key=lambda f: f["place"]) if others else None

    # ------------------------------------------------------------------ the server
    def update(self, dt: float) -> list:
        link, m = self.link, self.match
        link.pump()
        effects = []
        if m is not None and not m.ended and (link.results is not None or self.beaten() is not None):
            self.session.end(won=False)        # another board was full first: lost, but play on for a place
        news = self.news()
        if news != self.said and news is not None:
            self.said = news
            self.session.say(news)
            effects += [Toast(news, 4), Refresh()]
        if link.fresh:                         # a rematch begun while this screen was on top
            self.begin_race()
        elif link.resumed:
            self.catch_up()
        return effects

    def catch_up(self) -> None:
        """The seat resumed: the server's board and clock are the truth; this screen takes them
        (the moves made while the connection was down and the server never got are dropped)."""
        link, m = self.link, self.match
        link.resumed = False
        server = link.sent
        if server != self.session.position:
            self.session.hand.let_go()
            history, moves = [m.start], [""]
            for move in m.start.moves_to(server):
                history.append(history[-1].place(move))
                moves.append(self.session.puzzle.describe(history[-2], history[-1]))
            m.history, m.moves, m.index = history, moves, len(history) - 1
        if not m.finished:
            m.timer = Timer(link.race["elapsed_ms"] / 1000, running=True)
            self.session.sync_clock()
        if server.is_solved and not m.ended:
            self.session.end(won=True)
        self.said = None
        self.session.say("Reconnected: the race goes on")
        self.session.effects += [Toast("Reconnected: the race goes on", 3), Refresh()]

    def news(self) -> str | None:
        """One line: the server gone, the results, another finished first, or the last refusal."""
        link = self.link
        if link.retry is not None:
            return "Connection lost: reconnecting..."
        if link.lost is not None:
            return f"{link.lost[0].upper()}{link.lost[1:]}; your board stays playable alone"
        if link.results is not None:
            return "Race over: " + ", ".join(self.result_words(r) for r in link.results)
        first = self.beaten()
        if first is not None and link.seat not in link.finished:
            name = next((p["name"] for p in link.players() if p["seat"] == first["seat"]), "another player")
            return f"{name} finished first ({format_time(first['ms'] / 1000)}): finish your board for a place"
        return f"The server refused: {link.error}" if link.error else None

    @staticmethod
    def result_words(result: dict) -> str:
        if result["place"] is None:
            return f"{result['name']} unplaced"
        return f"{result['place']}. {result['name']} {format_time(result['ms'] / 1000)}"

    def win_words(self, ending: Ending):
        if ending.again:
            return super().win_words(ending)
        return f"Board full in {format_time(ending.seconds)}", "the server checks it and gives the place", ""

    # ------------------------------------------------------------------ buttons and leaving
    def allows(self, action: str) -> bool:
        return action in ("undo", "redo", "restart") and self.racing

    def flags(self) -> dict:
        m = self.match
        return {"undo": self.racing and m.can_undo, "redo": self.racing and m.can_redo,
                "rematch": self.link.results is not None and self.link.online}

    def do(self, action: str) -> list | None:
        if action == "rematch" and self.link.results is not None:
            self.link.send("rematch")
            self.app.pop()                          # the lobby: Ready again
            return []
        if action == "menu":
            return self.back()
        if action in ("hint", "solve", "count", "solutions", "new", "race", "free", "versus", "play",
                      "save", "edit_dice") or action.startswith("level="):
            return []
        return None

    def refuses_ids(self) -> str | None:
        return "A race online plays the server's roll; Leave first to play a game ID"

    def clock_always_runs(self) -> bool:
        """The race's clock runs on the server for everyone: this one never stops for a
        covered or unfocused window."""
        return True

    def in_progress(self) -> bool:
        return False

    def keep(self) -> bool:
        return False

    def back(self) -> list | None:
        if self.racing and self.link.online:
            return [Ask("Leave the race? It counts as lost, you stay in the results unplaced, "
                        "and the others race on.", self.leave_now, "Leave the race", "Leave")]
        return self.leave_now()

    def leave_now(self) -> list:
        """Give the seat up and go back to the title (through the lobby, which closes too)."""
        self.leave()
        self.link.send("leave")
        self.app.pop()
        self.app.top.back()
        return []

    def leave(self) -> None:
        """Leaving mid-race (or closing the window) loses it (the lobby below gives the seat up)."""
        if self.match is not None and not self.match.ended:
            self.session.end(won=False)

    def shows(self) -> dict:
        rivals = []
        for rival in self.link.rivals():
            board = self.link.boards.get(rival["seat"], Position.parse(self.link.race["blockers"]))
            progress = self.link.progress.get(rival["seat"])      # (boards are hidden during a race: progress)
            placed = progress["placed"] if progress is not None and rival["seat"] not in self.link.boards \
                else len(board.placed)
            lines = [rival["name"], f"{placed} of 9 pieces"]
            done = self.link.finished.get(rival["seat"])
            if done is not None:
                lines.append(f"{done['place']}. in {format_time(done['ms'] / 1000)}")
            elif rival["left"] or not rival["connected"]:
                lines.append("left" if rival["left"] else "dropped")
            rivals.append((tuple(lines), board))
        return {"subtitle": "race online", "rivals": tuple(rivals)}


class OnlineRaceScene(PlayScene):
    """A race online: a play screen whose mode is `Online`."""

    def __init__(self, app, *, link: RaceLink):
        kit = GeniusKit(app, None, column="rivals")
        kit.caption = "Squarewise - Race online"
        super().__init__(app, kit)
        kit.rng = self.rng
        kit.mode = Online(kit, link)
        self.link = link
        kit.mode.begin_race()
