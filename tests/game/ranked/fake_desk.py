"""A fake standings server connection: what the game sent, and the server's messages to give."""
from __future__ import annotations


class FakeClient:
    """A ThreadedClient without a network: `sent` lists (kind, fields); `say(...)` queues a
    server message for the next `poll`."""

    def __init__(self, url: str):
        self.url = url
        self.sent: list[tuple[str, dict]] = []
        self.inbox: list[dict] = []
        self.closed = False

    def send(self, kind: str, **fields) -> None:
        self.sent.append((kind, fields))

    def say(self, kind: str, **fields) -> None:
        self.inbox.append({"v": 2, "type": kind, **fields})

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        self.closed = True


class WakingClient(FakeClient):
    """A FakeClient that wakes the game's loop with each message, as the game's ThreadedClient
    does: stands in for it (`monkeypatch.setattr(game.net.desk, "ThreadedClient", WakingClient)`)."""

    def __init__(self, url: str, wake=None, **_):
        super().__init__(url)
        self.wake = wake
        self.answered = 0          # (the requests a test has answered so far)

    def say(self, kind: str, **fields) -> None:
        super().say(kind, **fields)
        if self.wake is not None:
            self.wake()


class Clients:
    """The connect function of a Desk: each connection made is kept (`made[-1]` the current)."""

    def __init__(self):
        self.made: list[FakeClient] = []

    def __call__(self, url: str) -> FakeClient:
        self.made.append(FakeClient(url))
        return self.made[-1]

    @property
    def last(self) -> FakeClient:
        return self.made[-1]


def run_message(puzzle: str, start: str, position: str | None = None, *, daily: int = 60, ranked: bool = True,
                elapsed_ms: int = 0, seq: int = 0, level: str = "hard") -> dict:
    return {"puzzle": puzzle, "daily": daily, "ranked": ranked, "level": level, "start": start,
            "position": position or start, "elapsed_ms": elapsed_ms, "seq": seq}
