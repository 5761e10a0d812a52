"""Signal subscriptions and object lifecycle (created/destroyed) notifications.

Both hand plain dicts to a ``sink(method, params)`` the API layer provides; nothing
here knows the protocol. Everything runs on the GUI thread.

Lifecycle costs nothing while off. While on, one application event filter counts
ChildAdded per parent and notes ChildRemoved/DeferredDelete; a single-shot timer
(started by the first event, never a polling loop) flushes at most every
``interval`` seconds. The filter never touches the child of a ChildAdded event: that
object is still being constructed. At flush time the newest children of each parent
that saw ChildAdded are described; ids that died are found by the listener's IdTable.
Each flush reports at most ``max_batch`` creations and counts the rest as dropped.
"""

from __future__ import annotations

import itertools
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject

from probe.core.data import appfilter
from probe.core.errors import QtError
from probe.core.objects import idtable, paths, qtchildren, variant
from probe.core.objects.meta import find_signal, objref_for, signature
from probe.overrides import every_spelling
from probe.wire._shared import ObjectSummary

Sink = Callable[[str, dict[str, Any]], None]

_sub_ids = itertools.count(1)


@dataclass
class Subscription:
    id: str
    owner: Any
    object_id: str
    signal: str
    connection: Any
    #: The connected function, kept alive for as long as the subscription.
    slot: Any = None


class Subscriptions:
    """Live signal connections, each owned by one session (``owner`` key)."""

    def __init__(self) -> None:
        self.subs: dict[str, Subscription] = {}

    def subscribe(self, owner: Any, obj: QObject, signal_name: str, ids: idtable.IdTable,
                  sink: Sink) -> Subscription:
        m = find_signal(obj, signal_name)
        sig = signature(m)
        object_id = ids.id_of(obj)
        sub_id = f"sub{next(_sub_ids)}"
        objref = objref_for(ids)

        def emitted(*args: Any) -> None:
            sink("qt.signals.emitted", {
                "subscriptionId": sub_id, "objectId": object_id, "signal": sig,
                "args": [variant.to_json(a, objref) for a in args], "ts": time.time()})

        connection = QObject.connect(obj, "2" + sig, emitted)
        if not connection:
            raise QtError("SIGNAL_NOT_FOUND", f"could not connect to {sig}",
                          hint="qt.methods.list shows the signals with their signatures.",
                          signal=signal_name)
        sub = Subscription(sub_id, owner, object_id, sig, connection, emitted)
        self.subs[sub_id] = sub
        return sub

    def unsubscribe(self, owner: Any, sub_id: str) -> Subscription:
        sub = self.subs.get(sub_id)
        if sub is None or sub.owner != owner:
            mine = sorted(s.id for s in self.subs.values() if s.owner == owner)
            raise QtError("SUBSCRIPTION_NOT_FOUND", f"no subscription {sub_id!r}",
                          hint="data.available lists this client's subscriptions.",
                          subscriptionId=sub_id, available=mine)
        del self.subs[sub_id]
        try:
            QObject.disconnect(sub.connection)
        except (RuntimeError, TypeError):  # the object (and the connection) died
            pass
        return sub

    def drop_owner(self, owner: Any) -> int:
        """Disconnect every subscription of a session that left."""
        mine = [s.id for s in self.subs.values() if s.owner == owner]
        for sub_id in mine:
            self.unsubscribe(owner, sub_id)
        return len(mine)

    def of(self, owner: Any) -> list[Subscription]:
        return [s for s in self.subs.values() if s.owner == owner]


SUBSCRIPTIONS = Subscriptions()


# ---------------------------------------------------------------------------- lifecycle


@dataclass
class _Listener:
    ids: idtable.IdTable
    sink: Sink
    dropped: int = 0


@dataclass
class _Pending:
    #: id(parent) -> (weak ref to the parent, ChildAdded count). Weak: the wrapper of an
    #: object still under construction must not outlive the event.
    added: dict[int, tuple[Any, int]] = field(default_factory=dict)
    removed: bool = False


