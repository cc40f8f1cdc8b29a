"""A race online: the player's own board as in play mode, and each opponent's small board.

A `GeniusBoard` whose session plays matches of the kind "online" (recorded once: won when the
board filled, lost when the player left or the race ended first). Every change the session
accepts goes to the server too (`RaceLink.send_moves`); the server checks it again and keeps
the clock and the places. Hints and Solve are not offered. Leave gives the seat up (the
player stays in the results, unplaced); Rematch goes back to the lobby of the same room. A
server that is gone is said in one line, and the board stays playable alone.
"""
from __future__ import annotations

import pygame

from game.draw.widgets import grid_rects
from game.play.match import Match, Timer, format_time
from game.play.session import Ending
from game.scenes.genius.board import GeniusBoard
from game.scenes.genius.versus_view import draw_rival
from game.scenes.online.link import RaceLink
from solver.genius.moves import describe
from solver.genius.position import Position


class OnlineRaceScene(GeniusBoard):
    caption = "Squarewise - Race online"
    BUTTONS = {"play": [("rematch", "Rematch"), ("undo", "Undo"), ("redo", "Redo"),
                        ("help", "Keys (F1)"), ("menu", "Leave (Esc)")]}

    def __init__(self, app, *, link: RaceLink):
        super().__init__(app)
        self.link = link
        self.said: str | None = None           # the server's last news already said
        self.begin_race()

    def begin_race(self) -> None:
        race = self.link.race
        self.link.fresh = False
        meta = {"dice": "online race", "dice_name": f"Race online · room {self.link.code}", "assisted": False,
                "kind": "online", "race": race["race"]}
        self.begin(Match(Position.parse(race["blockers"]), meta=meta, timer=Timer()))
        self.match.timer.start()
        self.say("Go! The same roll is on every board")

    @property
    def racing(self) -> bool:
        """Still in the race: no results yet and this board not finished on the server."""
        return self.link.results is None and self.link.seat not in self.link.finished

    def beaten(self) -> dict | None:
        """The first of the others to finish (by the server's word), if any."""
        others = [f for seat, f in self.link.finished.items() if seat != self.link.seat]
        return min(others, key=lambda f: f["place"]) if others else None

    # ------------------------------------------------------------------ the server
    def session_changed(self) -> None:
        self.link.send_moves(self.position)
        super().session_changed()

    def update(self, dt: float) -> None:
        super().update(dt)
        link = self.link
        link.pump()
        if not self.match.ended and (link.results is not None or self.beaten() is not None):
            self.session.end(won=False)        # another board was full first: lost, but play on for a place
        news = self.news()
        if news != self.said and news is not None:
            self.said = news
            self.say(news)
            self.app.toasts.show(news, 4)
            self.refresh_buttons()
        if link.fresh:                         # a rematch begun while this screen was on top
            self.begin_race()
        elif link.resumed:
            self.catch_up()

    def catch_up(self) -> None:
        """The seat resumed: the server's board and clock are the truth; this screen takes them
        (the moves made while the connection was down and the server never got are dropped)."""
        link, m = self.link, self.match
        link.resumed = False
        server = link.sent
        if server != self.position:
            self.hand.let_go()
            history, moves = [m.start], [""]
            for move in m.start.moves_to(server):
                history.append(history[-1].place(move))
                moves.append(describe(history[-2], history[-1]))
            m.history, m.moves, m.index = history, moves, len(history) - 1
        if not m.finished:
            m.timer = Timer(link.race["elapsed_ms"] / 1000, running=True)
            self.sync_clock()
        if server.is_solved and not m.ended:
            self.session.end(won=True)
        self.session_changed()
        self.said = None
        self.say("Reconnected: the race goes on")
        self.app.toasts.show("Reconnected: the race goes on", 3)

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
    def button_flags(self) -> dict:
        m = self.match
        return {"undo": self.racing and m.can_undo, "redo": self.racing and m.can_redo,
                "rematch": self.link.results is not None and self.link.online}

    def do_puzzle(self, action: str) -> bool:
        if action != "rematch" or self.link.results is None:
            return False
        self.link.send("rematch")
        self.app.pop()                          # the lobby: Ready again
        return True

    def do(self, action: str) -> bool:
        if action == "menu":
            self.back()
            return True
        return super().do(action)

    def back(self) -> None:
        if self.held:
            self.hand.let_go()
        elif self.racing and self.link.online:
            self.confirm("Leave the race? It counts as lost, you stay in the results unplaced, "
                         "and the others race on.", self.leave, title="Leave the race", action="Leave")
        else:
            self.leave()

    def leave(self) -> None:
        """Give the seat up and go back to the title (through the lobby, which closes too)."""
        if not self.match.ended:
            self.session.end(won=False)
        self.link.send("leave")
        self.app.pop()
        self.app.top.back()

    def on_quit(self) -> None:
        """Closing the window mid-race leaves it: lost (the lobby below gives the seat up)."""
        if not self.match.ended:
            self.session.end(won=False)

    def ask_play_id(self, text: str, **meta) -> bool:
        """A race plays the server's roll: a typed game ID is not played here."""
        self.app.toasts.show("A race online plays the server's roll; Leave first to play a game ID", 4)
        return False

    def can_move(self) -> bool:
        return self.racing

    def clock_held(self) -> bool:
        """The race's clock runs on the server for everyone: this one never stops for a
        covered or unfocused window."""
        return False

    def can_pause(self) -> bool:
        return False

    def can_save(self) -> bool:
        return False

    # ------------------------------------------------------------------ drawing
    def _compute_layout(self) -> dict:
        """Play mode's layout; under the two rows of buttons, the opponents' boards, then the
        strip for messages."""
        lay = super()._compute_layout()
        app = self.app
        top = lay["buttons"].y + 2 * app.px(52) + app.px(12)
        messages = lay["messages"]
        bottom = messages.bottom - app.px(48)
        rivals = pygame.Rect(messages.x, top, messages.width, bottom - top)
        return {**lay, "rivals": rivals, "messages": pygame.Rect(messages.x, bottom + app.px(4), messages.width,
                                                                  app.px(44))}

    def draw(self, surface) -> None:
        super().draw(surface)
        rivals = self.link.rivals()
        area = self.layout()["rivals"]
        for rival, cell in zip(rivals, grid_rects(area, 2, max(1, (len(rivals) + 1) // 2), self.app.px(6))):
            board = self.link.boards.get(rival["seat"], Position.parse(self.link.race["blockers"]))
            draw_rival(surface, self.app, cell, board, self.rival_lines(rival, board))

    def rival_lines(self, rival: dict, board: Position) -> list[str]:
        lines = [rival["name"], f"{len(board.placed)} of 9 pieces"]
        done = self.link.finished.get(rival["seat"])
        if done is not None:
            lines.append(f"{done['place']}. in {format_time(done['ms'] / 1000)}")
        elif rival["left"] or not rival["connected"]:
            lines.append("left" if rival["left"] else "dropped")
        return lines
