"""Record the agents' session: every call they make, and a picture after each change.

Calls come from the ``probe.traffic`` notifications the agent log already receives (a
second handler, not a second subscription). A call that changes the app (``changesApp``
in its record, or in ``qt.schema``) gets a picture of the app *after* it: its record
reaches the inspector once the call has finished, so a ``qt.ui.screenshot`` asked for
then is taken after the action, at the app's own resolution (whatever the size of the
live view pane). Each costs the app a grab (the encoding runs off its GUI thread), so
they are throttled to one per ``min_interval`` and coalesced while one is in flight: the
picture then shows the app after the newest of those actions, which is still the first
picture taken after each of them (the player shows an action the first picture filed at
or after it, see :meth:`inspector.session_file.Session.frame_for`).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from PySide6.QtCore import QObject, Signal

from inspector import session_file
from inspector.connection import Connection
from inspector.session_file import Frame, Session
from probe.exceptions import QtmcpError

MAX_CALLS = 20000
MAX_FRAMES = 2000
#: JPEG quality of the recorded pictures (full resolution; PNG would be 4-5x larger).
QUALITY = 85


class SessionRecorder(QObject):
    """Keeps the other clients' calls and pictures; :meth:`save` writes a session file."""

    changed = Signal()

    def __init__(self, conn: Connection, min_interval: float = 0.4,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.conn = conn
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

    def is_changing(self, rec: dict[str, Any]) -> bool:
        method = str(rec.get("method", ""))
        if rec.get("changesApp") or (self.changing is not None and method in self.changing):
            return True
        return self.changing is None and method.startswith(("cu.", "qt.ui.")) \
            and "screenshot" not in method

    def clear(self) -> None:
        self.session = Session(app=dict(self.conn.app_info), created=time.time())
        self.changed.emit()

    @property
    def idle(self) -> bool:
        """No action is waiting for its picture."""
        return not self._shooting and self._pending_seq is None

    def add(self, rec: dict[str, Any]) -> None:
        """One mirrored call; inspectors' own calls (this one's or another's) are not part
        of the session."""
        if not self.enabled:
            return
        client = rec.get("client") or {}
        if client.get("role") == "inspector" or (
                self.conn.session_id is not None and client.get("id") == self.conn.session_id):
            return
        calls = self.session.calls
        calls.append(rec)
        if len(calls) > MAX_CALLS:
            del calls[:len(calls) - MAX_CALLS]
        if rec.get("ok", True) and self.is_changing(rec):
            self.request_frame(int(rec.get("seq") or 0))
        self.changed.emit()

    # -- pictures

    def request_frame(self, after_seq: int) -> None:
        """A picture of the app after call ``after_seq`` (throttled, coalesced)."""
        self._pending_seq = after_seq
        if not self._shooting:
            self._shooting = True
            self.conn.spawn(self._shoot_pending())

    async def _shoot_pending(self) -> None:
        try:
            while self._pending_seq is not None:
                wait = self._last_shot + self.min_interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)  # throttle: newer calls share this picture
                seq, self._pending_seq = self._pending_seq, None
                self._last_shot = time.monotonic()
                picture = await self._grab()
                if picture is not None:
                    self._add_frame(_frame_of(seq, picture))
        finally:
            self._shooting = False

    async def _grab(self) -> dict[str, Any] | None:
        if not self.conn.is_connected:
            return None
        try:  # no size cap: the app's own resolution
            return await self.conn.call("qt.ui.screenshot", {"format": "jpeg",
                                                              "quality": QUALITY})
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


def _frame_of(seq: int, picture: dict[str, Any]) -> Frame:
    """A session frame for call ``seq`` from a screenshot answer."""
    return Frame(seq, time.time(), str(picture.get("format", "jpeg")),
                 int(picture.get("width", 0)), int(picture.get("height", 0)),
                 str(picture["data"]))
