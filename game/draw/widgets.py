"""Glue between the game and pygame-gui, plus the few things drawn by hand on top.

- `ui_theme(palette, scale)`: the pygame-gui theme from `assets/themes/base.json`, with the
  palette's colours filled in, the bundled fonts' paths added and the font sizes scaled to
  the window (pygame-gui cannot rescale fonts live, so the app builds one manager per scale).
- `text()`: draw a line of text with the bundled fonts.
- `Toasts`: short messages that fade (the engine's reason for an illegal drop, "copied", ...).
- `split_rows` / `grid_rects`: tiny layout helpers that keep everything proportional.
- `pressed_name` / `enable_buttons`: a scene's dict of named buttons; `title_bar`, `progress_bar`,
  `overlay_panel`: the top panel, the solver's bar and the key table's panel, drawn alike by every scene.
"""
from __future__ import annotations

import copy
import json
from functools import lru_cache

import pygame
import pygame_gui

from game.assets import asset_path
from solver.errors import one_line

from .theme import FONT_FILES, Colour, Palette, font, mix


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


@lru_cache(maxsize=1)
def _base_theme() -> dict:
    return json.loads(asset_path("themes", "base.json").read_text(encoding="utf-8"))


def ui_theme(palette: Palette, scale: float) -> dict:
    """A pygame-gui theme dict for `palette` with fonts scaled by `scale`."""
    names = {
        "panel": palette.panel, "panel_hover": mix(palette.panel, palette.text, 0.15),
        "panel_disabled": mix(palette.panel, palette.background, 0.5), "background": palette.background,
        "text": palette.text, "dim_text": palette.dim_text, "accent": palette.accent,
        "accent_dark": mix(palette.accent, palette.panel, 0.55), "border": mix(palette.panel, palette.text, 0.3),
    }
    regular, bold, mono = (str(asset_path("fonts", FONT_FILES[k])) for k in ("regular", "bold", "mono"))

    def fill(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "font" and isinstance(value, dict):
                    value["size"] = str(max(9, round(int(value.get("size", 16)) * scale)))
                    if value.get("name") == "dejavu_mono":
                        value["regular_path"] = value["bold_path"] = mono
                    else:
                        value["regular_path"], value["bold_path"] = regular, bold
                elif isinstance(value, str) and value.startswith("$"):
                    node[key] = _hex(names[value[1:]])
                else:
                    fill(value)

    theme = copy.deepcopy(_base_theme())
    fill(theme)
    return theme


def text(surface: pygame.Surface, line: str, pos, size: int, colour: Colour, *,
         anchor: str = "topleft", style: str = "regular", max_width: int | None = None) -> pygame.Rect:
    """Draw `line` at `pos` (the rect point named by `anchor`), shrunk to fit `max_width`."""
    line = one_line(line)           # a file name with a lone surrogate would make the font raise
    image = font(size, style).render(line, True, colour)
    while max_width and image.get_width() > max_width and size > 9:
        size = max(9, int(size * 0.9))
        image = font(size, style).render(line, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


class FileDialog(pygame_gui.windows.UIFileDialog):
    """pygame-gui's file dialog, listing only names its font can draw: a file name that is not
    valid UTF-8 comes back from the system with lone surrogates, which would make it raise."""

    def _create_list_of_directories_and_files_on_current_path(self):
        super()._create_list_of_directories_and_files_on_current_path()
        self.current_file_list = [item for item in self.current_file_list
                                  if _drawable(item[0] if isinstance(item, tuple) else item)]


def _drawable(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Toasts:
    """Short messages shown at the bottom of the window for a few seconds each."""

    def __init__(self):
        self.items: list[list] = []   # [text, seconds left, colour or None]
        self.anchor: tuple[int, int] | None = None   # midbottom of the newest message; None: window bottom

    def show(self, message: str, seconds: float = 2.5, colour: Colour | None = None) -> None:
        message = one_line(message)     # drawable: no newline, no lone surrogate (a file name may hold one)
        self.items = [i for i in self.items if i[0] != message][-2:]
        self.items.append([message, seconds, colour])

    @property
    def latest(self) -> str | None:
        return self.items[-1][0] if self.items else None

    def update(self, dt: float) -> None:
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    def draw(self, surface: pygame.Surface, palette: Palette, scale: float) -> None:
        w, h = surface.get_size()
        x, y = self.anchor or (w // 2, h - int(24 * scale))
        size = max(12, int(18 * scale))
        for message, left, colour in reversed(self.items):
            image = font(size, "bold").render(message, True, palette.text)
            pad = int(10 * scale)
            box = image.get_rect(midbottom=(x, y)).inflate(2 * pad, pad)
            alpha = int(255 * min(1.0, left / 0.4))
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*mix(palette.panel, (0, 0, 0), 0.3), min(235, alpha)), panel.get_rect(),
                             border_radius=pad)
            pygame.draw.rect(panel, (*(colour or palette.accent), alpha), panel.get_rect(), 2, border_radius=pad)
            image.set_alpha(alpha)
            panel.blit(image, image.get_rect(center=panel.get_rect().center))
            surface.blit(panel, box)
            y = box.top - int(6 * scale)


def split_rows(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """`rect` cut into `count` equal rows with `gap` pixels between them."""
    if count <= 0:
        return []
    h = (rect.height - gap * (count - 1)) / count
    return [pygame.Rect(rect.x, round(rect.y + i * (h + gap)), rect.width, round(h)) for i in range(count)]


def grid_rects(rect: pygame.Rect, cols: int, rows: int, gap: int) -> list[pygame.Rect]:
    """`rect` cut into a cols x rows grid of equal cells, row by row."""
    w = (rect.width - gap * (cols - 1)) / cols
    h = (rect.height - gap * (rows - 1)) / rows
    return [pygame.Rect(round(rect.x + c * (w + gap)), round(rect.y + r * (h + gap)), round(w), round(h))
            for r in range(rows) for c in range(cols)]


def wrap(line: str, size: int, width: int, style: str = "regular") -> list[str]:
    """`line` broken at spaces into lines no wider than `width` pixels at font `size`."""
    f = font(size, style)
    out, current = [], ""
    for word in line.split():
        trial = f"{current} {word}".strip()
        if current and f.size(trial)[0] > width:
            out.append(current)
            current = word
        else:
            current = trial
    return out + ([current] if current else [])


def pressed_name(event, buttons: dict) -> str | None:
    """The name of the button in `buttons` (name -> pygame-gui button) that `event` pressed."""
    return next((name for name, button in buttons.items() if event.ui_element is button), None)


def enable_buttons(buttons: dict, flags: dict) -> None:
    """Enable each button whose name `flags` maps to a true value (or does not mention)."""
    for name, button in buttons.items():
        (button.enable if flags.get(name, True) else button.disable)()


def title_bar(surface: pygame.Surface, app, top: pygame.Rect, title: str, subtitle: str, *,
              max_width: int | None = None) -> None:
    """The panel across the top of a scene with its title and a smaller line under it."""
    pal = app.palette
    pygame.draw.rect(surface, pal.panel, top)
    text(surface, title, (app.px(16), top.centery - app.px(2)), app.px(24), pal.text, anchor="midleft",
         style="bold", max_width=max_width)
    text(surface, subtitle, (app.px(16), top.centery + app.px(18)), app.px(13), pal.dim_text, anchor="midleft")


def overlay_panel(surface: pygame.Surface, app, panel: pygame.Rect, shade: int, border: int) -> None:
    """Darken the whole window (`shade`: the black's alpha) and draw a bordered panel on it."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, shade))
    surface.blit(veil, (0, 0))
    pygame.draw.rect(surface, app.palette.panel, panel, border_radius=app.px(12))
    pygame.draw.rect(surface, app.palette.accent, panel, border, border_radius=app.px(12))


def progress_bar(surface: pygame.Surface, bar: pygame.Rect, fraction: float | None, track: Colour, fill: Colour,
                 radius: int, phase: float) -> None:
    """A progress bar: filled up to `fraction`, or (fraction None) a short block at `phase` (0..1)."""
    pygame.draw.rect(surface, track, bar, border_radius=radius)
    if fraction is not None:
        done = pygame.Rect(bar.x, bar.y, int(bar.width * fraction), bar.height)
    else:
        done = pygame.Rect(bar.x + int((bar.width - bar.width // 5) * phase), bar.y, bar.width // 5, bar.height)
    pygame.draw.rect(surface, fill, done, border_radius=radius)
