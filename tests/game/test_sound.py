"""Sounds: the committed files are what the recipes make and are well-formed (length, level,
no clipping, no click at either end); Sounds plays under the dummy driver, records what it
played, and stays silent without errors when audio is missing."""
from __future__ import annotations

import io
import wave

import numpy as np
import pygame
import pytest

from solver.assets import asset_path
from game.sound import MIX, Sounds
from game.synth import FADE, NAMES, PEAK, RATE, SCALE, SIZES, render, wav_bytes

FULL = 32767


def committed(name: str) -> bytes:
    return asset_path("sounds", f"{name}.wav").read_bytes()


def samples_of(data: bytes) -> np.ndarray:
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float)


@pytest.mark.parametrize("name", NAMES)
def test_committed_file_is_what_the_recipe_makes(name):
    assert committed(name) == wav_bytes(render(name)), f"run scripts/make_sounds.py ({name}.wav is stale)"


@pytest.mark.parametrize("name", NAMES)
def test_a_sound_is_short(name):
    data = committed(name)
    assert 0.05 <= len(samples_of(data)) / RATE <= 1.5 and len(data) < 64_000


@pytest.mark.parametrize("name", NAMES)
def test_a_sound_is_normalised_with_headroom(name):
    s = samples_of(committed(name))
    assert PEAK * FULL - 2 <= np.abs(s).max() <= PEAK * FULL + 1
    assert (np.abs(s) < FULL).all()                            # nothing at full scale: no clipping
    assert np.sqrt((s ** 2).mean()) > 0.03 * FULL              # not silence either


@pytest.mark.parametrize("name", NAMES)
def test_a_sound_has_no_click_at_either_end(name):
    s = samples_of(committed(name))
    assert s[0] == 0 and s[-1] == 0                           # starts and ends in silence
    tail = s[-int(RATE * FADE / 3):]
    assert np.abs(tail).max() < 0.05 * FULL                    # the last 5 ms are near silent


@pytest.mark.parametrize("name", NAMES)
def test_a_sound_has_no_dc_offset(name):
    assert abs(samples_of(committed(name)).mean()) < 0.02 * FULL


def test_sounds_differ_from_each_other():
    fingerprints = {name: render(name)[:2000].tobytes() for name in NAMES}
    assert len(set(fingerprints.values())) == len(NAMES)


@pytest.fixture
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def every_sound_played() -> Sounds:
    """Sounds at half volume, made (nothing opened yet: lazy), then every sound played."""
    sounds = Sounds(volume=0.5)
    assert sounds.played == [] and pygame.mixer.get_init() is None
    for name in NAMES:
        sounds.play(name)
    return sounds


def test_every_sound_played_is_recorded(fresh_mixer):
    assert every_sound_played().played == list(NAMES)


def test_every_sound_plays_under_the_dummy_driver(fresh_mixer):
    sounds = every_sound_played()
    assert sounds.problem is None and sounds.audible
    for name in NAMES:
        loaded = sounds._loaded[name]
        assert abs(loaded.get_length() - len(render(name)) / RATE) < 0.01
        assert loaded.get_volume() == pytest.approx(0.5 * MIX, abs=0.01)


def test_the_volume_is_clamped(fresh_mixer):
    sounds = Sounds(volume=3)
    assert sounds.volume == 1.0
    sounds.volume = -1
    assert sounds.volume == 0.0 and not sounds.audible


def test_a_muted_sound_is_recorded_without_playing(fresh_mixer):
    sounds = Sounds(volume=0.7)
    sounds.muted = True
    sounds.play("win")
    assert sounds.played == ["win"] and sounds._loaded == {} and pygame.mixer.get_init() is None


def test_an_unknown_name_is_a_programming_error():
    with pytest.raises(ValueError, match="no sound called 'boing'"):
        Sounds().play("boing")


def test_no_audio_device_means_silence_not_an_exception(fresh_mixer, monkeypatch, capsys):
    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds()
    sounds.play("drop")
    sounds.play("win")
    assert sounds.played == ["drop", "win"] and not sounds.audible
    assert "No available audio device" in sounds.problem
    assert capsys.readouterr().err.count("warning") == 1


def test_a_missing_file_is_silent(fresh_mixer, tmp_path, capsys):
    sounds = Sounds(folder=tmp_path)
    sounds.play("hint")
    sounds.play("hint")
    assert sounds.played == ["hint", "hint"] and "hint" in sounds.problem
    assert capsys.readouterr().err.count("warning") == 1


def test_the_loudest_sounds_started_together_mix_under_full_scale(fresh_mixer):
    """A drop that ends the game: every knock with every note and the win or the lose chord,
    played through Sounds at full volume and mixed as the mixer adds them (sample x volume)."""
    sounds = Sounds(volume=1.0)
    loudest = 0.0
    for knock in ("drop",) + tuple(f"drop{n}" for n in SIZES):
        for note in (f"note{k + 1}" for k in range(len(SCALE))):
            for end in ("win", "lose"):
                together = (knock, note, end)
                for name in together:
                    sounds.play(name)
                mix = np.zeros(max(len(render(name)) for name in together))
                for name in together:
                    samples = samples_of(committed(name))
                    mix[:len(samples)] += samples * sounds._loaded[name].get_volume()
                loudest = max(loudest, np.abs(mix).max())
    assert loudest < FULL
