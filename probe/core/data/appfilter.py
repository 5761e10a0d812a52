"""An event filter on the application, with the single-shot timer that flushes what it
gathered: how the event monitor and the lifecycle notes watch the app (and watch a new
application again, when an app shut its first one down and made another)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from probe.core.errors import QtError


class AppWatch:
    """A filter installed on the application while anyone watches, and its flush timer.

    ``make_filter`` builds the filter object (its ``eventFilter`` is the watcher's own hot
    path, so it stays the watcher's class); ``timer_name`` names the timer (``qtmcp…``:
    probe-internal); ``flush`` runs when the timer fires, which the watcher starts itself
    (``timer``: its check comes first on the per-event path)."""

    def __init__(self, make_filter: Callable[[], QObject], timer_name: str,
                 flush: Callable[[], None]) -> None:
        self._make_filter = make_filter
        self._timer_name = timer_name
        self._flush = flush
        self.filter: QObject | None = None
        self.timer: QTimer | None = None

    @property
    def active(self) -> bool:
        return self.filter is not None

    def start(self) -> None:
        """Install on the running application unless installed already."""
        if self.filter is not None:
            return
        app = QCoreApplication.instance()
        if app is None:
            raise QtError("NOT_SUPPORTED", "no QCoreApplication: nothing to watch")
        self._attach(app)

    def follow(self, app: QCoreApplication) -> None:
        """A new application runs (the last one was shut down): watch it if watching."""
        if self.filter is not None:
            self._attach(app)

    def stop(self) -> None:
        """Nobody watches any more: the filter comes off, the timer stops."""
        if self.filter is None:
            return
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self.filter)
        if self.timer is not None:
            self.timer.stop()
        self.filter = self.timer = None

    def _attach(self, app: QCoreApplication) -> None:
        self.filter = self._make_filter()
        timer = QTimer()
        QObject.setObjectName(timer, self._timer_name)
        timer.setSingleShot(True)
        timer.timeout.connect(self._flush)
        app.installEventFilter(self.filter)
        self.timer = timer
