"""Run callables on the app's GUI thread from the transport thread, with a timeout.

Jobs go into per-client lanes and one wake-up per job (a queued signal while the GUI
thread has nothing of ours to do, else a posted event: :meth:`GuiExecutor._wake_event`)
wakes a receiver QObject that lives on the GUI thread; each wake-up runs the next job
of the lane that has had the fewest turns (:meth:`GuiExecutor._next`), so a client that
pipelines many calls never makes another client's call wait behind all of them, nor many
such clients a newcomer's first call behind one job of each. A job
that times out before it started is marked cancelled and skipped when the GUI thread
reaches it, so a frozen app is never hit by a burst of stale work after it recovers. A
job that did start is never reported as dropped (a retry would
do the work twice): its caller gets the result if it ends within RUNNING_GRACE more
seconds, else STILL_RUNNING. The transport thread never waits on Qt: it awaits an
asyncio future.

One job at a time
-----------------
A probe job never starts inside another. A running job often processes events itself:
settling after an action (``sendPostedEvents``/``processEvents``), QTest delivering
input, the app's own slot calling ``processEvents``. Those would deliver the probe's own
job events too, and the next client's job would run in the middle of this one, hundreds
of frames deep (two clients pipelining ``cu.type`` and ``cu.mouseMove`` crashed the app
through Python's recursion limit in seconds, and one client's click landed inside
another's typing). So a job event that arrives while a job runs at the current event-loop
level is only counted, and posted again when that job ends; its job keeps its place in its
lane. The one exception is a real nested event loop:

A job whose code enters a nested event loop (``QDialog.exec()``, ``QMessageBox.question``,
``QMenu.exec``, ``QFileDialog.getOpenFileName``: the dialog's own loop) does not return
until the user closes that loop, but later jobs still run inside it (a job started at a
lower ``QThread.loopLevel`` than the current one is parked, not running). The executor
notices at once: when the GUI thread is about to wait for events (``aboutToBlock``) or
starts another job at a deeper event-loop level than a running job started at, that job
is parked in a nested loop, and its caller is told with :class:`NestedLoop` (or the job's
``on_nested`` callback) instead of waiting for it. No polling: the signal fires only when
the GUI thread goes idle.

Nothing raised on the GUI thread escapes the receiver's ``event()`` (an exception leaving
a virtual override, a RecursionError above all, takes libshiboken down with the app): a
job's failure goes to its caller, anything else is logged. A failure leaves its job without
the job's frames' local variables (:func:`detached`): the caller keeps the exception while
it answers, and a local may wrap something Qt frees without telling shiboken.

The executor lasts as long as the process (:mod:`probe.lifetime`): its receiver is made
again for an application made after the first was shut down, and before each job its
:attr:`~GuiExecutor.follower` attaches what the probe keeps on the application (the
dispatcher's ``aboutToBlock`` here; event filters and more through ``on_application``).
"""

# The receiver is the executor's own Qt face (it calls the executor's private steps), the
# busy report reads sys._current_frames, and PySide's stubs say a thread's event
# dispatcher is never None (it is before the thread's loop runs): strict checking's
# private-use and always-true findings do not apply here.
# pyright: reportPrivateUsage=false, reportUnnecessaryComparison=false

from __future__ import annotations

import asyncio
import collections
import contextvars
import heapq
import logging
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QObject,
    Qt,
    QThread,
    QTimer,
    Signal,
    Slot,
)

from probe.lifetime import Follower, GuiObject
from probe.protocol import RpcError
from probe.wire.qt_system import FreezeReport

log = logging.getLogger("qtmcp.probe")

#: The lane of the calls running in this asyncio context (one per connection, set by its
#: :class:`~probe.server.calls.Calls`); jobs of one lane run in order, lanes take turns.
LANE: contextvars.ContextVar[object] = contextvars.ContextVar("qtmcp_lane", default=None)

#: Seconds a job that started on the GUI thread before its timeout may take beyond it
#: before its caller is told STILL_RUNNING (it is slow, or sits in a dialog's exec()).
RUNNING_GRACE = 5.0
#: While a job waits in a nested event loop, the GUI thread may hold the GIL the whole
#: time: a loop entered from C++ under a binding that keeps the GIL (QTest delivering the
#: click that opens a QToolButton's menu: ``QMenu::exec`` from C++) never lets Python's
#: other threads run, the probe's own included. So every GIL_RELIEF_S, and only then, the
#: GUI thread sleeps a moment, which hands the GIL over (no cost when nothing waits).
GIL_RELIEF_S = 0.005
GIL_RELIEF_SLEEP_S = 0.0005


