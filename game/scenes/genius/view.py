"""Drawing the Genius scene: layout, board, tray, dice, status line, overlays, help.

A mixin of GeniusScene: it reads the scene's state (match, held piece, cursor, animations)
and draws it; it never changes the match.
"""
from __future__ import annotations

import time

import pygame

from game import keys
from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.marks import mark_cells, ring
from game.draw.pieces import draw_squares, shape_size
from game.draw.theme import font, mix, text_size
from game.draw.widgets import grid_rects, overlay_panel, progress_bar, text, title_bar, wrap
from game.play.match import format_time
from game.scenes.anim import banner
from game.scenes.play_view import PlayView
from game.scenes.genius.dice_menu import DiceMenu, dice_label
from game.scenes.genius.roll import draw_die
from solver.genius.board import SIZE
from solver.genius.roll_counts import difficulty_label
from solver.genius.pieces import PIECES, orientations



FREE_HELP = ("Click seven cells (or move with the arrows and press Enter) to place the blockers. "
             "The engine checks the board at once and says why it cannot be solved; then play it.")


class GeniusView(PlayView):
    """Layout, widgets and drawing for GeniusScene."""

    # ------------------------------------------------------------------ layout
    BUTTONS = {
        "play": [("new", "New roll"), ("roll_level", "Level: any"), ("undo", "Undo"), ("redo", "Redo"),
                 ("restart", "Restart"), ("hint", "Hint"), ("solve", "Solve"), ("count", "Solutions?"), ("save", "Save..."),
                 ("load", "Load..."), ("free", "Free mode"), ("race", "Race"), ("versus", "vs computer"),
                 ("pause", "Pause"), ("help", "Keys (F1)"), ("menu", "Menu (Esc)")],
        "free": [("free_play", "Play this board"), ("free_clear", "Clear"), ("free_check", "Solutions?"),
                 ("new", "Back to dice"), ("help", "Keys (F1)"), ("menu", "Menu (Esc)")],
        "race": [("race_start", "Start turn"), ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"),
                 ("give_up", "Give up"), ("pause", "Pause"), ("race", "New race"), ("race_solution", "A solution"),
                 ("new", "Leave race"), ("help", "Keys (F1)"), ("menu", "Menu (Esc)")],
    }
    ID_WIDTH = 220        # a Genius game ID is 14 characters
    TOOLTIPS = {"new": "new", "pause": "pause", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
                "solve": "solve", "count": "count", "save": "save", "load": "load", "help": "help", "menu": "back"}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        self.buttons = {}
        specs = self.BUTTONS[self.mode]
        rows = (len(specs) + 2) // 3
        rects = grid_rects(pygame.Rect(lay["buttons"].x, lay["buttons"].y, lay["buttons"].width,
                                       min(lay["buttons"].height, rows * app.px(52))), 3, rows, app.px(8))
        self.add_buttons(specs, rects)
        top = lay["top"]
        y = (top.height - app.px(36)) // 2
        left = self.add_id_entry(top.centerx - app.px(self.ID_WIDTH) // 2 - app.px(60), y,
                                 f"copy the game ID: {keys.describe('copy')}",
                                 "play the game ID typed on the left", self.ID_WIDTH) + app.px(10)
        width = min(self.dice_menu_width(), top.right - app.px(130) - left)
        self.dice = DiceMenu(self, pygame.Rect(left, y, width, app.px(36))) if width > app.px(80) else None
        app.toasts.place(lay["messages"])
        status = lay["status"]
        self.add_cancel_button(pygame.Rect(status.right - app.px(100), status.y + app.px(8), app.px(100), app.px(36)))
        self.refresh_buttons()

    def dice_menu_width(self) -> int:
        """Wide enough for the dice set's name (e.g. 'File: made-22.json') and the menu's arrow."""
        label = dice_label(self.app.settings.get("dice", "default"))
        size = max(9, round(16 * self.app.scale))           # the drop-down's font (themes/base.json)
        return max(self.app.px(150), font(size).size(label)[0] + self.app.px(56))

    def layout(self) -> dict:
        """Where everything goes at the current window size (computed once per size)."""
        key = (self.app.size, self.app.scale)
        if getattr(self, "_layout", (None,))[0] != key:
            self._layout = (key, self._compute_layout())
        return self._layout[1]

    def _compute_layout(self) -> dict:
        app = self.app
        top, body = self.top_and_body()
        dice_h = app.px(72)
        left_w = min(body.height, int(body.width * 0.58))
        board_area = pygame.Rect(body.x, body.y, left_w, body.height - dice_h)
        geo = BoardGeometry.fit(board_area)
        dice_strip = pygame.Rect(body.x, board_area.bottom, left_w, dice_h)
        right = pygame.Rect(board_area.right + app.px(24), body.y, body.right - board_area.right - app.px(24),
                            body.height)
        gap = app.px(6)
        buttons_h = 6 * app.px(52)           # the most rows of buttons a mode has
        messages_h = app.px(64)               # the strip for messages: it covers nothing needed
        tray_h = min(int(right.height * 0.44), right.height - buttons_h - messages_h - app.px(52) - 3 * gap)
        tray = pygame.Rect(right.x, right.y, right.width, tray_h)
        status = pygame.Rect(right.x, tray.bottom + gap, right.width, app.px(52))
        buttons = pygame.Rect(right.x, status.bottom + gap, right.width, buttons_h)
        messages = pygame.Rect(right.x, buttons.bottom + gap, right.width, max(app.px(40), right.bottom - buttons.bottom - gap))
        return {"geo": geo, "dice": dice_strip, "tray": tray, "status": status, "buttons": buttons,
                "messages": messages, "slots": grid_rects(tray, 3, 3, app.px(8)), "top": top}

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.app.palette
        surface.fill(pal.background)
        lay = self.layout()
        geo = lay["geo"]
        if self.mode == "free":
            self.draw_free(surface, geo, lay["tray"])
        elif self.match is not None:        # (None while the first roll is drawn at a level)
            self.draw_board(surface, geo)
            self.draw_tray(surface, lay)
            self.draw_dice(surface, lay["dice"])
        self.draw_top(surface, lay)
        self.draw_status(surface, lay["status"])

    def draw_in_hand(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        """The piece under the pointer, unless its ghost is on the board."""
        aim = self.target() if self.mode != "free" else None
        if self.mode == "free" or (aim is not None and aim[0] is not None):
            return
        h, pal = self.held, self.app.palette
        shape = orientations(h.piece)[h.orientation]
        origin = (self.mouse[0] - (h.grab[1] + 0.5) * geo.cell, self.mouse[1] - (h.grab[0] + 0.5) * geo.cell)
        draw_squares(surface, shape, origin, geo.cell, pal.piece_colour(PIECES.index(h.piece)), alpha=170,
                     pattern=pal.piece_pattern(PIECES.index(h.piece)), label=self.label(h.piece))

    def label(self, piece: str) -> str | None:
        return piece if self.app.settings.get("labels", False) else None

    def play_subtitle(self) -> str:
        """Under the title: the dice set, and the roll's level when it is known ('Default · hard')."""
        meta = self.match.meta if self.match else {}
        return " · ".join(x for x in (meta.get("dice_name", ""), meta.get("level") or "") if x)

    def draw_top(self, surface, lay) -> None:
        app = self.app
        top = lay["top"]
        sub = {"play": self.play_subtitle(), "free": "free mode",
               "race": "race"}[self.mode]
        if self.mode == "race" and self.race:
            sub = f"race: player {min(2, self.race.turn + 1)}"
        title_bar(surface, app, top, "The Genius Square", sub)
        if self.match is not None and self.mode != "free":
            self.draw_clock(surface, top)

    def draw_board(self, surface, geo: BoardGeometry) -> None:
        pal = self.app.palette
        hidden = self.hidden()
        highlight = {}
        if self.celebration is not None:
            for cell in range(36):
                glow = self.celebration.wave(cell // SIZE, cell % SIZE)
                if glow:
                    highlight[cell] = mix(pal.cell, pal.accent, glow)
        if hidden:           # between turns: no board, only who is next (or the result)
            banner(surface, geo.rect, self.race_lines(), pal, self.app.scale)
            return
        draw_board(surface, geo, pal, highlight=highlight)
        pos = self.board_position()
        for i, cell in enumerate(sorted(pos.blockers)):
            drop = 1.0
            if self.roll is not None:
                rolled = self.match.meta.get("rolled", [])
                drop = self.roll.drop(rolled.index(cell)) if cell in rolled else 1.0
                if drop <= 0:
                    continue
            draw_blocker(surface, geo.cell_rect(cell), pal, drop)
        for piece, cells in pos.placed.items():
            i = PIECES.index(piece)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                         pattern=pal.piece_pattern(i), label=self.label(piece))
        if self.hint is not None:
            piece, cells, left = self.hint
            pulse = 0.5 + 0.5 * abs(((left * 2) % 2) - 1)
            i = PIECES.index(piece)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                         alpha=int(90 + 110 * pulse), outline=pal.accent)
        aim = self.target() if self.held else None
        if aim is not None and aim[0] is not None:
            cells, reason = aim
            i = PIECES.index(self.held.piece)
            colour = pal.piece_colour(i) if reason is None else mix(pal.piece_colour(i), pal.illegal, 0.6)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, colour,
                         alpha=190 if reason is None else 150, outline=pal.legal if reason is None else pal.illegal,
                         pattern=pal.piece_pattern(i), label=self.label(self.held.piece))
            # a cross only on the cells that break the rule, so "no" does not rely on colour
            mark_cells(surface, [geo.cell_rect(c) for c in sorted(self.offending_cells())], pal.illegal)
        elif aim is not None and self.keyboard:
            at = self.anchor()
            pygame.draw.rect(surface, pal.illegal, geo.cell_rect(at[0] * SIZE + at[1]), 3)
        if self.keyboard and self.match and not self.match.finished:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.cursor[0] * SIZE + self.cursor[1]).inflate(-2, -2),
                             max(2, geo.cell // 22), border_radius=max(2, geo.cell // 10))

    def race_lines(self) -> list[str]:
        t = self.race.times
        if self.race.over:
            return [self.race.headline(), f"Player 1: {self.race.player_time(0)}",
                    f"Player 2: {self.race.player_time(1)}", "New race, A solution, or Leave race"]
        n = self.race.turn + 1
        lines = [f"Player {n}: ready?", "Press Start (Enter, or click the board)", "your clock starts then"]
        if n == 2:
            lines.insert(1, f"Player 1: {format_time(t[0])}")
        return lines

    def draw_free(self, surface, geo: BoardGeometry, tray: pygame.Rect) -> None:
        app, pal = self.app, self.app.palette
        draw_board(surface, geo, pal)
        y = text(surface, "Free mode", (tray.x, tray.y + app.px(10)), text_size("heading", app.scale), pal.text,
                 style="bold").bottom + app.px(8)
        body = text_size("body", app.scale)         # wrapped, never shrunk: every line one size
        for line in wrap(FREE_HELP, body, tray.width):
            y = text(surface, line, (tray.x, y), body, pal.text).bottom + app.px(6)
        for cell in self.free.blockers:
            draw_blocker(surface, geo.cell_rect(cell), pal)
        for cell in sorted(self.free.reason_cells):        # what the engine's reason is about
            ring(surface, geo.cell_rect(cell), pal.illegal, max(3, geo.cell // 10))
        if self.keyboard:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.cursor[0] * SIZE + self.cursor[1]).inflate(-2, -2),
                             max(2, geo.cell // 22), border_radius=max(2, geo.cell // 10))

    def draw_tray(self, surface, lay) -> None:
        app, pal = self.app, self.app.palette
        hidden = self.hidden()
        pos = self.position
        size = self.tray_square()
        for n, (piece, slot) in enumerate(zip(PIECES, lay["slots"])):
            i = PIECES.index(piece)
            selected = self.held is not None and self.held.piece == piece
            hover = (self.held is None and not self.keyboard and not hidden and piece in pos.unplaced
                     and slot.collidepoint(self.mouse))
            colour = mix(pal.panel, pal.accent, 0.25) if selected else mix(pal.panel, pal.text, 0.1) if hover \
                else pal.panel
            pygame.draw.rect(surface, colour, slot, border_radius=app.px(8))
            text(surface, str(n + 1), (slot.x + app.px(6), slot.y + app.px(4)), app.px(13), pal.dim_text)
            if hidden:
                continue
            shape = orientations(piece)[self.orient[piece]]
            origin = self.tray_origin(piece, size)
            placed = piece in pos.placed
            alpha = 60 if placed or selected else 255
            draw_squares(surface, shape, origin, size, pal.piece_colour(i), alpha=alpha,
                         pattern=pal.piece_pattern(i), label=self.label(piece))

    def tray_square(self) -> float:
        """The side of a square of the tray's pieces (one size for all, so they compare)."""
        lay = self.layout()
        extents = [shape_size(orientations(p)[self.orient[p]]) for p in PIECES]
        slot0 = lay["slots"][0]
        return min(slot0.width * 0.8 / max(c for _, c in extents), slot0.height * 0.78 / max(r for r, _ in extents),
                   lay["geo"].cell * 0.6)

    def tray_origin(self, piece: str, size: float) -> tuple[float, float]:
        """The top left corner of `piece`'s shape drawn in its tray slot."""
        slot = self.layout()["slots"][PIECES.index(piece)]
        rows, cols = shape_size(orientations(piece)[self.orient[piece]])
        return slot.centerx - cols * size / 2, slot.centery - rows * size / 2

    def tray_square_at(self, piece: str, pos) -> tuple[int, int]:
        """The square of `piece`'s tray shape under (or nearest) the pointer at `pos`: the one
        that stays under the pointer once it is picked up."""
        size = self.tray_square()
        x0, y0 = self.tray_origin(piece, size)
        shape = orientations(piece)[self.orient[piece]]
        return min(shape, key=lambda rc: ((y0 + (rc[0] + 0.5) * size - pos[1]) ** 2 +
                                          (x0 + (rc[1] + 0.5) * size - pos[0]) ** 2, rc))

    def draw_dice(self, surface, strip: pygame.Rect) -> None:
        app, pal = self.app, self.app.palette
        rolled = self.match.meta.get("rolled") if self.match else None
        if self.hidden():
            return
        if not rolled:
            if self.match is not None:
                text(surface, f"{len(self.position.unplaced)} pieces to place",
                     (self.layout()["geo"].rect.centerx, strip.centery), text_size("body", app.scale),
                     pal.dim_text, anchor="center")
            return
        for i, (face, rect) in enumerate(zip(rolled, self.dice_rects(len(rolled)))):
            if self.roll is not None:
                shown, angle = self.roll.die_state(i)
                draw_die(surface, rect, shown, pal, angle=angle, number=i + 1, settled=angle == 0)
            else:
                draw_die(surface, rect, face, pal, number=i + 1)

    def dice_rects(self, n: int) -> list[pygame.Rect]:
        """Where the `n` dice go: a row in the strip under the board, centred under the board."""
        app, strip = self.app, self.layout()["dice"]
        size = min(app.px(52), strip.height - app.px(8), strip.width // 8)
        gap = app.px(8)
        x = self.layout()["geo"].rect.centerx - (n * size + (n - 1) * gap) // 2
        return [pygame.Rect(x + i * (size + gap), strip.centery - size // 2, size, size) for i in range(n)]

    def draw_status(self, surface, area: pygame.Rect) -> None:
        app, pal = self.app, self.app.palette
        line = self.status_line()
        if self.job is not None:
            bar = pygame.Rect(area.x, area.bottom - app.px(12), area.width - app.px(110), app.px(8))
            progress_bar(surface, bar, self.job.fraction, pal.panel, pal.accent, app.px(4),
                         (time.monotonic() * 1.5) % 1.0)
            line = f"{self.job.label}... {self.job.age:.1f} s (Esc cancels)"
        elif self.held is not None and self.mode != "free" and self.target() is not None:
            cells, reason = self.target()
            ok = reason is None
            text(surface, f"{self.held.piece}: {'fits here' if ok else reason}", (area.x, area.y + app.px(8)),
                 app.px(16), pal.legal if ok else pal.illegal, style="bold", max_width=area.width)
            return
        elif not line and self.match is not None and self.mode != "free" and not self.win_banner():
            n = self.match.meta.get("solutions")
            line = f"This roll: {n:,} solutions ({difficulty_label(n)})" if n is not None else \
                "Drag a piece to the board: R or wheel turns, F flips"
        text(surface, line, (area.x, area.y + app.px(8)), app.px(16), pal.text,
             max_width=area.width - (app.px(110) if self.job is not None else 0))

    def draw_help(self, surface) -> None:
        """The key table from game/keys.py, in two columns on a panel."""
        app, pal = self.app, self.app.palette
        w, h = surface.get_size()
        lines = keys.help_lines()
        half = (len(lines) + 1) // 2
        col_w = (w - app.px(80)) // 2
        size = max(10, min(text_size("body", app.scale), (h - app.px(140)) // (half * 3 // 2 + 1)))
        while size > 9 and any(font(size, "mono").size(c)[0] > col_w * 0.42 or font(size).size(t)[0] > col_w * 0.53
                               for c, t in lines):
            size -= 1                       # one size for every row, small enough for the longest
        step = size + max(3, size // 2)
        panel = pygame.Rect(app.px(20), app.px(20), w - app.px(40), app.px(70) + half * step + app.px(20))
        panel.centery = h // 2
        overlay_panel(surface, app, panel, 150, 2)
        text(surface, f"Keys (any key or click closes; {keys.describe('help')} again: How to play)", (panel.centerx, panel.y + app.px(16)),
             text_size("title", app.scale), pal.text,
             anchor="midtop", style="bold")
        for i, (combo, what) in enumerate(lines):
            x = panel.x + app.px(20) + (i // half) * col_w
            y = panel.y + app.px(70) + (i % half) * step
            text(surface, combo, (x, y), size, pal.accent, style="mono", max_width=int(col_w * 0.42))
            text(surface, what, (x + int(col_w * 0.45), y), size, pal.text, max_width=int(col_w * 0.53))
