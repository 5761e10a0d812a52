"""Which walker reads a window: the widget walk or the Qt Quick walk.

Both build the same :class:`~probe.core.a11y.walker.Node` tree, so snapshots, page text
and refs do not care which kind of window they read.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.popupwalk import PopupWalker
from probe.core.a11y.walker import Node


def walker_for(window: Any, full_text: bool = False) -> Any:
    """A fresh walker for ``window``: a QWidget, or a QQuickWindow (walked by its items).
    ``full_text``: values and texts are not cut for the outline."""
    if isinstance(window, QWidget):
        return PopupWalker(window, full_text)  # with its open menus and popups
    from probe.core.a11y.quick import QuickWalker  # loads QtQuick: only for Quick windows

    return QuickWalker(window, full_text)


def walk_window(window: Any, full_text: bool = False) -> Node:
    """The whole accessibility tree of one window."""
    return walker_for(window, full_text).walk()
