"""Record the agents' session: every call they make, and a picture after each change.

Calls come from the ``probe.traffic`` notifications the agent log already receives (a
second handler, not a second subscription). A call that changes the app (``changesApp``
in ``qt.schema``) needs the picture of the app *after* it, so the step shows what the
action did:

* with a streaming live view, the recorder waits for the next live frame (the record
  reaches us when the call has finished, so the action's repaint comes after it) and
  keeps updating that step's picture with later frames for ``settle`` seconds or until
  the next action: the probe encodes frames off the GUI thread, so a frame grabbed
  just before the action can still arrive after its record. When no frame comes within
  ``no_frame_after`` (the action did not change the picture, or its frame came first)
  the live view's current picture is the state after the action;
* without one, a ``qt.ui.screenshot`` — throttled to one per ``min_interval`` and
  coalesced while one is in flight, since each costs the app a grab and an encode.

Actions that arrive before any frame share the next one (it is filed under the
latest of them).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

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
                 min_interval: float = 0.4, parent: QObject | None = None,
                 settle: float = 1.0, no_frame_after: float = 0.5,
                 has_live: Callable[[], bool] | None = None) -> None:
        super().__init__(parent)
        self.conn = conn
        self.frame_source = frame_source
        #: whether a live view is streaming (cheaper than encoding a frame to find out)
        self.has_live = has_live or (lambda: bool(frame_source and frame_source()))
        self.min_interval = min_interval
        self.settle = settle
        #: seq of the latest action still waiting for a live frame
        self._awaiting: int | None = None
        #: the frame of the latest action, updated by later frames until it settles
        self._open: Frame | None = None
        self._open_until = 0.0
        self._no_frame = QTimer(self)
        self._no_frame.setSingleShot(True)
        self._no_frame.setInterval(round(no_frame_after * 1000))
        self._no_frame.timeout.connect(self._take_current)
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
        self._awaiting, self._open = None, None
        self._no_frame.stop()
        self.changed.emit()

    @property
    def idle(self) -> bool:
        """No action is waiting for its picture and no step's picture is still settling."""
        return (self._awaiting is None and not self._shooting and self._pending_seq is None
                and (self._open is None or time.monotonic() >= self._open_until))

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
        if rec.get("ok", True) and self.is_changing(str(rec.get("method", ""))):
            self.request_frame(int(rec.get("seq") or 0))
        self.changed.emit()

    # -- frames

    def request_frame(self, after_seq: int) -> None:
        """A picture for the state after call ``after_seq``: the next live frame, else a
        (throttled, coalesced) screenshot."""
        self._open = None  # the previous step's picture is final: this action changes it
        if self.has_live():
            self._awaiting = after_seq
            self._no_frame.start()
        else:
            self.request_frame_shot(after_seq)

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
                    self._add_frame(_frame_of(seq, frame, "png"))
        finally:
            self._shooting = False

    def on_live_frame(self) -> None:
        """The live view showed a new frame: the picture after the awaited action."""
        if self._awaiting is not None:
            seq, self._awaiting = self._awaiting, None
            self._no_frame.stop()
            self._keep_live(seq)
        elif self._open is not None and time.monotonic() < self._open_until:
            live = self.frame_source() if self.frame_source else None
            if live and live.get("data"):  # the step's picture, newer: same object, in place
                vars(self._open).update(vars(_frame_of(self._open.after_seq, live, "jpeg")))
                self.changed.emit()

    def _take_current(self) -> None:
        """No frame since the action: the picture did not change, the current one is it."""
        if self._awaiting is not None:
            seq, self._awaiting = self._awaiting, None
            self._keep_live(seq)

    def _keep_live(self, seq: int) -> None:
        live = self.frame_source() if self.frame_source else None
        if not live or not live.get("data"):
            self.request_frame_shot(seq)
            return
        frame = _frame_of(seq, live, "jpeg")
        self._add_frame(frame)
        self._open, self._open_until = frame, time.monotonic() + self.settle

    def request_frame_shot(self, after_seq: int) -> None:
        """A screenshot for call ``after_seq``: throttled and coalesced, as each one costs
        the app a grab and an encode (no live view, or it stopped)."""
        self._pending_seq = after_seq
        if not self._shooting:
            self._shooting = True
            self.conn.spawn(self._shoot_pending())

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


def _frame_of(seq: int, picture: dict[str, Any], default_format: str) -> Frame:
    """A session frame for call ``seq`` from a live frame or a screenshot answer."""
    return Frame(seq, time.time(), str(picture.get("format", default_format)),
                 int(picture.get("width", 0)), int(picture.get("height", 0)),
                 str(picture["data"]))
