"""The daily desk of a race server: players, ranked runs of the daily puzzles, standings, groups.

A player registers a name and gets a secret token (the server keeps only its SHA-256). A run
is one player's play of a day's Genius or MacMahon daily. A ranked run's board is the server's
own deal of that number (game/net/deal.py: from the secret in its database, never sent), sent
only in the run's first message, once its clock has started; an unranked run's is the offline
daily while the number's ranked window is open, the server's deal once it has closed. Boards
are made on a worker thread and cached (today's never dropped). Every move string is applied
with the engine (strict rules) and kept with its time; the clock is the server's, and a full
board ends the run: it is committed to the store before the player is told. One ranked run per
player, puzzle and number (asked again while unfinished, it is given back: a resume, also after
a restart, from the board and move count stored with it, never a replay); unranked runs any
number of times, never stored. A run takes at most MAX_RUN_MOVES moves, and a ranked one lives
while its number is today's somewhere. A finished ranked run is judged (game/net/fair.py): held
for review below a person's floor (left out until an operator accepts it), flagged by its
rhythm (kept placed, for the operator). An operator's decisions (game/net/review.py) are read
from the store every DECISIONS_EVERY seconds, said in the log, and the standings follow them.

The event loop never waits on the store: reads run on reader threads and writes on the one
writer thread (game/net/store_threads.py), awaited, so `moved` and `done` go out only once
committed. A move is timed when its frame was read (`link.read_at`), not when the loop got
to it. Standings are rankings kept in memory as runs finish (game/net/ranking.py), so a page
costs a page whatever the days; they have their own budget per connection and per address. A
store error is one log line and one `error`; the connection stays. docs/server.md and
docs/protocol.md say the rules.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import math
import secrets
import weakref
from concurrent.futures import ThreadPoolExecutor

from solver import daily
from solver.errors import SquarewiseError

from . import fair, names, protocol
from .budget import Bucket
from .deal import Board, make_board
from .protocol import CODE_ALPHABET, MAX_MESSAGE_BYTES, ProtocolError
from .ranking import Rankings
from .store import CodeTaken, NameTaken, Run, Store, StoreError
from .store_threads import StoreThreads

EARLIEST_HOURS, LATEST_HOURS = 12, 14   # today's somewhere on Earth: the UTC dates of now - 12 h .. now + 14 h
MAX_RUN_MOVES = 5000               # accepted moves of one run, past which its moves are refused
GROUPS_PER_PLAYER = 20             # groups a player may make or join
GROUP_LENGTH = 8
BOARDS_KEPT = 64                   # days' boards kept made (today's are never dropped)
BOARDS_WAITING = 4                 # other days' boards being made at once, past which a `daily` is refused
STANDINGS_READING = 16             # standings being read at once, past which one is refused (busy)
ADDRESSES_KEPT = 10_000            # addresses whose standings budget is kept (the oldest half forgotten past it)
PLAYERS_KEPT = 100_000             # players kept known by their token's hash (the oldest half forgotten past it)
DAY_SECONDS = 86400
DECISIONS_EVERY = 1.0              # seconds between looks for an operator's new decisions in the store

DESK_TYPES = frozenset({"register", "daily", "standings", "group_create", "group_join", "group_leave", "groups"})


def accepted(now: float) -> tuple[int, int]:
    """The daily numbers that are today's somewhere on Earth at `now` (seconds since the epoch)."""
    return daily.utc_number(now - EARLIEST_HOURS * 3600), daily.utc_number(now + LATEST_HOURS * 3600)


def last_moment(number: int) -> float:
    """When daily `number` stops being today's anywhere (and a ranked run of it ends): the end of
    its UTC date plus EARLIEST_HOURS."""
    day = daily.date_of(number + 1)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp() + EARLIEST_HOURS * 3600


def window_open(number: int, now: float) -> bool:
    """Whether daily `number`'s ranked window is open at `now`: its ranked board is then shown
    only in ranked runs (an unranked run deals the offline daily)."""
    return now < last_moment(number)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Unloadable(SquarewiseError):
    """A stored run whose board cannot be read (it is kept as it is, for the operator)."""


