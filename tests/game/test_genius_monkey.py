"""10,000 random events at the Genius scene: no exception, and the board is always legal."""
import random

import pygame

from tests.game.drive import assert_legal, back_from_how_to_play, random_event

KEYS = [(k, "") for k in (pygame.K_r, pygame.K_e, pygame.K_q, pygame.K_f, pygame.K_RETURN, pygame.K_SPACE,
                          pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                          pygame.K_RIGHT, pygame.K_u, pygame.K_h, pygame.K_F1, pygame.K_z, pygame.K_y,
                          *range(pygame.K_1, pygame.K_9 + 1))]


def test_monkey(app, genius):
    rng = random.Random(2024)
    board = genius.match.start.blockers
    area = pygame.Rect((0, 0), app.size)
    placed_ever = 0
    for step in range(1000):
        events = [random_event(rng, area, KEYS) for _ in range(10)]
        app.frame(1 / 60, events)
        back_from_how_to_play(app)
        if step % 50 == 0:
            app.worker.drain()
        assert app.top is genius, "the monkey left the scene"
        assert genius.position.blockers == board
        assert_legal(genius.position)
        assert genius.match.history[0] == genius.match.start
        placed_ever = max(placed_ever, len(genius.position.placed))
    assert len(genius.match.history) > 20 and placed_ever >= 2, "the monkey never really played"