class NestedLoop(Exception):
    """The job's code waits in a nested event loop (a modal dialog's or a menu's ``exec()``);
    it goes on, and returns, once that loop ends (the dialog is answered)."""


#: What a posted job's ``on_done`` gets: ``(True, result)`` or ``(False, exception)``.
Done = Callable[[bool, Any], None]


def detached(exc: BaseException) -> BaseException:
    """``exc`` (and the exceptions it chains) with the local variables of its traceback's
    finished frames cleared; file, line and function stay for a report.

    A GUI job's failure travels to the transport thread, which keeps it until the answer
    is sent (a change report is even taken meanwhile). Its frames' locals often hold
    wrappers of what Qt owns and frees without telling shiboken (an element's accessible
    interface): kept alive by the traceback, such a wrapper outlived its object, and
    shiboken handed it out again for the next object made at that address (the app died
    in ``sendPostedEvents``; issue #37). Frames still running (the catcher's own) are
    left alone: the caller drops them with :func:`_without_catcher`."""
    todo: list[BaseException | None] = [exc]
    seen: set[int] = set()
    while todo:
        cur = todo.pop()
        if cur is None or id(cur) in seen:
            continue
        seen.add(id(cur))
        traceback.clear_frames(cur.__traceback__)
        todo += [cur.__cause__, cur.__context__]
    return exc


def _without_catcher(exc: BaseException) -> BaseException:
    """``exc`` without the first entry of its traceback (the frame that caught it, still
    running, whose locals hold the job), then :func:`detached`."""
    tb = exc.__traceback__
    if tb is not None:
        exc.__traceback__ = tb.tb_next
    return detached(exc)


class _Job:
    __slots__ = ("cancelled", "context", "fn", "future", "lane", "level", "limit", "loop",
                 "nested", "on_done", "on_nested", "posted", "started")

    def __init__(self, fn: Callable[[], Any], future: asyncio.Future[Any] | None,
                 loop: asyncio.AbstractEventLoop | None,
                 on_nested: Callable[[], object] | None = None, lane: object = None,
                 on_done: Done | None = None) -> None:
        self.fn = fn
        #: the caller's context variables (what its call counts, say), seen by the job too
        self.context = contextvars.copy_context()
        self.lane = lane
        self.future = future
        self.loop = loop
        self.on_nested = on_nested
        self.on_done = on_done
        self.cancelled = False
        self.nested = False
        self.level = 0
        self.started = False
        self.posted = time.monotonic()
        #: seconds it may wait to start (a caller's job: :class:`_Deadlines`)
        self.limit = 0.0


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class _Deadlines:
    """The deadlines of the jobs callers wait for on one asyncio loop, with one timer of
    that loop for all of them, set at the earliest: a job costs a dict entry, not a
    timer made and cancelled (``call_later`` + ``cancel``, and the loop's heap of
    cancelled timers; #41). A deadline is kept to the loop's own accuracy, as a timer
    of its own would be (APP_BUSY after qt.ping's 0.01 s too)."""

    __slots__ = ("at", "expire", "jobs", "loop", "timer")

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 expire: Callable[[_Job], None]) -> None:
        self.loop = loop
        self.expire = expire
        #: the waiting jobs and when each one's time is up (loop time)
        self.jobs: dict[_Job, float] = {}
        self.timer: asyncio.TimerHandle | None = None
        self.at = float("inf")

    def add(self, job: _Job, limit: float) -> None:
        when = self.loop.time() + limit
        self.jobs[job] = when
        if when < self.at:
            self._arm(when)

    def _arm(self, when: float) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.at = when
        self.timer = self.loop.call_at(when, self._fire)

    def _fire(self) -> None:
        self.timer = None
        self.at = float("inf")
        now = self.loop.time()
        due = [job for job, when in self.jobs.items() if when <= now]
        for job in due:
            del self.jobs[job]
        if self.jobs:
            self._arm(min(self.jobs.values()))
        for job in due:
            self.expire(job)


