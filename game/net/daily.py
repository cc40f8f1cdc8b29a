"""The daily desk of a race server: players, ranked runs of the daily puzzles, standings, groups.

A player registers a name and gets a secret token (the server keeps only its SHA-256). A run
is one player's play of a day's Genius or MacMahon daily: the board is the offline daily of
that number (solver/genius/daily.py, solver/macmahon/daily.py: made on a worker thread,
cached), every move string is applied with the engine (strict rules), the clock is the
server's, and a full board ends the run: it is committed to the store before the player is
told. One ranked run per player, puzzle and number (asked again while unfinished, it is given
back: a resume, also after a restart, from the store's moves and start); unranked runs any
number of times. A ranked run faster than a person can play (HUMAN_FLOOR_*) is kept, flagged
and left out of the standings. docs/server.md and docs/protocol.md say the rules.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import statistics
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from solver import daily
from solver.errors import IllegalMove, SquarewiseError
from solver.genius.daily import genius_daily
from solver.genius.moves import execute as genius_execute
from solver.genius.pieces import PIECES
from solver.macmahon.daily import macmahon_daily
from solver.macmahon.moves import FREE, execute as macmahon_execute

from . import names, protocol
from .protocol import CODE_ALPHABET, MAX_MESSAGE_BYTES, ProtocolError
from .store import CodeTaken, NameTaken, RankedTaken, StoreError

HUMAN_FLOOR_PER_PIECE_MS = 400     # a ranked run faster than this per piece or tile placed is flagged ...
HUMAN_FLOOR_GAP_MS = 120           # ... and one whose median gap between accepted moves is under this
EARLIEST_HOURS, LATEST_HOURS = 12, 14   # today's somewhere on Earth: the UTC dates of now - 12 h .. now + 14 h
GROUPS_PER_PLAYER = 20             # groups a player may make or join
GROUP_LENGTH = 8
BOARDS_KEPT = 64                   # days' boards kept made
BOARDS_WAITING = 4                 # boards being made at once, past which a `daily` is refused
DAY_SECONDS = 86400

DESK_TYPES = frozenset({"register", "daily", "standings", "group_create", "group_join", "group_leave", "groups"})


@dataclass(frozen=True)
class Board:
    """A day's puzzle as a run plays it: its start, how many pieces or tiles the player places,
    and the cells of the given tiles (MacMahon), which no move may change."""
    puzzle: str
    number: int
    level: str
    start: object                  # a solver.genius or solver.macmahon Position
    pieces: int
    givens: tuple[int, ...] = ()

    def execute(self, position, move: str):
        """The position after `move` (strict rules); SquarewiseError with the reason if refused."""
        if self.puzzle == "genius":
            return genius_execute(position, move)
        if move.endswith(FREE):
            raise IllegalMove("a daily run keeps the strict rules: colours must match (no '!' moves)")
        after = macmahon_execute(position, move)
        for cell in self.givens:
            if after.cells[cell] != self.start.cells[cell]:
                raise IllegalMove(f"the tile on {self.start.board.cell_name(cell)} is given")
        return after


def make_board(puzzle: str, number: int) -> Board:
    """The daily puzzle of that number (slow for some Genius days: run it off the event loop)."""
    day = daily.date_of(number)
    if puzzle == "genius":
        made = genius_daily(day)
        return Board(puzzle, number, daily.level(day), made.position, len(PIECES))
    made = macmahon_daily(day)
    givens = tuple(c for c, v in enumerate(made.puzzle.cells) if v is not None)
    return Board(puzzle, number, daily.level(day), made.puzzle, made.puzzle.board.size - len(givens), givens)


def accepted(now: float) -> tuple[int, int]:
    """The daily numbers that are today's somewhere on Earth at `now` (seconds since the epoch)."""
    return daily.utc_number(now - EARLIEST_HOURS * 3600), daily.utc_number(now + LATEST_HOURS * 3600)


