"""Event monitor: a filtered, rate-limited stream of the QEvents the app delivers.

Off by default and free while off: the application event filter exists only while at
least one client monitors. Each monitor filters by event type and by object subtree,
keeps at most ``max_rate`` events a second (the rest are counted as dropped) and hands
batches to its sink from a single-shot timer (no polling loop). GUI thread only.
"""

from __future__ import annotations

import enum
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QWheelEvent

from probe.core.data import appfilter
from probe.core.errors import QtError
from probe.core.objects import paths
from probe.core.objects.idtable import IdTable
from probe.overrides import every_spelling

Sink = Callable[[dict[str, Any]], None]

#: Name -> QEvent.Type for every named event type.
EVENT_TYPES: dict[str, QEvent.Type] = {m.name: m for m in QEvent.Type if m.name}
#: What a monitor shows when no types are given: what a user does, not the app's chatter.
DEFAULT_TYPES = ("KeyPress", "KeyRelease", "ShortcutOverride", "MouseButtonPress",
                 "MouseButtonRelease", "MouseButtonDblClick", "Wheel", "FocusIn", "FocusOut",
                 "ContextMenu", "Show", "Hide", "Close", "WindowActivate",
                 "WindowDeactivate")
_MOUSE = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
          QEvent.Type.MouseButtonDblClick, QEvent.Type.MouseMove}
_KEY = {QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride}


def event_types(names: list[str] | None) -> set[int] | None:
    """The type numbers to watch (None = all, for ``["*"]``); unknown names are refused."""
    if names is None or not names:
        names = list(DEFAULT_TYPES)
    if "*" in names:
        return None
    out: set[int] = set()
    unknown = [n for n in names if n not in EVENT_TYPES and not n.isdigit()]
    if unknown:
        raise QtError("INVALID_PARAMS", f"unknown event types: {unknown}",
                      hint='Use QEvent type names (KeyPress, MouseButtonPress, ...), numbers, '
                           'or ["*"] for every event; data.available lists the names.',
                      unknown=unknown, available=sorted(EVENT_TYPES))
    for n in names:
        out.add(int(n) if n.isdigit() else EVENT_TYPES[n].value)
    return out


def _flags(value: enum.Flag) -> list[str]:
    return [m.name for m in type(value) if m.value and (value & m) == m and m.name]


def _pt(p: QPointF) -> dict[str, float]:
    return {"x": round(p.x(), 1), "y": round(p.y(), 1)}


def details(event: QEvent) -> dict[str, Any]:
    """Key and mouse specifics of an event (empty for other types)."""
    t = event.type()
    if t in _KEY and isinstance(event, QKeyEvent):
        key = event.key()
        return {"key": QKeySequence(key).toString() or str(key), "keyCode": int(key),
                "text": QKeyEvent.text(event), "modifiers": _flags(event.modifiers()),
                "autoRepeat": event.isAutoRepeat()}
    if t in _MOUSE and isinstance(event, QMouseEvent):
        return {"button": event.button().name, "buttons": _flags(event.buttons()),
                "pos": _pt(event.position()), "globalPos": _pt(event.globalPosition()),
                "modifiers": _flags(event.modifiers())}
    if isinstance(event, QWheelEvent):
        d = event.angleDelta()
        return {"angleDelta": {"x": d.x(), "y": d.y()}, "pos": _pt(event.position()),
                "modifiers": _flags(event.modifiers())}
    return {}


def event_type_name(t: Any) -> str:
    try:
        return QEvent.Type(t).name or str(int(t))
    except ValueError:
        return str(int(t))


