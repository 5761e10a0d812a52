"""The default arrangement of the docks, from each pane's declared place.

Five places, as the first start shows them on a 1366×768 screen and up: the trees on the
left, the live picture beside them, the chosen object's details on the right, and below
them the agent log with the tools beside it. Panes sharing a place are tabs, in View-menu
order, the one declared ``raised`` in front. The first start and View › Reset layout
both build it from a clean slate, so they look the same.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow

from inspector.widgets.pane import Pane, Place

_LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
_RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
_BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
#: The area of each place, and the place it stands to the right of (in the same area).
AREAS: dict[Place, Qt.DockWidgetArea] = {"trees": _LEFT, "picture": _LEFT,
                                         "details": _RIGHT, "log": _BOTTOM, "tools": _BOTTOM}
BESIDE: dict[Place, Place] = {"picture": "trees", "tools": "log"}
#: Order of building: a place comes after the one it stands beside.
BUILD: tuple[Place, ...] = ("trees", "details", "log", "picture", "tools")
#: Shares of the window: the live view, what users come for, gets the widest column.
COLUMNS: dict[Place, float] = {"trees": 0.31, "picture": 0.39, "details": 0.30}
BOTTOM: dict[Place, float] = {"log": 0.66, "tools": 0.34}
ROWS: dict[Place, float] = {"trees": 0.55, "log": 0.45}


def default_size(screen: QScreen | None) -> QSize:
    """The first start's size: most of the screen, up to 1440x900 (a 1366x768 laptop
    gets about 1280x700, which holds the minimum size)."""
    if screen is None:
        return QSize(1280, 800)
    free = screen.availableGeometry()
    return QSize(min(1440, int(free.width() * 0.94)), min(900, int(free.height() * 0.94)))


def _by_place(docks: list[QDockWidget]) -> dict[Place, list[QDockWidget]]:
    out: dict[Place, list[QDockWidget]] = {}
    for dock in docks:  # docks come in View-menu order
        pane = dock.widget()
        assert isinstance(pane, Pane)
        out.setdefault(pane.SPEC.place, []).append(dock)
    return out


def arrange(window: QMainWindow, docks: list[QDockWidget]) -> None:
    """Put every dock in its place, tabbed with its neighbours, and show them."""
    for dock in docks:
        window.removeDockWidget(dock)
        dock.setFloating(False)
    places = _by_place(docks)
    firsts: dict[Place, QDockWidget] = {}
    for place in BUILD:  # one dock per place first: a tabbed dock splits badly
        group = places.get(place)
        if not group:
            continue
        neighbour = firsts.get(BESIDE[place]) if place in BESIDE else None
        if neighbour is not None:
            window.splitDockWidget(neighbour, group[0], Qt.Orientation.Horizontal)
        else:
            window.addDockWidget(AREAS[place], group[0])
        firsts[place] = group[0]
    for group in places.values():
        for before, dock in pairwise(group):
            window.tabifyDockWidget(before, dock)
    for dock in docks:
        dock.show()
    for group in places.values():
        raised = [d for d in group if isinstance(pane := d.widget(), Pane)
                  and pane.SPEC.raised]
        (raised or group)[0].raise_()


def proportion(window: QMainWindow, docks: list[QDockWidget]) -> None:
    """Default sizes for the window's current size (run again once it is shown)."""
    firsts = {place: group[0] for place, group in _by_place(docks).items()}
    w, h = max(window.width(), 800), max(window.height(), 600)
    for shares, length, orientation in ((COLUMNS, w, Qt.Orientation.Horizontal),
                                        (BOTTOM, w, Qt.Orientation.Horizontal),
                                        (ROWS, h, Qt.Orientation.Vertical)):
        present: list[Place] = [p for p in shares if p in firsts]
        if len(present) > 1:
            window.resizeDocks([firsts[p] for p in present],
                               [int(length * shares[p]) for p in present], orientation)
