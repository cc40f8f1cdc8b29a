"""The one place that knows where the shipped data files (fonts, themes, dice, caches) are.

The repository keeps them in its top-level `assets/` folder; every install carries that
folder as the package `squarewise_assets` (setup.py maps it): an editable install points the
package at the checkout's folder, a wheel installs a copy, and the PyInstaller executable
bundles it under the same name (build.spec). So one lookup, through importlib.resources,
serves all three, and nothing here imports pygame: the game uses this helper too.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

PACKAGE = "squarewise_assets"


@lru_cache(maxsize=None)
def assets_dir() -> Path:
    """The installed `assets/` folder (a real folder: wheels and bundles are unpacked)."""
    return Path(str(resources.files(PACKAGE)))


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. asset_path('fonts', 'DejaVuSans.ttf')."""
    return assets_dir().joinpath(*parts)
