"""`MacMahonView`: how a MacMahon board looks, from a `Frame` (game/play/frame.py) and nothing else:
the board with its tiles, clashes, the held tile's ghost and the hint; the tray; the status
panel; the whole game ID. A component the MacMahon screen holds, never a base class:
`layout(size, board)` is worked out once per window size and board, `draw` paints a frame
under the widgets and `draw_overlay` over them, `target_at` turns a pixel into a board square
or a tray slot for the one translation step of input.
"""
from __future__ import annotations

import re
import time

import pygame

from game.play import key_words
from game.draw.boards import BoardGeometry
from game.draw.marks import mark_cells, ring
from game.draw.theme import font, mix, text_size
from game.draw.tiles import OUTLINE, draw_board, draw_tile, mark_edge, mark_triangle, tray_grid
from game.draw.widgets import progress_bar, text, title_bar, wrap
from game.play.commands import Slot, Square
from game.play.frame import Frame
from game.scenes import play_view
from solver.macmahon.position import Board, Position
from solver.macmahon.tiles import rotate

SIDES = "TRBL"
MIN_CELL = 16        # design pixels: a board whose cells would be smaller is not offered
MIN_BUTTON = 20      # design pixels: the least height of a row of buttons above the game ID
BUTTON_ROWS = 5      # the rows of two under the variant menu: seven buttons, the Game menu and the rules
LABEL_ROOM = 0.7     # cells: the room of the row letters left of the board and the numbers above it