def too_fast(board: Board, ms: int, times: list[int]) -> bool:
    """True when a finished run is faster than a person can play: under the floor per piece or
    tile placed, or a median gap between accepted moves (`times`, ms) under the gap floor."""
    if ms < HUMAN_FLOOR_PER_PIECE_MS * board.pieces:
        return True
    gaps = [b - a for a, b in zip(times, times[1:])]
    return bool(gaps) and statistics.median(gaps) < HUMAN_FLOOR_GAP_MS


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Live:
    """A run being played on a connection: the store's run, its board now, its move count and
    the clock times of its moves accepted by this server process (kept over a dropped connection)."""

    def __init__(self, run, board: Board, position, player, times: list[int]):
        self.run, self.board, self.position, self.player = run, board, position, player
        self.seq = len(run.moves)
        self.times = times


class DailyDesk:
    """The daily runs, standings and groups of one RaceServer, kept in `store`."""

    def __init__(self, server, store):
        self.server, self.store = server, store
        self.clock = server.config.clock
        self.boards: dict[tuple[str, int], asyncio.Future] = {}
        self.maker = ThreadPoolExecutor(1, thread_name_prefix="daily-boards")   # one board at a time
        self.live: dict[int, object] = {}       # run id -> the Link playing it
        self.times: dict[int, list[int]] = {}   # open run id -> its accepted moves' clock times (ms)

    def close(self) -> None:
        self.maker.shutdown(wait=False, cancel_futures=True)

    def log(self, link, what: str) -> None:
        self.server.log(None, None, link.address, what)

    async def handle(self, link, message: dict) -> None:
        """One client message of the desk's (or `move`/`leave`/`alive` during a run)."""
        kind = message["type"]
        try:
            if kind == "move":
                self.move(link, message["seq"], message["move"])
            elif kind == "leave":
                self.leave(link)
            elif kind != "alive":
                await getattr(self, "_" + kind)(link, message)
        except StoreError as exc:
            self.log(link, f"store error: {json.dumps(str(exc))}")
            self.drop(link)
            raise ProtocolError("the server could not record that; ask for the run again") from None

    # --- players

    def player(self, link, token: str):
        """The player of `token`; a refusal answered after the failed-join delay if none."""
        player = self.store.player(token_hash(token))
        if player is None:
            raise self.server._failed(link, "no such player on this server")
        return player

    async def _register(self, link, message: dict) -> None:
        config, now = self.server.config, self.clock()
        name = names.normalise(message["name"])
        if self.store.registrations_since(link.network, now - DAY_SECONDS) >= config.per_network_registrations:
            raise ProtocolError(f"your network has registered {config.per_network_registrations} players today; "
                                f"try tomorrow")
        token = secrets.token_urlsafe(32)
        try:                                    # (the network, a /24 or /64, is kept, not the address)
            player = self.store.add_player(name, names.key(name), token_hash(token), link.network, now)
        except NameTaken:
            raise ProtocolError("that name (or one that looks like it) is taken on this server") from None
        self.log(link, f"registered {json.dumps(name)}")
        link.send("registered", token=token, name=player.name)

    # --- runs

    async def board(self, puzzle: str, number: int) -> Board:
        """The day's board, made once on the worker thread and kept (the loop serves meanwhile)."""
        key = (puzzle, number)
        future = self.boards.get(key)
        if future is None:
            if sum(not f.done() for f in self.boards.values()) >= BOARDS_WAITING:
                raise ProtocolError("the server is busy making boards; try again in a moment")
            if len(self.boards) >= BOARDS_KEPT:
                del self.boards[next(k for k, f in self.boards.items() if f.done())]
            future = self.boards[key] = asyncio.get_running_loop().run_in_executor(
                self.maker, make_board, puzzle, number)
        try:
            return await asyncio.shield(future)
        except SquarewiseError as exc:
            self.boards.pop(key, None)
            raise ProtocolError(f"cannot make that daily: {exc}") from None

    def check_number(self, number: int, ranked: bool) -> None:
        low, high = accepted(self.clock())
        if number > high or ranked and number < low:
            span = f"#{low}" if low == high else f"#{low} to #{high}"
            raise ProtocolError(f"daily #{number} is not today's anywhere (this server takes {span} now)")

    async def _daily(self, link, message: dict) -> None:
        puzzle, number, ranked = message["puzzle"], message["daily"], message["ranked"]
        playing = link.run.run if link.run is not None else None
        same = playing is not None and ranked and playing.ranked and (playing.puzzle, playing.daily) == (puzzle, number)
        if playing is not None and not same:
            raise ProtocolError("already in a daily run: leave it first")
        player = self.player(link, message["token"])
        self.check_number(number, ranked)
        board = await self.board(puzzle, number)
        store, title = self.store, f"{daily.GAMES[puzzle]} #{number}"
        run = store.ranked_run(player.id, puzzle, number) if ranked else None
        if run is None:
            try:
                run = store.start_run(player.id, puzzle, number, ranked, self.clock())
            except RankedTaken:                  # another connection of this player began it just now
                run = store.ranked_run(player.id, puzzle, number)
        if run.ms is not None or run.abandoned:
            raise ProtocolError(f"your ranked run of {title} is over; play it again unranked")
        position = board.start
        for move in run.moves:
            position = board.execute(position, move)
        old = self.live.get(run.id)
        if old is not None and old is not link:   # a half-open old connection: this one takes over
            old.run = None
            old.abort("replaced by a resumed connection")
        if len(self.times) > 100_000:            # bounded: forget the oldest open runs' gaps
            for key in list(self.times)[:50_000]:
                del self.times[key]
        live = link.run = Live(run, board, position, player, self.times.setdefault(run.id, []))
        self.live[run.id] = link
        self.log(link, f"{'resumed' if run.moves else 'began'} {'ranked' if ranked else 'unranked'} run of "
                       f"{title} as {json.dumps(player.name)}")
        link.send("run", puzzle=puzzle, daily=number, ranked=ranked, level=board.level,
                  start=board.start.notation(), position=position.notation(), elapsed_ms=self.elapsed(live),
                  seq=live.seq)

    def elapsed(self, live: Live) -> int:
        return max(0, round((self.clock() - live.run.started) * 1000))

    def move(self, link, seq: int, move: str) -> None:
        """Apply one move string of the run with the engine; `moved`, or `refused` with the board.
        At a solved board the run is recorded (committed) and then `moved` and `done` are sent."""
        live = link.run
        ms = self.elapsed(live)
        if seq != live.seq + 1:
            return self.refuse(link, seq, f"out of order: the next move is number {live.seq + 1}", ms)
        try:
            position = live.board.execute(live.position, move)
        except SquarewiseError as exc:
            return self.refuse(link, seq, str(exc), ms)
        self.store.add_move(live.run.id, move)
        live.position, live.seq = position, seq
        live.times.append(ms)
        if not position.is_solved:
            link.send("moved", seq=seq, ms=ms)
            return
        run = live.run
        flagged = run.ranked and too_fast(live.board, ms, live.times)
        self.store.finish_run(run.id, ms, flagged)
        self.drop(link)
        self.times.pop(run.id, None)
        of, _, you = self.store.standings(run.puzzle, run.daily, player=live.player.id, limit=1)
        place = you.place if run.ranked and not flagged and you is not None else None
        self.log(link, f"finished {'ranked' if run.ranked else 'unranked'} {run.puzzle} #{run.daily} in {ms} ms"
                       f"{' (flagged: faster than a person)' if flagged else ''}")
        link.send("moved", seq=seq, ms=ms)
        link.send("done", puzzle=run.puzzle, daily=run.daily, ranked=run.ranked, ms=ms, place=place, of=of,
                  flagged=flagged)

    def refuse(self, link, seq: int, reason: str, ms: int) -> None:
        self.log(link, f"run move {seq} refused: {json.dumps(reason)}")
        link.send("refused", seq=seq, reason=reason[:200], position=link.run.position.notation(), ms=ms)

    def leave(self, link) -> None:
        """The player gives the run up: abandoned (a ranked one is over, unplaced)."""
        run = link.run.run
        self.drop(link)
        self.times.pop(run.id, None)
        self.store.abandon_run(run.id)
        self.log(link, f"abandoned a run of {run.puzzle} #{run.daily}")

    def drop(self, link) -> None:
        """The connection plays the run no more (it stays in the store as it is)."""
        live, link.run = link.run, None
        if live is not None and self.live.get(live.run.id) is link:
            del self.live[live.run.id]

    def dropped(self, link) -> None:
        """The connection ended during a run: a ranked one waits to be resumed, an unranked one
        is abandoned (asking again makes a new one)."""
        run = link.run.run
        self.drop(link)
        if not run.ranked:
            self.times.pop(run.id, None)
            self.store.abandon_run(run.id)

    # --- standings and groups

    async def _standings(self, link, message: dict) -> None:
        player = self.player(link, message["token"]) if message["token"] is not None else None
        group = message["group"]
        if group is not None and (player is None or not self.store.is_member(player.id, group)):
            raise ProtocolError("only a group's members see its standings (join it with its code)")
        total, rows, you = self.store.standings(
            message["puzzle"], message["daily"], days=message["days"], group=group,
            player=player.id if player else None, offset=message["offset"], limit=message["limit"])
        shown = [{"place": r.place, "name": r.name, "ms": r.ms, "runs": r.runs} for r in rows]
        mine = None if you is None else {"place": you.place, "ms": you.ms, "runs": you.runs, "flagged": you.flagged}
        fields = dict(puzzle=message["puzzle"], daily=message["daily"], days=message["days"], group=group,
                      total=total, you=mine)
        link.send("standings", rows=_fitting(shown, fields), **fields)

    async def _group_create(self, link, message: dict) -> None:
        player = self.player(link, message["token"])
        name = names.normalise(message["name"])
        self.check_room(player)
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(GROUP_LENGTH))
            try:
                group = self.store.create_group(player.id, code, name)
                break
            except CodeTaken:               # one chance in 32**8 per group made
                continue
        self.log(link, f"made group {code} {json.dumps(name)}")
        link.send("group", group=group.code, name=group.name, members=group.members)

    async def _group_join(self, link, message: dict) -> None:
        player = self.player(link, message["token"])
        if not self.store.is_member(player.id, message["group"]):
            self.check_room(player)
        group = self.store.join_group(player.id, message["group"])
        if group is None:
            raise self.server._failed(link, "no group with that code")
        link.send("group", group=group.code, name=group.name, members=group.members)

    def check_room(self, player) -> None:
        if len(self.store.groups(player.id)) >= GROUPS_PER_PLAYER:
            raise ProtocolError(f"you are in {GROUPS_PER_PLAYER} groups already: leave one first")

    async def _group_leave(self, link, message: dict) -> None:
        player = self.player(link, message["token"])
        self.store.leave_group(player.id, message["group"])
        self.send_groups(link, player)

    async def _groups(self, link, message: dict) -> None:
        self.send_groups(link, self.player(link, message["token"]))

    def send_groups(self, link, player) -> None:
        link.send("groups", groups=[{"group": g.code, "name": g.name, "members": g.members}
                                    for g in self.store.groups(player.id)])


def _fitting(rows: list[dict], fields: dict) -> list[dict]:
    """As many of `rows` as keep the `standings` message within the protocol's frame size (the
    client asks again with a larger offset for the rest)."""
    size = len(protocol.encode(protocol.SERVER, "standings", rows=[], **fields).encode())
    for count, row in enumerate(rows):
        size += len(json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode()) + (count > 0)
        if size > MAX_MESSAGE_BYTES:
            return rows[:count]
    return rows
