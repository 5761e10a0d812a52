"""The probe as the inspector's panes see it: typed calls and typed notifications.

GammaRay's client widgets ask the broker for a model and never parse a message; here a
pane gets a :class:`ProbeClient` and calls ``await probe.properties(object_id)`` for a
:class:`~inspector.link.replies.PropertyList`, or ``probe.on_traffic(callback)`` for
each mirrored :class:`~inspector.link.traffic.Call`. Method names, params and the reply
fields live here and in the reply modules, nowhere else; the wire itself is
:class:`~inspector.link.connection.Connection`.

A notification is parsed once however many panes listen to it. Errors are the client's
(:mod:`probe.exceptions`); where a probe cannot do something for the inspector (an older
probe, or a connection without the inspector's role) the call raises
:class:`Unavailable` with the probe's reason.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from inspector.link.connection import Connection
from inspector.link.marks import MarkReader
from inspector.link.method_facts import MethodFacts
from inspector.link.page import AgentView, LastRead
from inspector.link.replies import (
    AppInfo,
    CellEdit,
    ConsoleBatch,
    Emission,
    EventBatch,
    FrameUpdate,
    Freeze,
    Hit,
    Lifecycle,
    MethodInfo,
    ModelEntry,
    ModelInfo,
    ObjectInfo,
    ObjectTree,
    Picture,
    Ping,
    Placement,
    ProblemReport,
    PropertyList,
    QuickTree,
    RowsPage,
    Source,
    TimerInfo,
    TimerMeasurement,
)
from inspector.link.traffic import Call, GateOutcome, HeldCall, SessionEvent, SessionInfo
from probe.exceptions import QtmcpError, RemoteError

log = logging.getLogger("qtmcp.inspector")

T = TypeVar("T")

#: Errors that say the probe cannot do something for this connection (not a failure of
#: the call): an older probe lacks the method, or the connection lacks the role.
REFUSALS = ("METHOD_NOT_FOUND", "ROLE_NOT_ALLOWED")


class Unavailable(QtmcpError):
    """The probe cannot do this for the inspector; ``reason`` is its error name."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ProbeClient:
    """Typed calls to the connected probe, and typed notifications from it."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        #: what the probe declares about its methods (``qt.schema``), per connection
        self.facts = MethodFacts()
        self.marks = MarkReader(self.facts)
        self._fans: dict[str, list[Callable[[Any], None]]] = {}
        conn.connected.connect(lambda: conn.spawn(self._load_facts()))
        conn.lost.connect(lambda _reason: self.facts.clear())

    # ------------------------------------------------------------ state

    @property
    def is_connected(self) -> bool:
        return self.conn.is_connected

    @property
    def session_id(self) -> int | None:
        """This inspector's own session (its calls come back in the traffic too)."""
        return self.conn.session_id

    @property
    def app(self) -> AppInfo:
        return AppInfo.from_json(self.conn.app_info)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a coroutine on the Qt loop (errors of the probe are logged, not raised)."""
        return self.conn.spawn(coro)

    def is_mine(self, call: Call) -> bool:
        """A call of this inspector's own session."""
        return self.session_id is not None and call.client.id == self.session_id

    async def _load_facts(self) -> None:
        try:
            schema = await self.conn.call("qt.schema")
        except QtmcpError:
            return
        self.facts.load(schema)

    # ------------------------------------------------------------ notifications

    def _listen(self, method: str, parse: Callable[[dict[str, Any]], T | None],
                callback: Callable[[T], None]) -> None:
        """Call ``callback(parse(params))`` for each notification ``method`` (parsed once
        for every listener; a None parse is dropped)."""
        fans = self._fans.get(method)
        if fans is None:
            listeners: list[Callable[[Any], None]] = []
            fans = self._fans[method] = listeners

            def dispatch(params: dict[str, Any]) -> None:
                value = parse(params if isinstance(params, dict) else {})
                if value is None:
                    return
                for listener in list(listeners):
                    try:
                        listener(value)
                    except Exception:
                        log.exception("a listener of %s failed", method)

            self.conn.on(method, dispatch)
        fans.append(callback)

    def on_connected(self, callback: Callable[[], None]) -> None:
        """The connection is (again) up: a new session, maybe of another app."""
        self.conn.connected.connect(callback)

    def on_ping(self, callback: Callable[[Ping], None]) -> None:
        """The connection's periodic ping (round trip, event-loop latency, busy)."""
        self.conn.pinged.connect(callback)

    # ------------------------------------------------------------ objects

    async def object_tree(self, object_id: str | None = None, depth: int = 1,
                          max_nodes: int | None = None) -> ObjectTree:
        """The objects under ``object_id`` (None: the app's roots), ``depth`` levels."""
        params: dict[str, Any] = {"depth": depth}
        if depth > 1:  # rows: a whole tree of 10,000 objects is a fifth of the bytes (#41)
            params["compact"] = True
        if object_id:
            params["objectId"] = object_id
        if max_nodes is not None:
            params["maxNodes"] = max_nodes
        tree = ObjectTree.from_json(await self.conn.call("qt.objects.tree", params))
        nodes = tree.nodes
        if object_id and len(nodes) == 1 and nodes[0].id == object_id:
            nodes = nodes[0].children or []  # the answer is the object with its children
        return ObjectTree(nodes, tree.truncated)

    async def object_children(self, object_id: str) -> list[ObjectInfo] | None:
        """The children of ``object_id``; None when the object is gone."""
        try:
            return (await self.object_tree(object_id)).nodes
        except RemoteError as exc:
            if exc.name == "OBJECT_STALE":
                return None
            raise

    async def follow_lifecycle(self) -> None:
        """Have objects created and destroyed reported (:meth:`on_lifecycle`)."""
        await self.conn.call("qt.signals.setLifecycle", {"enabled": True})

    def on_lifecycle(self, callback: Callable[[Lifecycle], None]) -> None:
        self._listen("qt.objects.lifecycle", Lifecycle.from_json, callback)

    def on_highlight(self, callback: Callable[[str], None]) -> None:
        """An agent pointed the human at an object (``#N`` in this session)."""
        self._listen("probe.highlight", lambda p: str(p.get("id") or "") or None, callback)

    async def set_selection(self, object_id: str | None) -> None:
        """Tell the agents what the human selected (their get_user_selection)."""
        await self.conn.call("probe.selection.set", {"objectId": object_id or None})

    # ------------------------------------------------------------ properties, methods

    async def properties(self, object_id: str) -> PropertyList:
        return PropertyList.from_json(
            await self.conn.call("qt.properties.list", {"objectId": object_id}))

    async def property_value(self, object_id: str, name: str) -> Any:
        reply = await self.conn.call("qt.properties.get", {"objectId": object_id,
                                                            "name": name})
        return reply.get("value")

    async def set_property(self, object_id: str, name: str, value: Any) -> Any:
        """Set a property; returns the value the app then has."""
        reply = await self.conn.call("qt.properties.set", {"objectId": object_id,
                                                            "name": name, "value": value})
        return reply.get("value")

    async def methods(self, object_id: str) -> list[MethodInfo]:
        """The object's slots, invokables and signals."""
        result = await self.conn.call("qt.methods.list", {"objectId": object_id})
        return [MethodInfo.from_json(m) for m in result.get("methods") or []
                if isinstance(m, dict)]

    async def invoke(self, object_id: str, method: str, args: list[Any]) -> Any:
        """Invoke a slot or invokable; returns what it returned."""
        reply = await self.conn.call("qt.methods.invoke", {"objectId": object_id,
                                                            "method": method, "args": args})
        return reply.get("returned") if isinstance(reply, dict) else reply

    async def subscribe_signal(self, object_id: str, signal: str) -> str:
        """Report each emission of ``signal`` (:meth:`on_emission`); the subscription id."""
        reply = await self.conn.call("qt.signals.subscribe", {"objectId": object_id,
                                                               "signal": signal})
        return str(reply.get("subscriptionId"))

    async def unsubscribe_signal(self, subscription_id: str) -> None:
        await self.conn.call("qt.signals.unsubscribe", {"subscriptionId": subscription_id})

    def on_emission(self, callback: Callable[[Emission], None]) -> None:
        self._listen("qt.signals.emitted", Emission.from_json, callback)

    # ------------------------------------------------------------ console

    async def follow_console(self) -> None:
        await self.conn.subscribe("console")

    async def console_messages(self, limit: int) -> ConsoleBatch:
        """The probe's buffer of the app's console, newest ``limit``."""
        return ConsoleBatch.from_json(
            await self.conn.call("chr.readConsoleMessages", {"limit": limit}))

    def on_console(self, callback: Callable[[ConsoleBatch], None]) -> None:
        self._listen("chr.console", ConsoleBatch.from_json, callback)

    # ------------------------------------------------------------ traffic, gate, sessions

    async def follow_traffic(self) -> None:
        await self.conn.subscribe("traffic")

    def on_traffic(self, callback: Callable[[Call], None]) -> None:
        """Each call any client made (this inspector's own too), once it finished."""
        self._listen("probe.traffic", Call.from_json, callback)

    def on_traffic_dropped(self, callback: Callable[[int], None]) -> None:
        """How many notifications the probe dropped for this slow reader, so far."""
        self._listen("probe.dropped", lambda p: int(p.get("dropped") or 0), callback)

    async def follow_gate(self) -> None:
        """Held calls and their outcomes, and agents' highlights (the control room)."""
        await self.conn.subscribe("gate", "highlight")

    async def set_gate(self, on: bool) -> None:
        """Hold agents' app-changing calls until the human decides (or stop)."""
        await self.conn.call("probe.gate.set", {"enabled": on})

    async def decide(self, gate_id: str, approve: bool) -> None:
        await self.conn.call("probe.gate.decide", {"gateId": gate_id, "approve": approve})

    async def trust_client(self, client_id: int, minutes: int) -> None:
        """Let this client's calls pass the gate for ``minutes``."""
        await self.conn.call("probe.gate.approveClient", {"clientId": client_id,
                                                          "minutes": minutes})

    def on_gate_held(self, callback: Callable[[HeldCall], None]) -> None:
        self._listen("probe.gate.pending", HeldCall.from_json, callback)

    def on_gate_resolved(self, callback: Callable[[GateOutcome], None]) -> None:
        self._listen("probe.gate.resolved", GateOutcome.from_json, callback)

    def on_gate_changed(self, callback: Callable[[bool], None]) -> None:
        self._listen("probe.gate.changed", lambda p: bool(p.get("enabled")), callback)

    async def follow_sessions(self) -> None:
        await self.conn.subscribe("sessions")

    async def sessions(self) -> list[SessionInfo]:
        """The clients connected now (this inspector among them)."""
        found = [SessionInfo.from_json(s) for s in await self.conn.call("probe.sessions")
                 if isinstance(s, dict)]
        return [s for s in found if s is not None]

    def on_session(self, callback: Callable[[SessionEvent], None]) -> None:
        self._listen("probe.session", SessionEvent.from_json, callback)

    async def repeat(self, method: str, params: dict[str, Any] | None) -> Any:
        """Call ``method`` again as a logged call made it (the agent log's Re-send)."""
        return await self.conn.call(method, params)

    # ------------------------------------------------------------ the agent's page

    async def agent_view(self, filter: str, depth: int,
                         session_id: int | None = None) -> AgentView:
        """The page with client ``session_id``'s refs (None: the latest reader's);
        :class:`Unavailable` when the probe does not show other clients' refs to us."""
        params: dict[str, Any] = {"filter": filter, "depth": depth}
        if session_id is not None:
            params["sessionId"] = session_id
        try:
            return AgentView.from_json(await self.conn.call("probe.agentView", params))
        except RemoteError as exc:
            if exc.name in REFUSALS:
                raise Unavailable(exc.name) from exc
            raise

    async def read_page(self, filter: str, depth: int) -> AgentView:
        """The page through this inspector's own eyes: its own refs and its own text
        (read first, so the tree's refs stay in force: both number the same nodes)."""
        params = {"filter": filter, "depth": depth}
        text = await self.conn.call("chr.readPage", {**params, "format": "text"})
        tree = await self.conn.call("chr.readPage", {**params, "format": "json"})
        mine = SessionInfo(self.session_id or 0, "this inspector", "inspector")
        return AgentView.from_json(tree, mine, LastRead(str(text.get("text") or ""),
                                                        time.time(), filter, depth))

    # ------------------------------------------------------------ live view

    async def start_frames(self, max_width: int, max_height: int) -> str | None:
        """Stream the active window (:meth:`on_frame`), pictures no larger than this;
        returns the window streamed."""
        started = await self.conn.call("probe.frames.start", {
            "format": "jpeg", "quality": 80, "maxFps": 15, "partial": True,
            "maxWidth": max_width, "maxHeight": max_height})
        window = started.get("window") if isinstance(started, dict) else None
        return str(window) if window else None

    def on_frame(self, callback: Callable[[FrameUpdate], None]) -> None:
        self._listen("probe.frame", FrameUpdate.from_json, callback)

    async def hit_test(self, x: int, y: int, window: str | None = None) -> Hit:
        """What is at window point (x, y)."""
        params: dict[str, Any] = {"x": x, "y": y}
        if window:
            params["window"] = window
        return Hit.from_json(await self.conn.call("qt.ui.hitTest", params))

    async def placement(self, target: str) -> Placement:
        """Where ``target`` (a path, ``#N`` or name) is in its window."""
        return Placement.from_json(await self.conn.call("qt.ui.geometry",
                                                        {"objectId": target}))

    async def screenshot(self, quality: int) -> Picture:
        """A JPEG of the app's active window at its own resolution."""
        return Picture.from_json(await self.conn.call("qt.ui.screenshot", {
            "format": "jpeg", "quality": quality}))

    # ------------------------------------------------------------ Qt Quick

    async def quick_tree(self) -> QuickTree | None:
        """The Qt Quick item trees of the app's windows; None when it has no Qt Quick."""
        try:
            return QuickTree.from_json(await self.conn.call("qml.tree"))
        except RemoteError as exc:
            if exc.name in ("QML_NOT_AVAILABLE", "METHOD_NOT_FOUND"):
                return None
            raise

    # ------------------------------------------------------------ item models

    async def item_models(self) -> list[ModelEntry]:
        result = await self.conn.call("qt.models.list")
        return [ModelEntry.from_json(m) for m in result.get("models") or []
                if isinstance(m, dict)]

    async def model_info(self, model_id: str) -> ModelInfo:
        return ModelInfo.from_json(await self.conn.call("qt.models.info",
                                                        {"modelId": model_id}))

    async def model_rows(self, model_id: str, offset: int, limit: int,
                         roles: list[str]) -> RowsPage:
        return RowsPage.from_json(await self.conn.call("qt.models.rows", {
            "modelId": model_id, "offset": offset, "limit": limit, "roles": roles}))

    async def set_model_data(self, model_id: str, row: int, column: int, value: Any,
                             role: str) -> CellEdit:
        return CellEdit.from_json(await self.conn.call("qt.models.setData", {
            "modelId": model_id, "row": row, "column": column, "value": value,
            "role": role}))

    # ------------------------------------------------------------ events, timers, freezes

    async def start_events(self, types: list[str] | None, object_id: str | None) -> list[str]:
        """Watch the app's events (:meth:`on_events`); returns the types watched."""
        params: dict[str, Any] = {}
        if types:
            params["types"] = types
        if object_id:
            params["objectId"] = object_id
        result = await self.conn.call("qt.events.start", params)
        return [str(t) for t in result.get("types") or []]

    async def stop_events(self) -> None:
        await self.conn.call("qt.events.stop")

    def on_events(self, callback: Callable[[EventBatch], None]) -> None:
        self._listen("qt.events", EventBatch.from_json, callback)

    async def timers(self, active_only: bool) -> list[TimerInfo]:
        result = await self.conn.call("qt.timers.list", {"activeOnly": active_only})
        return [TimerInfo.from_json(t) for t in result.get("timers") or []
                if isinstance(t, dict)]

    async def measure_timers(self, seconds: float) -> TimerMeasurement:
        """Count timer wake-ups for ``seconds`` (the app keeps running meanwhile)."""
        return TimerMeasurement.from_json(await self.conn.call(
            "qt.timers.measure", {"seconds": seconds}, timeout=seconds + 30))

    async def object_source(self, object_id: str) -> Source:
        """Where the object was made (the Python line, the .qml declaration, or why not)."""
        info = await self.conn.call("qt.objects.info", {"objectId": object_id})
        return Source.from_json(info.get("source") if isinstance(info, dict) else None)

    async def problems(self, kinds: list[str] | None = None) -> ProblemReport:
        """What is wrong in the app's visible windows (the problem report)."""
        params: dict[str, Any] = {"kinds": kinds} if kinds else {}
        return ProblemReport.from_json(await self.conn.call("qt.problems", params))

    async def follow_freezes(self) -> None:
        await self.conn.subscribe("freeze")

    def on_freeze(self, callback: Callable[[Freeze], None]) -> None:
        self._listen("probe.freeze", Freeze.from_json, callback)
