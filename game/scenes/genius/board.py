"""`GeniusBoard`: a Genius Square roll being played, as both Genius screens show it (play,
free mode and the hot-seat race in `GeniusScene`, the race against the computer in
`VersusScene`): the board, the tray, the dice and their roll, the piece in hand (the pure
`Hand` of game/puzzles/genius/hand.py, asked with a board square), the status line and the
key table. Every rule comes from `solver.genius` through the session; this screen turns the
pointer and the keys into squares and moves, and draws.
"""
from __future__ import annotations

import time

import pygame

from game import keys
from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.marks import mark_cells, ring
from game.draw.pieces import draw_squares, shape_size
from game.draw.theme import font, mix, text_size
from game.draw.widgets import grid_rects, progress_bar, text, title_bar, wrap
from game.play.hints import capital, genius_text, piece_words
from game.play.match import Match, Timer
from game.play.puzzle import Stuck
from game.puzzles.genius.hand import Aim, Hand, flipped, square_on, turned, turned_in_place, without_held
from game.puzzles.genius.puzzle import GENIUS
from game.scenes.anim import banner
from game.scenes.genius.dice_menu import DiceMenu, dice_label
from game.scenes.genius.roll import RollAnimation, draw_die
from game.scenes.play import PlayScene, countdown
from solver.errors import SquarewiseError
from solver.genius.board import SIZE
from solver.genius import numbers
from solver.genius.position import Move, Position
from solver.genius.roll_counts import difficulty_label
from solver.genius.pieces import PIECES, orientations



FREE_HELP = ("Click seven cells (or move with the arrows and press Enter) to place the blockers. "
             "The engine checks the board at once and says why it cannot be solved; then play it.")


