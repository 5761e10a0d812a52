"""Settings an older inspector left, carried into the tool layout.

Up to layout version 2 every pane was a dock, and ``window/state`` held their
arrangement (QMainWindow.saveState). That state cannot be restored into the tool layout,
but what the user chose in it can be read back and kept: which tree they had in front
(it becomes the open tool), which details tab, and whether the live view or the agent
log floated, and where. The window's geometry, the theme and the recent connections keep
their keys and need nothing. Read once: the old key is removed after.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QRect, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget

#: The key and version of the dock-per-pane layout.
OLD_STATE, OLD_VERSION = "window/state", 2
#: The docks of version 2 (object name stem and title), as it saved them: a record of
#: that format, not of today's panes.
OLD_DOCKS = {"accessibility": "Accessibility", "liveView": "Live view",
             "agentLog": "Agent requests", "objects": "Objects", "properties": "Properties",
             "methods": "Methods", "signals": "Signals", "console": "Console",
             "plots": "Plots", "quick": "Quick items", "models": "Models",
             "events": "Events", "timers": "Timers", "problems": "Problems"}
#: Version 2's places whose front tab says what the user looked at.
TREES = ("accessibility", "objects", "quick")
DETAILS = ("properties", "methods", "signals")


@dataclass
class Carried:
    """What the old layout says the user chose."""

    #: the tree in front (becomes the open tool)
    tool: str | None = None
    #: the details tab in front
    details: str | None = None
    #: docks that floated, by name, with their geometry
    floating: dict[str, QRect] = field(default_factory=dict)


def read_old(settings: QSettings) -> Carried | None:
    """What a version-2 layout in ``settings`` chose; None when there is none (or it
    cannot be read)."""
    state = settings.value(OLD_STATE)
    if not isinstance(state, QByteArray) or state.isEmpty():
        return None
    window = QMainWindow()
    try:
        docks: dict[str, QDockWidget] = {}
        for name, title in OLD_DOCKS.items():
            dock = QDockWidget(title, window)
            dock.setObjectName(name + "Dock")
            dock.setWidget(QWidget(dock))
            window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            docks[name] = dock
        if not window.restoreState(state, OLD_VERSION):
            return None
        carried = Carried()
        titles = {title: name for name, title in OLD_DOCKS.items()}
        for bar in window.findChildren(QTabBar):
            if bar.currentIndex() < 0:
                continue
            front = titles.get(bar.tabText(bar.currentIndex()))
            if front in TREES:
                carried.tool = front
            elif front in DETAILS:
                carried.details = front
        for name, dock in docks.items():
            if dock.isFloating() and not dock.isHidden():
                carried.floating[name] = dock.geometry()
        if carried.tool is None:  # no tabs: the first tree shown
            carried.tool = next((n for n in TREES if not docks[n].isHidden()), None)
        return carried
    finally:
        window.deleteLater()


def forget_old(settings: QSettings) -> None:
    settings.remove(OLD_STATE)
