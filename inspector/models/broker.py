"""What panes share, handed to every pane (GammaRay's object broker, in small).

The chosen object: a pane where the user picks one (the object tree, the accessibility
tree, the Quick items, the live view) calls :meth:`Broker.choose`; every pane that shows
an object follows ``objectChosen``; and the agents are told (their get_user_selection).
An agent's highlight chooses the same way. The agent's page: the accessibility pane
fills :attr:`Broker.page`, the live view finds agents' marks in it and outlines the
element the followed agent named (``agentTargetChanged``). The chosen widget's layout
(:attr:`Broker.layout`) is read once for the live view's overlay and the Layout tab. A
logged call the user picks (``callChosen``) is shown again on the live view. So no pane
knows another, and the main window wires none of them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from inspector.link.client import ProbeClient
from inspector.link.traffic import Call
from inspector.models.accessibility import AccessibilityModel
from inspector.models.layout import LayoutModel
from probe.exceptions import QtmcpError


class Broker(QObject):
    """The chosen object, the agent's page and the chosen logged call."""

    #: (``#N`` or "" for none, label) the object chosen in any pane, or by an agent
    objectChosen = Signal(str, str)
    #: (bounds (x, y, w, h) in window coordinates or None, label) of the element the
    #: followed agent's last call named
    agentTargetChanged = Signal(object, str)
    #: a logged :class:`~inspector.link.traffic.Call` the user picked
    callChosen = Signal(object)
    #: (x, y, the widget's ``#N`` there, its label) a point of the window the user picked
    #: in the live view: the page reader resolves it to the element there, as the agent
    #: sees it (``elementChosen``), or chooses the widget
    pointPicked = Signal(int, int, str, str)
    #: (bounds (x, y, w, h) in window coordinates, label, ``#N`` chosen with it) the
    #: element chosen in the page: an item with no object of its own (a tab, a row) too
    elementChosen = Signal(object, str, str)

    def __init__(self, probe: ProbeClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.probe = probe
        #: the page as the followed agent reads it (refs and all)
        self.page = AccessibilityModel(self)
        #: the chosen widget's layout, read once for the live view's overlay and the
        #: Layout tab (each follows the chosen object while it shows it)
        self.layout = LayoutModel(probe, self)
        self.chosen: str | None = None
        probe.on_highlight(lambda object_id: self.choose(object_id))

    def choose(self, object_id: str | None, label: str = "") -> None:
        """Make ``object_id`` the chosen object everywhere, and tell the agents."""
        self.chosen = object_id or None
        self.objectChosen.emit(object_id or "", label)
        if self.probe.is_connected:
            self.probe.spawn(self._publish(self.chosen))

    async def _publish(self, object_id: str | None) -> None:
        try:  # an older probe, or the object died meanwhile: nothing for the human to do
            await self.probe.set_selection(object_id)
        except QtmcpError:
            pass

    def pick_point(self, x: int, y: int, widget_id: str, label: str) -> None:
        """The user picked window point (x, y), on widget ``widget_id``."""
        self.pointPicked.emit(x, y, widget_id, label)

    def choose_element(self, bounds: Any, label: str, object_id: str) -> None:
        """An element of the page was chosen (after ``choose(object_id)``)."""
        self.elementChosen.emit(bounds, label, object_id)

    def choose_call(self, call: Call) -> None:
        self.callChosen.emit(call)

    def name_agent_target(self, bounds: Any, label: str) -> None:
        self.agentTargetChanged.emit(bounds, label)
