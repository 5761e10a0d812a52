"""Drag and drop from press to drop within one action, and what came of it.

A press, moves and a release are the user's gesture; an app's drag source answers the
moves with ``QDrag.exec()``, a nested event loop that the platform's drag runs until the
button is released. Two things stand in the way of one action doing all of it:

- **The nested loop.** The move that starts the drag does not return until the drop, so
  the rest of the gesture must come from inside that loop: every step (moves, release)
  is taken from one queue, by the action's own code or, once a drag loop runs, by a 0 ms
  timer that loop fires (:class:`Gesture`). A drag that outlives the gesture is cancelled
  with Escape, as a user would, after :data:`STUCK_MS`.
- **No platform drag** (``offscreen``): ``QDrag.exec()`` returns ``IgnoreAction`` at once
  and nothing is dropped. There the probe copies what the QDrag carried when Qt deletes
  it (its deferred deletion passes the filter below) and delivers drag-enter, drag-move
  and drop events with it to the window under the release point, as Qt's own drag does:
  the target gets the app's own data; only the source has already been told
  ``IgnoreAction``.

While an action runs, :class:`Watch` (an application event filter) sees every drag event
an object gets and delivers it first, so it knows whether the target accepted it: the
outcome says what was dropped where, or that the target refused it. GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QMimeData,
    QObject,
    QPoint,
    QPointF,
    Qt,
    QThread,
    QTimer,
)
from PySide6.QtGui import (
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QWindow,
)

from probe.overrides import every_spelling

#: How long a drag may run after the gesture's release before it is cancelled.
STUCK_MS = 1500
_KINDS = {QEvent.Type.DragEnter: "enter", QEvent.Type.DragMove: "move",
          QEvent.Type.Drop: "drop"}
_ACTIONS = {Qt.DropAction.CopyAction: "copy", Qt.DropAction.MoveAction: "move",
            Qt.DropAction.LinkAction: "link"}


@dataclass
class Seen:
    """One drag event an object got: its kind, whether it took it, the action."""

    kind: str
    receiver: QObject
    accepted: bool
    action: str


@dataclass
class Outcome:
    """What a drag gesture did: ``started`` (the app made a QDrag), ``via`` (``platform``:
    Qt's drag ran; ``events``: delivered by the probe, no platform drag), the ``target``
    that got the drop or refused it (None: nothing there takes drops), ``dropped``,
    ``action``, the dragged ``formats`` and ``text``."""

    started: bool = False
    via: str = "platform"
    target: QObject | None = None
    dropped: bool = False
    action: str = "ignore"
    formats: list[str] = field(default_factory=list)
    text: str = ""


def _target(obj: QObject) -> dict[str, Any]:
    out: dict[str, Any] = {"className": QObject.metaObject(obj).className(),
                           "objectName": QObject.objectName(obj)}
    text = QObject.property(obj, "text")
    if isinstance(text, str) and text:
        out["text"] = text[:80]
    return out


def report(out: Outcome) -> dict[str, Any] | None:
    """The ``drop`` field of a drag's answer: what was dropped on what, or why nothing
    was; None when the gesture started no drag (a slider, a splitter)."""
    if not out.started:
        return None
    rep: dict[str, Any] = {"dropped": out.dropped}
    if out.target is not None:
        rep["on"] = _target(out.target)
    if out.dropped:
        rep["action"] = out.action
    elif out.target is not None:
        rep["why"] = "the target refused the drop"
    else:
        rep["why"] = "nothing under the release point takes drops"
    if out.text:
        rep["text"] = out.text
    if out.formats:
        rep["formats"] = out.formats
    if out.via == "events":
        rep["via"] = ("events: no platform drag here (offscreen); the probe delivered enter, "
                      "move and drop to the target (the source's exec() returned Ignore)")
    return rep


def _is_window(obj: QObject) -> bool:
    return isinstance(obj, QWindow) or QObject.inherits(obj, "QWindow")


@dataclass
class Dragged:
    """A copy of what a QDrag carried (the QDrag is deleted as soon as its exec() ends)."""

    mime: QMimeData
    actions: Qt.DropAction


def _copy(mime: QMimeData) -> QMimeData:
    out = QMimeData()
    for fmt in QMimeData.formats(mime):
        out.setData(fmt, QMimeData.data(mime, fmt))
    return out


@every_spelling
class Watch(QObject):
    """Application event filter for one drag action (install with :meth:`start`): the
    drag events objects get, and what a QDrag carried when Qt deletes it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Seen] = []
        self.dragged: Dragged | None = None
        #: the events being delivered from here (a window forwards a new one to its widget)
        self._inside: set[int] = set()

    def start(self) -> None:
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def stop(self) -> None:
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DeferredDelete:
            if self.dragged is None and isinstance(obj, QDrag):
                mime = QDrag.mimeData(obj)
                if mime is not None:
                    self.dragged = Dragged(_copy(mime), QDrag.supportedActions(obj))
            return False
        kind = _KINDS.get(event.type())
        key = int(shiboken6.getCppPointer(event)[0])
        if kind is None or key in self._inside:
            return False
        self._inside.add(key)  # deliver it now (the app's filters see it once, in here)
        try:
            QCoreApplication.sendEvent(obj, event)
        finally:
            self._inside.discard(key)
        action = event.dropAction() if isinstance(event, QDropEvent) else \
            Qt.DropAction.IgnoreAction
        if self.dragged is None and isinstance(event, QDropEvent) and \
                event.mimeData() is not None:
            self.dragged = Dragged(_copy(event.mimeData()), event.possibleActions())
        self.seen.append(Seen(kind, obj, event.isAccepted(), _ACTIONS.get(action, "ignore")))
        return True

    def last(self) -> Seen | None:
        """The last drag event an object (not a window: it forwards them) got."""
        return next((s for s in reversed(self.seen) if not _is_window(s.receiver)), None)


