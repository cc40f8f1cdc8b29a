"""Write the game's sounds, synthesised by game/synth.py, to assets/sounds/NAME.wav.

    .venv/bin/python scripts/make_sounds.py [--out FOLDER]

Run after changing a recipe in game/synth.py and commit the files; the tests check that the
committed files are exactly what the recipes make.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.synth import NAMES, RATE, render, wav_bytes  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds", help="the folder to write")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        samples = render(name)
        data = wav_bytes(samples)
        (args.out / f"{name}.wav").write_bytes(data)
        print(f"{name:<10} {len(samples) / RATE:5.2f} s  {len(data):>6} bytes")


if __name__ == "__main__":
    main()
