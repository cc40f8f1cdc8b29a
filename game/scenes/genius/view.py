"""`GeniusView`: how a Genius board looks, from a `Frame` (game/play/frame.py) and nothing else.

A component the Genius screens hold, never a base class: `layout(size)` says where the board,
the dice strip, the tray, its Turn and Flip buttons, the status line, the buttons and the
messages go (worked out once per window size, with the computer's board or the opponents'
boards in the right column for a race), `draw` paints a frame under the widgets and
`draw_overlay` over them, and `target_at` turns a pixel into a board square or a tray slot
for the one translation step of input (game/scenes/play_input.py).
"""
from __future__ import annotations

import time
from functools import cache

import pygame

from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.marks import mark_cells, ring
from game.draw.pieces import draw_squares, shape_size
from game.draw.theme import mix, text_size
from game.draw.widgets import grid_rects, progress_bar, text, text_block, title_bar, wrap
from game.play.commands import Slot, Square
from game.play.frame import Frame
from game.play.hints import capital
from game.scenes.anim import banner
from game.scenes.genius.roll import draw_die
from game.scenes.genius.versus_view import draw_rival
from game.scenes import play_view
from solver.genius.board import SIZE, on_board
from solver.genius.pieces import PIECES, orientations
from solver.genius.roll_counts import difficulty_label

FREE_HELP = ("Click seven cells (or move with the arrows and press Enter) to place the blockers. "
             "The engine checks the board at once and says why it cannot be solved; then play it.")


