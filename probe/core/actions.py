"""Input on an element named by ref: where it is, and a real click, hover or wheel there.

Widgets get their events through :mod:`probe.core.input` (QTest, as a user's). Items
that are no widgets (tabs, menu entries, rows, cells) are pressed through their
accessible Press action when they have one, else clicked at their centre through the
window, where Qt finds the widget under the point as for a real mouse. GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAccessibleActionInterface
from PySide6.QtWidgets import QAbstractScrollArea, QScrollArea, QWidget

from probe.core import input as qinput
from probe.core.errors import QtError
from probe.core.refs import Element

Deliver = Callable[[], Any]


def _check_item(el: Element) -> None:
    st = el.iface.state()
    if st.invisible or not el.widget.isVisible():
        raise QtError("ELEMENT_NOT_VISIBLE", f"{el.ref} is hidden", ref=el.ref,
                      hint="Open its menu, tab or dialog first, then chr.readPage again.")
    if st.disabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.ref} is disabled", ref=el.ref)


def item_point(el: Element) -> tuple[QWidget, QPoint]:
    """An item's centre in its top-level window's coordinates."""
    rect = el.iface.rect()
    window = el.widget.window()
    return window, window.mapFromGlobal(rect.center())


def center(el: Element) -> dict[str, Any]:
    """The element's centre and bounds in window coordinates (reported back to the agent)."""
    if el.is_item:
        window, p = item_point(el)
        r = el.iface.rect()
        top = window.mapFromGlobal(r.topLeft())
        return {"x": p.x(), "y": p.y(), "bounds": [top.x(), top.y(), r.width(), r.height()]}
    w = el.widget
    if not isinstance(w, QWidget):  # a Qt Quick item: scene coordinates
        x, y, width, height = qinput.item_rect(w)
        return {"x": x + width // 2, "y": y + height // 2, "bounds": [x, y, width, height]}
    top = w.mapTo(w.window(), QPoint(0, 0))
    c = top + w.rect().center()
    return {"x": c.x(), "y": c.y(), "bounds": [top.x(), top.y(), w.width(), w.height()]}


def click(el: Element, button: str = "left", count: int = 1,
          modifiers: Sequence[str] = ()) -> tuple[str, Deliver]:
    """Validate now; return how the click is done and the function that does it."""
    qinput.button_of(button)
    qinput.modifiers_of(modifiers)
    if not el.is_item:
        qinput.check_interactable(el.widget)
        w = el.widget
        return "click", lambda: qinput.click(w, None, button, modifiers, count)
    _check_item(el)
    actions = el.iface.actionInterface()
    press = QAccessibleActionInterface.pressAction()
    simple = button == "left" and count == 1 and not modifiers
    if simple and actions is not None and press in actions.actionNames():
        return "pressAction", lambda: (actions.doAction(press), qinput.settle())
    window, p = item_point(el)
    handle = window.windowHandle()
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its window is not shown", ref=el.ref)
    return "click", lambda: qinput.window_click(handle, p, button, modifiers, count)


def hover(el: Element) -> Deliver:
    if not el.is_item:
        qinput.check_interactable(el.widget)
        w = el.widget
        return lambda: qinput.hover(w)
    _check_item(el)
    window, p = item_point(el)
    handle = window.windowHandle()
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its window is not shown", ref=el.ref)
    return lambda: qinput.window_move(handle, p)


def scroll(el: Element, dx: float, dy: float, modifiers: Sequence[str] = ()) -> Deliver:
    """Wheel over the element (over the view that holds an item)."""
    qinput.check_interactable(el.widget)
    w = el.widget
    pos = None
    if el.is_item:
        pos = w.mapFromGlobal(el.iface.rect().center())
    return lambda: qinput.scroll(w, pos, dx, dy, modifiers)


def scroll_into_view(el: Element) -> bool:
    """Scroll every scroll area around the element so it shows; True if anything moved."""
    target = el.widget
    moved = False
    parent = target.parentWidget()
    while parent is not None:
        area = parent.parentWidget()
        if isinstance(area, QScrollArea) and area.widget() is parent:
            before = (area.horizontalScrollBar().value(), area.verticalScrollBar().value())
            area.ensureWidgetVisible(target, 20, 20)
            moved |= before != (area.horizontalScrollBar().value(),
                                area.verticalScrollBar().value())
        parent = parent.parentWidget()
    if el.is_item and isinstance(target, QAbstractScrollArea):
        viewport = target.viewport().rect()
        r = el.iface.rect()
        local = target.viewport().mapFromGlobal(r.center())
        if not viewport.contains(local):
            dy = (local.y() - viewport.center().y()) / max(r.height(), 1) / 3
            qinput.scroll(target, None, 0, round(dy))
            moved = True
    qinput.settle(50)
    return moved
