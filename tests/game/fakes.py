"""Fakes for testing the mid end without a window: a clock you advance, a worker that runs
solver jobs inline, and a host (what a `PlaySession` needs of the app). Nothing here sleeps,
opens a window or depends on the machine's speed.

    clock = FakeClock()
    host = FakeHost(tmp_path)
    session = genius_session(host, clock)       # a Genius match on BOARD, its clock on `clock`
    session.process(Key("hint"))                # the engine's job is run at once ...
    host.worker.poll()                          # ... and answered here, as the app's frame would
"""
from __future__ import annotations

from game.play.match import Match, Timer
from game.play.session import PlaySession
from game.storage import Storage
from game.worker import Job

BOARD = "A1A2A4A6B4D5E1"      # a Genius roll (the blockers of the default dice, seed 3)


class FakeClock:
    """A monotonic clock that moves only when told: `Timer(clock=FakeClock())`."""

    def __init__(self, now: float = 100.0):
        self.now = float(now)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeWorker:
    """`game.worker.Worker` without threads or child processes: a job's function runs inside
    `submit`/`submit_process`, and its answer is delivered (its `on_done` called) on the next
    `poll()`, as the app's frame delivers it; `sync=True` delivers a plain `submit` job at once.
    (A `JobSlot` takes its job only once `submit_process` returns, so a session's jobs are
    always answered on `poll()`.) `calls` lists the labels of the jobs submitted."""

    def __init__(self, sync: bool = False):
        self.sync = sync
        self.jobs: list[Job] = []
        self.calls: list[str] = []

    def submit(self, label: str, func, on_done=None, *, shown: bool = False) -> Job:
        job = Job(label, func, on_done, shown)
        self.calls.append(label)
        job._run()                      # runs func(job) and marks it finished, errors kept
        if self.sync:
            self._deliver(job)
        else:
            self.jobs.append(job)
        return job

    def submit_process(self, label: str, func, args: tuple = (), on_done=None, *, shown: bool = False) -> Job:
        return self.submit(label, lambda job: func(*args, progress=job.report), on_done, shown=shown)

    @property
    def busy(self) -> list[Job]:
        return [j for j in self.jobs if not j.delivered and not j.cancelled()]

    def _deliver(self, job: Job) -> bool:
        if job.cancelled():
            return False
        job.delivered = True
        if job.on_done:
            job.on_done(job)
        return True

    def poll(self) -> list[Job]:
        """Deliver the answers of the jobs run since the last poll (not the cancelled ones)."""
        jobs, self.jobs = self.jobs, []
        return [job for job in jobs if self._deliver(job)]

    drain = poll

    def cancel_all(self) -> None:
        for job in self.jobs:
            job.cancel()


class FakeHost:
    """What a session needs of the app: the statistics, a data folder, a worker."""

    def __init__(self, folder, worker: FakeWorker | None = None):
        self.statistics: dict = {}
        self.storage = Storage(folder)
        self.worker = worker or FakeWorker()
        self.saved = 0                  # how often the statistics were written

    def save_statistics(self) -> None:
        self.saved += 1


class ModeHost(FakeHost):
    """The services a dealer or a mode is handed (game/play/services.py `Services`): a FakeHost
    with settings (their saves counted in `settings_saved`) and a clipboard (`copied`)."""

    def __init__(self, folder):
        super().__init__(folder)
        self.settings: dict = {}
        self.settings_saved = 0
        self.copied: list[str] = []

    def save_settings(self) -> None:
        self.settings_saved += 1

    def copy_text(self, text: str) -> bool:
        self.copied.append(text)
        return True


def lines_drawn(monkeypatch, module) -> list[str]:
    """The lines `module` draws with its `text` from now on, in order (each still drawn)."""
    drawn: list[str] = []
    real = module.text

    def text(surface, line, *args, **kwargs):
        drawn.append(line)
        return real(surface, line, *args, **kwargs)
    monkeypatch.setattr(module, "text", text)
    return drawn


def table_for(session, services, rng=None):
    """The table a mode plays on (game/modes/table.py) with the puzzle's own dealer; no screen
    picks the mode of a match put on it (the mode on the board stays)."""
    from game.modes.table import Table
    from game.puzzles import registry
    dealer = registry.get(session.puzzle.name).dealer(session, services, rng)
    return Table(session, dealer, services, lambda table, match: table.mode)


def first_move(session) -> None:
    """The player's first move on a Genius board (the single square on the first free cell): a
    match is a game once a move is made (docs/records.md)."""
    from solver.grid import cell_name
    free = next(c for c in range(36) if session.position.occupant(c) is None)
    assert not isinstance(session.move(f"1:{cell_name(free)}"), str)


def genius_hand():
    """A Genius hand that names pieces as the default palette does ('the green corner (4)')."""
    from game.puzzles.genius.hand import Hand
    colours = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown")
    return Hand(tuple(colours))


def session_on(host: FakeHost, clock: FakeClock, start: str = BOARD, puzzle=None, hand=None,
               running: bool = True, **meta) -> PlaySession:
    """A session of `puzzle` (Genius by default) with a match on `start` begun, its timer on `clock`."""
    from game.puzzles.genius.puzzle import GENIUS
    puzzle = puzzle or GENIUS
    if hand is None:
        if puzzle is GENIUS:
            hand = genius_hand()
        else:
            from game.puzzles.macmahon.hand import Hand
            hand = Hand()
    session = PlaySession(puzzle, host, hand)
    position = puzzle.parse(start)
    if hasattr(hand, "fresh"):
        hand.fresh(position)
    session.begin(Match(position, puzzle=puzzle.name, meta={"dice": "default", **meta},
                        timer=Timer(running=running, clock=clock)))
    session.take_effects()              # (Began)
    return session


def genius_session(host: FakeHost, clock: FakeClock, start: str = BOARD, **meta) -> PlaySession:
    return session_on(host, clock, start, **meta)


class FakeApp(FakeHost):
    """What views, kits and modes read of the App, with no window (pygame's fonts only): the
    window's size and its UI scale, the palette, settings, statistics, a data folder, the inline
    worker, sounds (recorded, silent) and messages; `opened` lists the screens asked for.
    Draw a view onto a plain `pygame.Surface(app.size)`.

        app = FakeApp(tmp_path)
        kit = GeniusKit(app, random.Random(3)); kit.table.seat(Solo(kit.table))
    """

    def __init__(self, folder, size: tuple[int, int] = (1100, 760)):
        import pygame
        from game.draw import theme
        from game.draw.widgets import Toasts
        from game.sound import Sounds
        pygame.font.init()
        theme.font.cache_clear()        # an earlier test's pygame.quit() left the cached fonts dead (as App.__init__)
        super().__init__(folder)
        self.size = size
        self.settings = {"animations": False, "howto_seen": {"genius": True, "macmahon": True}}
        self.sounds = Sounds(muted=True)
        self.toasts = Toasts()
        self.opened: list = []
        self.active = True

    @property
    def scale(self) -> float:
        from game.app import _scale_for
        return _scale_for(self.size)

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    @property
    def palette(self):
        from game.draw import theme
        return theme.palette(self.settings.get("palette", theme.DEFAULT_PALETTE))

    def save_settings(self) -> None:
        pass

    def open(self, key: str, **options) -> None:
        self.opened.append((key, options))

    def copy_text(self, text: str) -> bool:
        self.copied = text
        return True
