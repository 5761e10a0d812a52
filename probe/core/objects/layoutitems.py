"""A layout's items read without leaving wrappers behind.

``QLayout.itemAt`` hands out QLayoutItems (a QWidgetItem per widget) that PySide keeps
alive as children of the layout's wrapper. A QLayoutItem is no QObject: when Qt deletes
it (a layout rebuilt, a dialog's button box changed), nothing tells shiboken, the stale
wrapper stays in its map, and a QObject Qt later makes at the same address comes back to
Python *as that QWidgetItem* (seen: ``QObject.inherits`` refused a "QWidgetItem" found
among a dialog's objects). So the probe reads what it needs from each item and
invalidates the wrappers it made; the C++ items are untouched, and a wrapper the app
itself holds (or made) is left alone. GUI thread.
"""

from __future__ import annotations

import sys
from typing import Any

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLayout, QWidget

#: References to a wrapper only the probe and the layout hold, as seen from inside
#: :func:`_release`: its caller's variable, the argument, getrefcount's own, the layout's.
_OURS_ONLY = 4


def _release(item: Any) -> None:
    """Drop shiboken's wrapper of a layout item the probe just read (see the module)."""
    if item is None or isinstance(item, QObject) or shiboken6.createdByPython(item):
        return  # a QObject (a nested layout) is tracked by Qt; an app's own item is its
    if sys.getrefcount(item) <= _OURS_ONLY:
        shiboken6.invalidate(item)


def entry(item: Any) -> tuple[QWidget | None, QLayout | None]:
    """``(widget, nested layout)`` of one item (either may be None); releases the item.

    Pass ``itemAt(…)``'s result straight in: a variable of the caller's holding it too
    makes it look like a wrapper someone else keeps, and it stays."""
    if item is None:
        return None, None
    widget, sub = item.widget(), item.layout()
    _release(item)
    return (widget if isinstance(widget, QWidget) else None,
            sub if isinstance(sub, QLayout) else None)


def entries(lay: QLayout) -> list[tuple[int, QWidget | None, QLayout | None]]:
    """``(index, widget, nested layout)`` of each item of ``lay``, in layout order."""
    out = []
    for i in range(lay.count()):  # virtual (pure in QLayout): called on the object
        widget, sub = entry(lay.itemAt(i))
        out.append((i, widget, sub))
    return out