class GeniusBoard(PlayScene):
    """A Genius roll on the board: the hand, the dice, the layout and the drawing."""

    puzzle = GENIUS
    free = None              # free mode's blockers placed by hand (GeniusScene)
    race = None              # the hot-seat race (GeniusScene)
    dice = None              # the dice set's drop-down menu, when there is room for it

    def __init__(self, app, rng=None):
        super().__init__(app, rng)
        self.hand = Hand()
        self.roll: RollAnimation | None = None
        self.hint_mark: tuple[str, frozenset, float] | None = None     # piece, cells, seconds left

    # ------------------------------------------------------------------ layout
    #: the buttons in sight in each mode (the few used all the time); the rest are in the Game menu
    BUTTONS = {
        "play": [("new", "New roll"), ("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
                 ("restart", "Restart"), ("pause", "Pause")],
        "free": [("free_play", "Play this board"), ("free_clear", "Clear"), ("free_check", "Solutions?")],
        "race": [("race_start", "Start turn"), ("give_up", "Give up..."), ("race_solution", "A solution"),
                 ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"), ("pause", "Pause")],
    }
    GAME_MENU = {
        "play": [("save", "Save..."), ("load", "Load..."), ("solve", "Solve"), ("count", "Solutions?"),
                 ("solutions", "All solutions"), ("help", "Keys"), ("menu", "Main menu")],
        "free": [("new", "Back to dice"), ("load", "Load..."), ("help", "Keys"), ("menu", "Main menu")],
        "race": [("race", "New race"), ("new", "Leave race"), ("help", "Keys"), ("menu", "Main menu")],
    }
    ID_WIDTH = 220        # a Genius game ID is 14 characters
    TOOLTIPS = {"new": "new", "pause": "pause", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
                "solve": "solve", "count": "count", "save": "save", "load": "load", "help": "help", "menu": "back",
                "solutions": "solutions", "turn": "rotate", "flip": "flip"}
    #: under the tray, for a trackpad: turn and flip the piece in hand (not in free mode: no pieces)
    HAND_BUTTONS = [("turn", "Turn (R)"), ("flip", "Flip (F)")]

    def build_ui(self) -> None:
        """The menu bar (Game, and the screen's pickers) and the buttons in sight, three a row."""
        app, lay = self.app, self.layout()
        menus = [("game", "Game", list(self.GAME_MENU[self.mode]), None)] + self.pickers()
        specs = self.BUTTONS[self.mode]
        rows = (len(menus) + len(specs) + 2) // 3
        rects = grid_rects(pygame.Rect(lay["buttons"].x, lay["buttons"].y, lay["buttons"].width,
                                       min(lay["buttons"].height, rows * app.px(52))), 3, rows, app.px(8))
        tools = lay["tools"]
        hand = [] if self.mode == "free" else self.HAND_BUTTONS
        self.add_buttons(specs + hand, rects[len(menus):len(menus) + len(specs)] + grid_rects(
            pygame.Rect(tools.x, tools.y, min(tools.width, app.px(250)), tools.height), 2, 1, app.px(8)))
        for (name, label, entries, on_choose), rect in zip(menus, rects):
            self.add_menu(name, rect, label, entries, on_choose)
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

    def pickers(self) -> list[tuple]:
        """Hook: the menu bar's pickers after the Game menu, as (name, label, entries, on_choose)."""
        return []

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
        buttons_h = 3 * app.px(52)           # the most rows of menus and buttons a mode has
        messages_h = app.px(64)               # the strip for messages: it covers nothing needed
        tools_h = app.px(32)                  # the Turn and Flip buttons under the tray
        tray_h = min(int(right.height * 0.44),
                     right.height - buttons_h - messages_h - app.px(52) - tools_h - 4 * gap)
        tray = pygame.Rect(right.x, right.y, right.width, tray_h)
        tools = pygame.Rect(right.x, tray.bottom + gap, right.width, tools_h)
        status = pygame.Rect(right.x, tools.bottom + gap, right.width, app.px(52))
        buttons = pygame.Rect(right.x, status.bottom + gap, right.width, buttons_h)
        messages = pygame.Rect(right.x, buttons.bottom + gap, right.width, max(app.px(40), right.bottom - buttons.bottom - gap))
        return {"geo": geo, "dice": dice_strip, "tray": tray, "tools": tools, "status": status, "buttons": buttons,
                "messages": messages, "slots": grid_rects(tray, 3, 3, app.px(8)), "top": top}

    def draw(self, surface: pygame.Surface) -> None:
        """The frame, from one look at the hand: where the held piece would land is asked once."""
        pal = self.app.palette
        surface.fill(pal.background)
        lay = self.layout()
        geo = lay["geo"]
        aim = self.aim() if self.mode != "free" else None
        if self.mode == "free":
            self.draw_free(surface, geo, lay["tray"])
        elif self.match is not None:        # (None while the first roll is drawn at a level)
            self.draw_board(surface, geo, aim)
            self.draw_tray(surface, lay)
            self.draw_dice(surface, lay)
        self.draw_top(surface, lay)
        self.draw_status(surface, lay["status"], aim)

    def draw_in_hand(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        """The piece under the pointer, unless its ghost is on the board."""
        aim = self.aim() if self.mode != "free" else None
        if self.mode == "free" or (aim is not None and aim.cells is not None):
            return
        h, pal = self.held, self.app.palette
        key = (h.piece, h.orientation, h.grab, geo.cell, pal.name, self.label(h.piece))
        self.motion.draw_held(surface, key, lambda: self.held_image(geo.cell), self.mouse, max(3, geo.cell // 8))

    def held_image(self, cell: int, alpha: int = 200, held=None) -> pygame.Surface:
        """The held piece (or `held`, one just let go) drawn on a layer whose middle is the middle
        of its grabbed square (so it turns round the square under the pointer)."""
        h, pal = held or self.held, self.app.palette
        shape = orientations(h.piece)[h.orientation]
        reach = (max(max(r, c) for r, c in shape) + 1) * cell
        layer = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        origin = (reach - (h.grab[1] + 0.5) * cell, reach - (h.grab[0] + 0.5) * cell)
        draw_squares(layer, shape, origin, cell, pal.piece_colour(PIECES.index(h.piece)), alpha=alpha,
                     pattern=pal.piece_pattern(PIECES.index(h.piece)), label=self.label(h.piece))
        return layer

    def piece_name(self, piece: str) -> str:
        """`piece` as the player sees it: 'the teal long bar (5)' (the shape alone when the
        palette tells pieces by pattern)."""
        i = PIECES.index(piece)
        names = self.app.palette.colour_names
        return piece_words(piece, i + 1, names[i % len(names)] if names else None)

    def hint_words(self, hint) -> str:
        return genius_text(hint, self.piece_name)

    def label(self, piece: str) -> str | None:
        return piece if self.app.settings.get("labels", False) else None

    def play_subtitle(self) -> str:
        """Under the title: the dice set, the roll's number and its level when known
        ('Default · #41,233 · hard'); a daily is its own number ('Daily #327 · hard')."""
        meta = self.match.meta if self.match else {}
        number = None if meta.get("daily") else meta.get("number")
        return " · ".join(x for x in (meta.get("dice_name", ""), "" if number is None else numbers.label(number),
                                      meta.get("level") or "") if x)

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

    def draw_board(self, surface, geo: BoardGeometry, aim: Aim | None) -> None:
        pal = self.app.palette
        hidden = self.hidden()
        highlight = {}
        if self.celebration is not None:
            for cell in range(36):
                glow = self.celebration.wave(cell // SIZE, cell % SIZE)
                if glow:
                    highlight[cell] = mix(pal.cell, pal.accent, glow)
        # between turns: no board, only who is next (or the result); a board just filled stays
        # in view under its banner a moment first
        if hidden and not self.win_banner():
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
            glow = round(self.motion.glow(piece), 1)       # a piece just put down settles with a glow
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell,
                         mix(pal.piece_colour(i), (255, 255, 255), 0.45 * glow) if glow else pal.piece_colour(i),
                         pattern=pal.piece_pattern(i), label=self.label(piece),
                         outline=pal.accent if glow > 0.3 else None)
        if self.hint_mark is not None:
            piece, cells, left = self.hint_mark
            pulse = 0.5 + 0.5 * abs(((left * 2) % 2) - 1)
            i = PIECES.index(piece)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                         alpha=int(90 + 110 * pulse), outline=pal.accent)
        if aim is not None and aim.cells is not None:
            cells, reason = aim.cells, aim.reason
            i = PIECES.index(self.held.piece)
            colour = pal.piece_colour(i) if reason is None else mix(pal.piece_colour(i), pal.illegal, 0.6)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, colour,
                         alpha=190 if reason is None else 150, outline=pal.legal if reason is None else pal.illegal,
                         pattern=pal.piece_pattern(i), label=self.label(self.held.piece))
            # a cross only on the cells that break the rule, so "no" does not rely on colour
            mark_cells(surface, [geo.cell_rect(c) for c in sorted(aim.offending)], pal.illegal)
        elif aim is not None and self.keyboard:
            at = self.anchor()
            pygame.draw.rect(surface, pal.illegal, geo.cell_rect(at[0] * SIZE + at[1]), 3)
        if self.keyboard and self.match and not self.match.finished:
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.hand.cursor[0] * SIZE + self.hand.cursor[1]).inflate(-2, -2),
                             max(2, geo.cell // 22), border_radius=max(2, geo.cell // 10))

    def race_lines(self) -> list[str]:
        if self.race.over:
            return [self.race.headline(), f"Player 1: {self.race.player_time(0)}",
                    f"Player 2: {self.race.player_time(1)}", "New race, A solution, or Leave race"]
        n = self.race.turn + 1
        lines = [f"Player {n}: ready?", "Press Start (Enter, or click the board)", "your clock starts then"]
        if n == 2:
            lines.insert(1, f"Player 1: {self.race.player_time(0)}")
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
            pygame.draw.rect(surface, pal.accent, geo.cell_rect(self.hand.cursor[0] * SIZE + self.hand.cursor[1]).inflate(-2, -2),
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
            if self.hint_mark is not None and self.hint_mark[0] == piece and piece in pos.unplaced:
                pygame.draw.rect(surface, pal.accent, slot, max(2, app.px(3)), border_radius=app.px(8))
            text(surface, str(n + 1), (slot.x + app.px(6), slot.y + app.px(4)), app.px(13), pal.dim_text)
            if hidden:
                continue
            shape = orientations(piece)[self.hand.orient[piece]]
            origin = self.tray_origin(piece, size, slot)
            placed = piece in pos.placed
            alpha = 60 if placed or selected else 255
            draw_squares(surface, shape, origin, size, pal.piece_colour(i), alpha=alpha,
                         pattern=pal.piece_pattern(i), label=self.label(piece))

    def tray_square(self) -> float:
        """The side of a square of the tray's pieces (one size for all, so they compare)."""
        lay = self.layout()
        extents = [shape_size(orientations(p)[self.hand.orient[p]]) for p in PIECES]
        slot0 = lay["slots"][0]
        return min(slot0.width * 0.9 / max(c for _, c in extents), slot0.height * 0.84 / max(r for r, _ in extents),
                   lay["geo"].cell * 0.75)

    def tray_origin(self, piece: str, size: float, slot: pygame.Rect) -> tuple[float, float]:
        """The top left corner of `piece`'s shape drawn in its tray `slot`."""
        rows, cols = shape_size(orientations(piece)[self.hand.orient[piece]])
        return slot.centerx - cols * size / 2, slot.centery - rows * size / 2

    def tray_square_at(self, piece: str, pos) -> tuple[int, int]:
        """The square of `piece`'s tray shape under (or nearest) the pointer at `pos`: the one
        that stays under the pointer once it is picked up."""
        size = self.tray_square()
        x0, y0 = self.tray_origin(piece, size, self.layout()["slots"][PIECES.index(piece)])
        shape = orientations(piece)[self.hand.orient[piece]]
        return min(shape, key=lambda rc: ((y0 + (rc[0] + 0.5) * size - pos[1]) ** 2 +
                                          (x0 + (rc[1] + 0.5) * size - pos[0]) ** 2, rc))

    def draw_dice(self, surface, lay: dict) -> None:
        app, pal, strip = self.app, self.app.palette, lay["dice"]
        rolled = self.match.meta.get("rolled") if self.match else None
        if self.hidden():
            return
        if not rolled:
            if self.match is not None:
                n = len(self.position.unplaced)
                text(surface, f"{n} piece{'s' if n != 1 else ''} to place",
                     (lay["geo"].rect.centerx, strip.centery), text_size("body", app.scale),
                     pal.dim_text, anchor="center")
            return
        for i, (face, rect) in enumerate(zip(rolled, self.dice_rects(len(rolled), lay))):
            if self.roll is not None:
                shown, angle = self.roll.die_state(i)
                draw_die(surface, rect, shown, pal, angle=angle, number=i + 1, settled=angle == 0)
            else:
                draw_die(surface, rect, face, pal, number=i + 1)

    def dice_rects(self, n: int, lay: dict) -> list[pygame.Rect]:
        """Where the `n` dice go: a row in the strip under the board, centred under the board."""
        app, strip = self.app, lay["dice"]
        size = min(app.px(52), strip.height - app.px(8), strip.width // 8)
        gap = app.px(8)
        x = lay["geo"].rect.centerx - (n * size + (n - 1) * gap) // 2
        return [pygame.Rect(x + i * (size + gap), strip.centery - size // 2, size, size) for i in range(n)]

    def draw_status(self, surface, area: pygame.Rect, aim: Aim | None) -> None:
        app, pal = self.app, self.app.palette
        line = self.status_line()
        if self.job is not None:
            bar = pygame.Rect(area.x, area.bottom - app.px(12), area.width - app.px(110), app.px(8))
            progress_bar(surface, bar, self.job.fraction, pal.panel, pal.accent, app.px(4),
                         (time.monotonic() * 1.5) % 1.0)
            line = f"{self.job.label}... {self.job.age:.1f} s (Esc cancels)"
        elif aim is not None:
            reason = aim.reason
            ok = reason is None
            text(surface, f"{capital(self.piece_name(self.held.piece))}: {'fits here' if ok else reason}",
                 (area.x, area.y + app.px(8)),
                 app.px(16), pal.legal if ok else pal.illegal, style="bold", max_width=area.width)
            return
        elif not line and self.match is not None and self.mode != "free" and not self.win_banner():
            n = self.match.meta.get("solutions")
            line = f"This roll: {n:,} solutions ({difficulty_label(n)})" if n is not None else \
                "Drag a piece to the board: R or wheel turns, F flips"
        text(surface, line, (area.x, area.y + app.px(8)), app.px(16), pal.text,
             max_width=area.width - (app.px(110) if self.job is not None else 0))

    # ------------------------------------------------------------------ the roll
    @property
    def mode(self) -> str:
        """'free' (placing blockers), 'race' (two players) or 'play': which buttons and keys apply."""
        return "free" if self.free is not None else "race" if self.race is not None else "play"

    def start_roll(self, setting: str, dice_set, seed: int, faces: tuple, *, kind: str = "play", **known) -> None:
        """Start the match of the rolled `faces` (`known`: the level and solution count of a draw);
        the dice roll in, and the clock starts when they land (a race's board waits for its player)."""
        start = Position.from_blockers(faces)
        meta = {"dice": setting, "dice_name": dice_set.name, "seed": seed, "rolled": list(faces),
                "number": numbers.number_or_none(dice_set, faces), "assisted": False, "kind": kind, **known}
        self.begin(Match(start, meta=meta, timer=Timer()))
        if kind != "race":
            self.roll_in([tuple(d) for d in dice_set.dice])

    def roll_in(self, dice_faces: list) -> None:
        """The dice roll and the blockers drop in; the clock starts when they have landed."""
        faces = tuple(self.match.meta["rolled"])
        self.roll = RollAnimation(dice_faces, faces, self.rng) if self.app.settings.get("animations", True) else None
        self.app.sounds.play("dice")
        if self.roll is None:
            self.landed()

    def landed(self) -> None:
        """The roll has landed: the clock starts."""
        self.roll = None
        self.match.timer.start()
        self.app.sounds.play("blockers")

    def parse_id(self, text: str) -> Position:
        """A game ID, or a roll's number of the dice set in use ('41233', '#41,233')."""
        try:
            number = numbers.parse_number(text)
        except SquarewiseError:
            return Position.parse(text)
        dice_set = self.load_dice()[1]
        return Position.from_blockers(numbers.roll_from_number(dice_set, numbers.check_number(dice_set, number)))

    def roll_number(self, start: Position) -> int | None:
        """The number of the board `start` as a roll of the dice set in use (None: not one)."""
        return None if start.placed else numbers.number_or_none(self.load_dice()[1], start.blockers)

    def load_dice(self):
        from solver.genius import dice
        setting = self.app.settings.get("dice", "default")
        try:
            return setting, dice.resolve(setting)
        except SquarewiseError as exc:
            self.app.toasts.show(f"{exc}; using the default dice", 5, self.app.palette.illegal)
            return "default", dice.builtin("default")

    def begin(self, match: Match) -> None:
        self.roll = None
        super().begin(match)

    def resumed(self, match: Match) -> None:
        if not match.finished:
            match.timer.start()       # even if it was saved while the dice were still rolling

    # ------------------------------------------------------------------ the board
    def board_position(self) -> Position:
        """What the board shows: the position without the piece in hand."""
        return without_held(self.position, self.held)

    def hidden(self) -> bool:
        """In a race, the board is hidden between turns."""
        return bool(self.race and self.race.waiting)

    def clear_marks(self) -> None:
        self.hint_mark = None

    def tick_marks(self, dt: float) -> None:
        self.hint_mark = countdown(self.hint_mark, dt)

    def show_hint(self, move: Move) -> None:
        self.hint_mark = (move.piece, frozenset(move.cells), 4.0)

    def show_hint_step(self, hint) -> None:
        """The rungs on the board too: nothing at first (which piece is said in words), then
        the one cell it covers, then all its cells (`show_hint`)."""
        super().show_hint_step(hint)
        if hint.step < 2:          # first its tray slot lights, then the one cell it covers
            self.hint_mark = (hint.move.piece, frozenset(sorted(hint.move.cells)[:hint.step]), 6.0)

    def stuck(self, answer: Stuck) -> None:
        """Say why there is no way on, and which piece to take back if one would do."""
        piece, reason = answer.blame, answer.reason
        if piece:
            self.say(f"No solution keeps these pieces: take {self.piece_name(piece)} back")
            self.hint_mark = (piece, self.position.placed[piece], 4.0)
        elif self.position.placed and reason == "no solution keeps these pieces":
            self.say("No solution keeps these pieces: take some back")
        else:
            self.say(f"This board has no solution: {reason}")

    def shown_id(self) -> str | None:
        """The game ID, except while it would give the board away (rolling, free mode, a hidden
        race board, a pause)."""
        if self.match is None:
            return None
        return "" if self.roll is not None or self.mode == "free" or self.hidden() or self.paused \
            else self.match.game_id

    # ------------------------------------------------------------------ the hand
    def anchor(self) -> tuple[int, int] | None:
        """The board (row, col) the held piece's grabbed square is over, or None off the board."""
        if self.keyboard:
            return self.hand.cursor
        geo = self.layout()["geo"]
        if not geo.rect.inflate(geo.cell, geo.cell).collidepoint(self.mouse):
            return None
        return geo.row_col_at(self.mouse)

    def aim(self) -> Aim | None:
        """Where the held piece would land and whether it may (the hand computes it once per square)."""
        return self.hand.aim(self.board_position(), self.anchor()) if self.held else None

    def take(self, piece: str, *, sticky: bool, grab: tuple[int, int] | None = None) -> None:
        """Pick up `piece` from the tray or, if placed, from the board."""
        self.hand.take(self.position, piece, sticky=sticky, grab=grab)
        self.app.sounds.play("pickup")

    def turn_held(self, times: int = 1) -> None:
        if self.held:
            self.hand.turn(times)
            self.motion.turned(times)
            self.app.sounds.play("turn")

    def flip_held(self) -> None:
        if self.held:
            self.hand.flip()
            self.motion.flipped()
            self.app.sounds.play("flip")

    def drop(self) -> None:
        """Put the held piece down where it is; an illegal spot changes nothing and says why."""
        h, at = self.held, self.anchor()
        if h is None:
            return
        found = self.hand.drop(self.position, at)
        if found.reason is not None:
            self.refuse(capital(self.piece_name(h.piece)), found.reason)
            if not self.keyboard:           # the picture flies back to where the piece came from
                self.motion.refused(self.held_image(self.layout()["geo"].cell, held=h), self.mouse,
                                    self.home_of(h.piece))
            return
        self.play_move(found.move, capital(self.piece_name(h.piece)))
        if h.piece in self.position.placed:
            self.motion.settled(h.piece)

    def drop_sound(self, move: str | None) -> str:
        """A piece's name starts with its size ('4-O:C2C3D2D3', '-3-L')."""
        return f"drop{move.lstrip('-')[0]}" if move else "drop"

    def filled(self) -> float:
        return len(self.position.placed) / len(PIECES)

    def home_of(self, piece: str) -> tuple[int, int]:
        """Where a refused `piece` goes back to: its place on the board, or its tray slot."""
        lay = self.layout()
        cells = self.position.placed.get(piece)
        if cells:
            rects = [lay["geo"].cell_rect(c) for c in cells]
            return rects[0].unionall(rects[1:]).center
        return lay["slots"][PIECES.index(piece)].center

    def select_next(self, step: int) -> bool:
        if self.match.finished:
            return False
        start = PIECES.index(self.held.piece) + step if self.held else (0 if step > 0 else -1)
        order = [PIECES[(start + i * step) % len(PIECES)] for i in range(len(PIECES))]
        unplaced = [p for p in order if p in self.position.unplaced]
        self.use_keyboard()
        self.take((unplaced or order)[0], sticky=True)
        return True

    def move_cursor(self, dr: int, dc: int) -> None:
        self.hand.move_cursor(dr, dc)

    def cursor_cell(self) -> int:
        return self.hand.cursor[0] * SIZE + self.hand.cursor[1]

    def piece_at_cursor(self) -> str | None:
        """The piece on the cursor's cell (None on an empty cell, a blocker, or a finished board)."""
        who = self.position.occupant(self.cursor_cell())
        return who if who and who != "#" and not self.match.finished else None

    def take_at_cursor(self) -> None:
        who = self.piece_at_cursor()
        if who:
            self.take(who, sticky=True, grab=square_on(self.position.placed[who], self.cursor_cell()))

    def remove_at_cursor(self) -> None:
        who = self.piece_at_cursor()
        if who:
            self.session.move(f"-{who}")

    def do(self, action: str) -> bool:
        """The Turn and Flip buttons act on the piece in hand (saying so when there is none)."""
        if action not in ("turn", "flip") or self.paused:
            return super().do(action)
        if self.held is None:
            self.app.toasts.show("Pick up a piece first: Turn and Flip act on the piece in hand", 2.5)
            return False
        if action == "turn":
            self.turn_held()
        else:
            self.flip_held()
        return True

    def right_press(self, pos) -> bool:
        """The right button flips the held piece, or a placed one where it lies."""
        if self.held:
            self.flip_held()
            return True
        return self.change_placed_at(pos, flipped, "flip")

    def click_placed(self, pos) -> bool:
        if self.held.source != "board":
            return False
        self.hand.let_go()
        return self.change_placed_at(pos, turned, "turn")

    def change_placed_at(self, pos, change, sound: str) -> bool:
        """Turn or flip (`change`: Held -> Held) the placed piece under `pos` where it lies, if
        it fits there; else say why. False if no piece is there."""
        cell = self.layout()["geo"].cell_at(pos)
        who = self.position.occupant(cell) if cell is not None else None
        if not who or who == "#":
            return False
        found = turned_in_place(self.position, who, cell, change)
        if found.reason is not None:
            self.refuse(capital(self.piece_name(who)), found.reason)
            return True
        self.app.sounds.play(sound)
        if found.move is not None:
            after = self.session.move(found.move)
            if isinstance(after, str):
                self.refuse(capital(self.piece_name(who)), after)
        return True

    def pick_up_at(self, pos) -> bool:
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            who = self.position.occupant(cell)
            if who and who != "#":
                self.take(who, sticky=False, grab=square_on(self.position.placed[who], cell))
                return True
            return False
        for piece, slot in zip(PIECES, lay["slots"]):
            if slot.collidepoint(pos) and piece in self.position.unplaced:
                self.take(piece, sticky=False, grab=self.tray_square_at(piece, pos))
                return True
        return False

    def hands_off(self) -> bool:
        return self.match.finished

    def puzzle_key(self, event, name: str | None) -> bool | None:
        """The number keys take a piece, F flips the held one."""
        number = keys.piece_number(event)
        if number is not None and not self.match.finished:
            self.use_keyboard()
            self.take(PIECES[number], sticky=True)
            return True
        if name == "flip":
            self.flip_held()
            return self.held is not None
        return None

    def handle_input(self, event) -> bool:
        if self.roll is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and keys.action(event) != "back":
                self.roll.finish()       # any key or click skips the animation
                return True
            return False
        return super().handle_input(event)

    def redraw_in(self) -> float | None:
        return 0.0 if self.roll is not None or self.hint_mark is not None else super().redraw_in()

    def update(self, dt: float) -> None:
        if self.roll is not None and not self.paused:
            self.roll.update(dt)
            if self.roll.done:
                self.landed()
                self.refresh_buttons()
        super().update(dt)
