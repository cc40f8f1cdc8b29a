"""How the MacMahon scene looks: its layout and drawing (the board with its tiles, clashes,
ghost and hint; the tray; the status panel; the help screen).

`MacMahonView` is mixed into `MacMahonScene`; it reads the scene's state (match, held tile,
cursor, hint, job) and never changes it.
"""
from __future__ import annotations

import re
import time
from dataclasses import replace

import pygame
import pygame_gui

from game import keys
from game.draw.boards import BoardGeometry
from game.draw.marks import mark_cells, ring
from game.draw.theme import font, mix, text_size
from game.draw.tiles import OUTLINE, draw_board, draw_tile, mark_triangle, tile_colour, tray_grid
from game.draw.widgets import grid_rects, progress_bar, text, title_bar, wrap
from game.play.match import format_time
from game.puzzles.macmahon.hand import ghost_clashes
from solver.macmahon.position import Move, Position
from solver.macmahon.tiles import rotate

SIDES = "TRBL"
VARIANTS = (("4x6x3", "4 x 6, 3 colours (classic)"), ("3x8x3", "3 x 8, 3 colours"),
            ("2x12x3", "2 x 12, 3 colours"), ("2x3x2", "2 x 3, 2 colours"),
            ("7x10x4", "7 x 10, 4 colours"), ("5x14x4", "5 x 14, 4 colours"))


def variant_label(header: str) -> str:
    return dict(VARIANTS).get(header, header)


MIN_CELL = 16        # design pixels: a board whose cells would be smaller is not offered
MIN_BUTTON = 20      # design pixels: the least height of a row of buttons above the game ID


