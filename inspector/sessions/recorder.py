"""Record the agents' session: every call they make, and a picture after each change.

Calls come from the mirrored traffic the agent log already receives (a second listener,
not a second subscription). A call that changes the app (as its record says, and as its
method is declared) gets a picture of the app *after* it: its record reaches the
inspector once the call has finished, so a screenshot asked for then is taken after the
action, at the app's own resolution (whatever the size of the live view pane). Each
costs the app a grab (the encoding runs off its GUI thread), so they are throttled to
one per ``min_interval`` and coalesced while one is in flight: the picture then shows
the app after the newest of those actions, which is still the first picture taken after
each of them (the player shows an action the first picture filed at
or after it, see :meth:`inspector.sessions.session_file.Session.frame_for`).
"""

from __future__ import annotations

import asyncio
import time

from PySide6.QtCore import QObject, Signal

from inspector.link.client import ProbeClient
from inspector.link.traffic import Call, is_inspector
from inspector.sessions import session_file
from inspector.sessions.session_file import Frame, Session
from probe.exceptions import QtmcpError
from probe.wire._shared import Picture

MAX_CALLS = 20000
MAX_FRAMES = 2000
#: JPEG quality of the recorded pictures (full resolution; PNG would be 4-5x larger).
QUALITY = 85


class SessionRecorder(QObject):
    """Keeps the other clients' calls and pictures; :meth:`save` writes a session file."""

    changed = Signal()

    def __init__(self, probe: ProbeClient, min_interval: float = 0.4,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.probe = probe
        self.min_interval = min_interval
        self.enabled = True
        self.session = Session(created=time.time())
        self._last_shot = 0.0
        self._shooting = False
        self._pending_seq: int | None = None
        probe.on_traffic(self.add)
        probe.on_connected(self._connected)

    def _connected(self) -> None:
        self.session.app = dict(self.probe.app or {})  # the app the calls now come from

    def is_changing(self, call: Call) -> bool:
        return call.changes_app or self.probe.facts.changes_app(call.method)

    def clear(self) -> None:
        self.session = Session(app=dict(self.probe.app or {}), created=time.time())
        self.changed.emit()

    @property
    def idle(self) -> bool:
        """No action is waiting for its picture."""
        return not self._shooting and self._pending_seq is None

    def add(self, call: Call) -> None:
        """One mirrored call; inspectors' own calls (this one's or another's) are not part
        of the session."""
        if not self.enabled:
            return
        if is_inspector(call.client) or self.probe.is_mine(call):
            return
        calls = self.session.calls
        calls.append({**call.raw})
        if len(calls) > MAX_CALLS:
            del calls[:len(calls) - MAX_CALLS]
        if call.ok and self.is_changing(call):
            self.request_frame(call.seq)
        self.changed.emit()

    # -- pictures

    def request_frame(self, after_seq: int) -> None:
        """A picture of the app after call ``after_seq`` (throttled, coalesced)."""
        self._pending_seq = after_seq
        if not self._shooting:
            self._shooting = True
            self.probe.spawn(self._shoot_pending())

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

    async def _grab(self) -> Picture | None:
        if not self.probe.is_connected:
            return None
        try:  # no size cap: the app's own resolution
            return await self.probe.screenshot(QUALITY)
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
            self.session.app = dict(self.probe.app or {})
        return str(session_file.save(self.session, path))


def _frame_of(seq: int, picture: Picture) -> Frame:
    """A session frame for call ``seq`` from a picture of the app."""
    return Frame(seq, time.time(), picture["format"], picture["width"], picture["height"],
                 picture["data"])
