"""Freeze watch: tells subscribers of the ``freeze`` topic, from the probe's own thread,
when the app's GUI thread stops answering, for how long, and what Python code it runs.

A blocked GUI thread cannot announce itself, so something off that thread must notice.
The watch costs nothing while nobody subscribes. While someone does, it keeps one no-op
GUI job in flight (a new one a TICK after the last ran): when that job has waited
THRESHOLD, the GUI thread is frozen and ``probe.freeze`` goes out with ``frozen: true``,
``blockedForMs`` and ``guiStack``, again every REPEAT seconds while it lasts (with the
stack of that moment), and once with ``frozen: false`` when the thread answers again.
"""

from __future__ import annotations

import asyncio
import time

from probe.server.executor import GuiExecutor
from probe.server.sessions import Hub
from probe.wire.qt_system import Freeze, FreezeReport

TOPIC = "freeze"
TOPIC_TEXT = ("the GUI thread blocked: probe.freeze with frozen, blockedForMs and "
              "guiStack (what it runs), repeated while it lasts, then frozen: false")
#: Seconds between heartbeats while someone subscribes.
TICK = 0.25
#: Seconds the GUI thread may keep a job waiting before it counts as frozen.
THRESHOLD = 0.5
#: Seconds between two reports of the same freeze.
REPEAT = 1.0
#: A heartbeat never times out on its own: it is the thing that measures the wait.
_BEAT_TIMEOUT = 24 * 3600.0


def _noop() -> None:
    """The heartbeat's job on the GUI thread."""


class FreezeWatch:
    """One per probe; :meth:`wake` after a subscription (transport thread)."""

    def __init__(self, hub: Hub, executor: GuiExecutor) -> None:
        self.hub = hub
        self.executor = executor
        self._task: asyncio.Task[None] | None = None

    @property
    def active(self) -> bool:
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Start watching if someone subscribes to the topic and no watch runs yet."""
        if not self.active and self.hub.subscribers(TOPIC):
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _beat(self) -> None:
        try:
            await self.executor.run(_noop, _BEAT_TIMEOUT)
        except Exception:  # noqa: BLE001 - the probe is stopping; nothing to report
            pass

    def _publish(self, params: Freeze) -> None:
        self.hub.publish(TOPIC, "probe.freeze", params)

    async def _watch(self) -> None:
        executor = self.executor
        beat: asyncio.Task[None] | None = None
        since: float | None = None  # wall-clock start of the freeze being reported
        last: FreezeReport = {"blockedForMs": 0, "guiStack": []}
        sent = 0.0
        try:
            while self.hub.subscribers(TOPIC):
                if beat is None or beat.done():
                    beat = asyncio.ensure_future(self._beat())
                await asyncio.sleep(TICK)
                blocked = executor.blocked_for()
                now = time.monotonic()
                if blocked >= THRESHOLD:
                    if since is None or now - sent >= REPEAT:
                        last = executor.freeze_report()
                        since = since or time.time() - blocked
                        sent = now
                        self._publish({"frozen": True, "since": since,
                                       "blockedForMs": last["blockedForMs"],
                                       "guiStack": last["guiStack"]})
                elif since is not None:
                    self._publish({"frozen": False, "since": since,
                                   "blockedForMs": round((time.time() - since) * 1000),
                                   "guiStack": last["guiStack"]})
                    since = None
        finally:
            if beat is not None and not beat.done():
                beat.cancel()