class MacMahonView:
    """Layout, widgets and drawing for MacMahonScene."""

    # ------------------------------------------------------------------ widgets
    #: the buttons in sight (the few used all the time); the rest are in the Game menu
    BUTTONS = (("new", "New game"), ("hint", "Hint"), ("undo", "Undo"), ("redo", "Redo"),
               ("restart", "Restart"), ("pause", "Pause"), ("turn", "Turn (R)"))
    GAME_MENU = (("check", "Solvable?"), ("solve", "Solve from here"), ("browse", "Solution browser"),
                 ("save", "Save..."), ("load", "Load..."), ("help", "Keys"), ("menu", "Main menu"))
    RULES = (("strict", "Rules: strict"), ("free", "Rules: free"))
    TOOLTIPS = {"new": "new", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
                "solve": "solve", "check": "count", "save": "save", "load": "load", "help": "help",
                "pause": "pause", "menu": "back", "turn": "rotate"}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        controls = lay["controls"]
        row = app.px(44)
        gap = app.px(8)
        level_w = min(app.px(140), controls.width // 3)      # the variant menu, then the level picker
        self.variant_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            [label for _, label in VARIANTS], variant_label(self.board.header),
            pygame.Rect(controls.x, controls.y, controls.width - level_w - gap, row), app.ui))
        rows = self.button_rows()
        area = pygame.Rect(controls.x, controls.y + row + gap, controls.width,
                           min(controls.bottom - controls.y - row - 2 * gap, 4 * (row + gap)))   # rows fit in four
        rects = grid_rects(area, 2, rows, gap)
        self.add_buttons(self.BUTTONS, rects[2:])
        self.add_menu("game", rects[0], "Game", list(self.GAME_MENU))
        self.add_menu("mode", rects[1], self.rules_label(), list(self.RULES), self.choose_rules)
        self.add_menu("level", pygame.Rect(controls.right - level_w, controls.y, level_w, row),
                      self.level_label(), self.level_choices(), self.choose_level)
        top = lay["top"]
        self.add_id_entry(top.centerx - app.px(330) // 2 - app.px(20), (top.height - app.px(36)) // 2,
                          f"copy this position's game ID: {keys.describe('copy')}",
                          "play the game ID typed on the left (its tiles stay put)")
        status = lay["status"]
        self.add_cancel_button(pygame.Rect(status.right - app.px(90), status.bottom - app.px(34), app.px(90),
                                           app.px(32)))
        self.refresh_buttons()

    def layout(self, position=None) -> dict:
        """Where everything goes for `position` (the position on show unless given)."""
        app = self.app
        position = position or self.position
        top, body = self.top_and_body()
        left_w = int(body.width * 0.64)
        board = position.board
        line = font(text_size("heading", app.scale), "bold").get_linesize()
        above = body.y - app.px(8) + 2 * line + app.px(12)       # room for the status of a wide board
        geo = BoardGeometry.fit(pygame.Rect(body.x, above, left_w, int(body.height * 0.6) - line),
                                board.rows, board.cols, label_room=0.7)
        geo = replace(geo, y=above + int(geo.cell * 0.7))  # a wide board sits at the top
        tray_top = geo.rect.bottom + max(3, geo.cell // 9) + app.px(14)
        tray = pygame.Rect(body.x + app.px(20), tray_top, left_w - app.px(20), body.bottom - tray_top)
        right = pygame.Rect(body.x + left_w + app.px(20), body.y, body.right - body.x - left_w - app.px(20),
                            body.height)
        status = pygame.Rect(right.x, right.y, right.width, app.px(150))
        id_lines = self.id_lines(right.width - app.px(20), position)
        id_h = (len(id_lines) + 1) * (self.id_text_size() + app.px(3)) + app.px(16)
        game_id = pygame.Rect(right.x, right.bottom - id_h, right.width, id_h)
        controls = pygame.Rect(right.x, status.bottom + app.px(8), right.width,
                               game_id.top - status.bottom - app.px(16))
        row, gap = app.px(44), app.px(8)        # the controls: the variant, then four rows (build_ui)
        used = min(controls.height, 5 * (row + gap))
        messages = pygame.Rect(right.x, controls.y + used, right.width, game_id.top - controls.y - used - gap)
        return {"geo": geo, "tray": tray, "slots": tray_grid(tray, len(board.tiles), app.px(6), int(geo.cell * 1.2)),
                "status": status, "controls": controls, "top": top, "game_id": game_id, "id_lines": id_lines,
                "messages": messages}

    def button_rows(self) -> int:
        """The rows of two under the variant menu: the buttons, the Game menu and the rules."""
        return (len(self.BUTTONS) + 2 + 1) // 2

    def shows(self, board) -> bool:
        """Whether `board` can be laid out in this window: cells of at least MIN_CELL, the board
        inside its column, and room above its game ID for the buttons (a 24x1 board's ID is 25
        lines long, a 22x28 board's cells would be a few pixels wide)."""
        app = self.app
        lay = self.layout(Position.empty(board))
        geo = lay["geo"].rect
        _, body = self.top_and_body()
        gap = app.px(8)
        buttons = app.px(44) + gap + self.button_rows() * (app.px(MIN_BUTTON) + gap)
        return (lay["geo"].cell >= app.px(MIN_CELL) and body.left <= geo.left and geo.right <= lay["status"].left
                and geo.bottom <= body.bottom and lay["controls"].height >= buttons)

    def id_text_size(self) -> int:
        return text_size("small", self.app.scale)

    def id_lines(self, width: int, position) -> list[str]:
        """The game ID of `position`, whole, in lines that fit `width` pixels: the board
        header, then a board row a line; a board whose rows do not fit runs on, as many tiles a
        line as the widest tile number leaves room for (so the count of lines never changes)."""
        head, _, body = position.notation().partition(":")
        board = position.board
        widest = len(str(len(board.tiles))) + 2                    # "24c/"
        room = max(8, width // font(self.id_text_size(), "mono").size("0")[0])
        rows = body.split("/")
        tokens = [re.findall(r"\d*\D", row) for row in rows]
        for row in tokens[:-1]:
            row[-1] += "/"
        if board.cols * (widest - 1) + 1 > room:
            flat = [t for row in tokens for t in row]
            per_line = max(1, room // widest)
            tokens = [flat[k:k + per_line] for k in range(0, len(flat), per_line)]
        return [head + ":"] + ["".join(row) for row in tokens]

    def draw_id(self, surface, area: pygame.Rect, lines: list[str]) -> None:
        """The whole game ID, readable: the entry in the top bar is where one is typed."""
        app, pal = self.app, self.app.palette
        pygame.draw.rect(surface, pal.panel, area, border_radius=app.px(8))
        size = self.id_text_size()
        x, y = area.x + app.px(10), area.y + app.px(8)
        text(surface, f"Game ID ({keys.describe('copy')} copies it)", (x, y), size, pal.dim_text)
        for line in lines:
            y += size + app.px(3)
            text(surface, line, (x, y), size, pal.text, style="mono")

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        lay = self.layout()
        geo = lay["geo"]
        app.toasts.place(lay["messages"])        # under the controls, as in The Genius Square
        self.draw_top(surface, lay["top"])
        self.draw_board(surface, geo)
        self.draw_tray(surface, lay)
        self.draw_status(surface, lay["status"])
        self.draw_id(surface, lay["game_id"], lay["id_lines"])

    def hidden_when_paused(self) -> list[pygame.Rect]:
        """A pause hides the game ID too: it spells out the board."""
        return super().hidden_when_paused() + [self.layout()["game_id"]]

    def draw_in_hand(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        """The tile under the pointer, off the board (over the board its ghost shows instead)."""
        if geo.cell_at(self.mouse) is None:
            h = self.held
            key = (h.tile, h.rotation, geo.cell, self.app.palette.name)
            self.motion.draw_held(surface, key, lambda: self.held_image(geo.cell), self.mouse, max(3, geo.cell // 8))

    def home_of(self, held) -> tuple[int, int]:
        """Where a refused tile goes back to: the cell it came from, or its tray slot."""
        lay = self.layout()
        if held.source is not None:
            return lay["geo"].cell_rect(held.source).center
        return lay["slots"][held.tile].center

    def confetti_colours(self):
        """The tiles' own colours (red, white and blue in the classic set)."""
        return [tile_colour(self.app.palette, letter) for letter in sorted(set("".join(self.board.tiles)))]

    def filled(self) -> float:
        return sum(v is not None for v in self.position.cells) / self.board.size

    def redraw_in(self) -> float | None:
        """The hint and the blamed tile pulse while they show."""
        return 0.0 if self.hint is not None or self.blamed is not None else super().redraw_in()

    def held_image(self, cell: int) -> pygame.Surface:
        """The held tile on a layer of its own, centred (it turns round its middle)."""
        layer = pygame.Surface((cell, cell), pygame.SRCALPHA)
        draw_tile(layer, rotate(self.board.tiles[self.held.tile], self.held.rotation), layer.get_rect(),
                  self.app.palette, alpha=215)
        return layer

    def draw_top(self, surface, top: pygame.Rect) -> None:
        app = self.app
        daily = self.match.meta.get("daily")
        level = self.match.meta.get("level")
        if daily:
            where = f"Daily #{daily}" + (f" · {level}" if level else "")
        else:
            where = f"Level {level}" if level else variant_label(self.board.header)
        sub = f"{where}, {'strict' if self.strict else 'free'} mode"
        title_bar(surface, app, top, "MacMahon Squares", sub, max_width=top.centerx - app.px(220))
        self.draw_clock(surface, top)

    def draw_board(self, surface, geo: BoardGeometry) -> None:
        pal = self.app.palette
        board = self.board
        highlight = {}
        if self.blamed is not None:
            highlight[self.blamed[0]] = pal.illegal
        draw_board(surface, geo, pal, board.border, highlight=highlight)
        pos = self.board_position()
        givens = self.givens()
        for cell in range(board.size):
            colours = pos.colours_at(cell)
            if colours is None:
                continue
            rect = geo.cell_rect(cell)
            draw_tile(surface, colours, rect, pal)
            glow = round(self.motion.glow(cell), 1)       # a tile just put down settles with a glow
            if self.celebration is not None:              # the win's light sweeps the board
                glow = max(glow, round(self.celebration.wave(*divmod(cell, board.cols)), 1))
            if glow:
                ring(surface, rect, mix(pal.accent, (255, 255, 255), glow * 0.5), max(2, round(geo.cell * 0.08 * glow)))
            if cell in givens:
                pygame.draw.circle(surface, OUTLINE, rect.center, max(3, geo.cell // 14))
                pygame.draw.circle(surface, pal.accent, rect.center, max(2, geo.cell // 20))
        for cell, side in pos.clashes():
            mark_triangle(surface, geo.cell_rect(cell), SIDES.index(side), pal.illegal)
        if self.blamed is not None and pos.cells[self.blamed[0]] is not None:
            pulse = 0.5 + 0.5 * abs(((self.blamed[1] * 2) % 2) - 1)
            ring(surface, geo.cell_rect(self.blamed[0]), mix(pal.illegal, pal.text, pulse * 0.4), max(3, geo.cell // 14))
        if self.hint is not None:
            tile, rotation, cell, step, left = self.hint
            pulse = 0.5 + 0.5 * abs(((left * 2) % 2) - 1)
            if step == 1:                  # where: the cell ringed
                ring(surface, geo.cell_rect(cell), mix(pal.accent, pal.text, pulse * 0.4), max(3, geo.cell // 14))
            elif step == 2 and pos.cells[cell] is None:
                draw_tile(surface, rotate(board.tiles[tile], rotation), geo.cell_rect(cell), pal,
                          alpha=int(110 + 110 * pulse), outline=pal.accent)
        cell = self.target_cell() if self.held is not None else None
        if cell is not None:
            reason = self.verdict(cell)
            colours = rotate(board.tiles[self.held.tile], self.held.rotation)
            fits = reason is None
            allowed = fits or (not self.strict and pos.cells[cell] is None)
            draw_tile(surface, colours, geo.cell_rect(cell), pal, alpha=230 if allowed else 140,
                      outline=pal.legal if fits else None)
            if not fits and pos.cells[cell] is not None:       # the overlap is what breaks the rule
                mark_cells(surface, [geo.cell_rect(cell)], pal.illegal)
            elif not fits:                                     # only the edges that clash, both sides of each
                for where, side in ghost_clashes(pos, Move(self.held.tile, self.held.rotation, cell)):
                    mark_triangle(surface, geo.cell_rect(where), SIDES.index(side), pal.illegal)
        if self.keyboard and not self.match.finished:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.hand.cursor).inflate(4, 4), max(2, geo.cell // 22),
                             border_radius=max(2, geo.cell // 12))
        elif self.held is None and not self.session.solve_queue:
            under = geo.cell_at(self.mouse)             # a tile that can be picked up: a light ring
            if under is not None and pos.cells[under] is not None and under not in givens:
                pygame.draw.rect(surface, mix(pal.text, pal.accent, 0.3), geo.cell_rect(under), max(2, geo.cell // 30))

    def draw_tray(self, surface, lay) -> None:
        """The tiles not yet placed, each in its numbered slot (slots keep their places). The
        number sits above the tile, never on it, so it hides no triangle however small the slots."""
        app, pal = self.app, self.app.palette
        unplaced = set(self.position.unplaced)
        held = self.held.tile if self.held is not None else None
        for tile, slot in enumerate(lay["slots"]):
            here = tile in unplaced and tile != held
            hover = here and held is None and not self.keyboard and slot.collidepoint(self.mouse)
            fill = (mix(pal.panel, pal.accent, 0.35) if tile == held else
                    mix(pal.panel, pal.text, 0.14) if hover else
                    pal.panel if here else mix(pal.panel, pal.background, 0.6))
            pygame.draw.rect(surface, fill, slot, border_radius=app.px(6))
            if self.hint is not None and self.hint[0] == tile and here:
                pygame.draw.rect(surface, pal.accent, slot, max(2, app.px(3)), border_radius=app.px(6))
            label, rect = self.tray_label(slot), self.tray_tile(slot)
            text(surface, str(tile + 1), label.center, label.height, pal.text if here else pal.dim_text,
                 anchor="center", style="bold")
            if here:
                draw_tile(surface, rotate(self.board.tiles[tile], self.hand.orient.get(tile, 0)), rect, pal)

    def tray_label(self, slot: pygame.Rect) -> pygame.Rect:
        """The strip at the top of a tray slot that holds its number (its height is the text size)."""
        size = min(self.app.px(13), max(9, slot.height // 4))
        return pygame.Rect(slot.x, slot.y + max(1, slot.height // 40), slot.width, size)

    def tray_tile(self, slot: pygame.Rect) -> pygame.Rect:
        """Where a tray slot's tile is drawn: the square under its number."""
        label = self.tray_label(slot)
        side = min(slot.width, slot.bottom - label.bottom) - max(2, slot.width // 12)
        rect = pygame.Rect(0, 0, side, side)
        rect.midbottom = (slot.centerx, slot.bottom - max(1, slot.width // 24))
        return rect

    def draw_status(self, surface, area: pygame.Rect) -> None:
        app, pal = self.app, self.app.palette
        pygame.draw.rect(surface, pal.panel, area, border_radius=app.px(8))
        inner = area.inflate(-app.px(20), -app.px(16))
        y = inner.y
        line = self.status_line()
        cell = self.target_cell() if self.held is not None else None
        if cell is not None:
            reason = self.verdict(cell)
            where = f"Tile {self.held.tile + 1} on {self.board.cell_name(cell)}"
            line = f"{where}: it fits" if reason is None else f"{where}: {reason}"
        if self.job is not None:
            line = f"{self.job.label}... {self.job.age:.1f} s (Esc cancels)"
            bar = pygame.Rect(inner.x, area.bottom - app.px(22), inner.width - app.px(100), app.px(8))
            progress_bar(surface, bar, self.job.fraction, pal.background, pal.accent, app.px(4),
                         (time.monotonic() * 1.5) % 1.0)
        size = app.px(16)
        for piece in wrap(line, size, inner.width)[:3]:
            text(surface, piece, (inner.x, y), size, pal.text)
            y += size + app.px(5)
        if self.job is not None:
            return
        pos = self.position
        placed = self.board.size - len(pos.unplaced)
        clashes = len(pos.clashes())
        facts = [f"{placed} of {self.board.size} tiles placed"]
        if clashes:
            facts.append(f"{clashes} clash{'es' if clashes != 1 else ''}")
        count = self.count_fact()
        if count:
            facts.append(count)
        small = app.px(14)
        text(surface, ", ".join(facts), (inner.x, inner.bottom - 2 * small - app.px(6)), small, pal.dim_text,
             max_width=inner.width)
        given = " with tiles given" if any(v is not None for v in self.match.start.cells) else ""
        where = "Best daily time" if self.match.meta.get("daily") is not None else \
            f"Best time on {self.board.rows} x {self.board.cols}{given}"
        text(surface, f"{where}: {format_time(self.best_time())}",
             (inner.x, inner.bottom - small), small, pal.dim_text, max_width=inner.width)

    def count_fact(self) -> str | None:
        """What the solution table says of the position on show (None: not counted, or solved)."""
        n = self.counted()
        if n is None or self.match.finished:
            return None
        if self.position == Position.empty(self.board):
            return f"{n:,} solution{'s' if n != 1 else ''}" if n else "no solution exists"
        return f"{n:,} way{'s' if n != 1 else ''} to finish from here" if n else "no way to finish from here"

