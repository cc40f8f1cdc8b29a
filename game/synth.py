"""The game's sounds, synthesised with numpy: every one is ours to ship (issue 11).

Each recipe makes a short mono signal of floats; `render` shapes its start (ATTACK) and end
(FADE) so it never starts or stops with a click, scales it to PEAK of full scale, and
returns 16-bit samples. `scripts/make_sounds.py` writes them to assets/sounds/NAME.wav,
which are committed: the executable carries them, the game pays nothing at start, and a
sound designer can replace a file without touching code. Noise comes from a seeded
generator, so the script writes the same bytes every time (a test regenerates and compares).
No pygame here.
"""
from __future__ import annotations

import io
import wave

import numpy as np

RATE = 22050          # samples per second: plenty for short effects, half the bytes of 44.1 kHz
PEAK = 0.7            # loudest sample as a fraction of full scale (about -3 dB: no clipping)
ATTACK = 0.003        # seconds of fade-in
FADE = 0.015          # seconds of fade-out to exact silence
SCALE = (523.25, 587.33, 659.25, 783.99, 880.0, 1046.5, 1174.66, 1318.51)   # C D E G A C D E (pentatonic)
SIZES = (1, 2, 3, 4)         # a drop's knock per piece size (cells): the bigger, the lower
NAMES = ("pickup", "turn", "flip", "drop", "illegal", "dice", "blockers", "hint", "win", "lose") + \
    tuple(f"drop{n}" for n in SIZES) + tuple(f"note{k + 1}" for k in range(len(SCALE)))


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _decay(t: np.ndarray, rate: float) -> np.ndarray:
    return np.exp(-rate * t)


def _tone(freq, t: np.ndarray, partials=((1, 1.0),)) -> np.ndarray:
    """A sum of sine partials (multiple, weight) of `freq` (a number or an array per sample)."""
    phase = 2 * np.pi * np.cumsum(np.broadcast_to(freq, t.shape)) / RATE
    return sum(w * np.sin(k * phase) for k, w in partials)


def _knock(freq: float, seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A short wooden knock: a damped low tone with a burst of noise at its start."""
    t = _t(seconds)
    body = _tone(freq, t, ((1, 1.0), (2.7, 0.3))) * _decay(t, 45)
    click = rng.standard_normal(len(t)) * _decay(t, 400) * 0.6
    return body + click


def _place(total: float, events) -> np.ndarray:
    """Mix (start seconds, signal) events into one signal `total` seconds long."""
    out = np.zeros(int(RATE * total))
    for start, signal in events:
        at = int(RATE * start)
        end = min(len(out), at + len(signal))
        out[at:end] += signal[:end - at]
    return out


def pickup(rng) -> np.ndarray:
    t = _t(0.08)
    return _tone(np.linspace(420, 780, len(t)), t, ((1, 1.0), (2, 0.2))) * _decay(t, 20)


def turn(rng) -> np.ndarray:
    t = _t(0.05)
    tick = _tone(1250, t, ((1, 1.0), (1.5, 0.4))) * _decay(t, 90)
    return _place(0.09, [(0.0, tick), (0.035, 0.6 * tick)])


def flip(rng) -> np.ndarray:
    t = _t(0.14)
    noise = rng.standard_normal(len(t))
    swept = noise * _tone(np.linspace(300, 1400, len(t)), t)   # noise ring-modulated by a rising sweep
    return swept * np.sin(np.pi * t / t[-1]) ** 2


def drop(rng) -> np.ndarray:
    return _knock(170, 0.16, rng)


def illegal(rng) -> np.ndarray:
    t = _t(0.24)
    buzz = np.sign(_tone(140, t)) * 0.5 + np.sign(_tone(147, t)) * 0.5     # two detuned squares
    smooth = np.convolve(buzz, np.ones(8) / 8, mode="same")                # softened edges
    return smooth * (1 - t / t[-1]) ** 0.5


def dice(rng) -> np.ndarray:
    events = []
    at = 0.0
    while at < 0.55:
        events.append((at, _knock(rng.uniform(600, 1100), 0.05, rng) * rng.uniform(0.4, 1.0)))
        at += rng.uniform(0.025, 0.07)
    return _place(0.65, events)


def blockers(rng) -> np.ndarray:
    events = [(0.06 * k + rng.uniform(0, 0.02), _knock(rng.uniform(230, 300), 0.12, rng)) for k in range(7)]
    return _place(0.6, events)


def _bell(freq: float, seconds: float) -> np.ndarray:
    t = _t(seconds)
    return _tone(freq, t, ((1, 1.0), (2, 0.35), (3.01, 0.15))) * _decay(t, 6)


def hint(rng) -> np.ndarray:
    return _place(0.45, [(0.0, _bell(880, 0.45)), (0.08, 0.6 * _bell(1320, 0.37))])


def win(rng) -> np.ndarray:
    notes = (523.25, 659.25, 783.99, 1046.5)       # C5 E5 G5 C6
    events = [(0.11 * k, _bell(f, 1.2 - 0.11 * k)) for k, f in enumerate(notes)]
    events.append((0.44, 0.5 * _bell(1318.5, 0.76)))  # E6 over the top
    return _place(1.2, events)


def lose(rng) -> np.ndarray:
    """Softer than a win: three low notes falling (G4 E4 C4), slow to fade."""
    notes = (392.0, 329.63, 261.63)
    events = [(0.18 * k, _bell(f, 1.1 - 0.18 * k) * (1 - 0.2 * k)) for k, f in enumerate(notes)]
    return _place(1.1, events)


def _sized_drop(cells: int):
    """The knock of a piece of `cells` squares put down: a fifth lower for each size up."""
    return lambda rng: _knock(330 / 1.5 ** ((cells - 1) / 1.3), 0.18, rng)


def _note(k: int):
    """The k-th note of the rising scale a filling board plays (a short, light bell)."""
    return lambda rng: 0.8 * _bell(SCALE[k], 0.35)


RECIPES = {**{name: globals()[name] for name in NAMES if name in globals()},
           **{f"drop{n}": _sized_drop(n) for n in SIZES},
           **{f"note{k + 1}": _note(k) for k in range(len(SCALE))}}


def render(name: str) -> np.ndarray:
    """The 16-bit samples of sound `name` (one of NAMES); the same on every run."""
    seed = NAMES.index(name) + 1
    signal = np.asarray(RECIPES[name](np.random.default_rng(seed)), float)
    n = len(signal)
    ramp_in, ramp_out = int(RATE * ATTACK), int(RATE * FADE)
    signal[:ramp_in] *= np.linspace(0, 1, ramp_in)
    signal[n - ramp_out:] *= np.linspace(1, 0, ramp_out) ** 2
    signal = signal / np.abs(signal).max() * PEAK
    return np.round(signal * 32767).astype(np.int16)


def wav_bytes(samples: np.ndarray) -> bytes:
    """A mono 16-bit WAV file of `samples` at RATE."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.astype("<i2").tobytes())
    return out.getvalue()
