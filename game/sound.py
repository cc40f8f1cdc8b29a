"""Sound effects: `Sounds.play(name)` with a volume and a mute, silent where there is no audio.

The mixer is started and each file loaded only when a sound is first played, so a game that
never makes a sound never opens the audio device. If the mixer cannot start (no device, a
headless machine, CI) or a file cannot be read, the game goes on in silence: no exception
reaches the caller, and one line on stderr says why. What the audio libraries themselves print
while the mixer starts (ALSA's eight `ALSA lib ...` lines on a machine without a sound card)
is silenced: the game's own line says it. Every call is recorded in `played`
(even when muted or silent), so scenes can be tested under SDL_AUDIODRIVER=dummy.

The names are synth.NAMES; the files are assets/sounds/NAME.wav (scripts/make_sounds.py).
Each file peaks at synth.PEAK, and the mixer adds sounds that overlap, clipping what goes over
full scale: every sound plays at `volume * MIX`, so that the loudest combination the game
starts at once stays under full scale (tests/game/test_sound.py mixes them).
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

from solver.assets import asset_path
from game.synth import NAMES, RATE

# The most the game starts at once is a drop that ends the game: a piece's knock, its note and
# the win or lose chord. Each file peaks at 0.7 of full scale (synth.PEAK); at full volume the
# loudest such mix peaks at 1.84 of full scale (a drop and its note alone at 1.39): MIX takes
# it to 0.92.
MIX = 0.5


class Sounds:
    """The game's sound effects. `volume` is 0..1 (clamped); `muted` silences without losing it."""

    def __init__(self, volume: float = 0.8, muted: bool = False, folder: Path | None = None):
        self.folder = Path(folder) if folder else asset_path("sounds")
        self._volume = 0.0
        self.volume = volume
        self.muted = muted
        self.played: list[str] = []
        self._loaded: dict[str, object] = {}
        self._mixer = None          # pygame.mixer once started; False if it cannot start
        self.problem: str | None = None

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def audible(self) -> bool:
        """True if a sound played now would be heard (mixer running, not muted, volume > 0)."""
        return not self.muted and self._volume > 0 and self._start()

    def play(self, name: str) -> None:
        """Play sound `name` (one of synth.NAMES; ValueError for any other name: a typo in code)."""
        if name not in NAMES:
            raise ValueError(f"no sound called '{name}' (sounds: {', '.join(NAMES)})")
        self.played.append(name)
        if not self.audible:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self._volume * MIX)
            sound.play()

    def _start(self) -> bool:
        if self._mixer is None:
            try:
                import pygame
                if not pygame.mixer.get_init():
                    with libraries_quiet():
                        pygame.mixer.init(RATE, -16, 1, 512)
                self._mixer = pygame.mixer
            except Exception as exc:    # pygame.error, or no mixer module at all: stay silent
                self._mixer = False
                self._warn(f"no sound ({exc})")
        return bool(self._mixer)

    def _sound(self, name: str):
        if name not in self._loaded:
            path = self.folder / f"{name}.wav"
            try:
                self._loaded[name] = self._mixer.Sound(str(path))
            except Exception as exc:    # a missing or unreadable file: that sound stays silent
                self._loaded[name] = None
                self._warn(f"sound '{name}' not loaded from {path} ({exc})")
        return self._loaded[name]

    def _warn(self, line: str) -> None:
        if self.problem is None:
            self.problem = line
        print(f"squarewise: warning: {line}", file=sys.stderr)


@contextmanager
def libraries_quiet():
    """Within the block, what C libraries write to standard error (file descriptor 2) goes to
    the null device; Python's own sys.stderr is flushed before and works again after."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):       # no stderr at all: nothing to silence
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
