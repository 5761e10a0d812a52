"""Record the agents' session: every call they make, and a picture after each change.

Calls come from the ``probe.traffic`` notifications the agent log already receives (a
second handler, not a second subscription). When a call that changes the app
(``changesApp`` in ``qt.schema``) is seen, the recorder takes a frame: the live view's
latest frame when a live view is streaming, else one ``qt.ui.screenshot`` — throttled,
and coalesced while one is in flight, so a fast agent costs a few pictures a second.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from inspector import session_file
from inspector.connection import Connection
from inspector.session_file import Frame, Session
from probe.exceptions import QtmcpError

FrameSource = Callable[[], dict[str, Any] | None]
MAX_CALLS = 20000
MAX_FRAMES = 2000


class SessionRecorder(QObject):
    """Keeps the other clients' calls and frames; :meth:`save` writes a session file."""

    changed = Signal()

    def __init__(self, conn: Connection, frame_source: FrameSource | None = None,
                 min_interval: float = 0.4, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.conn = conn
        self.frame_source = frame_source
        self.min_interval = min_interval
        self.enabled = True
        self.session = Session(created=time.time())
        self.changing: set[str] | None = None  # None until qt.schema answered
        self._last_shot = 0.0
        self._shooting = False
        self._pending_seq: int | None = None
        conn.on("probe.traffic", self.add)
        conn.connected.connect(lambda: conn.spawn(self._load_schema()))

    async def _load_schema(self) -> None:
        try:
            schema = await self.conn.call("qt.schema")
        except QtmcpError:
            return
        self.changing = {m["name"] for m in schema.get("methods", []) if m.get("changesApp")}
        self.session.app = dict(self.conn.app_info)

    def is_changing(self, method: str) -> bool:
        if self.changing is not None:
            return method in self.changing
        return method.startswith(("cu.", "qt.ui.")) and "screenshot" not in method

    def clear(self) -> None:
        self.session = Session(app=dict(self.conn.app_info), created=time.time())
        self.changed.emit()

    def add(self, rec: dict[str, Any]) -> None:
        """One mirrored call; the inspector's own calls are not part of the session."""
        if not self.enabled:
            return
        client = rec.get("client") or {}
        if self.conn.session_id is not None and client.get("id") == self.conn.session_id:
            return
        calls = self.session.calls
        calls.append(rec)
        if len(calls) > MAX_CALLS:
            del calls[:len(calls) - MAX_CALLS]
        if rec.get("ok", True) and self.is_changing(str(rec.get("method", ""))):
            self.request_frame(int(rec.get("seq") or 0))
        self.changed.emit()

    # -- frames

    def request_frame(self, after_seq: int) -> None:
        """A picture for the state after call ``after_seq`` (throttled, coalesced)."""
        self._pending_seq = after_seq
        if not self._shooting:
            self._shooting = True
            self.conn.spawn(self._shoot_pending())

    async def _shoot_pending(self) -> None:
        try:
            while self._pending_seq is not None:
                wait = self._last_shot + self.min_interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)  # throttle: newer calls share this frame
                seq, self._pending_seq = self._pending_seq, None
                self._last_shot = time.monotonic()
                frame = await self._grab()
                if frame is not None:
                    self._add_frame(Frame(seq, time.time(), str(frame.get("format", "png")),
                                          int(frame.get("width", 0)),
                                          int(frame.get("height", 0)), str(frame["data"])))
        finally:
            self._shooting = False

    async def _grab(self) -> dict[str, Any] | None:
        live = self.frame_source() if self.frame_source else None
        if live and live.get("data"):
            return live
        if not self.conn.is_connected:
            return None
        try:
            return await self.conn.call("qt.ui.screenshot", {"format": "jpeg", "quality": 70,
                                                              "maxWidth": 1280})
        except (QtmcpError, RuntimeError):  # RuntimeError: the loop is shutting down
            return None

    def _add_frame(self, frame: Frame) -> None:
        frames = self.session.frames
        frames.append(frame)
        if len(frames) > MAX_FRAMES:
            del frames[:len(frames) - MAX_FRAMES]
        self.changed.emit()

    def save(self, path: str) -> str:
        if not self.session.app:
            self.session.app = dict(self.conn.app_info)
        return str(session_file.save(self.session, path))
