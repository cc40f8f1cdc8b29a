"""Where bundled assets live, the same way in a source checkout and a PyInstaller executable."""
from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The `assets/` folder: beside the packages when run from source, inside the bundle when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    base = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return base / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. asset_path('fonts', 'DejaVuSans.ttf')."""
    return assets_dir().joinpath(*parts)