class _LoopLevel:
    """The GUI thread's event-loop depth (called there), read through its QThread wrapper
    held between calls: without a wrapper alive, ``QThread.currentThread()`` made and
    destroyed one each time (2.5 us per job, #41). A held wrapper is checked first and
    fetched again when invalid: PySide6 6.10 and older invalidate a held wrapper when the
    same thread is reached through a temporary (``QObject.thread(obj)``), though the
    thread lives."""

    __slots__ = ("thread",)

    def __init__(self) -> None:
        self.thread: QThread | None = None

    def __call__(self) -> int:
        thread = self.thread
        if thread is None or not shiboken6.isValid(thread):
            thread = self.thread = QThread.currentThread()
        return thread.loopLevel()


def _shutting_down() -> RpcError:
    return RpcError("SHUTTING_DOWN", "the app is quitting; the call was not run")


_JOB_EVENT = QEvent.Type(QEvent.registerEventType())


class _Poster(QObject):
    """The receiver's child for wake-ups posted as events (see :meth:`GuiExecutor._wake_event`);
    the receiver itself has no ``event()`` override, which every signal delivered to it
    would pass through first."""

    def __init__(self, receiver: _Receiver) -> None:
        super().__init__(receiver)
        self._executor = receiver._executor

    def event(self, event: QEvent) -> bool:
        try:
            if event.type() != _JOB_EVENT:
                return super().event(event)
            self._executor._wake()
        except Exception:  # nothing may leave an event() override (a Ctrl+C still may)
            log.exception("probe executor failed")
        return True


class _Receiver(QObject):
    """Lives on the GUI thread; each ``woken`` (queued, from any thread) or job event to
    its :attr:`poster` runs one job."""

    #: One emission per job (or per owed wake-up); delivered as a posted event, so a
    #: job's own processEvents delivers it too (see "One job at a time").
    woken = Signal()

    def __init__(self, executor: GuiExecutor) -> None:
        super().__init__()
        self.setObjectName("qtmcp_probe_executor")
        self._executor = executor
        #: Runs while a job waits in a nested loop (see GIL_RELIEF_S).
        self.relief = QTimer(self)
        self.relief.setInterval(round(GIL_RELIEF_S * 1000))
        self.relief.timeout.connect(self.relieve)
        self.woken.connect(self.wake, Qt.ConnectionType.QueuedConnection)
        self.poster = _Poster(self)

    @Slot()
    def wake(self) -> None:
        """One job's wake-up (GUI thread)."""
        try:
            self._executor._wake()
        except Exception:  # nothing may leave a slot called from C++ (a Ctrl+C still may)
            log.exception("probe executor failed")

    def relieve(self) -> None:
        """Hand the GIL to other threads for a moment (see GIL_RELIEF_S)."""
        time.sleep(GIL_RELIEF_SLEEP_S)


class _Idle(QObject):
    """Relays the event dispatcher's ``aboutToBlock`` (a signal-to-signal connection, all
    in C++) to the executor's Python slot; its signals are blocked while no job of ours
    runs, so an app's GUI thread does not run Python, nor take the GIL, each time it goes
    idle (only a running job can be parked in a nested loop)."""

    idle = Signal()


