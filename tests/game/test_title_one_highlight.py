"""The title has one highlight the player can trust (playtest 2, finding 20): with the pointer
resting on a button, Up/Down move the ring, and the line under the buttons says what the ringed
button is (it kept the pointer's), and the button under the pointer draws no highlight of its
own (pygame-gui's hover look: a second outline, on a button Enter does not open). The pointer
moving onto a button still moves the ring there."""
from __future__ import annotations

import pygame

from tests.game.screen_app import ScreenApp, key


def rest_pointer(app, monkeypatch, pos) -> None:
    """The pointer put at `pos` and left there: pygame-gui reads it each update."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    app.top.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(10):
        app.frame(0.1)


def look(button) -> bytes:
    return pygame.image.tobytes(button.image, "RGBA")


def ringed_on_screen(app, button) -> bool:
    """Whether the title, drawn, shows the accent ring just outside `button`."""
    surface = app.draw()
    ring = button.rect.inflate(app.px(10), app.px(10))
    accent = tuple(app.palette.accent)
    return any(tuple(surface.get_at((x, ring.top + 1)))[:3] == accent for x in range(ring.centerx - 20, ring.centerx + 20))


def test_keys_move_the_ring_with_its_line_whatever_the_pointer_rests_on(tmp_path, monkeypatch):
    from game.scenes.title import TitleScene
    app = ScreenApp(tmp_path)
    scene = app.push(TitleScene(app))
    app.worker.poll()
    play = scene.cards["genius"][1]                  # the Genius Today card's Play
    rest_pointer(app, monkeypatch, (2, 2))
    plain = look(play)
    rest_pointer(app, monkeypatch, play.rect.center)
    assert scene.choices[scene.selected][0] is play and play.hovered
    assert scene.blurb() == scene.blurbs[play]
    assert ringed_on_screen(app, play), "the ring shows round a card's Play (not under the card)"
    for _ in range(2):
        key(app, pygame.K_DOWN)
        app.frame(0.1)
    ringed = scene.choices[scene.selected][0]
    assert ringed is not play
    assert scene.blurb() == scene.blurbs.get(ringed), "the line says what the ringed button is"
    assert look(play) == plain, "the button under the pointer is drawn as any other: one highlight"


def test_the_pointer_onto_another_button_moves_the_ring_with_its_line(tmp_path, monkeypatch):
    from game.scenes.title import TitleScene
    app = ScreenApp(tmp_path)
    scene = app.push(TitleScene(app))
    key(app, pygame.K_DOWN)
    settings = next(b for b, _ in scene.choices if b.text == "Settings")
    rest_pointer(app, monkeypatch, settings.rect.center)
    assert scene.choices[scene.selected][0] is settings
