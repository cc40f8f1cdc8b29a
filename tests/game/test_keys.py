import pygame

from game import keys
from game.play import key_words


def ev(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def test_actions():
    assert keys.action(ev(pygame.K_z, pygame.KMOD_LCTRL)) == "undo"
    assert keys.action(ev(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)) == "redo"
    assert keys.action(ev(pygame.K_r)) == "rotate"
    assert keys.action(ev(pygame.K_r, pygame.KMOD_LCTRL)) == "restart"
    assert keys.action(ev(pygame.K_ESCAPE)) == "back"
    assert keys.action(ev(pygame.K_s, pygame.KMOD_LCTRL)) == "save"
    assert keys.action(ev(pygame.K_s)) == "down"
    assert keys.action(ev(pygame.K_F13)) is None
    assert keys.piece_number(ev(pygame.K_4)) == 3
    assert keys.piece_number(ev(pygame.K_4, pygame.KMOD_CTRL)) is None


def test_no_combination_means_two_things():
    seen = {}
    for name, combos in key_words.KEYS.items():
        for combo in combos:
            assert combo not in seen, f"{combo} is bound to {seen[combo]} and {name}"
            seen[combo] = name
        assert name in key_words.LABELS, f"{name} has no label for the help"
    assert not {k for k, m in seen if m == 0} & set(key_words.PIECE_KEYS)


def test_describe():
    assert key_words.describe("undo") == "Ctrl+Z, U"


def test_every_key_named_in_the_table_is_the_key_pygame_calls_so():
    """The table names keys as pygame does (so `describe` says what works): each name's code has that name."""
    pygame.init()
    names = {name for combos in key_words.KEYS.values() for name, _ in combos} | set(key_words.PIECE_KEYS)
    assert {name: pygame.key.name(keys.code(name)) for name in names} == {name: name for name in names}
