"""The default arrangement of the docks around the tools.

The tools (the tool list and the open tool) fill the window's centre; the docks, which
stay visible whichever tool is open, stand around it: the live picture on the right of the
tools, and the agent's requests along the whole bottom (its columns and its request and
response need the width more than the picture needs the height: an app's window is
wider than tall). The first start and View › Reset layout both build it from a clean
slate, so they look the same.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow

from inspector.widgets.pane import Pane, Side

AREAS: dict[Side, Qt.DockWidgetArea] = {"right": Qt.DockWidgetArea.RightDockWidgetArea,
                                        "bottom": Qt.DockWidgetArea.BottomDockWidgetArea}
#: The picture's share of the window's width, the log's of its height.
SHARES: dict[Side, float] = {"right": 0.37, "bottom": 0.33}
#: The picture's width never below this (a 1366-wide screen: about 545 pixels).
MIN_PICTURE = 420


def default_size(screen: QScreen | None) -> QSize:
    """The first start's size: most of the screen, up to 1440x900 (a 1366x768 laptop
    gets about 1280x700, which holds the minimum size)."""
    if screen is None:
        return QSize(1280, 800)
    free = screen.availableGeometry()
    return QSize(min(1440, int(free.width() * 0.94)), min(900, int(free.height() * 0.94)))


def side_of(dock: QDockWidget) -> Side:
    pane = dock.widget()
    return pane.SPEC.side if isinstance(pane, Pane) else "right"


def arrange(window: QMainWindow, docks: list[QDockWidget]) -> None:
    """Put every dock on its side (docks of one side tabbed), docked and shown."""
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
    window.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
    firsts: dict[Side, QDockWidget] = {}
    for dock in docks:
        window.removeDockWidget(dock)
        dock.setFloating(False)
    for dock in docks:
        side = side_of(dock)
        if side in firsts:
            window.tabifyDockWidget(firsts[side], dock)
        else:
            window.addDockWidget(AREAS[side], dock)
            firsts[side] = dock
        dock.setFloating(False)  # once in the layout: a removed dock does not take it
        dock.show()
    for dock in firsts.values():
        dock.raise_()


def proportion(window: QMainWindow, docks: list[QDockWidget]) -> None:
    """Default sizes for the window's current size (run again once it is shown)."""
    w, h = max(window.width(), 800), max(window.height(), 600)
    for dock in docks:
        if dock.isFloating():
            continue
        side = side_of(dock)
        if side == "right":
            window.resizeDocks([dock], [max(MIN_PICTURE, int(w * SHARES[side]))],
                               Qt.Orientation.Horizontal)
        else:
            window.resizeDocks([dock], [int(h * SHARES[side])], Qt.Orientation.Vertical)
