"""Glue between the game and pygame-gui, plus the few things drawn by hand on top.

- `ui_theme(palette, scale)`: the pygame-gui theme from `assets/themes/base.json`, with the
  palette's colours filled in, the bundled fonts' paths added and the font sizes scaled to
  the window (pygame-gui cannot rescale fonts live, so the app builds one manager per scale).
- `text()`: draw a line of text with the bundled fonts; `text_block()`: paragraphs wrapped into a
  box, the font as big as lets them fit (cut with an ellipsis at the smallest size);
  `ellipsized()`: a line shortened to a width.
- `Toasts`: short messages that fade (the engine's reason for an illegal drop, "copied", ...), wrapped
  and kept inside the window, in a strip a scene declares (`toasts.place(rect)`) or at `toasts.anchor`.
- `grid_rects`: a tiny layout helper that keeps everything proportional.
- `pressed_name` / `enable_buttons`: a scene's dict of named buttons; `title_bar`, `progress_bar`,
  `overlay_panel`: the top panel, the solver's bar and the key table's panel, drawn alike by every scene.
"""
from __future__ import annotations

import copy
import json
from functools import lru_cache

import pygame
import pygame_gui

from solver.assets import asset_path
from solver.errors import one_line

from .theme import FONT_FILES, Colour, Palette, font, mix, text_size


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
    names["disabled_text"] = mix(palette.dim_text, names["panel_disabled"], 0.4)      # a greyed button looks flat:
    names["disabled_border"] = mix(names["panel_disabled"], palette.text, 0.08)       # dim words, a faint edge
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


SMALLEST = 9          # pixels: the least font size text is shrunk to


def ellipsized(line: str, size: int, width: int, style: str = "regular") -> str:
    """`line`, or as much of it as fits `width` pixels at font `size` followed by '…'."""
    f = font(size, style)
    if f.size(line)[0] <= width:
        return line
    cut = len(line)
    while cut > 0 and f.size(line[:cut].rstrip() + "\u2026")[0] > width:
        cut -= 1
    return line[:cut].rstrip() + "\u2026"


