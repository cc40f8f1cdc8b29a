"""The one place that knows where the shipped data files (fonts, themes, dice, caches) are.

The repository keeps them in its top-level `assets/` folder; every install carries that
folder as the package `squarewise_assets` (setup.py maps it): an editable install points the
package at the checkout's folder, a wheel installs a copy, and the PyInstaller executable
bundles it under the same name (build.spec). So one lookup, the package's folder (through
importlib.resources when its spec names none), serves all three, and nothing here imports
pygame: the game uses this helper too.
"""
from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

PACKAGE = "squarewise_assets"


@lru_cache(maxsize=None)
def assets_dir() -> Path:
    """The installed `assets/` folder (a real folder: wheels and bundles are unpacked). The
    package's own folder when its import spec names one (importlib.resources, the general
    way, takes longer to import than a one-shot command takes to run)."""
    spec = importlib.util.find_spec(PACKAGE)
    folders = list(spec.submodule_search_locations or []) if spec else []
    if folders and Path(folders[0]).is_dir():
        return Path(folders[0])
    from importlib import resources
    return Path(str(resources.files(PACKAGE)))


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. asset_path('fonts', 'DejaVuSans.ttf')."""
    return assets_dir().joinpath(*parts)
