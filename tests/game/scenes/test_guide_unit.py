"""The guided first game with no window: each step checked by the game on a kit begun on the
guide's game (a drag, a turn, a refused drop, H) and the Skip on its card (tests/game/play_scenes.py).
(Moved from tests/game/test_guide.py, one concern each as there.)"""
from __future__ import annotations

import pygame

from game.play.commands import Key, Press, Release, Slot, Square, Turn
from solver.genius.pieces import PIECES
from solver.genius.position import Position as GeniusPosition
from game.puzzles import registry
from tests.game.play_scenes import feed, guided_kit


def square(cell: int, cols: int = 6) -> Square:
    return Square(cell // cols, cell % cols)


def test_genius_guide_checks_each_step_by_the_game(tmp_path):
    kit, guide = guided_kit(tmp_path, "genius")
    s = kit.session
    assert s.match.start.notation() == GeniusPosition.parse(registry.get("genius").guide.game_id).notation()
    # step 1: the red square dropped elsewhere is not the step; dropped on F4 it is
    feed(kit, guide, s.process(Press(Slot(PIECES.index("1"), (0, 0)))))
    feed(kit, guide, s.process(Release(square(34))))
    assert s.position.placed["1"] == frozenset({34}) and guide.index == 0
    feed(kit, guide, s.process(Press(square(34))))
    feed(kit, guide, s.process(Release(square(33))))
    assert s.position.placed["1"] == frozenset({33}) and guide.index == 1
    # step 2: pick up the 4-L and turn it with the wheel
    feed(kit, guide, s.process(Press(Slot(PIECES.index("4-L"), (0, 0)))))
    assert s.hand.held.piece == "4-L" and guide.index == 1
    feed(kit, guide, s.process(Turn(1)))
    assert guide.index == 2
    # step 3: dropped on a blocker, it is refused, and the guide says the rules' reason
    feed(kit, guide, s.process(Release(square(0))))
    assert "4-L" not in s.position.placed and guide.index == 3
    assert guide.said.startswith("Refused: ") and kit.app.sounds.played[-1] == "illegal"
    # step 4: H
    feed(kit, guide, s.process(Key("hint")))
    feed(kit, guide)
    assert guide.step is None and "How to play" in guide.words()
    for _ in range(75):                           # the last card stays 8 seconds
        feed(kit, guide, dt=0.1)
    assert not guide.over
    for _ in range(10):
        feed(kit, guide, dt=0.1)
    assert guide.over


def test_macmahon_guide_turn_place_refuse_hint(tmp_path):
    kit, guide = guided_kit(tmp_path, "macmahon")
    s = kit.session
    feed(kit, guide, s.process(Press(Slot(20))))                # tile 21
    assert s.hand.held.tile == 20 and guide.index == 0
    feed(kit, guide, s.process(Turn(1)))
    assert guide.index == 1
    for _ in range(4):                            # turned as the one completion has it
        if s.hand.held.rotation == 3:
            break
        feed(kit, guide, s.process(Turn(1)))
    feed(kit, guide, s.process(Release(square(23))))
    assert s.position.cells[23] == (20, 3) and guide.index == 2
    feed(kit, guide, s.process(Press(Slot(22))))                # tile 23 on the taken D6: refused
    feed(kit, guide, s.process(Release(square(23))))
    assert guide.index == 3 and "Refused" in guide.said
    feed(kit, guide, s.process(Key("hint")))
    feed(kit, guide)
    assert guide.step is None


def test_skip_on_the_card_ends_the_guide(tmp_path):
    kit, guide = guided_kit(tmp_path, "genius")
    surface = pygame.Surface(kit.app.size)
    strip = pygame.Rect(kit.app.px(20), kit.app.px(20), kit.app.px(600), kit.app.px(60))
    guide.draw(surface, kit.app, strip, kit.view.layout()["geo"])
    skip = guide.skip_rect
    assert skip.width > 0 and not guide.press((skip.left - 5, skip.centery))
    assert guide.press(skip.center)
    feed(kit, guide)
    assert guide.over