def text_block(surface: pygame.Surface, paragraphs, area: pygame.Rect, size: int, colour: Colour, *,
               anchor: str = "topleft", style: str = "regular", leading: float = 1.3) -> pygame.Rect:
    """Draw `paragraphs` (strings) wrapped to `area`'s width, a line `leading` x the font size
    below the one before and half a line between paragraphs, at the biggest font size from `size`
    down to SMALLEST at which they fit `area`'s height; at SMALLEST the lines that do not fit are
    left out, the last one shown ending in '…'. `anchor` 'topleft' or 'midtop' (centred lines).
    Returns the box the lines take."""
    while True:
        step = round(size * leading)
        lines: list[str | None] = []
        for paragraph in paragraphs:
            lines += ([None] if lines else []) + wrap(paragraph, size, area.width, style)
        height = sum(step // 2 if line is None else step for line in lines)
        if height <= area.height or size <= SMALLEST:
            break
        size -= 1
    while lines and height > area.height and len(lines) > 1:
        height -= step // 2 if lines.pop() is None else step
        while lines and lines[-1] is None:
            height -= step // 2
            lines.pop()
        lines[-1] = ellipsized(lines[-1] + " \u2026", size, area.width, style)
    x = area.centerx if anchor == "midtop" else area.x
    y, drawn = area.y, pygame.Rect(area.x, area.y, 0, 0)
    for line in lines:
        if line is None:
            y += step // 2
            continue
        drawn.union_ip(text(surface, line, (x, y), size, colour, anchor=anchor, style=style, max_width=area.width))
        y += step
    return drawn


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
    """Short messages shown for a few seconds each, the newest lowest, never outside the window.

    Where they go: `place(area)` gives a strip of the window that covers nothing the player
    needs (messages wrap to its width and stack upwards inside it); or `anchor` names the
    midbottom of the newest message; with neither, the bottom of the window. Either way a
    message is wrapped and kept inside the window. A card drawn in the strip (the guided
    game's) is kept clear with `reserve(rect)` each frame: messages stay above it, smaller
    if they must.
    """

    def __init__(self):
        self.items: list[list] = []   # [text, seconds left, colour or None]
        self.anchor: tuple[int, int] | None = None   # midbottom of the newest message; None: window bottom
        self.area: pygame.Rect | None = None         # the strip messages stay in; None: see `anchor`
        self.card: pygame.Rect | None = None         # drawn in the strip this frame: kept clear
        self.card_draws = 0                          # draws left before `card` is forgotten

    def place(self, area: pygame.Rect | None) -> None:
        """Show messages in `area` from now on (None: back to the default place)."""
        self.area = None if area is None else pygame.Rect(area)
        self.anchor = None

    def reserve(self, card: pygame.Rect) -> None:
        """Keep `card` (drawn this frame) clear of messages; said again each frame it shows."""
        self.card, self.card_draws = pygame.Rect(card), 2

    def show(self, message: str, seconds: float = 2.5, colour: Colour | None = None) -> None:
        message = one_line(message)     # drawable: no newline, no lone surrogate (a file name may hold one)
        self.items = [i for i in self.items if i[0] != message][-2:]
        self.items.append([message, seconds, colour])

    def withdraw(self, message: str) -> None:
        """Take `message` down now, if it is on show."""
        message = one_line(message)
        self.items = [i for i in self.items if i[0] != message]

    @property
    def latest(self) -> str | None:
        return self.items[-1][0] if self.items else None

    def update(self, dt: float) -> None:
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    def boxes(self, size: tuple[int, int], scale: float) -> list[tuple[pygame.Rect, list[str], int]]:
        """(box, wrapped lines, font size) of each message drawn now, newest first: the layout
        `draw` uses, so a test can check where messages land."""
        w, h = size
        margin = max(2, int(6 * scale))
        window = pygame.Rect(0, 0, w, h).inflate(-2 * margin, -2 * margin)
        bounds = self.area.clip(window) if self.area is not None else window
        if self.card is not None and self.card_draws > 0 and bounds.colliderect(self.card):
            bounds.height = max(0, self.card.top - margin - bounds.top)      # above the card
        if self.area is not None:
            x, y = bounds.centerx, bounds.bottom
        else:
            x, y = self.anchor or (w // 2, h - int(24 * scale))
        width = bounds.width if self.area is not None else min(bounds.width, int(640 * scale))
        pad = max(4, int(10 * scale))
        size_px = text_size("heading", scale)
        out = []
        for message, _left, _colour in reversed(self.items):
            lines = _wrapped(message, size_px, width - 2 * pad)
            line_h = font(size_px, "bold").get_linesize()
            while not out and line_h * len(lines) + pad > bounds.height and size_px > SMALLEST:   # the newest fits
                size_px -= 1
                lines = _wrapped(message, size_px, width - 2 * pad)
                line_h = font(size_px, "bold").get_linesize()
            room = max(1, (bounds.height - pad) // line_h)
            if not out and len(lines) > room:             # ... cut at the smallest size if it must
                lines = lines[:room - 1] + [ellipsized(lines[room - 1] + " \u2026", size_px, width - 2 * pad, "bold")]
            box = pygame.Rect(0, 0, min(width, max(font(size_px, "bold").size(line)[0] for line in lines) + 2 * pad),
                              line_h * len(lines) + pad)
            box.midbottom = (x, y)
            if out and box.top < bounds.top:
                break                           # older messages that do not fit wait their turn
            box.clamp_ip(bounds)
            out.append((box, lines, size_px))
            y = box.top - max(2, int(6 * scale))
        return out

    def draw(self, surface: pygame.Surface, palette: Palette, scale: float) -> None:
        self.card_draws -= 1
        for (box, lines, size), (_message, left, colour) in zip(self.boxes(surface.get_size(), scale),
                                                                reversed(self.items)):
            pad = max(4, int(10 * scale))
            alpha = int(255 * min(1.0, left / 0.4))
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*mix(palette.panel, (0, 0, 0), 0.3), min(235, alpha)), panel.get_rect(),
                             border_radius=pad)
            pygame.draw.rect(panel, (*(colour or palette.accent), alpha), panel.get_rect(), 2, border_radius=pad)
            f = font(size, "bold")
            top = (box.height - f.get_linesize() * len(lines)) // 2
            for i, line in enumerate(lines):
                image = f.render(line, True, palette.text)
                if image.get_width() > box.width - 2 * pad:      # one word longer than the box
                    image = pygame.transform.smoothscale(
                        image, (box.width - 2 * pad, image.get_height() * (box.width - 2 * pad) // image.get_width()))
                image.set_alpha(alpha)
                panel.blit(image, image.get_rect(midtop=(box.width // 2, top + i * f.get_linesize())))
            surface.blit(panel, box)


@lru_cache(maxsize=64)
def _wrapped(message: str, size: int, width: int) -> list[str]:
    """A message's lines at font `size` (bold) no wider than `width`, as far as spaces allow."""
    return [line for part in message.splitlines() for line in wrap(part, size, max(1, width), "bold")] or [""]


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
    text(surface, title, (app.px(16), top.centery - app.px(7)), text_size("title", app.scale), pal.text,
         anchor="midleft", style="bold", max_width=max_width)
    text(surface, subtitle, (app.px(16), top.centery + app.px(20)), text_size("small", app.scale), pal.dim_text,
         anchor="midleft")


def screen_heading(surface: pygame.Surface, app, title: str) -> None:
    """The big bold heading at the top left of a full-window screen (daily, statistics, all solutions)."""
    text(surface, title, (app.px(40), app.px(22)), text_size("title", app.scale) + app.px(6), app.palette.text,
         style="bold")


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