@dataclass
class Monitor:
    """One client's monitor: filters, rate limit and the pending batch."""

    ids: IdTable
    sink: Sink
    types: set[int] | None
    root: Any  # weakref to the subtree root, or None
    max_rate: float
    pending: list[dict[str, Any]] = field(default_factory=list)
    dropped: int = 0
    dropped_total: int = 0
    sent: int = 0
    window_start: float = 0.0
    window_count: int = 0

    def wants(self, receiver: QObject, t: int) -> bool:
        if self.types is not None and t not in self.types:
            return False
        if self.root is None:
            return True
        root = self.root()
        return root is not None and paths.is_under(receiver, root)

    def admit(self, now: float) -> bool:
        if now - self.window_start >= 1.0:
            self.window_start, self.window_count = now, 0
        if self.window_count >= self.max_rate:
            self.dropped += 1
            self.dropped_total += 1
            return False
        self.window_count += 1
        return True


@every_spelling
class _Filter(QObject):
    def __init__(self, hub: EventHub) -> None:
        super().__init__()
        self.setObjectName("qtmcpEventFilter")
        self.hub = hub

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.hub.seen(watched, event)
        return False


class EventHub:
    """One per process; clients register monitors keyed by their session."""

    def __init__(self, interval: float = 0.1) -> None:
        self.interval = interval
        self.monitors: dict[Any, Monitor] = {}
        self._watch = appfilter.AppWatch(lambda: _Filter(self), "qtmcpEventTimer", self.flush)
        self._busy = False
        #: Events the filter has been handed, ever: still while off proves it costs nothing.
        self.filter_calls = 0

    @property
    def active(self) -> bool:
        return self._watch.active

    def status(self) -> dict[str, Any]:
        """Whether the app event filter is installed, for whom, and how often it ran."""
        return {"active": self.active, "filterInstalled": self._watch.active,
                "monitors": len(self.monitors), "filterCalls": self.filter_calls}

    def start(self, owner: Any, ids: IdTable, sink: Sink, types: set[int] | None,
              root: QObject | None, max_rate: float) -> Monitor:
        mon = Monitor(ids, sink, types, weakref.ref(root) if root is not None else None,
                      max_rate)
        self.monitors[owner] = mon
        self._watch.start()
        return mon

    def follow(self, app: QCoreApplication) -> None:
        """A new application runs (the last one was shut down): watch it as the last one
        was watched, for the monitors still on."""
        self._watch.follow(app)

    def stop(self, owner: Any) -> Monitor | None:
        mon = self.monitors.pop(owner, None)
        if mon is not None:
            self._send(mon)
        if not self.monitors:
            self._watch.stop()
        return mon

    def seen(self, receiver: QObject, event: QEvent) -> None:
        self.filter_calls += 1
        if self._busy:  # our own describe() may send events; never record those
            return
        t = event.type()
        number = t.value if hasattr(t, "value") else int(t)
        now = None
        for mon in self.monitors.values():
            if not mon.wants(receiver, number):
                continue
            if paths.is_probe_internal(receiver):
                return
            now = now or time.time()
            if not mon.admit(now):
                self._schedule()
                continue
            self._busy = True
            try:
                cls = QObject.metaObject(receiver).className()
                record = {"type": event_type_name(t), "typeId": number,
                          "receiver": mon.ids.id_of(receiver, None, cls),
                          "className": cls, "objectName": QObject.objectName(receiver),
                          "ts": now, "spontaneous": event.spontaneous()}
                record.update(details(event))
            finally:
                self._busy = False
            mon.pending.append(record)
            self._schedule()

    def _schedule(self) -> None:
        timer = self._watch.timer
        if timer is not None and not timer.isActive():
            timer.start(int(self.interval * 1000))

    def flush(self) -> None:
        for mon in list(self.monitors.values()):
            self._send(mon)

    def _send(self, mon: Monitor) -> None:
        if not mon.pending and not mon.dropped:
            return
        batch, mon.pending = mon.pending, []
        dropped, mon.dropped = mon.dropped, 0
        mon.sent += len(batch)
        mon.sink({"events": batch, "dropped": dropped, "droppedTotal": mon.dropped_total,
                  "ts": time.time()})


HUB = EventHub()
