"""A one-line text field whose paste keeps the clipboard's first line, cleaned.

pygame-gui pastes nothing, and says nothing, when the clipboard's text would pass the field's
length limit (a name copied from a chat with the line after it, a tab, a newline). `OneLine`
pastes the first line with something visible on it: tabs and runs of spaces made one space,
other unprintable characters dropped, cut to the limit. The player sees what was kept before
anything is sent, and mends it there; a field the paste would leave unchanged stays as it was.
"""
from __future__ import annotations

import pygame
import pygame_gui


def first_line(text: str, limit: int | None = None) -> str:
    """The first line of `text` with something visible on it, cleaned and cut to `limit`.

    >>> first_line("\\n  Zed\\t\\n<b>... very long name")
    'Zed'
    >>> first_line("a\\x07b  c", 3)
    'ab'
    """
    for line in text.splitlines():
        kept = " ".join("".join(c for c in line.replace("\t", " ") if c.isprintable()).split())
        if kept:
            return kept[:limit].strip() if limit is not None else kept
    return ""


class OneLine(pygame_gui.elements.UITextEntryLine):
    """A UITextEntryLine whose Ctrl+V (Cmd+V) pastes `first_line` of the clipboard in place of
    the selection, or at the cursor."""

    def _do_paste(self) -> None:          # (pygame-gui's one paste step: Ctrl+V and its Mac path)
        if not self.ui_manager.paste_text_enabled or not self.paste_text_enabled:
            return
        low, high = sorted(self.select_range) if self.select_range[0] != self.select_range[1] else \
            (self.edit_position, self.edit_position)
        room = None if self.length_limit is None else self.length_limit - len(self.text) + (high - low)
        try:
            pasted = pygame.scrap.get_text() or ""          # (pygame-gui's own clipboard read)
        except pygame.error:                                # (no clipboard here)
            pasted = ""
        line = first_line(pasted, room)
        if line and self.validate_text_string(line):
            self.select_range = [0, 0]
            self.set_text(self.text[:low] + line + self.text[high:])
