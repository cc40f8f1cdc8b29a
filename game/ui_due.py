"""When the widgets want another frame: what pygame-gui does in its updates and the scenes never see.

pygame-gui draws a changed widget (new text, enabled or not, hovered) into its states one state
per `UIManager.update`, and hands the widget its new picture in an update too; a widget hovered
long enough grows its tooltip in an update. A loop that sleeps while nothing moves asks `due`
when that is still to come (the App's one rule of frames: game/app.py `redraw_in`), and a frame
that redraws part of the window alone asks `layout` and `due` whether its update changed a widget.
"""
from __future__ import annotations

TOOLTIP_SLACK = 0.01        # seconds past a tooltip's delay (pygame-gui shows it once the hover time is over it)


def layout(manager) -> tuple:
    """Which widgets there are, where, and shown or not: with `due`, whether an update changed them."""
    return tuple((id(e), e.visible, tuple(e.rect)) for e in manager.get_sprite_group().sprites())


def due(manager) -> float | None:
    """0 while a widget's picture has yet to catch up with the widget (the state it shows still
    to be drawn, drawn and not yet handed over, or blending from another), else the seconds until
    a hovered widget's tooltip shows, else None."""
    soonest = None
    for element in manager.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        state = getattr(shape, "active_state", None)
        if state is not None and (state.has_fresh_surface or state.transition is not None
                                  or state.state_id in shape.states_to_redraw_queue):
            return 0.0
        if getattr(element, "hovered", False) and getattr(element, "tool_tip_text", None) and \
                getattr(element, "tool_tip", None) is None:
            wait = max(0.0, element.tool_tip_delay - element.hover_time + TOOLTIP_SLACK)
            soonest = wait if soonest is None else min(soonest, wait)
    return soonest