class GeniusView:
    """Layout and drawing of a Genius board; `column`: what the right column also holds
    ('rival': the computer's board above the tray, 'rivals': the opponents' boards under the
    buttons, '' for none)."""

    def __init__(self, app, column: str = ""):
        self.app = app
        self.column = column
        self._layout: tuple | None = None

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int] | None = None) -> dict:
        """Where everything goes at `size` (the window's by default), worked out once per size."""
        key = (size or self.app.size, self.app.scale)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self._compute(key[0]))
        return self._layout[1]

    def _compute(self, size) -> dict:
        app = self.app
        top, body = play_view.top_and_body(app, size)
        dice_h = app.px(72)
        left_w = min(body.height, int(body.width * 0.58))
        board_area = pygame.Rect(body.x, body.y, left_w, body.height - dice_h)
        geo = BoardGeometry.fit(board_area)
        dice_strip = pygame.Rect(body.x, board_area.bottom, left_w, dice_h)
        right = pygame.Rect(board_area.right + app.px(24), body.y, body.right - board_area.right - app.px(24),
                            body.height)
        gap = app.px(6)
        buttons_h = 3 * app.px(52)           # the most rows of menus and buttons a mode has
        messages_h = app.px(64)               # the strip for messages: it covers nothing needed
        tools_h = app.px(32)                  # the Turn and Flip buttons under the tray
        tray_h = min(int(right.height * 0.44),
                     right.height - buttons_h - messages_h - app.px(52) - tools_h - 4 * gap)
        tray = pygame.Rect(right.x, right.y, right.width, tray_h)
        tools = pygame.Rect(right.x, tray.bottom + gap, right.width, tools_h)
        status = pygame.Rect(right.x, tools.bottom + gap, right.width, app.px(52))
        buttons = pygame.Rect(right.x, status.bottom + gap, right.width, buttons_h)
        messages = pygame.Rect(right.x, buttons.bottom + gap, right.width,
                               max(app.px(40), right.bottom - buttons.bottom - gap))
        lay = {"geo": geo, "dice": dice_strip, "tray": tray, "tools": tools, "status": status, "buttons": buttons,
               "messages": messages, "top": top}
        if self.column == "rival":
            lay.update(self._with_rival(lay))
        elif self.column == "rivals":
            lay.update(self._with_rivals(lay))
        lay["slots"] = grid_rects(lay["tray"], 3, 3, app.px(8))
        return lay

    def _with_rival(self, lay: dict) -> dict:
        """The right column re-cut: the computer's board on top, then the tray, its Turn and Flip
        buttons, the status line and two rows of buttons."""
        app = self.app
        column = lay["tray"].union(lay["buttons"])
        gap = app.px(6)
        buttons_h, status_h, tools_h = 2 * app.px(52), app.px(52), app.px(32)
        free = column.height - buttons_h - status_h - tools_h - 4 * gap
        rival = pygame.Rect(column.x, column.y, column.width, int(free * 0.45))
        tray = pygame.Rect(column.x, rival.bottom + gap, column.width, free - rival.height)
        tools = pygame.Rect(column.x, tray.bottom + gap, column.width, tools_h)
        status = pygame.Rect(column.x, tools.bottom + gap, column.width, status_h)
        buttons = pygame.Rect(column.x, status.bottom + gap, column.width, column.bottom - status.bottom - gap)
        return {"rival": rival, "tray": tray, "tools": tools, "status": status, "buttons": buttons}

    def _with_rivals(self, lay: dict) -> dict:
        """Under two rows of buttons, the opponents' boards, then the strip for messages."""
        app = self.app
        top = lay["buttons"].y + 2 * app.px(52) + app.px(12)
        messages = lay["messages"]
        bottom = messages.bottom - app.px(48)
        return {"rivals": pygame.Rect(messages.x, top, messages.width, bottom - top),
                "messages": pygame.Rect(messages.x, bottom + app.px(4), messages.width, app.px(44))}

    def regions(self, frame: Frame) -> dict:
        """What this view draws by hand now, name -> Rect: no widget may cover one (the layout test)."""
        app, lay = self.app, self.layout()
        top = lay["top"]
        out = {"title": play_view.title_box(app, top, "The Genius Square", frame.shows.subtitle),
               "board": play_view.board_box(lay["geo"]), "tray": lay["tray"],
               "status": play_view.status_box(app, lay["status"], frame, app.px(100)),
               **{k: lay[k] for k in ("rival", "rivals") if k in lay}}
        if frame.match is not None and frame.shows.free is None:
            out["clock"] = play_view.clock_box(app, top)
            rolled = frame.match.meta.get("rolled")
            if rolled and self.dice_shown(frame):
                dice = self.dice_rects(len(rolled))
                out["dice"] = dice[0].unionall(dice[1:])
        if frame.shows.guide is not None and not frame.paused:
            out["card"] = frame.shows.guide.card(app, lay["messages"])
        return out

    @staticmethod
    def dice_shown(frame: Frame) -> bool:
        """Whether the strip under the board shows the dice (not between race turns, nor while
        the win's offers take it)."""
        return not frame.shows.cover and not frame.shows.offers

    # ------------------------------------------------------------------ pixels to squares
    def target_at(self, pos, hand):
        """The board square under `pos` (also just off the edge, so a piece can hang over it), or
        the tray slot and the square of its piece under `pos`, or None."""
        lay = self.layout()
        geo = lay["geo"]
        if geo.rect.inflate(geo.cell, geo.cell).collidepoint(pos):
            return Square(*geo.row_col_at(pos))
        for i, slot in enumerate(lay["slots"]):
            if slot.collidepoint(pos):
                return Slot(i, self.tray_square_at(PIECES[i], pos, hand.orient))
        return None

    def tray_square(self, piece: str, orient: dict) -> float:
        """The side of a square of `piece` in the tray: one size for all, whatever their turns, so
        they compare and stay still while one turns (the size at which each fits as dealt, and
        lying flat); smaller only for a piece turned so that it does not fit its slot at that size
        (the bar upright)."""
        slot0 = self.layout()["slots"][0]
        width, height = slot0.width * 0.9, slot0.height * 0.84
        most_rows, most_cols = _tray_extent()
        common = min(width / most_cols, height / most_rows, self.layout()["geo"].cell * 0.75)
        rows, cols = shape_size(orientations(piece)[orient[piece]])
        return min(common, width / cols, height / rows)

    def tray_origin(self, piece: str, size: float, slot: pygame.Rect, orient: dict) -> tuple[float, float]:
        rows, cols = shape_size(orientations(piece)[orient[piece]])
        return slot.centerx - cols * size / 2, slot.centery - rows * size / 2

    def tray_square_at(self, piece: str, pos, orient: dict) -> tuple[int, int]:
        """The square of `piece`'s tray shape under (or nearest) `pos`: the one that stays under
        the pointer once it is picked up."""
        size = self.tray_square(piece, orient)
        x0, y0 = self.tray_origin(piece, size, self.layout()["slots"][PIECES.index(piece)], orient)
        shape = orientations(piece)[orient[piece]]
        return min(shape, key=lambda rc: ((y0 + (rc[0] + 0.5) * size - pos[1]) ** 2 +
                                          (x0 + (rc[1] + 0.5) * size - pos[0]) ** 2, rc))

    def home_of(self, held, frame: Frame) -> tuple[int, int]:
        """Where a refused piece flies back to: its place on the board, or its tray slot."""
        lay = self.layout()
        cells = frame.match.position.placed.get(held.piece)
        if cells:
            rects = [lay["geo"].cell_rect(c) for c in cells]
            return rects[0].unionall(rects[1:]).center
        return lay["slots"][PIECES.index(held.piece)].center

    def held_image(self, held, labels: bool, alpha: int = 200) -> pygame.Surface:
        """`held` drawn on a layer whose middle is the middle of its grabbed square (so it turns
        round the square under the pointer)."""
        cell, pal = self.layout()["geo"].cell, self.app.palette
        shape = orientations(held.piece)[held.orientation]
        reach = (max(max(r, c) for r, c in shape) + 1) * cell
        layer = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        origin = (reach - (held.grab[1] + 0.5) * cell, reach - (held.grab[0] + 0.5) * cell)
        i = PIECES.index(held.piece)
        draw_squares(layer, shape, origin, cell, pal.piece_colour(i), alpha=alpha, pattern=pal.piece_pattern(i),
                     label=held.piece if labels else None)
        return layer

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        surface.fill(self.app.palette.background)
        lay = self.layout()
        title_bar(surface, self.app, lay["top"], "The Genius Square", frame.shows.subtitle)
        if frame.match is not None and frame.shows.free is None:
            play_view.draw_clock(surface, self.app, lay["top"], frame)
        if play_view.clipped_to(surface, lay["top"]):
            return                           # (a clock's tick: the rest is as it was)
        if frame.shows.free is not None:
            self.draw_free(surface, lay, frame)
        elif frame.match is not None:        # (None while the first roll is drawn at a level)
            self.draw_board(surface, lay["geo"], frame)
            self.draw_tray(surface, lay, frame)
            self.draw_dice(surface, lay, frame)
        if "rival" in lay:
            lines, board = frame.shows.rivals[0] if frame.shows.rivals else (["Computer"], None)
            draw_rival(surface, self.app, lay["rival"], board, list(lines))
        elif "rivals" in lay:
            rivals = frame.shows.rivals
            columns = 1 if len(rivals) == 1 else 2          # (one rival has the whole width for its words)
            for (lines, board), cell in zip(rivals, grid_rects(lay["rivals"], columns, -(-len(rivals) // columns),
                                                                self.app.px(6))):
                draw_rival(surface, self.app, cell, board, list(lines))
        self.draw_status(surface, lay["status"], frame)

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """Over the widgets: the held piece off the board, then what every play screen has."""
        lay = self.layout()
        landing = frame.landing
        held = frame.hand.held
        if not frame.paused and held is not None and not frame.hand.keyboard and frame.shows.free is None \
                and (landing is None or landing.cells is None):
            key = (held.piece, held.orientation, held.grab, lay["geo"].cell, self.app.palette.name, frame.labels)
            frame.anims.motion.draw_held(surface, key, lambda: self.held_image(held, frame.labels), frame.pointer,
                                         max(3, lay["geo"].cell // 8))
        play_view.draw_overlay(surface, self.app, lay, frame, self.hidden_when_paused(lay))

    def hidden_when_paused(self, lay: dict) -> list[pygame.Rect]:
        return [play_view.board_box(lay["geo"]), lay["tray"], lay["dice"]]

    def draw_board(self, surface, geo: BoardGeometry, frame: Frame) -> None:
        pal, anims = self.app.palette, frame.anims
        highlight = {}
        if anims.celebration is not None:
            for cell in range(36):
                glow = anims.celebration.wave(cell // SIZE, cell % SIZE)
                if glow:
                    highlight[cell] = mix(pal.cell, pal.accent, glow)
        # between race turns: no board, only who is next (or the result); a board just filled
        # stays in view under its banner a moment first
        if frame.shows.cover and not anims.banner:
            banner(surface, geo.rect, list(frame.shows.cover), pal, self.app.scale)
            return
        draw_board(surface, geo, pal, highlight=highlight)
        pos = frame.shown
        rolled = frame.match.meta.get("rolled", [])
        for cell in sorted(pos.blockers):
            drop = anims.roll.drop(rolled.index(cell)) if anims.roll is not None and cell in rolled else 1.0
            if drop > 0:
                draw_blocker(surface, geo.cell_rect(cell), pal, drop)
        for piece, cells in pos.placed.items():
            i = PIECES.index(piece)
            if piece in pos.givens:
                self.draw_given(surface, geo, piece, cells, frame.labels)
                continue
            glow = round(anims.motion.glow(piece), 1) if anims.motion else 0    # a piece just put down glows
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell,
                         mix(pal.piece_colour(i), (255, 255, 255), 0.45 * glow) if glow else pal.piece_colour(i),
                         pattern=pal.piece_pattern(i), label=piece if frame.labels else None,
                         outline=pal.accent if glow > 0.3 else None)
        mark = frame.hand.mark
        if mark is not None:
            piece, cells, left = mark
            pulse = 0.5 + 0.5 * abs(((left * 2) % 2) - 1)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell,
                         pal.piece_colour(PIECES.index(piece)), alpha=int(90 + 110 * pulse), outline=pal.accent)
        self.draw_landing(surface, geo, frame)
        if frame.hand.keyboard and not frame.finished:
            self.draw_cursor(surface, geo, frame.hand.cursor)

    def draw_given(self, surface, geo: BoardGeometry, piece: str, cells, labels: bool) -> None:
        """A piece the puzzle gives: muted toward the board, hatched, and pinned down (a pin's
        head on its first square), so it never looks like one of the player's."""
        pal, i = self.app.palette, PIECES.index(piece)
        pattern = pal.piece_pattern(i)
        draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell,
                     mix(pal.piece_colour(i), pal.cell, 0.5), pattern="diag" if pattern == "none" else pattern,
                     label=piece if labels else None)
        first = geo.cell_rect(min(cells))
        centre = (first.x + geo.cell // 4, first.y + geo.cell // 4)       # (the label has the middle)
        radius = max(3, geo.cell // 10)
        pygame.draw.circle(surface, (30, 30, 34), (centre[0], centre[1] + 1), radius + max(1, radius // 3))
        pygame.draw.circle(surface, (205, 205, 212), centre, radius)
        pygame.draw.circle(surface, (255, 255, 255), (centre[0] - radius // 3, centre[1] - radius // 3),
                           max(1, radius // 3))

    def draw_landing(self, surface, geo: BoardGeometry, frame: Frame) -> None:
        """Where the held piece would land: in its colour if it may, marked if not; at the
        keyboard, a piece that would hang off the board is drawn clipped at the edge."""
        landing, held, pal = frame.landing, frame.hand.held, self.app.palette
        if landing is None:
            return
        i = PIECES.index(held.piece)
        ok = landing.reason is None
        if landing.cells is None:
            if not frame.hand.keyboard:
                return
            shape = orientations(held.piece)[held.orientation]
            r0, c0 = frame.hand.cursor[0] - held.grab[0], frame.hand.cursor[1] - held.grab[1]
            squares = [(r0 + r, c0 + c) for r, c in shape if on_board(r0 + r, c0 + c)]
        else:
            squares = [divmod(c, SIZE) for c in landing.cells]
        colour = pal.piece_colour(i) if ok else mix(pal.piece_colour(i), pal.illegal, 0.6)
        draw_squares(surface, squares, geo.origin(), geo.cell, colour, alpha=190 if ok else 150,
                     outline=pal.legal if ok else pal.illegal, pattern=pal.piece_pattern(i),
                     label=held.piece if frame.labels else None)
        # a cross only on the cells that break the rule, so "no" does not rely on colour
        mark_cells(surface, [geo.cell_rect(c) for c in sorted(landing.offending)], pal.illegal)

    def draw_cursor(self, surface, geo: BoardGeometry, cursor: tuple[int, int]) -> None:
        pygame.draw.rect(surface, self.app.palette.accent, geo.cell_rect(cursor[0] * SIZE + cursor[1]).inflate(-2, -2),
                         max(2, geo.cell // 22), border_radius=max(2, geo.cell // 10))

    def draw_free(self, surface, lay: dict, frame: Frame) -> None:
        app, pal, geo, tray, free = self.app, self.app.palette, lay["geo"], lay["tray"], frame.shows.free
        draw_board(surface, geo, pal)
        y = text(surface, "Free mode", (tray.x, tray.y + app.px(10)), text_size("heading", app.scale), pal.text,
                 style="bold").bottom + app.px(8)
        body = text_size("body", app.scale)         # wrapped, never shrunk: every line one size
        for line in wrap(FREE_HELP, body, tray.width):
            y = text(surface, line, (tray.x, y), body, pal.text).bottom + app.px(6)
        for cell in free.blockers:
            draw_blocker(surface, geo.cell_rect(cell), pal)
        for cell in sorted(free.reason_cells):        # what the engine's reason is about
            ring(surface, geo.cell_rect(cell), pal.illegal, max(3, geo.cell // 10))
        if frame.hand.keyboard:
            self.draw_cursor(surface, geo, frame.hand.cursor)

    def draw_tray(self, surface, lay: dict, frame: Frame) -> None:
        app, pal, hand = self.app, self.app.palette, frame.hand
        hidden = bool(frame.shows.cover)
        pos = frame.match.position
        pointer_slot = next((i for i, slot in enumerate(lay["slots"]) if slot.collidepoint(frame.pointer)), None)
        for n, (piece, slot) in enumerate(zip(PIECES, lay["slots"])):
            selected = hand.held is not None and hand.held.piece == piece
            hover = (hand.held is None and not hand.keyboard and not hidden and piece in pos.unplaced
                     and pointer_slot == n)
            colour = mix(pal.panel, pal.accent, 0.25) if selected else mix(pal.panel, pal.text, 0.1) if hover \
                else pal.panel
            pygame.draw.rect(surface, colour, slot, border_radius=app.px(8))
            if hand.mark is not None and hand.mark[0] == piece and piece in pos.unplaced:
                pygame.draw.rect(surface, pal.accent, slot, max(2, app.px(3)), border_radius=app.px(8))
            text(surface, str(n + 1), (slot.x + app.px(6), slot.y + app.px(4)), app.px(13), pal.dim_text)
            if hidden:
                continue
            alpha = 60 if piece in pos.placed or selected else 255
            size = self.tray_square(piece, hand.orient)
            draw_squares(surface, orientations(piece)[hand.orient[piece]],
                         self.tray_origin(piece, size, slot, hand.orient), size, pal.piece_colour(n), alpha=alpha,
                         pattern=pal.piece_pattern(n), label=piece if frame.labels else None)

    def dice_rects(self, n: int) -> list[pygame.Rect]:
        """Where the `n` dice go: a row in the strip under the board, centred under the board."""
        lay = self.layout()
        app, strip = self.app, lay["dice"]
        size = min(app.px(52), strip.height - app.px(8), strip.width // 8)
        gap = app.px(8)
        x = lay["geo"].rect.centerx - (n * size + (n - 1) * gap) // 2
        return [pygame.Rect(x + i * (size + gap), strip.centery - size // 2, size, size) for i in range(n)]

    def draw_dice(self, surface, lay: dict, frame: Frame) -> None:
        app, pal, strip = self.app, self.app.palette, lay["dice"]
        if not self.dice_shown(frame):
            return
        rolled = frame.match.meta.get("rolled")
        if not rolled:
            n = len(frame.match.position.unplaced)
            text(surface, f"{n} piece{'s' if n != 1 else ''} to place", (lay["geo"].rect.centerx, strip.centery),
                 text_size("body", app.scale), pal.dim_text, anchor="center")
            return
        roll = frame.anims.roll
        for i, (face, rect) in enumerate(zip(rolled, self.dice_rects(len(rolled)))):
            if roll is not None:
                shown, angle = roll.die_state(i)
                draw_die(surface, rect, shown, pal, angle=angle, number=i + 1, settled=angle == 0)
            else:
                draw_die(surface, rect, face, pal, number=i + 1)

    def draw_status(self, surface, area: pygame.Rect, frame: Frame) -> None:
        app, pal = self.app, self.app.palette
        line = frame.status
        job, landing = frame.job, frame.landing
        if job is not None:
            bar = pygame.Rect(area.x, area.bottom - app.px(12), area.width - app.px(110), app.px(8))
            progress_bar(surface, bar, job.fraction, pal.panel, pal.accent, app.px(4), (time.monotonic() * 1.5) % 1.0)
            line = f"{job.label}... {job.age:.1f} s (Esc cancels)"
        elif landing is not None and (landing.cells is not None or frame.hand.keyboard or _on_board(frame.hand.pointer)):
            ok = landing.reason is None
            words = "fits here" if ok else landing.reason
            text_block(surface, [f"{capital(frame.hand.name(frame.hand.held.piece))}: {words}"],
                       pygame.Rect(area.x, area.y + app.px(8), area.width, area.height - app.px(8)), app.px(16),
                       pal.legal if ok else pal.illegal, style="bold")
            return
        elif not line and frame.match is not None and frame.shows.free is None and not frame.anims.banner:
            n = frame.match.meta.get("solutions")
            line = f"This roll: {n:,} solutions ({difficulty_label(n)})" if n is not None else \
                "Drag a piece to the board: R or wheel turns, F flips"
        box = play_view.status_box(app, area, frame, app.px(100))
        if job is not None:
            box.height -= app.px(14)                  # (the job's bar under it)
        text_block(surface, [line], box, app.px(16), pal.text)


@cache
def _tray_extent() -> tuple[int, int]:
    """The most rows and columns a tray slot holds at the common size: every piece as dealt and
    lying flat (worked out once)."""
    shapes = [shape_size(orientations(p)[0]) for p in PIECES] + \
        [tuple(sorted(shape_size(shape))) for p in PIECES for shape in orientations(p)]
    return max(r for r, _ in shapes), max(c for _, c in shapes)


def _on_board(square: tuple[int, int] | None) -> bool:
    """Whether the pointer's square is on the board (a piece held there that hangs over the
    edge is said to; one carried off the board, back to the tray, is not)."""
    return square is not None and on_board(*square)
