"""`Services`: what the parts of a play screen that are not screens (a dealer, a mode) may use
of the application, and nothing more: the settings and the statistics (and saving them), the
worker for jobs, and the clipboard. The App hands its own (`App.services`); tests hand a fake
with the same few things (tests/game/fakes.py)."""
from __future__ import annotations

from typing import Protocol


class Services(Protocol):
    settings: dict
    statistics: dict
    worker: object

    def save_settings(self) -> None: ...

    def save_statistics(self) -> None: ...

    def copy_text(self, text: str) -> bool: ...