class GuiExecutor:
    """The one way the probe reaches Qt. Create it on the GUI thread."""

    def __init__(self, default_timeout: float = 2.0) -> None:
        self.default_timeout = default_timeout
        self.gui_thread_id = threading.get_ident()
        #: Jobs waiting to run, by lane; lanes take turns.
        self._lanes: dict[object, collections.deque[_Job]] = {}
        #: The lanes with jobs waiting as (turns had, order of coming, lane), a heap: the
        #: next lane is its first (:meth:`_next`), in O(log lanes) however many pipeline.
        self._order: list[tuple[int, int, object]] = []
        self._came = 0
        #: Jobs in the lanes (read off the GUI thread as a hint: :meth:`_wake_event`).
        self._queued = 0
        #: Turns of lanes that emptied while their connection lives, and of the lane that
        #: ran last.
        #: (a plain dict by the lane's id, each entry dropped with its lane: a weak
        #: dictionary cost every lone job a weak reference made on each thread)
        self._past: dict[int, int] = {}
        self._now = 0
        #: Job events that arrived while a job ran at their loop level (posted again later).
        self._owed = 0
        self._pending: collections.deque[_Job] = collections.deque()
        #: callables that run on the GUI thread just before the next job, in its wake-up
        self._ahead: collections.deque[Callable[[], Any]] = collections.deque()
        self._lock = threading.Lock()
        #: The receiver, made again (on the GUI thread of the application that runs now)
        #: when an app that makes a throwaway application at start and shuts it down
        #: (``QCoreApplication.shutdown()`` deletes every QObject) takes it along.
        self._receivers = GuiObject(lambda: _Receiver(self))
        self._receivers.get()
        #: Attaches the probe to each application it meets, before the job that meets it.
        self.follower = Follower()
        self.follower.on_application(self._watch)
        #: Jobs running now, outermost first (a job runs inside another's nested loop).
        self._running: list[_Job] = []
        self._loop_level = _LoopLevel()
        self._watched = False
        #: The relay of the application's ``aboutToBlock`` (its signals blocked while
        #: no job runs).
        self._idle: _Idle | None = None
        #: The deadlines of the jobs callers wait for (on the loop that calls now).
        self._deadlines: _Deadlines | None = None
        #: Set by :meth:`close`: new calls are refused with SHUTTING_DOWN.
        self.closed = False
        #: Runs on the GUI thread before every job while set (the app side's, e.g. to hold
        #: the wrappers of windows PyQt or C++ made); returning False unsets it.
        self.prelude: Callable[[], bool] | None = None

    def _wake_event(self, count: int = 1) -> None:
        """Queue ``count`` wake-ups (job events) to the receiver. A receiver made again (a new
        application) owes the events of the jobs that waited meanwhile; with no application
        yet, the jobs wait for the next call after one exists.

        While no job of ours runs or waits, a queued signal: PySide's emit lets the GIL go
        (postEvent holds it), so the woken GUI thread runs the job at once instead of
        waiting for this thread's next blocking call, and no Python-made QEvent is made and
        destroyed per job (qt.ping 198 -> 161 us, the GUI thread's CPU per ping 33 -> 20,
        #41). While jobs run or wait, a posted QEvent: there every emit handed the GIL to a
        GUI thread busy with Python, and four pipelining clients got ~25% fewer calls
        through (bench_many_clients; notes/hop.md)."""
        made = self._receivers.made
        receiver = self._receivers.get()
        if receiver is None:
            return
        if self._receivers.made != made:
            with self._lock:
                count = max(count, sum(len(lane) for lane in self._lanes.values()))
        if self._running or self._queued > 1:
            for _ in range(count):
                QCoreApplication.postEvent(receiver.poster, QEvent(_JOB_EVENT))
            return
        woken = receiver.woken
        for _ in range(count):
            woken.emit()

    def ahead(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` on the GUI thread just before the next job, in the same wake-up
        (no event of its own; nothing runs it if no job follows)."""
        self._ahead.append(fn)

    def post(self, fn: Callable[[], Any], on_nested: Callable[[], object] | None = None,
             on_done: Done | None = None) -> None:
        """Queue ``fn()`` for the GUI thread without waiting (works before the loop runs).

        ``on_nested()`` is called (GUI thread, once) if ``fn`` enters a nested event loop;
        ``on_done(ok, value)`` (GUI thread) when it ends: its result, or its exception
        :func:`detached` (without one, a failure is logged).
        """
        running = self._running[-1].lane if self._running and \
            threading.get_ident() == self.gui_thread_id else LANE.get()
        self._queue(_Job(fn, None, None, on_nested, running, on_done))

    async def run(self, fn: Callable[[], Any], timeout: float | None = None) -> Any:
        """Run ``fn()`` on the GUI thread; APP_BUSY if it has not started within ``timeout``,
        :class:`NestedLoop` as soon as it waits in a nested event loop.

        Cancelling the caller (its client left) skips the job if it has not started.
        """
        if self.closed:
            raise _shutting_down()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = _Job(fn, future, loop, lane=LANE.get())
        job.limit = limit = self.default_timeout if timeout is None else timeout
        # the deadline before the wake-up, after which this thread should reach its await
        # at once (the emit lets the GIL go: the GUI thread may run the job meanwhile)
        deadlines = self._deadlines
        if deadlines is None or (deadlines.loop is not loop and not deadlines.jobs):
            deadlines = self._deadlines = _Deadlines(loop, self._expire)
        timer = None
        if deadlines.loop is loop:
            deadlines.add(job, limit)
        else:  # jobs of two loops at once (never the probe's one transport loop)
            timer = loop.call_later(limit, self._expire, job)
        try:
            self._queue(job, pending=True)
            return await future
        except asyncio.CancelledError:
            self._cancel(job)
            raise
        finally:
            if timer is None:
                deadlines.jobs.pop(job, None)
            else:
                timer.cancel()
            # The failure's traceback holds this frame, whose future holds the failure: a
            # cycle that kept every expired call's frames (its message too) until the
            # next full collection (44,000 objects, about 50 MB after 64 hostile clients).
            del future, job, timer, deadlines

    def _queue(self, job: _Job, pending: bool = False) -> None:
        """Put ``job`` at the end of its lane (and, ``pending``, among the jobs a caller
        waits for) and post the event that will run a job."""
        with self._lock:
            if pending:
                self._pending.append(job)
            lane = self._lanes.get(job.lane)
            if lane is None:
                lane = self._lanes[job.lane] = collections.deque()
                self._came += 1
                heapq.heappush(self._order, (max(self._past_turns(job.lane), self._now - 1),
                                             self._came, job.lane))
            lane.append(job)
            self._queued += 1
        self._wake_event()

    def _past_turns(self, key: object) -> int:
        return self._past.get(id(key), -1) if key is not None else -1

    def _keep_turns(self, key: object, turns: int) -> None:
        """Remember a lane's turns while its key (its connection's Calls) lives."""
        if key is None:
            return
        ident = id(key)
        if ident not in self._past:
            try:
                weakref.finalize(key, self._past.pop, ident, None)
            except TypeError:  # a key that takes no weak reference
                return
        self._past[ident] = turns

    def _next(self) -> _Job | None:
        """The next job: the first of the lane that has had the fewest turns.

        Each lane counts its turns (jobs run). A lane that comes back keeps its count as
        long as its connection lives; a new one starts one below the lane whose turn it
        was last. So a newcomer's first call (or a client that waits for each answer,
        and so has had fewer turns) runs after the running job, not after a job of every
        lane that pipelines: in one ring where a new lane went last it waited for 11
        jobs behind ten connections pipelining object trees, for 64 behind 64 pumpers
        (10-50 ms apiece). Lanes with as many turns go in the order they came.

        A job a caller waits for leaves the pending jobs here and, unless it was
        cancelled, is marked started (one lock per job, not two)."""
        with self._lock:
            if not self._order:
                return None
            turns, came, key = self._order[0]
            lane = self._lanes[key]
            job = lane.popleft()
            self._queued -= 1
            self._now = turns
            if lane:
                heapq.heapreplace(self._order, (turns + 1, came, key))
            else:
                heapq.heappop(self._order)
                del self._lanes[key]
                self._keep_turns(key, turns + 1)
            if job.future is not None:
                try:
                    self._pending.remove(job)
                except ValueError:
                    pass
                if not job.cancelled:
                    job.started = True
            return job

    def _cancel(self, job: _Job) -> bool:
        """Mark ``job`` to be skipped; False when it has started already (any thread)."""
        with self._lock:
            if not job.started:
                job.cancelled = True
            return not job.started

    def _expire(self, job: _Job) -> None:
        """The job's time is up: not started, skip it later and answer APP_BUSY now;
        started, give it RUNNING_GRACE more seconds (loop thread)."""
        if job.future is None or job.future.done() or job.loop is None:
            return
        limit = job.limit
        if self._cancel(job):
            job.future.set_exception(RpcError(
                "APP_BUSY", f"The GUI thread did not answer within {limit:g} s",
                waitedMs=round(limit * 1000), **self.freeze_report()))
            return
        job.loop.call_later(RUNNING_GRACE, self._still_running, job)

    def _still_running(self, job: _Job) -> None:
        if job.future is None or job.future.done():
            return
        running = time.monotonic() - job.posted
        job.future.set_exception(RpcError(
            "STILL_RUNNING", f"The call started on the GUI thread and is still running "
            f"after {running:.1f} s; do not retry it", runningMs=round(running * 1000),
            guiStack=self.gui_stack()))

    def close(self) -> None:
        """The app is quitting: refuse new calls and fail the waiting ones with
        SHUTTING_DOWN (any thread; their jobs are skipped)."""
        self.closed = True
        with self._lock:
            waiting = [job for job in self._pending if not job.started]
            for job in waiting:
                job.cancelled = True
        for job in waiting:
            if job.future is not None and job.loop is not None:
                try:
                    job.loop.call_soon_threadsafe(_settle, job.future, False,
                                                  _shutting_down())
                except RuntimeError:  # the transport loop is closed already
                    pass

    def _busy_here(self) -> bool:
        """A job runs at the current event-loop level (not parked in a nested loop)."""
        if not self._running or not self._watched:
            return False
        level = self._loop_level()
        return any(job.level >= level for job in self._running)

    def _wake(self) -> None:
        """A job event arrived: run the next job, or owe it while a job runs here."""
        if self._busy_here():
            self._owed += 1
            return
        self._run_one()

    def _repost_owed(self) -> None:
        """A job ended: post the job events that arrived during it again (each runs one
        job later, after the app's events posted meanwhile)."""
        owed, self._owed = self._owed, 0
        if owed:
            self._wake_event(owed)

    def _run_one(self) -> None:
        self.follower.check()
        while self._ahead:
            try:
                self._ahead.popleft()()
            except Exception:
                log.exception("probe job failed")
        job = self._next()
        if job is None:
            return
        if job.future is None or job.loop is None:
            ok, value = self._call(job)
            if job.on_done is not None:
                try:
                    job.on_done(ok, value)
                except Exception:
                    log.exception("probe job's on_done failed")
            return
        if job.cancelled:  # (set under the lock before _next marked it started, or never)
            return
        ok, value = self._call(job)
        try:
            job.loop.call_soon_threadsafe(_settle, job.future, ok, value)
        except RuntimeError:  # the transport loop is closed: nobody waits any more
            pass

    def _call(self, job: _Job) -> tuple[bool, Any]:
        """Run the job as a running job, so a nested loop it enters is noticed."""
        job.level = self._loop_level()
        if self._running:  # inside another job: is that one parked in a nested loop?
            self._check_nested(job.level)
        self._running.append(job)
        if len(self._running) == 1:
            self._idle_signals(True)
        try:
            if self.prelude is not None and not self.prelude():
                self.prelude = None
            return True, job.context.run(job.fn)
        except BaseException as exc:  # every failure goes back to the caller
            if job.future is None and job.on_done is None:
                log.exception("probe job failed")
            return False, _without_catcher(exc)
        finally:
            self._running.remove(job)
            if not self._running:
                self._idle_signals(False)
            if job.nested and not any(j.nested for j in self._running):
                self._relief().stop()
            if self._owed and not self._busy_here():
                self._repost_owed()

    def _idle_signals(self, on: bool) -> None:
        """Let ``aboutToBlock`` reach :meth:`_about_to_block` (a job runs) or not."""
        idle = self._idle
        if idle is not None:
            try:
                idle.blockSignals(not on)
            except RuntimeError:  # deleted with its application: the next one's comes
                self._idle = None

    def _relief(self) -> QTimer:
        receiver = self._receivers.get()
        assert receiver is not None  # on the GUI thread it always exists
        return receiver.relief

    def _watch(self, app: QCoreApplication) -> None:
        """First job under an application: its event dispatcher exists; learn when it
        idles."""
        self._watched = True
        dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
        if dispatcher is not None:
            idle = _Idle(app)  # deleted with the application
            idle.setObjectName("qtmcp_probe_idle")
            idle.blockSignals(not self._running)
            idle.idle.connect(self._about_to_block)
            dispatcher.aboutToBlock.connect(idle.idle)
            self._idle = idle

    def _about_to_block(self) -> None:
        """The GUI thread is about to wait for events: a running job may be parked."""
        try:
            if self._running:
                self._check_nested()
                if self._owed and not self._busy_here():
                    self._repost_owed()  # the running job is parked: they run in its loop
        except Exception:  # a slot called from C++: nothing may leave it
            log.exception("probe executor failed")

    def _check_nested(self, level: int | None = None) -> None:
        """Tell the callers of running jobs that started below the current loop level."""
        if level is None:
            level = self._loop_level()
        for job in self._running:
            if job.nested or job.level >= level:
                continue
            job.nested = True
            relief = self._relief()
            if not relief.isActive():
                relief.start()
            if job.on_nested is not None:
                try:
                    job.on_nested()
                except Exception:
                    log.exception("on_nested failed")
            elif job.future is not None and job.loop is not None:
                try:
                    job.loop.call_soon_threadsafe(_settle, job.future, False, NestedLoop())
                except RuntimeError:
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

    def freeze_report(self) -> FreezeReport:
        """What the GUI thread is doing and how long it has not answered (read off-thread)."""
        return {"blockedForMs": round(self.blocked_for() * 1000), "guiStack": self.gui_stack()}