def open_ranked(store: Store, player: int, board: Board, clock):
    """(On the writer thread.) The player's ranked run of the board's day, started now by `clock`
    if there is none, and its board now: None if the run is over. Unloadable if its stored board
    (or, for a run of database version 1, its moves replayed) is not a board of the day."""
    run = store.ranked_run(player, board.puzzle, board.number) or \
        store.start_run(player, board.puzzle, board.number, True, clock(), board.dealt)
    if run.ms is not None or run.abandoned:
        return run, None
    try:
        if run.position is not None:
            return run, board.load(run.position)
        if run.seq > MAX_RUN_MOVES:
            raise SquarewiseError(f"{run.seq:,} moves to replay, more than a run may have")
        position = board.start
        for move in store.moves(run.id):
            position = board.execute(position, move)
    except SquarewiseError as exc:
        raise Unloadable(f"run {run.id}: {exc}") from None
    if run.seq:
        store.set_position(run.id, position.notation())
    return run, position


def finish_ranked(store: Store, run: Run, board: Board, seq: int, move: str, position: str, ms: int):
    """(On the writer thread.) The run judged (game/net/fair.py: its moves and their times, the
    day's median), then the last move and the finish in one transaction: (the verdict, its
    finish number, its place that day, how many are placed)."""
    timeline = [(m, t) for _, m, t in store.timeline(run.id)] + [(move, ms)]
    verdict = fair.judge(board.puzzle, board.start, timeline, ms, board.pieces, *store.median(run.puzzle, run.daily))
    number = store.add_move(run.id, seq, move, position, (ms, verdict.held, verdict.reasons), ms=ms)
    return (verdict, number, *store.place(run.puzzle, run.daily, ms))


def new_group(store: Store, player: int, name: str):
    """(On the writer thread.) A group with a new code, made by `player`."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(GROUP_LENGTH))
        try:
            return store.create_group(player, code, name)
        except CodeTaken:               # one chance in 32**8 per group made
            continue


def servers_trouble(told: str, said: str) -> ProtocolError:
    """A refusal that is the server's doing: the client is told `told`, the log says `said`, and
    it does not count against the client's bad messages."""
    error = ProtocolError(told)
    error.said = said
    return error


class Live:
    """A run being played on a connection: the store's run, its board now, its move count and
    when it ends (a ranked run: when its number is no longer today's anywhere)."""

    def __init__(self, run: Run, board: Board, position, player):
        self.run, self.board, self.position, self.player = run, board, position, player
        self.seq = run.seq
        self.until = last_moment(run.daily) if run.ranked else math.inf


