"""An event filter on the application, with the single-shot timer that flushes what it
gathered: how the event monitor and the lifecycle notes watch the app (and watch a new
application again, when an app shut its first one down and made another)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QTimer


def attach(app: QCoreApplication, event_filter: QObject, timer_name: str,
           flush: Callable[[], None]) -> QTimer:
    """Install ``event_filter`` on ``app``; the single-shot timer that runs ``flush``."""
    timer = QTimer()
    QObject.setObjectName(timer, timer_name)
    timer.setSingleShot(True)
    timer.timeout.connect(flush)
    app.installEventFilter(event_filter)
    return timer
