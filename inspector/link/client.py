"""The probe as the inspector's panes see it: typed calls and typed notifications.

GammaRay's client widgets ask the broker for a model and never parse a message; here a
pane gets a :class:`ProbeClient` and calls ``await probe.properties(object_id)`` for a
:class:`~probe.wire.qt_properties.PropertyList`, or ``probe.on_traffic(callback)`` for
each mirrored :class:`~inspector.link.traffic.Call`. The calls live by family in
:mod:`inspector.link.api` (one module per ``probe/api/`` family); answers are read as the
probe declares them (:mod:`probe.wire`); the wire itself is
:class:`~inspector.link.connection.Connection`.

A notification is parsed once however many panes listen to it. Errors are the client's
(:mod:`probe.exceptions`); where a probe cannot do something for the inspector (an older
probe, or a connection without the inspector's role) the call raises
:class:`Unavailable` with the probe's reason.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from inspector.link.api._base import REFUSALS, Unavailable
from inspector.link.api.chr_console import ChrConsole
from inspector.link.api.chr_page import ChrPage
from inspector.link.api.probe_agent_view import ProbeAgentView
from inspector.link.api.probe_frames import ProbeFrames
from inspector.link.api.probe_gate import ProbeGate
from inspector.link.api.probe_selection import ProbeSelection
from inspector.link.api.probe_session import ProbeSession
from inspector.link.api.qml import Qml
from inspector.link.api.qt_actions import QtActions
from inspector.link.api.qt_events import QtEvents
from inspector.link.api.qt_layout import QtLayout
from inspector.link.api.qt_methods import QtMethods
from inspector.link.api.qt_models import QtModels
from inspector.link.api.qt_objects import QtObjects
from inspector.link.api.qt_problems import QtProblems
from inspector.link.api.qt_properties import QtProperties
from inspector.link.api.qt_resources import QtResources
from inspector.link.api.qt_signals import QtSignals
from inspector.link.api.qt_style import QtStyle
from inspector.link.api.qt_system import QtSystem
from inspector.link.api.qt_timers import QtTimers
from inspector.link.api.qt_ui import QtUi
from inspector.link.connection import Connection
from inspector.link.marks import MarkReader
from inspector.link.method_facts import MethodFacts
from inspector.link.traffic import Call
from probe.exceptions import QtmcpError
from probe.wire.qt_system import Schema, Versions

__all__ = ["REFUSALS", "ProbeClient", "Unavailable"]


class ProbeClient(ChrConsole, ChrPage, ProbeAgentView, ProbeFrames, ProbeGate, ProbeSelection,
                  ProbeSession, Qml, QtActions, QtEvents, QtLayout, QtMethods, QtModels,
                  QtObjects, QtProblems, QtProperties, QtResources, QtSignals, QtStyle, QtSystem,
                  QtTimers, QtUi):
    """Typed calls to the connected probe, and typed notifications from it."""

    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        #: what the probe declares about its methods (``qt.schema``), per connection
        self.facts = MethodFacts()
        self.marks = MarkReader(self.facts)
        conn.connected.connect(lambda: conn.spawn(self._load_facts()))
        conn.lost.connect(self._forget_facts)

    # ------------------------------------------------------------ state

    @property
    def is_connected(self) -> bool:
        return self.conn.is_connected

    @property
    def app(self) -> Versions | None:
        """The app behind the probe (``qt.version``); None before the first connection."""
        return self.conn.app_info

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a coroutine on the Qt loop (errors of the probe are logged, not raised)."""
        return self.conn.spawn(coro)

    def is_mine(self, call: Call) -> bool:
        """A call of this inspector's own session."""
        return self.session_id is not None and call.client["id"] == self.session_id

    def _forget_facts(self, _reason: str) -> None:
        self.facts.clear()  # the next probe may serve other methods

    async def _load_facts(self) -> None:
        try:
            schema = await self.conn.call("qt.schema", result=Schema)
        except QtmcpError:
            return
        self.facts.load(schema)

    def on_connected(self, callback: Callable[[], None]) -> None:
        """The connection is (again) up: a new session, maybe of another app."""
        self.conn.connected.connect(callback)
