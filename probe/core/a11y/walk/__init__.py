"""The walk: a window read as the tree of elements an agent sees (chr.readPage, find,
page text, refs and change reports are all made from it).

Two walkers build the same :class:`~probe.core.a11y.nodes.Node` tree, so nothing above
cares which kind of window it read: :mod:`.widgets` walks a widget window with its open
popups, :mod:`.quick` a QQuickWindow by its items (importing it loads QtQuick, so it is
imported only for a Quick window); :mod:`.rules` holds what both share. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.nodes import Node
from probe.core.a11y.walk.widgets import WidgetWalker


def walker_for(window: Any, full_text: bool = False, labels_in: QWidget | None = None
               ) -> Any:
    """A fresh walker for ``window``: a QWidget, or a QQuickWindow (walked by its items).
    ``full_text``: values and texts are not cut for the outline; ``labels_in``: a widget
    window's labels are looked for only under it (a read of that part)."""
    if isinstance(window, QWidget):
        return WidgetWalker(window, full_text, labels_in)  # with its open menus and popups
    from probe.core.a11y.walk.quick import QuickWalker  # loads QtQuick: Quick windows only

    return QuickWalker(window, full_text)


def walk_window(window: Any, full_text: bool = False) -> Node:
    """The whole accessibility tree of one window."""
    return walker_for(window, full_text).walk()