class MacMahonView:
    def __init__(self, app):
        self.app = app
        self.board = Board()           # the board whose layout is shown
        self._layout: tuple | None = None

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int] | None = None, board: Board | None = None) -> dict:
        """Where everything goes for `board` (the one on show) at `size` (the window's)."""
        key = (size or self.app.size, self.app.scale, board or self.board)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self._compute(key[0], key[2]))
        return self._layout[1]

    def _compute(self, size, board: Board) -> dict:
        app = self.app
        top, body = play_view.top_and_body(app, size)
        left_w = int(body.width * 0.64)
        geo, slots = self.board_and_tray(pygame.Rect(body.x, body.y, left_w, body.height), board)
        right = pygame.Rect(body.x + left_w + app.px(20), body.y, body.right - body.x - left_w - app.px(20),
                            body.height)
        status = pygame.Rect(right.x, right.y, right.width, app.px(150))
        id_lines = self.id_lines(right.width - app.px(20), Position.empty(board))
        id_h = (len(id_lines) + 1) * (self.id_text_size() + app.px(3)) + app.px(16)
        game_id = pygame.Rect(right.x, right.bottom - id_h, right.width, id_h)
        controls = pygame.Rect(right.x, status.bottom + app.px(8), right.width,
                               game_id.top - status.bottom - app.px(16))
        row, gap = app.px(44), app.px(8)        # the controls: the variant, then four rows of buttons
        used = min(controls.height, 5 * (row + gap))
        messages = pygame.Rect(right.x, controls.y + used, right.width, game_id.top - controls.y - used - gap)
        tray = slots[0].unionall(slots[1:])
        return {"geo": geo, "tray": tray, "slots": slots, "status": status, "controls": controls, "top": top,
                "game_id": game_id, "messages": messages}

    def board_and_tray(self, area: pygame.Rect, board: Board) -> tuple[BoardGeometry, list[pygame.Rect]]:
        """The board (its labels above and on the left) over the tray of all its tiles, in `area`,
        the two centred together: of the ways to lay out the tray (its columns, its slots' size:
        bigger slots leave a smaller board), the one whose board cell times tray tile is the
        most, no tray tile bigger than a board cell."""
        app = self.app
        gap, count = app.px(6), len(board.tiles)
        best = None
        for cols in range(1, count + 1):
            rows = -(-count // cols)
            for side in range((area.width - gap * (cols - 1)) // cols, 7, -1):
                tray_h = rows * side + (rows - 1) * gap
                cell = self.board_cell(area.width, area.height - tray_h, board)
                tile = self.tray_tile(pygame.Rect(0, 0, side, side)).width
                if tile <= cell and (best is None or (cell * tile, cell) > best[0]):
                    best = ((cell * tile, cell), side, tray_h)
        if best is None:                                    # (no room at all: the smallest tray)
            best = ((0, self.board_cell(area.width, area.height, board)), 8, -(-count // 8) * 8)
        (_, cell), side, tray_h = best
        label = int(cell * LABEL_ROOM)
        block = label + board.rows * cell + self.under_board(cell) + tray_h
        x = area.x + (area.width - label - board.cols * cell) // 2 + label
        geo = BoardGeometry(x, area.y + (area.height - block) // 2 + label, cell, board.rows, board.cols)
        tray = pygame.Rect(area.x, geo.rect.bottom + self.under_board(cell), area.width, tray_h)
        return geo, tray_grid(tray, count, gap, side)

    def board_cell(self, width: int, height: int, board: Board) -> int:
        """The biggest cell of `board` whose labels, cells and frame fit `width` x `height`."""
        room = height - self.under_board(0)
        return max(1, int(min(width / (board.cols + LABEL_ROOM), room / (board.rows + LABEL_ROOM + 0.125))))

    def under_board(self, cell: int) -> int:
        """The board's frame under its cells, then a gap before the tray."""
        return cell // 8 + self.app.px(14)

    def regions(self, frame: Frame) -> dict:
        """What this view draws by hand now, name -> Rect: no widget may cover one (the layout test)."""
        lay = self.layout()
        geo, slots = lay["geo"], lay["slots"]
        out = {"board": geo.rect.inflate(geo.cell // 4, geo.cell // 4), "game_id": lay["game_id"]}
        if not frame.shows.offers:                   # (the win's offers take the empty tray's place)
            out["tray"] = slots[0].unionall(slots[1:])
        if frame.shows.guide is not None and not frame.paused:
            out["card"] = frame.shows.guide.card(self.app, lay["messages"])
        return out

    def shows(self, board: Board) -> bool:
        """Whether `board` can be laid out in this window: cells of at least MIN_CELL, the board
        inside its column, and room above its game ID for the buttons (a 24x1 board's ID is 25
        lines long, a 22x28 board's cells would be a few pixels wide)."""
        app = self.app
        lay = self._compute(app.size, board)
        geo = lay["geo"].rect
        _, body = play_view.top_and_body(app, app.size)
        gap = app.px(8)
        buttons = app.px(44) + gap + BUTTON_ROWS * (app.px(MIN_BUTTON) + gap)
        return (lay["geo"].cell >= app.px(MIN_CELL) and body.left <= geo.left and geo.right <= lay["status"].left
                and body.top <= geo.top and lay["tray"].bottom <= body.bottom and lay["controls"].height >= buttons)

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

    # ------------------------------------------------------------------ pixels to squares
    def target_at(self, pos, hand):
        """The board square under `pos`, or the tray slot under it, or None."""
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            return Square(*divmod(cell, self.board.cols))
        return next((Slot(i) for i, slot in enumerate(lay["slots"]) if slot.collidepoint(pos)), None)

    def home_of(self, held, frame: Frame) -> tuple[int, int]:
        """Where a refused tile goes back to: the cell it came from, or its tray slot."""
        lay = self.layout()
        if held.source is not None:
            return lay["geo"].cell_rect(held.source).center
        return lay["slots"][held.tile].center

    def held_image(self, held, labels: bool = False) -> pygame.Surface:
        """The held tile on a layer of its own, centred (it turns round its middle)."""
        cell = self.layout()["geo"].cell
        layer = pygame.Surface((cell, cell), pygame.SRCALPHA)
        draw_tile(layer, rotate(self.board.tiles[held.tile], held.rotation), layer.get_rect(), self.app.palette,
                  alpha=215)
        return layer

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        self.board = frame.match.start.board
        surface.fill(self.app.palette.background)
        lay = self.layout()
        title_bar(surface, self.app, lay["top"], "MacMahon Squares", frame.shows.subtitle,
                  max_width=lay["top"].centerx - self.app.px(220))
        play_view.draw_clock(surface, self.app, lay["top"], frame)
        if play_view.clipped_to(surface, lay["top"]):
            return                           # (a clock's tick: the rest is as it was)
        self.draw_board(surface, lay["geo"], frame)
        if not frame.shows.offers:
            self.draw_tray(surface, lay, frame)
        self.draw_status(surface, lay["status"], frame)
        if frame.shows.game_id:
            self.draw_id(surface, lay["game_id"], self.id_lines(lay["game_id"].width - self.app.px(20),
                                                                 frame.match.position))

    def draw_overlay(self, surface: pygame.Surface, frame: Frame) -> None:
        """The tile under the pointer off the board (over the board its ghost shows instead)."""
        lay = self.layout()
        geo, held = lay["geo"], frame.hand.held
        if held is not None and not frame.paused and not frame.hand.keyboard and geo.cell_at(frame.pointer) is None:
            key = (held.tile, held.rotation, geo.cell, self.app.palette.name)
            frame.anims.motion.draw_held(surface, key, lambda: self.held_image(held), frame.pointer,
                                         max(3, geo.cell // 8))
        play_view.draw_overlay(surface, self.app, lay, frame,
                               [play_view.board_box(geo), lay["tray"], lay["game_id"]])

    def draw_id(self, surface, area: pygame.Rect, lines: list[str]) -> None:
        """The whole game ID, readable: the entry in the top bar is where one is typed."""
        app, pal = self.app, self.app.palette
        pygame.draw.rect(surface, pal.panel, area, border_radius=app.px(8))
        size = self.id_text_size()
        x, y = area.x + app.px(10), area.y + app.px(8)
        text(surface, f"Game ID ({key_words.describe('copy')} copies it)", (x, y), size, pal.dim_text)
        for line in lines:
            y += size + app.px(3)
            text(surface, line, (x, y), size, pal.text, style="mono")

    def draw_board(self, surface, geo: BoardGeometry, frame: Frame) -> None:
        pal, board, hand = self.app.palette, self.board, frame.hand
        highlight = {hand.blamed[0]: pal.illegal} if hand.blamed is not None else {}
        draw_board(surface, geo, pal, board.border, highlight=highlight)
        pos = frame.shown
        motion, celebration = frame.anims.motion, frame.anims.celebration
        for cell in range(board.size):
            colours = pos.colours_at(cell)
            if colours is None:
                continue
            rect = geo.cell_rect(cell)
            draw_tile(surface, colours, rect, pal)
            glow = round(motion.glow(cell), 1) if motion else 0      # a tile just put down settles with a glow
            if celebration is not None:                              # the win's light sweeps the board
                glow = max(glow, round(celebration.wave(*divmod(cell, board.cols)), 1))
            if glow:
                ring(surface, rect, mix(pal.accent, (255, 255, 255), glow * 0.5), max(2, round(geo.cell * 0.08 * glow)))
            if cell in pos.givens:
                pygame.draw.circle(surface, OUTLINE, rect.center, max(3, geo.cell // 14))
                pygame.draw.circle(surface, pal.accent, rect.center, max(2, geo.cell // 20))
        for cell, side in pos.clashes():
            mark_triangle(surface, geo.cell_rect(cell), SIDES.index(side), pal.illegal)
        self.draw_marks(surface, geo, frame)
        landing = frame.landing
        if landing is not None:
            cell, fits = landing.cell, landing.reason is None
            over = pos.cells[cell] is not None          # (faint over another tile, which shows through)
            draw_tile(surface, rotate(board.tiles[hand.held.tile], hand.held.rotation), geo.cell_rect(cell), pal,
                      alpha=140 if over and not landing.allowed else 230, outline=pal.legal if fits else None)
            if not fits and over:                              # the overlap is what breaks the rule
                mark_cells(surface, [geo.cell_rect(cell)], pal.illegal)
            for where, side in landing.clashes:                # only the edges that clash, both sides of each,
                mark_edge(surface, geo.cell_rect(where), SIDES.index(side), pal.illegal)   # the colours in sight
        if hand.keyboard and not frame.finished:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(hand.cursor).inflate(4, 4), max(2, geo.cell // 22),
                             border_radius=max(2, geo.cell // 12))
        elif hand.held is None and hand.pointer is not None:    # a tile that can be picked up: a light ring
            under = hand.pointer
            if pos.cells[under] is not None and under not in pos.givens:
                pygame.draw.rect(surface, mix(pal.text, pal.accent, 0.3), geo.cell_rect(under), max(2, geo.cell // 30))

    def draw_marks(self, surface, geo: BoardGeometry, frame: Frame) -> None:
        """The tile to take back, and a hint's rung: the cell ringed, then the tile's ghost."""
        pal, hand, pos = self.app.palette, frame.hand, frame.shown
        if hand.blamed is not None and pos.cells[hand.blamed[0]] is not None:
            pulse = 0.5 + 0.5 * abs(((hand.blamed[1] * 2) % 2) - 1)
            ring(surface, geo.cell_rect(hand.blamed[0]), mix(pal.illegal, pal.text, pulse * 0.4), max(3, geo.cell // 14))
        if hand.hint is not None:
            tile, rotation, cell, step, left = hand.hint
            pulse = 0.5 + 0.5 * abs(((left * 2) % 2) - 1)
            if step == 1:
                ring(surface, geo.cell_rect(cell), mix(pal.accent, pal.text, pulse * 0.4), max(3, geo.cell // 14))
            elif step == 2 and pos.cells[cell] is None:
                draw_tile(surface, rotate(self.board.tiles[tile], rotation), geo.cell_rect(cell), pal,
                          alpha=int(110 + 110 * pulse), outline=pal.accent)

    def draw_tray(self, surface, lay: dict, frame: Frame) -> None:
        """The tiles not yet placed, each in its numbered slot (slots keep their places). The
        number sits above the tile, never on it, so it hides no triangle however small the slots."""
        app, pal, hand = self.app, self.app.palette, frame.hand
        unplaced = set(frame.match.position.unplaced)
        held = hand.held.tile if hand.held is not None else None
        for tile, slot in enumerate(lay["slots"]):
            here = tile in unplaced and tile != held
            hover = here and held is None and not hand.keyboard and slot.collidepoint(frame.pointer)
            fill = (mix(pal.panel, pal.accent, 0.35) if tile == held else
                    mix(pal.panel, pal.text, 0.14) if hover else
                    pal.panel if here else mix(pal.panel, pal.background, 0.6))
            pygame.draw.rect(surface, fill, slot, border_radius=app.px(6))
            if hand.hint is not None and hand.hint[0] == tile and here:
                pygame.draw.rect(surface, pal.accent, slot, max(2, app.px(3)), border_radius=app.px(6))
            label, rect = self.tray_label(slot), self.tray_tile(slot)
            text(surface, str(tile + 1), label.center, label.height, pal.text if here else pal.dim_text,
                 anchor="center", style="bold")
            if here:
                draw_tile(surface, rotate(self.board.tiles[tile], hand.orient.get(tile, 0)), rect, pal)

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

    def draw_status(self, surface, area: pygame.Rect, frame: Frame) -> None:
        app, pal = self.app, self.app.palette
        pygame.draw.rect(surface, pal.panel, area, border_radius=app.px(8))
        inner = area.inflate(-app.px(20), -app.px(16))
        y = inner.y
        line, landing, job = frame.status, frame.landing, frame.job
        if landing is not None:
            where = f"Tile {frame.hand.held.tile + 1} on {self.board.cell_name(landing.cell)}"
            line = f"{where}: it fits" if landing.reason is None else f"{where}: {landing.reason}"
        if job is not None:
            line = f"{job.label}... {job.age:.1f} s (Esc cancels)"
            bar = pygame.Rect(inner.x, area.bottom - app.px(22), inner.width - app.px(100), app.px(8))
            progress_bar(surface, bar, job.fraction, pal.background, pal.accent, app.px(4),
                         (time.monotonic() * 1.5) % 1.0)
        size = app.px(16)
        for piece in wrap(line, size, inner.width)[:3]:
            text(surface, piece, (inner.x, y), size, pal.text)
            y += size + app.px(5)
        if job is not None:
            return
        small = app.px(14)
        for i, fact in enumerate(frame.shows.facts):
            text(surface, fact, (inner.x, inner.bottom - (len(frame.shows.facts) - i) * small - app.px(6) * (i == 0)),
                 small, pal.dim_text, max_width=inner.width)
