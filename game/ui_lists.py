"""An open drop-down list takes the keys (pygame-gui's lists answer the mouse alone): Up and
Down move the highlight, Enter or Space picks the highlighted choice, Escape closes the list;
no key reaches the screen behind it while it is open."""
from __future__ import annotations

import pygame
import pygame_gui

STEPS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -10_000, pygame.K_END: 10_000}
PICK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def open_list(manager) -> pygame_gui.elements.UIDropDownMenu | None:
    """The drop-down menu whose list is open, if any."""
    return next((e for e in manager.get_sprite_group().sprites()
                 if isinstance(e, pygame_gui.elements.UIDropDownMenu) and e.alive()
                 and e.current_state is e.menu_states["expanded"]), None)


def open_list_of(menu: pygame_gui.elements.UIDropDownMenu) -> None:
    """Open `menu`'s list (shown at the next update), as a click on it does."""
    if menu.current_state is menu.menu_states["closed"]:
        menu.current_state.should_transition = True


def highlighted(menu) -> int | None:
    """The index of the highlighted choice in the open list (at first, the menu's own choice)."""
    items = _items(menu)
    at = next((i for i, item in enumerate(items) if item["selected"]), None)
    if at is None:
        shown = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
        at = next((i for i, item in enumerate(items) if item["text"] == shown), None)
    return at


def key(menu, event: pygame.event.Event) -> None:
    """A key pressed while `menu`'s list is open."""
    state, items = menu.current_state, _items(menu)
    if event.key == pygame.K_ESCAPE:
        state.should_transition = True
    elif event.key in STEPS and items:
        at = highlighted(menu)
        step = STEPS[event.key]
        _highlight(items, 0 if at is None and step > 0 else len(items) - 1 if at is None
                   else min(len(items) - 1, max(0, at + step)))
    elif event.key in PICK:
        if any(item["selected"] for item in items):
            state._on_new_item_selected()          # as a click on the choice: the menu's change event
        else:
            state.should_transition = True


def _items(menu) -> list[dict]:
    choices = getattr(menu.current_state, "options_selection_list", None)
    return choices.item_list if choices is not None else []


def _highlight(items: list[dict], at: int) -> None:
    for i, item in enumerate(items):
        item["selected"] = i == at
        button = item.get("button_element")
        if button is not None:
            button.select() if i == at else button.unselect()
