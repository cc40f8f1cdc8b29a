"""A token bucket: the budgets of the race server and its daily desk."""
from __future__ import annotations

import time


class Bucket:
    """A token bucket: `take(n)` is False when more than `rate` a second come past `burst`."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens, self.when = float(burst), time.monotonic()

    def take(self, n: int = 1) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < n:
            return False
        self.tokens -= n
        return True
