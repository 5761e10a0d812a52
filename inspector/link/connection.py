"""The inspector's one socket to a probe: an AsyncClient on the Qt loop, plus reconnect.

This is the wire: calls by method name, notifications by name. Only the typed client
(:mod:`inspector.link.client`) and the link itself speak it; panes never do. Notification
callbacks (:meth:`Connection.on`) and topics (:meth:`Connection.subscribe`) survive
reconnects (they are replayed on every new client). When the app goes away the
connection says ``lost`` and watches discovery for the same pid or the same app started
again, then reconnects by itself.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from PySide6.QtCore import QObject, QTimer, Signal

from inspector import __version__
from inspector.link.discovery_watcher import DiscoveryWatcher
from probe import discovery
from probe.client import AsyncClient, resolve_target
from probe.exceptions import ConnectionLost, QtmcpError, RemoteError
from probe.wire.qt_system import Ping, Versions

log = logging.getLogger("qtmcp.inspector")

Handler = Callable[[dict[str, Any]], None]
T = TypeVar("T")

DISCONNECTED, CONNECTING, CONNECTED, LOST = "disconnected", "connecting", "connected", "lost"


class NotConnected(ConnectionLost):
    """A pane called the probe while the inspector has no connection."""


@dataclass
class Target:
    """What we are (or were) connected to; enough to recognise the app when it returns."""

    url: str
    token: str | None
    pid: int | None = None
    app: str = ""
    argv: list[str] = field(default_factory=list)
    started: float = 0.0

    @classmethod
    def from_info(cls, info: discovery.ProbeInfo, token: str | None = None) -> Target:
        """The probe of a discovery file, reached with its inspector token (the gate)."""
        return cls(info.url, token or info.inspector_token or info.token, info.pid,
                   info.app, list(info.argv), info.started)

    def label(self) -> str:
        return f"{self.app or self.url} (pid {self.pid})" if self.pid else self.url

    def successor(self, probes: list[discovery.ProbeInfo]) -> discovery.ProbeInfo | None:
        """The probe that is this app again: same pid, else the same app restarted later."""
        same_pid = [p for p in probes if self.pid and p.pid == self.pid]
        if same_pid:
            return same_pid[-1]
        again = [p for p in probes if self.app and p.app == self.app and p.argv == self.argv
                 and p.started > self.started]
        if again:
            return again[-1]
        if not self.pid:  # connected by URL only: the same port is the same app
            port = [p for p in probes if p.url == self.url]
            return port[-1] if port else None
        return None


class Connection(QObject):
    """Client wrapper living on the GUI thread (qasync); see the module docstring."""

    stateChanged = Signal(str)
    connected = Signal()
    lost = Signal(str)
    #: a periodic ``qt.ping`` came back: its round trip (ms) and its answer (``Ping``)
    pinged = Signal(float, object)
    message = Signal(str)

    def __init__(self, watcher: DiscoveryWatcher, name: str = "qtmcp-inspector",
                 ping_interval_ms: int = 2000, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.watcher = watcher
        self.name = name
        self.client: AsyncClient | None = None
        self.target: Target | None = None
        self.state = DISCONNECTED
        self.session_id: int | None = None
        #: the app behind the probe (``qt.version``); None until the first connection
        self.app_info: Versions | None = None
        self.auto_reconnect = True
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._topics: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._pinging = False
        self._ping_timer = QTimer(self)
        self._ping_timer.setInterval(ping_interval_ms)
        self._ping_timer.timeout.connect(lambda: self._spawn(self._ping()))
        self._retry = QTimer(self)  # only for URL-only targets, only while lost
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(lambda: self._spawn(self._try_reconnect()))
        watcher.probesChanged.connect(self._on_probes)

    # ------------------------------------------------------------- public API

    @property
    def is_connected(self) -> bool:
        return self.state == CONNECTED and self.client is not None and not self.client.closed

    async def connect_to(self, url: str | None = None, token: str | None = None, *,
                         pid: int | None = None, app: str | None = None) -> None:
        """Connect to a probe by URL (+token), pid or app name; raises QtmcpError."""
        await self.close(emit=False)
        url, token, info = resolve_target(url, token, pid=pid, app=app, inspector=True)
        if info is None:
            known = [p for p in self.watcher.refresh() if p.url.rstrip("/") == url.rstrip("/")]
            info = known[-1] if known else None
        target = Target.from_info(info, token) if info else Target(url, token)
        self.target = None
        self.auto_reconnect = True
        await self._open(target)

    async def close(self, emit: bool = True) -> None:
        """Close the connection on purpose (no reconnect)."""
        self.auto_reconnect = False
        self._retry.stop()
        self._ping_timer.stop()
        client, self.client = self.client, None
        if client is not None:
            try:
                await client.close()
            except Exception:  # noqa: BLE001 - closing a dead socket is fine
                pass
        if emit and self.state != DISCONNECTED:
            self._set_state(DISCONNECTED)
            self.lost.emit("disconnected")

    @overload
    async def call(self, method: str, params: dict[str, Any] | None = None, *,
                   timeout: float | None = 30.0) -> Any: ...
    @overload
    async def call(self, method: str, params: dict[str, Any] | None = None, *,
                   timeout: float | None = 30.0, result: type[T]) -> T: ...
    async def call(self, method: str, params: dict[str, Any] | None = None, *,
                   timeout: float | None = 30.0, result: Any = None) -> Any:
        """Call a probe method, its answer read as ``result`` (its ``probe.wire`` type)
        when given; raises RemoteError, BadAnswer, NotConnected or ConnectionLost."""
        client = self.client
        if client is None or self.state != CONNECTED:
            raise NotConnected(f"not connected (calling {method})")
        try:
            return await client.call(method, params, timeout=timeout, result=result)
        except ConnectionLost:
            self._connection_gone(client, "connection lost")
            raise

    async def batch(self, calls: list[tuple[str, dict[str, Any] | None]]
                    ) -> list[dict[str, Any]]:
        client = self.client
        if client is None or self.state != CONNECTED:
            raise NotConnected("not connected")
        return await client.batch(calls)

    def on(self, method: str, handler: Handler) -> None:
        """Call ``handler(params)`` for each notification ``method``, across reconnects."""
        self._handlers[method].append(handler)

    def off(self, method: str, handler: Handler) -> None:
        if handler in self._handlers.get(method, []):
            self._handlers[method].remove(handler)

    async def subscribe(self, *topics: str) -> None:
        """Subscribe to probe topics now (if connected) and again after every reconnect."""
        self._topics.update(topics)
        if self.is_connected:
            await self.call("probe.subscribe", {"topics": list(topics)})

    async def unsubscribe(self, *topics: str) -> None:
        self._topics.difference_update(topics)
        if self.is_connected:
            await self.call("probe.unsubscribe", {"topics": list(topics)})

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run a coroutine on the Qt loop, keep a reference, log what it raises."""
        return self._spawn(coro)

    # ------------------------------------------------------------ internals

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None and not isinstance(exc, QtmcpError):
            log.error("inspector task failed", exc_info=exc)

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.stateChanged.emit(state)

    async def _open(self, target: Target) -> None:
        self._set_state(CONNECTING)
        client: AsyncClient | None = None
        try:
            client = await AsyncClient.connect(target.url, target.token, open_timeout=5)
            hello = await self._hello(client)
            self.app_info = await client.call("qt.version", result=Versions)
            for topic in sorted(self._topics):  # one by one: an unknown topic spoils none
                try:
                    await client.call("probe.subscribe", {"topics": [topic]})
                except RemoteError as exc:
                    log.warning("cannot subscribe to %s: %s", topic, exc)
        except BaseException:
            if client is not None:
                self._spawn(client.close())
            self._set_state(LOST if self.target is not None and self.auto_reconnect
                            else DISCONNECTED)
            raise
        self.session_id = hello["session"]["id"]
        if not target.pid:
            target.pid = self.app_info["pid"]
            target.app = target.app or self.app_info["app"] or ""
        self.client, self.target = client, target
        client.on(None, self._dispatch)
        self._spawn(self._watch_close(client))
        self._retry.stop()
        self._set_state(CONNECTED)
        self._ping_timer.start()
        role = hello.get("session", {}).get("role")
        self.message.emit(f"connected to {target.label()}" if role == "inspector" else
                          f"connected to {target.label()} with the client token: agent "
                          "requests and the approval gate need the inspector token (connect "
                          "by pid)")
        self.connected.emit()
        self._spawn(self._ping())

    async def _hello(self, client: AsyncClient) -> dict[str, Any]:
        """Say hello as the inspector; given the client token instead of the inspector
        token, the probe refuses that role: go on as a plain client (no approval gate)."""
        try:
            return await client.call("probe.hello", {"name": self.name, "role": "inspector",
                                                     "version": __version__})
        except RemoteError as exc:
            if exc.name != "ROLE_NOT_ALLOWED":
                raise
        return await client.call("probe.hello", {"name": self.name, "role": "client",
                                                 "version": __version__})

    def _dispatch(self, note: Any) -> None:
        for handler in list(self._handlers.get(note.method, ())):
            try:
                handler(note.params)
            except Exception:
                log.exception("handler of %s failed", note.method)

    async def _watch_close(self, client: AsyncClient) -> None:
        async for _note in client.notifications("probe.closed"):
            break
        self._connection_gone(client, "the app closed the connection")

    def _connection_gone(self, client: AsyncClient, reason: str) -> None:
        if client is not self.client:
            return
        self.client = None
        self._ping_timer.stop()
        self._set_state(LOST)
        self.message.emit(f"lost {self.target.label() if self.target else 'probe'}: {reason}")
        self.lost.emit(reason)
        if self.auto_reconnect:
            self._on_probes(self.watcher.refresh())
            if self.state == LOST and self.target is not None and not self.target.pid:
                self._retry.start(2000)

    def _on_probes(self, probes: list[discovery.ProbeInfo]) -> None:
        if self.state != LOST or not self.auto_reconnect or self.target is None:
            return
        info = self.target.successor(probes)
        if info is not None:
            self._spawn(self._reconnect(Target.from_info(info)))

    async def _reconnect(self, target: Target) -> None:
        if self.state != LOST:
            return
        self.message.emit(f"reconnecting to {target.label()}…")
        try:
            await self._open(target)
        except QtmcpError as exc:
            self.message.emit(f"reconnect failed: {exc}")
            if self.state == LOST and not target.pid:
                self._retry.start(2000)

    async def _try_reconnect(self) -> None:
        if self.state == LOST and self.target is not None:
            await self._reconnect(self.target)

    async def _ping(self) -> None:
        if self._pinging or not self.is_connected:
            return
        self._pinging = True
        start = time.perf_counter()
        try:
            reply = await self.call("qt.ping", {"timeout": 1.0}, timeout=5, result=Ping)
        except QtmcpError:
            return
        finally:
            self._pinging = False
        self.pinged.emit((time.perf_counter() - start) * 1000, reply)