class DailyDesk:
    """The daily runs, standings and groups of one RaceServer, kept in `store`."""

    def __init__(self, server, store: Store):
        self.server = server
        self.store = StoreThreads(store)
        self.clock = server.config.clock
        self.boards: dict[tuple[str, int], asyncio.Future] = {}
        self.maker = ThreadPoolExecutor(1, thread_name_prefix="daily-boards")   # one board at a time
        self.live: dict[int, object] = {}       # run id -> the Link playing it
        self.secret = store.secret              # deals the ranked boards (game/net/deal.py); never sent
        self.decided = 0                        # the operator's last decision said in the log
        self.watching: asyncio.Task | None = None
        self.rankings = Rankings()
        self.reading = 0                        # standings being read now
        self.asking = weakref.WeakKeyDictionary()   # Link -> its standings budget
        self.asking_from: dict[str, Bucket] = {}    # address -> its standings budget
        self.players: dict[bytes, object] = {}      # token hash -> Player (players never change nor go)

    async def start(self) -> None:
        """Look for an operator's decisions from now on (those kept before are not said again)."""
        self.decided = await self.store.read(Store.last_decision)
        self.watching = asyncio.ensure_future(self.watch())

    async def watch(self) -> None:
        """Every DECISIONS_EVERY seconds, on a reader thread: the operator's new decisions, each
        one log line; the standings kept in memory are made again from the store."""
        while True:
            await asyncio.sleep(DECISIONS_EVERY)
            try:
                new = await self.store.read(Store.decisions, self.decided)
            except StoreError as exc:
                self.server.log(None, None, "-", f"store error: {json.dumps(str(exc))}")
                continue
            for decision in new:
                when = dt.datetime.fromtimestamp(decision.at, dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
                self.server.log(None, None, "-", f"operator decision {decision.id} ({when}): {decision.said}")
                self.decided = decision.id
            if new:
                self.rankings.clear()

    def close(self) -> None:
        if self.watching is not None:
            self.watching.cancel()
        self.maker.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    def log(self, link, what: str) -> None:
        self.server.log(None, None, link.address, what)

    async def handle(self, link, message: dict) -> None:
        """One client message of the desk's (or `move`/`leave`/`alive` during a run)."""
        kind = message["type"]
        try:
            if kind == "move":
                await self.move(link, message["seq"], message["move"])
            elif kind == "leave":
                await self.leave(link)
            elif kind != "alive":
                await getattr(self, "_" + kind)(link, message)
        except StoreError as exc:
            told = "the server's database failed; try again in a moment"
            if kind in ("move", "leave"):
                self.drop(link)
                told = "the server could not record that; ask for the run again"
            raise servers_trouble(told, f"store error: {json.dumps(str(exc))}") from None

    async def keep(self, now: float) -> int:
        """Retention (--keep-days) on the writer thread: the runs dropped (the rankings are made again)."""
        dropped = await self.store.write(Store.keep, now)
        if dropped:
            self.rankings.clear()
        return dropped

    # --- players

    async def player(self, link, token: str):
        """The player of `token` (known, or read); a refusal answered after the failed-join delay if none."""
        key = token_hash(token)
        player = self.players.get(key)
        if player is None:
            player = await self.store.read(Store.player, key)
            if player is None:
                raise self.server._failed(link, "no such player on this server")
            self.know(key, player)
        return player

    def know(self, key: bytes, player) -> None:
        if len(self.players) >= PLAYERS_KEPT:        # bounded memory: forget the oldest
            for old in list(self.players)[:PLAYERS_KEPT // 2]:
                del self.players[old]
        self.players[key] = player

    async def _register(self, link, message: dict) -> None:
        config, now = self.server.config, self.clock()
        name = names.normalise(message["name"])
        if await self.store.read(Store.registrations_since, link.network, now - DAY_SECONDS) \
                >= config.per_network_registrations:
            raise ProtocolError(f"your network has registered {config.per_network_registrations} players today; "
                                f"try tomorrow")
        token = secrets.token_urlsafe(32)
        try:                                    # (the network, a /24 or /64, is kept, not the address)
            player = await self.store.write(Store.add_player, name, token_hash(token), link.network,
                                            now)
        except NameTaken:
            raise ProtocolError("that name (or one that looks like it) is taken on this server") from None
        self.know(token_hash(token), player)
        self.log(link, f"registered {json.dumps(name)}")
        link.send("registered", token=token, name=player.name)

    # --- runs

    async def board(self, puzzle: str, number: int, dealt: bool) -> Board:
        """The day's board (`dealt`: the server's deal, else the offline daily), made once on the
        worker thread and kept (the loop serves meanwhile). Today's boards (numbers today's
        somewhere) are never dropped nor refused for being busy."""
        key = (puzzle, number, dealt)
        future = self.boards.get(key)
        if future is None:
            low, high = accepted(self.clock())
            if not low <= number <= high and sum(not f.done() for f in self.boards.values()) >= BOARDS_WAITING:
                raise ProtocolError("the server is busy making boards; try again in a moment")
            if len(self.boards) >= BOARDS_KEPT:
                old = next((k for k, f in self.boards.items() if f.done() and not low <= k[1] <= high), None)
                if old is not None:
                    del self.boards[old]
            future = self.boards[key] = asyncio.get_running_loop().run_in_executor(
                self.maker, make_board, puzzle, number, self.secret if dealt else None)
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
        player = await self.player(link, message["token"])
        self.check_number(number, ranked)
        title = f"{daily.GAMES[puzzle]} #{number}"
        if ranked:
            if await self.store.read(Store.is_barred, player.id):
                raise ProtocolError(f"the name {player.name} is barred from this server's standings by its operator; "
                                    f"unranked runs are open to it")
            kept = await self.store.read(Store.ranked_run, player.id, puzzle, number)
            board = await self.board(puzzle, number, kept is None or kept.dealt)   # (a run begun before version 4:
            try:                                                                   # the offline daily)
                run, position = await self.store.write(open_ranked, player.id, board, self.clock)
            except Unloadable as exc:
                raise servers_trouble(f"your ranked run of {title} cannot be loaded; the server keeps it for its "
                                      f"operator", f"ranked run not loaded: {json.dumps(str(exc))}") from None
            if position is None:
                raise ProtocolError(f"your ranked run of {title} is over; play it again unranked")
            old = self.live.get(run.id)
            if old is not None and old is not link:   # a half-open old connection: this one takes over
                old.run = None
                old.abort("replaced by a resumed connection")
            self.live[run.id] = link
        else:                       # never stored: it lives on this connection; the ranked board once shown
            board = await self.board(puzzle, number, not window_open(number, self.clock()))
            run, position = Run(0, player.id, puzzle, number, False, self.clock(), 0, None, None, False, False,
                                board.dealt), board.start
        live = link.run = Live(run, board, position, player)
        self.log(link, f"{'resumed' if run.seq else 'began'} {'ranked' if ranked else 'unranked'} run of "
                       f"{title} as {json.dumps(player.name)}")
        link.send("run", puzzle=puzzle, daily=number, ranked=ranked, level=board.level,
                  start=board.start.notation(), position=position.notation(), elapsed_ms=self.elapsed(live),
                  seq=live.seq)

    def elapsed(self, live: Live, at: float | None = None) -> int:
        """The run's clock (ms) at `at` (default: now)."""
        return max(0, round(((self.clock() if at is None else at) - live.run.started) * 1000))

    async def move(self, link, seq: int, move: str) -> None:
        """Apply one move string of the run with the engine, timed when it was read; `moved`, or
        `refused` with the board. A ranked run's move is committed before `moved`; at a solved
        board the run is recorded (committed) and then `moved` and `done` are sent."""
        live = link.run
        ms = self.elapsed(live, link.read_at)
        run = live.run
        if seq != live.seq + 1:
            return self.refuse(link, seq, f"out of order: the next move is number {live.seq + 1}", ms)
        if link.read_at >= live.until:          # over, committed, then said
            await self.leave(link)
            return self.refuse(link, seq, f"{daily.GAMES[run.puzzle]} #{run.daily} is no longer today's anywhere: "
                                          f"the run is over, unplaced", ms, live.position)
        if live.seq >= MAX_RUN_MOVES:
            return self.refuse(link, seq, f"a run takes at most {MAX_RUN_MOVES:,} moves: leave it", ms)
        try:
            position = live.board.execute(live.position, move)
        except SquarewiseError as exc:
            return self.refuse(link, seq, str(exc), ms)
        solved = position.is_solved
        place = of = number = verdict = None
        if run.ranked and solved:
            verdict, number, place, of = await self.store.write(finish_ranked, run, live.board, seq, move,
                                                                position.notation(), ms)
        elif run.ranked:
            await self.store.write(Store.add_move, run.id, seq, move, position.notation(), None, ms)
        elif solved:
            of = (await self.store.read(Store.place, run.puzzle, run.daily, ms))[1]
        live.position, live.seq = position, seq
        if not solved:
            link.send("moved", seq=seq, ms=ms)
            return
        self.drop(link)
        held = verdict is not None and verdict.held
        if run.ranked and not held:
            self.rankings.finished(run.puzzle, run.daily, run.player, live.player.name, ms, run.started + ms / 1000,
                                   number)
        else:
            place = None
        said = "" if verdict is None or not verdict.reasons else \
            f" ({'held' if held else 'flagged'}: {json.dumps('; '.join(verdict.reasons))})"
        self.log(link, f"finished {'ranked' if run.ranked else 'unranked'} {run.puzzle} #{run.daily} in {ms} ms"
                       f"{' run ' + str(run.id) if run.ranked else ''}{said}")
        link.send("moved", seq=seq, ms=ms)
        link.send("done", puzzle=run.puzzle, daily=run.daily, ranked=run.ranked, ms=ms, place=place, of=of,
                  flagged=held, status=("held" if held else "placed") if run.ranked else None)

    def refuse(self, link, seq: int, reason: str, ms: int, position=None) -> None:
        """`refused` with the run's board (`position`: the board of a run already over)."""
        self.log(link, f"run move {seq} refused: {json.dumps(reason)}")
        board = position if position is not None else link.run.position
        link.send("refused", seq=seq, reason=reason[:200], position=board.notation(), ms=ms)

    async def leave(self, link) -> None:
        """The player gives the run up: a ranked one is abandoned (over, unplaced)."""
        run = link.run.run
        self.drop(link)
        if run.ranked:
            await self.store.write(Store.abandon_run, run.id)
        self.log(link, f"abandoned a run of {run.puzzle} #{run.daily}")

    def drop(self, link) -> None:
        """The connection plays the run no more (a ranked one stays in the store as it is)."""
        live, link.run = link.run, None
        if live is not None and self.live.get(live.run.id) is link:
            del self.live[live.run.id]

    def dropped(self, link) -> None:
        """The connection ended during a run: a ranked one waits to be resumed, an unranked one is gone."""
        self.drop(link)

    # --- standings and groups

    def ration(self, link) -> None:
        """Standings have their own budget per connection and per address: past either, refused."""
        config = self.server.config
        mine = self.asking.get(link)
        if mine is None:
            mine = self.asking[link] = Bucket(config.standings_rate, config.standings_burst)
        theirs = self.asking_from.get(link.address)
        if theirs is None:
            if len(self.asking_from) >= ADDRESSES_KEPT:      # bounded memory: forget the oldest addresses
                for address in list(self.asking_from)[:ADDRESSES_KEPT // 2]:
                    del self.asking_from[address]
            theirs = self.asking_from[link.address] = Bucket(config.per_address_standings_rate,
                                                             config.per_address_standings_burst)
        if not (mine.take() and theirs.take()):
            raise ProtocolError("too many standings asked; ask again in a few seconds")

    async def read(self, call, *args):
        """A standings read on a reader thread; refused (busy) while STANDINGS_READING wait."""
        if self.reading >= STANDINGS_READING:
            raise ProtocolError("the server is busy; ask for the standings again in a moment")
        self.reading += 1
        try:
            return await self.store.read(call, *args)
        finally:
            self.reading -= 1

    async def _standings(self, link, message: dict) -> None:
        self.ration(link)
        puzzle, number, days, group = message["puzzle"], message["daily"], message["days"], message["group"]
        first = number - days + 1
        player = await self.player(link, message["token"]) if message["token"] is not None else None
        if group is not None:
            if player is None or not await self.store.read(Store.is_member, player.id, group):
                raise ProtocolError("only a group's members see its standings (join it with its code)")
            total, rows, you = await self.read(Store.standings, puzzle, number, days, group, player.id,
                                               message["offset"], message["limit"])
        else:
            ranking = await self.rankings.ranking((puzzle, first, number),
                                                  lambda: self.read(Store.totals, puzzle, first, number))
            total, rows = ranking.page(message["offset"], message["limit"])
            you = ranking.row(player.id) if player is not None else None
            if you is None and player is not None:
                you = await self.store.read(Store.flagged, player.id, puzzle, first, number)
        shown = [{"place": r.place, "name": r.name, "ms": r.ms, "runs": r.runs} for r in rows]
        mine = None if you is None else {"place": you.place, "ms": you.ms, "runs": you.runs, "flagged": you.flagged,
                                         "status": you.status if you.flagged else "placed"}
        fields = dict(puzzle=puzzle, daily=number, days=days, group=group, total=total, you=mine)
        link.send("standings", rows=_fitting(shown, fields), **fields)

    async def _group_create(self, link, message: dict) -> None:
        player = await self.player(link, message["token"])
        name = names.normalise(message["name"])
        await self.check_room(player)
        group = await self.store.write(new_group, player.id, name)
        self.log(link, f"made group {group.code} {json.dumps(name)}")
        link.send("group", group=group.code, name=group.name, members=group.members)

    async def _group_join(self, link, message: dict) -> None:
        player = await self.player(link, message["token"])
        if not await self.store.read(Store.is_member, player.id, message["group"]):
            await self.check_room(player)
        group = await self.store.write(Store.join_group, player.id, message["group"])
        if group is None:
            raise self.server._failed(link, "no group with that code")
        link.send("group", group=group.code, name=group.name, members=group.members)

    async def check_room(self, player) -> None:
        if len(await self.store.read(Store.groups, player.id)) >= GROUPS_PER_PLAYER:
            raise ProtocolError(f"you are in {GROUPS_PER_PLAYER} groups already: leave one first")

    async def _group_leave(self, link, message: dict) -> None:
        player = await self.player(link, message["token"])
        await self.store.write(Store.leave_group, player.id, message["group"])
        await self.send_groups(link, player)

    async def _groups(self, link, message: dict) -> None:
        await self.send_groups(link, await self.player(link, message["token"]))

    async def send_groups(self, link, player) -> None:
        link.send("groups", groups=[{"group": g.code, "name": g.name, "members": g.members}
                                    for g in await self.store.read(Store.groups, player.id)])


def _fitting(rows: list[dict], fields: dict) -> list[dict]:
    """As many of `rows` as keep the `standings` message within the protocol's frame size (the
    client asks again with a larger offset for the rest)."""
    size = len(protocol.encode(protocol.SERVER, "standings", rows=[], **fields).encode())
    for count, row in enumerate(rows):
        size += len(json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode()) + (count > 0)
        if size > MAX_MESSAGE_BYTES:
            return rows[:count]
    return rows
