"""Timers: the app's QTimers and how often timers actually wake the app up.

``measure`` installs an application event filter counting QEvent.Timer per receiver and
timer id for a window of time, then removes it: QTimer timeouts and bare
``startTimer`` timers (animations, cursor blink) are both counted. GUI thread only.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

from probe.core import objects
from probe.core.objects import IdTable

_TIMER = QEvent.Type.Timer


def all_timers() -> list[QTimer]:
    """Every QTimer under the roots (the probe's own left out)."""
    out: list[QTimer] = []
    for root in objects.roots():
        found = [root] if isinstance(root, QTimer) else []
        found += root.findChildren(QTimer)
        out.extend(t for t in found if not objects._is_probe_internal(t))
    return out


def describe_timer(t: QTimer, ids: IdTable) -> dict[str, Any]:
    d = objects.describe(t, ids)
    parent = t.parent()
    d.update({"interval": t.interval(), "singleShot": t.isSingleShot(), "active": t.isActive(),
              "timerId": t.timerId(), "remainingTime": t.remainingTime(),
              "timerType": t.timerType().name,
              "owner": ({"id": ids.id_of(parent), "className": parent.metaObject().className(),
                         "objectName": parent.objectName()} if parent is not None else None)})
    return d


def list_timers(ids: IdTable, active_only: bool) -> list[dict[str, Any]]:
    return [describe_timer(t, ids) for t in all_timers() if t.isActive() or not active_only]


class _Counter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("qtmcpTimerCounter")
        self.counts: dict[tuple[int, int], list[Any]] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == _TIMER:
            key = (id(watched), event.timerId())  # type: ignore[attr-defined]
            entry = self.counts.get(key)
            if entry is None:
                self.counts[key] = [watched, 1]
            else:
                entry[1] += 1
        return False


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
        for (_, timer_id), (obj, n) in self._counter.counts.items():
            if not objects.alive(obj) or objects._is_probe_internal(obj):
                continue
            if root is not None and not _under(obj, root):
                continue
            total += n
            row = {"wakeups": n, "perSecond": round(n / elapsed, 2), "timerId": timer_id}
            if isinstance(obj, QTimer):
                timers.append({**describe_timer(obj, ids), **row})
            else:
                cls = obj.metaObject().className()
                others.append({"receiver": ids.id_of(obj, None, cls), "className": cls,
                               "objectName": obj.objectName(), **row})
        self._counter.counts.clear()
        timers.sort(key=lambda r: -r["wakeups"])
        others.sort(key=lambda r: -r["wakeups"])
        return {"seconds": round(elapsed, 3), "timers": timers, "otherTimers": others,
                "totalWakeups": total, "totalPerSecond": round(total / elapsed, 2)}


def _under(obj: QObject, root: QObject) -> bool:
    cur: QObject | None = obj
    while cur is not None:
        if cur is root:
            return True
        cur = cur.parent()
    return False