@every_spelling
class _Filter(QObject):
    """The application event filter; only counts, never inspects children."""

    def __init__(self, monitor: Lifecycle) -> None:
        super().__init__()
        self.setObjectName("qtmcpLifecycleFilter")
        self.monitor = monitor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        t = event.type()
        if t == QEvent.Type.ChildAdded:
            self.monitor.note_added(watched)
        elif t in (QEvent.Type.ChildRemoved, QEvent.Type.DeferredDelete):
            self.monitor.note_removed()
        return False


class Lifecycle:
    """One per process; sessions register as listeners."""

    def __init__(self, interval: float = 0.1, max_batch: int = 200) -> None:
        self.interval = interval
        self.max_batch = max_batch
        self.listeners: dict[Any, _Listener] = {}
        self._watch = appfilter.AppWatch(lambda: _Filter(self), "qtmcpLifecycleTimer",
                                         self.flush)
        self._pending = _Pending()
        self._last_flush = 0.0

    @property
    def active(self) -> bool:
        return self._watch.active

    def enable(self, owner: Any, ids: idtable.IdTable, sink: Sink) -> None:
        self.listeners[owner] = _Listener(ids, sink)
        self._watch.start()

    def follow(self, app: QCoreApplication) -> None:
        """A new application runs (the last one was shut down): watch it for the listeners
        still on."""
        self._watch.follow(app)

    def disable(self, owner: Any) -> bool:
        was = self.listeners.pop(owner, None) is not None
        if not self.listeners and self._watch.active:
            self._watch.stop()
            self._pending = _Pending()
        return was

    def note_added(self, parent: QObject) -> None:
        key = id(parent)
        entry = self._pending.added.get(key)
        if entry is not None and entry[0]() is parent:
            self._pending.added[key] = (entry[0], entry[1] + 1)
        else:
            try:
                self._pending.added[key] = (weakref.ref(parent), 1)
            except TypeError:
                return
        self._schedule()

    def note_removed(self) -> None:
        self._pending.removed = True
        self._schedule()

    def _schedule(self) -> None:
        timer = self._watch.timer
        if timer is not None and not timer.isActive():
            wait = max(0.0, self.interval - (time.monotonic() - self._last_flush))
            timer.start(int(wait * 1000))

    def flush(self) -> None:
        """Describe the new children and report dead ids to every listener."""
        pending, self._pending = self._pending, _Pending()
        self._last_flush = time.monotonic()
        fresh = self._new_children(pending)
        for listener in list(self.listeners.values()):
            self._report(listener, fresh, pending.removed)

    def _new_children(self, pending: _Pending) -> list[QObject]:
        fresh: list[QObject] = []
        for ref, n in pending.added.values():
            parent = ref()
            if parent is None or not idtable.alive(parent):
                continue
            try:
                kids = qtchildren.children(parent)
            except RuntimeError:
                continue
            fresh.extend(kids[-n:] if n < len(kids) else kids)
        return [o for o in fresh if idtable.alive(o) and not paths.is_probe_internal(o)]

    def _report(self, listener: _Listener, fresh: list[QObject], removed: bool) -> None:
        ids = listener.ids
        created: list[ObjectSummary] = []
        dropped = 0
        for obj in fresh:
            if ids.peek(obj) is not None:
                continue  # already known: reparented, not new
            if len(created) >= self.max_batch:
                dropped += 1
                continue
            try:
                created.append(paths.describe(obj, ids))
            except QtError:
                continue
        destroyed = ids.reap() if removed else []
        listener.dropped += dropped
        if created or destroyed or dropped:
            listener.sink("qt.objects.lifecycle", {
                "created": created, "destroyed": destroyed, "dropped": dropped,
                "droppedTotal": listener.dropped, "ts": time.time()})


LIFECYCLE = Lifecycle()
