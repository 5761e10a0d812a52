"""Connected clients, their subscriptions, and the notification hub.

Each session has a bounded outbound queue drained by one writer task, so a client
that stops reading loses notifications (counted, then reported with
``probe.dropped``) instead of making the probe buffer without bound or slowing the
others. Notifications close in time share one frame (a JSON array of them), so
watching a busy agent costs one wake-up per 10 ms. Responses are not queued here: the
dispatcher awaits them directly.
``Hub.publish`` may be called from any thread (signals fire on the GUI thread).
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from probe import protocol
from probe.server.auth import INSPECTOR_TOPICS
from probe.server.ceilings import Budget
from probe.wire.probe_session import SessionInfo

#: The transport's own topics; the registry holds every topic (api families declare
#: theirs with ``topic()``, the gate and the freeze watch theirs as the probe starts).
SERVER_TOPICS: dict[str, str] = {
    "traffic": "every request and response of every client (the agent-request log)",
    "sessions": "clients connecting, naming themselves and leaving",
}

_ids = itertools.count(1)
#: A subscriber gets the notifications of each 10 ms in one WebSocket frame (a JSON array
#: of notifications, as a batch) instead of one frame each: a busy agent's calls then cost
#: the probe and the watching inspector one wake-up per 10 ms, not one per call.
COALESCE_SECONDS = 0.01
#: A coalesced frame stops growing past this many bytes.
COALESCE_BYTES = 1024 * 1024


@dataclass
class Session:
    """One WebSocket client."""

    send_text: Callable[[str], Any]
    loop: asyncio.AbstractEventLoop
    remote: str = ""
    id: int = field(default_factory=lambda: next(_ids))
    name: str = "anonymous"
    role: str = "client"
    version: str = ""
    #: The client presented the inspector token: it may run the approval gate, and its
    #: own calls are never held. Set at the handshake; a declared role cannot give it.
    inspector: bool = False
    connected_at: float = field(default_factory=time.time)
    topics: set[str] = field(default_factory=set)
    state: dict[str, Any] = field(default_factory=dict)
    queue_limit: int = 20000
    queue_bytes_limit: int = 32 * 1024 * 1024
    dropped: int = 0
    calls: int = 0
    #: Seconds a notification waits for others to share its frame (0: none waits).
    coalesce: float = COALESCE_SECONDS
    #: Bytes every session's queue shares (ceilings.py): notifications past it are dropped
    #: (and counted) as past this session's own bound.
    budget: Budget = field(default_factory=lambda: Budget(1 << 62))

    def __post_init__(self) -> None:
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._reported_drops = 0
        self._queued_bytes = 0

    def _join(self, first: str) -> str:
        """``first`` and what queued behind it, as one JSON array frame (a batch of
        notifications) when there is more than one, up to COALESCE_BYTES."""
        if self._queue.empty():
            return first
        texts, size = [first], len(first)
        while not self._queue.empty() and size < COALESCE_BYTES:
            text = self._queue.get_nowait()
            self.budget.give(self._queued_bytes, len(text))
            self._queued_bytes -= len(text)
            texts.append(text)
            size += len(text)
        return "[" + ",".join(texts) + "]"

    def describe(self) -> SessionInfo:
        return {"id": self.id, "name": self.name, "role": self.role, "remote": self.remote,
                "connectedAt": self.connected_at, "topics": sorted(self.topics),
                "calls": self.calls, "dropped": self.dropped}

    def start(self) -> None:
        self._writer = self.loop.create_task(self._write_loop())

    def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        self.budget.give(self._queued_bytes, self._queued_bytes)  # never sent now
        self._queued_bytes = 0
        while not self._queue.empty():
            self._queue.get_nowait()

    def push(self, text: str) -> None:
        """Queue an encoded notification (loop thread only); drop and count when full.

        Bounded by count and by bytes, so a client that stops reading costs at most
        ``queue_bytes_limit`` of memory however large the notifications (frames) are.
        """
        if (self._queue.qsize() >= self.queue_limit
                or self._queued_bytes + len(text) > self.queue_bytes_limit
                or not self.budget.take(self._queued_bytes, len(text))):
            self.dropped += 1
            return
        self._queued_bytes += len(text)
        self._queue.put_nowait(text)

    async def _write_loop(self) -> None:
        while True:
            text = await self._queue.get()
            self.budget.give(self._queued_bytes, len(text))
            self._queued_bytes -= len(text)
            if self.coalesce > 0:  # let the notifications of the next moments join it
                await asyncio.sleep(self.coalesce)
                text = self._join(text)
            try:
                await self.send_text(text)
            except Exception:  # noqa: BLE001 - connection gone; the handler cleans up
                return
            if self.dropped != self._reported_drops and self._queue.qsize() < self.queue_limit // 2:
                self._reported_drops = self.dropped
                note = protocol.notification("probe.dropped", {"dropped": self.dropped})
                try:
                    await self.send_text(protocol.encode(note))
                except Exception:  # noqa: BLE001
                    return


class Hub:
    """All sessions of one probe; fans notifications out to subscribers."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sessions: dict[int, Session] = {}
        self._loop_thread: int | None = None

    def bind_thread(self) -> None:
        self._loop_thread = threading.get_ident()

    def add(self, session: Session) -> None:
        self.sessions[session.id] = session
        session.start()
        self.publish("sessions", "probe.session", {"event": "connected", **session.describe()})

    def remove(self, session: Session) -> None:
        self.sessions.pop(session.id, None)
        session.stop()
        self.publish("sessions", "probe.session", {"event": "disconnected",
                                                   **session.describe()})

    def subscribers(self, topic: str) -> list[Session]:
        """Sessions that receive ``topic``: never a plain client for an inspector topic."""
        guarded = topic in INSPECTOR_TOPICS
        return [s for s in self.sessions.values()
                if topic in s.topics and (s.inspector or not guarded)]

    def publish(self, topic: str, method: str, params: Mapping[str, Any]) -> None:
        """Send a notification to every session subscribed to ``topic`` (any thread)."""
        if threading.get_ident() != self._loop_thread:
            try:
                self.loop.call_soon_threadsafe(self._publish, topic, method, params)
            except RuntimeError:  # loop closed: the probe is stopping
                pass
            return
        self._publish(topic, method, params)

    def _publish(self, topic: str, method: str, params: Mapping[str, Any]) -> None:
        targets = self.subscribers(topic)
        if not targets:
            return
        text = protocol.encode(protocol.notification(method, params))
        for session in targets:
            session.push(text)

    def notify(self, session_id: int, method: str, params: Mapping[str, Any]) -> None:
        """Send a notification to one session (any thread)."""
        def send() -> None:
            session = self.sessions.get(session_id)
            if session is not None:
                session.push(protocol.encode(protocol.notification(method, params)))

        if threading.get_ident() != self._loop_thread:
            try:
                self.loop.call_soon_threadsafe(send)
            except RuntimeError:
                pass
        else:
            send()


class Farewells:
    """What runs on the GUI thread whenever a client leaves: api code's hooks (drop its
    subscriptions), then the session's own state (ids, refs, baselines) goes."""

    def __init__(self, post: Callable[[Callable[[], Any]], None]) -> None:
        self._post = post
        self._hooks: list[Callable[[Session], object]] = []

    def add(self, hook: Callable[[Session], object]) -> None:
        """Run ``hook(session)`` for every client that leaves; a hook given again is kept
        once."""
        if hook not in self._hooks:
            self._hooks.append(hook)

    def session_closed(self, session: Session) -> None:
        """``session`` left (transport thread): its hooks, then its state, on the GUI
        thread where Qt wrappers may die, whoever still holds the session."""
        for hook in self._hooks:
            self._post(lambda hook=hook: hook(session))
        self._post(session.state.clear)
