"""Run callables on the app's GUI thread from the transport thread, with a timeout.

Jobs go into a thread-safe queue and one QEvent per job wakes a receiver QObject that
lives on the GUI thread. A job that times out is marked cancelled and skipped when the
GUI thread reaches it, so a frozen app is never hit by a burst of stale work after it
recovers. The transport thread never waits on Qt: it awaits an asyncio future.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject

from probe.protocol import RpcError

_JOB_EVENT = QEvent.Type(QEvent.registerEventType())


class _Job:
    __slots__ = ("cancelled", "fn", "future", "loop", "posted")

    def __init__(self, fn: Callable[[], Any], future: asyncio.Future[Any] | None,
                 loop: asyncio.AbstractEventLoop | None) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop
        self.cancelled = False
        self.posted = time.monotonic()


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class _Receiver(QObject):
    """Lives on the GUI thread; each job event runs one queued job."""

    def __init__(self, executor: GuiExecutor) -> None:
        super().__init__()
        self.setObjectName("qtmcp_probe_executor")
        self._executor = executor

    def event(self, event: QEvent) -> bool:
        if event.type() != _JOB_EVENT:
            return super().event(event)
        self._executor._run_one()
        return True


class GuiExecutor:
    """The one way the probe reaches Qt. Create it on the GUI thread."""

    def __init__(self, default_timeout: float = 2.0) -> None:
        self.default_timeout = default_timeout
        self.gui_thread_id = threading.get_ident()
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._pending: collections.deque[_Job] = collections.deque()
        #: callables that run on the GUI thread just before the next job, in its wake-up
        self._ahead: collections.deque[Callable[[], Any]] = collections.deque()
        self._lock = threading.Lock()
        self._receiver = _Receiver(self)
        self.last_run = time.monotonic()

    def ahead(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` on the GUI thread just before the next job, in the same wake-up
        (no event of its own; nothing runs it if no job follows)."""
        self._ahead.append(fn)

    def post(self, fn: Callable[[], Any]) -> None:
        """Queue ``fn()`` for the GUI thread without waiting (works before the loop runs)."""
        self._jobs.put(_Job(fn, None, None))
        QCoreApplication.postEvent(self._receiver, QEvent(_JOB_EVENT))

    async def run(self, fn: Callable[[], Any], timeout: float | None = None) -> Any:
        """Run ``fn()`` on the GUI thread; APP_BUSY if it has not started within ``timeout``."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = _Job(fn, future, loop)
        with self._lock:
            self._pending.append(job)
        self._jobs.put(job)
        QCoreApplication.postEvent(self._receiver, QEvent(_JOB_EVENT))
        limit = self.default_timeout if timeout is None else timeout
        # call_later is much cheaper than wait_for(shield(...)) on this hot path
        timer = loop.call_later(limit, self._expire, job, limit)
        try:
            return await future
        finally:
            timer.cancel()

    def _expire(self, job: _Job, limit: float) -> None:
        """The GUI thread did not take the job in time: skip it later, answer APP_BUSY now."""
        if job.future is None or job.future.done():
            return
        job.cancelled = True
        job.future.set_exception(RpcError(
            "APP_BUSY", f"The GUI thread did not answer within {limit:g} s",
            waitedMs=round(limit * 1000), **self.freeze_report()))

    def _run_one(self) -> None:
        while self._ahead:
            try:
                self._ahead.popleft()()
            except Exception:
                logging.getLogger("qtmcp.probe").exception("probe job failed")
        try:
            job = self._jobs.get_nowait()
        except queue.Empty:
            return
        self.last_run = time.monotonic()
        if job.future is None or job.loop is None:
            try:
                job.fn()
            except Exception:
                logging.getLogger("qtmcp.probe").exception("probe job failed")
            return
        with self._lock:
            try:
                self._pending.remove(job)
            except ValueError:
                pass
        if job.cancelled:
            return
        try:
            ok, value = True, job.fn()
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the caller
            ok, value = False, exc
        try:
            job.loop.call_soon_threadsafe(_settle, job.future, ok, value)
        except RuntimeError:  # the transport loop is closed: nobody waits any more
            pass

    def blocked_for(self) -> float:
        """Seconds the oldest still-waiting job has waited (0 when the GUI thread keeps up)."""
        with self._lock:
            oldest = self._pending[0].posted if self._pending else None
        return 0.0 if oldest is None else time.monotonic() - oldest

    def gui_stack(self, limit: int = 30) -> list[str]:
        """The GUI thread's current Python stack, innermost last, as 'file:line in func'."""
        frame = sys._current_frames().get(self.gui_thread_id)
        if frame is None:
            return []
        entries = traceback.extract_stack(frame, limit=limit)
        return [f"{e.filename}:{e.lineno} in {e.name}" + (f": {e.line}" if e.line else "")
                for e in entries]

    def freeze_report(self) -> dict[str, Any]:
        """What the GUI thread is doing and how long it has not answered (read off-thread)."""
        return {"blockedForMs": round(self.blocked_for() * 1000), "guiStack": self.gui_stack()}
