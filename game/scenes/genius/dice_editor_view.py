"""The dice editor's drawing: the board coloured by die, the seven dice's rows, the info panel
with the engine's verdict and the job's bar (a view mixed into DiceEditorScene, as the
puzzle scenes' views are)."""
from __future__ import annotations

import pygame

from game.draw.boards import draw_board
from game.draw.theme import contrast_text, mix, text_size
from game.draw.widgets import progress_bar, text
from game.puzzles.genius.dice_draft import FACES
from solver.grid import cell_name


class DiceEditorView:
    # --- drawing ----------------------------------------------------------------------
    def size(self, role: str) -> int:
        """A text size of the theme's four (title, heading, body, small): every line uses one."""
        return text_size(role, self.app.scale)

    def die_colour(self, die: int):
        return self.app.palette.piece_colour(die)

    def draw(self, surface: pygame.Surface) -> None:
        app, pal, lay = self.app, self.app.palette, self.layout()
        px = app.px
        surface.fill(pal.background)
        text(surface, "Dice editor", (px(20), px(16)), self.size("title"), pal.text, style="bold")
        text(surface, f"set '{self.draft.name}', die {self.current + 1} selected: click cells to put them "
                      f"on it, click again to take them off", (px(230), px(28)), self.size("body"), pal.dim_text,
             max_width=lay["menu"].x - px(250))
        geo = lay["geo"]
        draw_board(surface, geo, pal)
        for cell in range(36):
            self.draw_cell(surface, geo, cell)
        hover = None if self.dialog_open else geo.cell_at(pygame.mouse.get_pos())
        if hover is not None:            # where a click would act, in the chosen die's colour
            pygame.draw.rect(surface, self.die_colour(self.current), geo.cell_rect(hover).inflate(-2, -2),
                             max(2, px(3)), border_radius=px(6))
        if self.show_cursor:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.cursor).inflate(-2, -2), max(2, px(3)),
                             border_radius=px(6))
        free = len(self.draft.free_cells())
        text(surface, f"{free} cell{'s' if free != 1 else ''} on no die" if free else "every cell is on a die",
             (geo.rect.centerx, geo.rect.bottom + px(22)), self.size("body"), pal.dim_text, anchor="midtop")
        for die, row in enumerate(lay["rows"]):
            self.draw_die_row(surface, die, row)
        self.draw_info(surface, lay["info"])

    def draw_cell(self, surface, geo, cell: int) -> None:
        die = self.draft.owner(cell)
        if die is None:
            return
        px = self.app.px
        rect = geo.cell_rect(cell).inflate(-2 * max(2, geo.cell // 14), -2 * max(2, geo.cell // 14))
        colour = self.die_colour(die)
        pygame.draw.rect(surface, colour, rect, border_radius=max(3, geo.cell // 9))
        ink = contrast_text(colour)
        text(surface, str(die + 1), rect.center, max(12, geo.cell * 2 // 5), ink, anchor="center", style="bold")
        text(surface, cell_name(cell), (rect.x + px(5), rect.y + px(3)), max(9, geo.cell // 6), ink)
        weight = self.draft.weight(cell)
        if weight != 1:
            text(surface, f"x{weight}", (rect.right - px(5), rect.bottom - px(3)), max(9, geo.cell // 6), ink,
                 anchor="bottomright")

    def draw_die_row(self, surface, die: int, row: pygame.Rect) -> None:
        px, pal = self.app.px, self.app.palette
        selected = die == self.current
        pygame.draw.rect(surface, mix(pal.panel, pal.accent, 0.18) if selected else pal.panel, row,
                         border_radius=px(8))
        if selected:
            pygame.draw.rect(surface, pal.accent, row, max(2, px(3)), border_radius=px(8))
        colour = self.die_colour(die)
        swatch = pygame.Rect(row.x + px(8), row.y + px(6), row.height - px(12), row.height - px(12))
        pygame.draw.rect(surface, colour, swatch, border_radius=px(6))
        text(surface, str(die + 1), swatch.center, self.size("heading"), contrast_text(colour), anchor="center", style="bold")
        cells = self.draft.cells(die)
        label = f"{len(cells)} cell{'s' if len(cells) != 1 else ''}"
        text(surface, label, (swatch.right + px(10), row.centery), self.size("small"), pal.dim_text, anchor="midleft")
        faces = self.draft.faces[die]
        x0 = swatch.right + px(80)
        shown = faces[:FACES]
        box_w = min(px(54), (row.right - x0 - px(8)) // FACES - px(4))
        for i in range(FACES):
            box = pygame.Rect(x0 + i * (box_w + px(4)), row.y + px(9), box_w, row.height - px(18))
            if i < len(shown):
                pygame.draw.rect(surface, mix(pal.cell, colour, 0.25), box, border_radius=px(4))
                text(surface, cell_name(shown[i]), box.center, self.size("body"), (30, 30, 34), anchor="center", style="bold")
            else:
                pygame.draw.rect(surface, mix(pal.panel, pal.text, 0.2), box, 1, border_radius=px(4))
        if len(faces) > FACES:
            text(surface, f"+{len(faces) - FACES}", (row.right - px(6), row.centery), self.size("small"), pal.dim_text,
                 anchor="midright")

    def draw_info(self, surface, info: pygame.Rect) -> None:
        px, pal = self.app.px, self.app.palette
        y = info.y
        if self.job is not None:
            bar = pygame.Rect(info.x, y + px(6), info.width - px(220), px(22))
            fraction = self.job.fraction
            sweep = self.job.age % 2.0          # a block going to and fro until the engine reports
            progress_bar(surface, bar, fraction, pal.panel, pal.accent, px(6), sweep if sweep <= 1 else 2 - sweep)
            shown = "searching" if fraction is None else f"{fraction:.0%}"
            text(surface, f"{shown}, {self.job.age:.0f} s", (bar.right + px(10), bar.centery), self.size("small"), pal.text,
                 anchor="midleft", style="bold")
            y = bar.bottom + px(10)
        text(surface, self.status, (info.x, y), self.size("heading"), self.status_colour or pal.text, style="bold",
             max_width=info.width)
        y += px(26)
        note = ["An edited die repeats its cells in turn to fill its 6 faces:",
                "2 cells give a b a b a b, 4 cells a b c d a b (each row shows the faces).",
                "Keys: 1-7 choose a die; arrows and Enter assign; Delete takes a cell off."]
        line_h, note_h = px(21), px(20)
        room = (info.bottom - 2 * note_h - px(6) - y) // line_h    # the faces rule always stays
        shown = self.details if len(self.details) == self.detail_total and len(self.details) <= room \
            else self.details[:max(0, min(len(self.details), room - 1))]
        lines = shown + ([f"... and {self.detail_total - len(shown):,} more"] if len(shown) < self.detail_total else [])
        for line in lines:
            text(surface, line, (info.x + px(12), y), self.size("body"), pal.text, style="mono",
                 max_width=info.width - px(12))
            y += line_h
        fits = max(2, min(len(note), (info.bottom - y) // note_h))
        y = info.bottom - fits * note_h
        for line in note[:fits]:
            text(surface, line, (info.x, y), self.size("small"), pal.dim_text, max_width=info.width)
            y += note_h
