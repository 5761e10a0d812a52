"""Wait conditions, checked in short GUI-thread calls, and what wakes a waiter early.

A waiter lives on the transport thread and re-checks its condition when woken or
after a modest interval. While at least one wait is active, an application event
filter wakes waiters on events that usually mean the UI changed (show/hide,
enable, focus, children, geometry, dynamic properties, repaint requests); with no
wait active there is no filter and nothing runs. Everything but ``Waker.arm`` /
``disarm`` runs on the GUI thread.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.errors import QtError
from probe.core.objects import idtable, paths, resolver, variant
from probe.core.objects.qtclass import visible_enabled
from probe.overrides import every_spelling

STATES = ("exists", "not_exists", "visible", "not_visible", "enabled", "disabled", "focused",
          "stable")
_PROPERTY = re.compile(r"^property:([A-Za-z_]\w*)\s*(==|!=|=)\s*(.*)$", re.S)

_E = QEvent.Type
WAKE_EVENTS = frozenset({
    _E.Show, _E.Hide, _E.EnabledChange, _E.FocusIn, _E.FocusOut, _E.ChildAdded,
    _E.ChildRemoved, _E.Move, _E.Resize, _E.DynamicPropertyChange, _E.UpdateRequest,
    _E.LayoutRequest, _E.WindowTitleChange, _E.ActivationChange, _E.DeferredDelete,
})


@dataclass(frozen=True)
class Condition:
    """A parsed wait condition: a state name, or a property compared with a value."""

    state: str
    prop: str | None = None
    op: str = "=="
    value: str | None = None


def parse_condition(text: str) -> Condition | None:
    """``visible`` / ``property:text=Hello``; None when the text is no condition."""
    t = text.strip()
    if t in STATES:
        return Condition(t)
    m = _PROPERTY.match(t)
    if m:
        op = "==" if m.group(2) == "=" else m.group(2)
        return Condition("property", m.group(1), op, m.group(3))
    return None


def _value_text(value: Any) -> str:
    """A property value as the text a condition compares with (JSON for structures)."""
    j = variant.to_json(value)
    if isinstance(j, bool):
        return "true" if j else "false"
    if isinstance(j, str):
        return j
    return json.dumps(j, separators=(",", ":"), ensure_ascii=False)


def _geometry(obj: Any) -> list[int] | None:
    if not QObject.isWidgetType(obj):
        return None
    top = QWidget.window(obj)
    p = QWidget.mapTo(obj, top, QPoint(0, 0))
    return [p.x(), p.y(), QWidget.width(obj), QWidget.height(obj)]


def observe(target: str, cond: Condition, ids: idtable.IdTable) -> tuple[bool, dict[str, Any]]:
    """Check ``cond`` once: (holds, what was observed). Ambiguous targets raise."""
    try:
        found = resolver.objects_of(target, ids)
    except QtError as exc:
        if exc.name not in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "OBJECT_STALE"):
            raise
        if exc.name == "OBJECT_STALE" and target.strip().startswith("#") \
                and cond.state != "not_exists":
            raise  # a dead #N never comes back: waiting longer cannot help
        seen = {"exists": False, "error": exc.name}
        return cond.state == "not_exists", seen
    if cond.state in ("exists", "not_exists"):
        seen = {"exists": True, "count": len(found)}
        return cond.state == "exists", seen
    if len(found) > 1:
        raise QtError("ELEMENT_AMBIGUOUS", f"{target!r} matches {len(found)} objects",
                      count=len(found), matches=[paths.path_of(o) for o in found[:20]])
    obj = found[0]
    seen: dict[str, Any] = {"exists": True}
    seen["visible"], seen["enabled"] = visible_enabled(obj)
    focus = QApplication.focusWidget()
    seen["focused"] = focus is not None and (focus is obj or (
        isinstance(obj, QWidget) and QWidget.isAncestorOf(obj, focus)))
    if cond.state == "visible":
        return bool(seen["visible"]), seen
    if cond.state == "not_visible":
        return not seen["visible"], seen
    if cond.state == "enabled":
        return bool(seen["enabled"]), seen
    if cond.state == "disabled":
        return seen["enabled"] is False, seen
    if cond.state == "focused":
        return bool(seen["focused"]), seen
    if cond.state == "stable":
        seen["geometry"] = _geometry(obj)
        return True, seen  # the waiter compares geometries over time
    assert cond.prop is not None
    names = _property_names(obj)
    if cond.prop not in names:
        raise QtError("PROPERTY_NOT_FOUND", f"{paths.class_name(obj)} has no property "
                      f"{cond.prop!r}", available=sorted(names))
    text = _value_text(QObject.property(obj, cond.prop))
    seen["property"] = cond.prop
    seen["value"] = text
    equal = text == cond.value
    return (equal if cond.op == "==" else not equal), seen


def _property_names(obj: QObject) -> set[str]:
    meta = QObject.metaObject(obj)
    names = {str(meta.property(i).name()) for i in range(meta.propertyCount())}
    names.update(bytes(n.data()).decode() for n in QObject.dynamicPropertyNames(obj))
    return names


# ------------------------------------------------------------------------------ waker


@every_spelling
class _Filter(QObject):
    def __init__(self, waker: Waker) -> None:
        super().__init__()
        self.setObjectName("qtmcp_wait_waker")
        self._waker = waker

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in WAKE_EVENTS:
            self._waker.fire()
        return False


class Waker:
    """Wakes waiting callbacks on UI-changing events; the filter exists only while armed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._callbacks: dict[int, Callable[[], object]] = {}
        self._pending: set[int] = set()
        self._filter: _Filter | None = None
        self._next = 0

    def arm(self, callback: Callable[[], object]) -> int:
        """Register ``callback`` (called on the GUI thread, once per ``rearm``)."""
        with self._lock:
            self._next += 1
            key = self._next
            self._callbacks[key] = callback
            self._pending.add(key)
        return key

    def rearm(self, key: int) -> None:
        with self._lock:
            if key in self._callbacks:
                self._pending.add(key)

    def disarm(self, key: int) -> None:
        with self._lock:
            self._callbacks.pop(key, None)
            self._pending.discard(key)

    def fire(self) -> None:
        with self._lock:
            due = [self._callbacks[k] for k in self._pending if k in self._callbacks]
            self._pending.clear()
        for cb in due:
            cb()

    def sync_filter(self) -> None:
        """Install or remove the app event filter to match the waiters (GUI thread)."""
        app = QCoreApplication.instance()
        if app is None:
            return
        with self._lock:
            wanted = bool(self._callbacks)
        if wanted and self._filter is None:
            self._filter = _Filter(self)
            app.installEventFilter(self._filter)
        elif not wanted and self._filter is not None:
            app.removeEventFilter(self._filter)
            self._filter.deleteLater()
            self._filter = None

    @property
    def installed(self) -> bool:
        return self._filter is not None

    def follow(self, app: QCoreApplication) -> None:
        """A new application runs (the last one was shut down): waits still armed wake on
        its changes."""
        if self._filter is not None:
            self._filter = _Filter(self)
            app.installEventFilter(self._filter)


WAKER = Waker()
