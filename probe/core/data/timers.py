"""Timers: the app's QTimers and how often timers actually wake the app up.

``measure`` installs an application event filter counting QEvent.Timer per receiver and
timer id for a window of time, then removes it: QTimer timeouts and bare
``startTimer`` timers (animations, cursor blink) are both counted. Bare timers are
listed through the GUI thread's event dispatcher (``registeredTimers``), which knows
every timer an object started and its interval. GUI thread only.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any, cast

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QObject,
    QTimer,
    QTimerEvent,
)

from probe.core.objects import idtable, paths, qtchildren
from probe.core.objects.idtable import IdTable
from probe.overrides import every_spelling

_TIMER = QEvent.Type.Timer
#: Gaps kept per timer for the median (a 1 ms timer over a minute stays bounded).
MAX_GAPS = 20000


def all_timers(below: Callable[[QObject], list[QObject]] | None = None) -> list[QTimer]:
    """Every QTimer under the roots (the probe's own left out); ``below`` gives the
    objects under a root when the caller has walked them already (qt.problems)."""
    out: list[QTimer] = []
    for root in paths.roots():
        found = [root] if isinstance(root, QTimer) else []
        found += [k for k in (below or qtchildren.descendants)(root) if isinstance(k, QTimer)]
        out.extend(t for t in found if not paths.is_probe_internal(t))
    return out


def _owner(obj: QObject | None, ids: IdTable) -> dict[str, Any] | None:
    if obj is None:
        return None
    return {"id": ids.id_of(obj), "className": QObject.metaObject(obj).className(),
            "objectName": QObject.objectName(obj)}


def describe_timer(t: QTimer, ids: IdTable) -> dict[str, Any]:
    d: dict[str, Any] = {**paths.describe(t, ids)}
    d.update({"kind": "QTimer", "interval": t.interval(), "singleShot": t.isSingleShot(),
              "active": t.isActive(), "timerId": t.timerId(),
              "remainingTime": t.remainingTime(), "timerType": t.timerType().name,
              "owner": _owner(qtchildren.parent(t), ids)})
    return d


def object_timers() -> list[tuple[QObject, Any]]:
    """(object, TimerInfo) for every QObject.startTimer timer of the GUI thread's objects.

    QTimers are left out (they are listed as such); so are the probe's own objects. The
    GUI thread's dispatcher holds only the timers of objects living there, so no object's
    thread is asked (on PySide6 6.10 and older, ``QObject.thread(obj)`` through a temporary
    wrapper invalidated the probe's own wrapper of the GUI thread).
    """
    dispatcher = QAbstractEventDispatcher.instance()
    if dispatcher is None:
        return []
    out: list[tuple[QObject, Any]] = []
    for root in paths.roots():
        for obj in [root, *qtchildren.descendants(root)]:
            if isinstance(obj, QTimer) or paths.is_probe_internal(obj):
                continue
            out.extend((obj, info) for info in dispatcher.registeredTimers(obj))
    return out


def describe_object_timer(obj: QObject, info: Any, ids: IdTable) -> dict[str, Any]:
    """A bare timer, shaped like a QTimer's entry; the object that started it owns it."""
    d: dict[str, Any] = {**paths.describe(obj, ids)}
    dispatcher = QAbstractEventDispatcher.instance()
    remaining = dispatcher.remainingTime(info.timerId) if dispatcher is not None else -1
    d.update({"kind": "QObject.startTimer", "interval": info.interval, "singleShot": False,
              "active": True, "timerId": info.timerId, "remainingTime": remaining,
              "timerType": info.timerType.name, "owner": _owner(obj, ids)})
    return d


def list_timers(ids: IdTable, active_only: bool) -> list[dict[str, Any]]:
    """QTimers and bare startTimer timers (always active while registered)."""
    out = [describe_timer(t, ids) for t in all_timers() if t.isActive() or not active_only]
    out += [describe_object_timer(obj, info, ids) for obj, info in object_timers()]
    return out


@every_spelling
class _Counter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("qtmcpTimerCounter")
        #: (object, timer id) -> [object, wake-ups, last time, gaps between wake-ups]
        self.counts: dict[tuple[int, int], list[Any]] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == _TIMER:
            now = time.perf_counter()
            key = (id(watched), cast(QTimerEvent, event).timerId())
            entry = self.counts.get(key)
            if entry is None:
                self.counts[key] = [watched, 1, now, []]
            else:
                entry[1] += 1
                if len(entry[3]) < MAX_GAPS:
                    entry[3].append(now - entry[2])
                entry[2] = now
        return False


def _rates(n: int, gaps: list[float], elapsed: float) -> dict[str, Any]:
    """Wake-ups, the plain rate, and the rate from the median gap.

    The median gap ignores the few wake-ups a busy GUI thread delays or merges, so
    it tells a timer's real cadence on a loaded machine; None below three wake-ups.
    """
    median = statistics.median(gaps) if len(gaps) >= 2 else None
    return {"wakeups": n, "perSecond": round(n / elapsed, 2),
            "medianIntervalMs": round(median * 1000, 3) if median else None,
            "medianPerSecond": round(1 / median, 2) if median else None}


class Measurement:
    """Counts timer wake-ups from ``start()`` to ``finish()``."""

    def __init__(self) -> None:
        self._counter = _Counter()
        self._t0 = 0.0

    def start(self) -> None:
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self._counter)
        self._t0 = time.monotonic()

    def finish(self, ids: IdTable, root: QObject | None = None) -> dict[str, Any]:
        elapsed = max(1e-6, time.monotonic() - self._t0)
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self._counter)
        timers: list[dict[str, Any]] = []
        others: list[dict[str, Any]] = []
        total = 0
        dispatcher = QAbstractEventDispatcher.instance()
        for (_, timer_id), (obj, n, _last, gaps) in self._counter.counts.items():
            if not idtable.alive(obj) or paths.is_probe_internal(obj):
                continue
            if root is not None and not paths.is_under(obj, root):
                continue
            total += n
            row = {**_rates(n, gaps, elapsed), "timerId": timer_id}
            if isinstance(obj, QTimer):
                timers.append({**describe_timer(obj, ids), **row})
                continue
            cls = QObject.metaObject(obj).className()
            known = [i for i in (dispatcher.registeredTimers(obj) if dispatcher else [])
                     if i.timerId == timer_id]
            others.append({"receiver": ids.id_of(obj, None, cls), "className": cls,
                           "objectName": QObject.objectName(obj), "kind": "QObject.startTimer",
                           "interval": known[0].interval if known else None,
                           "active": bool(known), "owner": _owner(obj, ids), **row})
        self._counter.counts.clear()
        timers.sort(key=lambda r: -r["wakeups"])
        others.sort(key=lambda r: -r["wakeups"])
        return {"seconds": round(elapsed, 3), "timers": timers, "otherTimers": others,
                "totalWakeups": total, "totalPerSecond": round(total / elapsed, 2)}