def deliver_drop(window: QWindow, pos: QPoint, dragged: Dragged) -> None:
    """What Qt's drag does at the release point where the platform has none: drag-enter
    and drag-move to the window (it hands them to the widget or item there), then the
    drop if the move was accepted, else drag-leave."""
    mime, actions = dragged.mime, dragged.actions
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QGuiApplication.sendEvent(window, QDragEnterEvent(pos, actions, mime, buttons, mods))
    move = QDragMoveEvent(pos, actions, mime, buttons, mods)
    QGuiApplication.sendEvent(window, move)
    if move.isAccepted():
        QGuiApplication.sendEvent(window, QDropEvent(QPointF(pos), actions, mime, buttons,
                                                     mods))
    else:
        QGuiApplication.sendEvent(window, QDragLeaveEvent())


class Gesture:
    """A press-move-release whose steps run from one queue: by :meth:`run`, or, once a
    step started a drag's nested event loop, by 0 ms timers that loop fires."""

    def __init__(self, steps: list[Callable[[], None]], cancel: Callable[[], None]) -> None:
        self.steps = list(steps)
        self.cancel = cancel
        self.done = False
        self.base = QThread.currentThread().loopLevel()

    def _pump(self) -> None:
        """From inside a drag's loop: the next step, then again until the last."""
        if self.done or QThread.currentThread().loopLevel() <= self.base:
            return  # no drag loop runs: the action's own code takes the steps
        if self.steps:
            self.steps.pop(0)()
            QTimer.singleShot(0, self._pump)
        else:
            QTimer.singleShot(STUCK_MS, self._stuck)

    def _stuck(self) -> None:
        if not self.done and QThread.currentThread().loopLevel() > self.base:
            self.cancel()  # the drag outlived the release: Escape ends it, as for a user

    def run(self) -> None:
        while self.steps:
            QTimer.singleShot(0, self._pump)  # acts only if this step starts a drag loop
            self.steps.pop(0)()
        self.done = True


def perform(window: QWindow, end: QPoint, steps: list[Callable[[], None]],
            cancel: Callable[[], None], settle: Callable[[], Any]) -> Outcome:
    """Run a drag gesture on ``window`` (``steps``: its press, moves and release; ``end``:
    the release point) and say what it did (see the module)."""
    watch = Watch()
    watch.start()
    try:
        Gesture(steps, cancel).run()
        settle()
        dragged = watch.dragged
        out = Outcome(started=dragged is not None or bool(watch.seen))
        if dragged is not None and not watch.seen:  # exec() returned at once: no platform drag
            out.via = "events"
            deliver_drop(window, end, dragged)
            settle()
        if dragged is not None:
            out.formats = list(QMimeData.formats(dragged.mime))[:10]
            out.text = QMimeData.text(dragged.mime)[:200] \
                if QMimeData.hasText(dragged.mime) else ""
        last = watch.last()
        if last is not None:
            out.target = last.receiver
            out.dropped = last.kind == "drop" and last.accepted
            out.action = last.action if out.dropped else "ignore"
        return out
    finally:
        watch.stop()
