"""splitmix64, the project's own 64-bit generator: the same numbers on every machine and
Python version (dice rolls, level draws, daily puzzles never use Python's `random`)."""
from __future__ import annotations

from typing import Iterator

MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: (next state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def stream(seed: int) -> Iterator[int]:
    """The endless outputs of splitmix64 started at `seed`."""
    state = seed & MASK64
    while True:
        state, value = splitmix64(state)
        yield value


def below(value: int, n: int) -> int:
    """A 64-bit output mapped to 0..n-1 (multiply and shift, no modulo bias to speak of)."""
    return (value * n) >> 64


def shuffled(items, outputs: Iterator[int]) -> list:
    """The items in an order drawn from `outputs` (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(next(outputs), i + 1)
        out[i], out[j] = out[j], out[i]
    return out
