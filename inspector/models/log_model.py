"""A bounded, append-only table model fed in batches: the base of every log pane.

Live logs (agent traffic, console, signal emissions) can arrive at thousands of rows
a second. Rows are queued in :meth:`append` and inserted together by a single-shot
timer that only runs while rows are pending, so the view sees one insert per batch.
The model keeps at most ``limit`` rows and counts those it had to drop. Its columns are
declared as :class:`~inspector.models.columns.Column` values (``COLUMNS``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, QTimer, Signal

from inspector.models.columns import RowTable


def clock(ts: float | None) -> str:
    """``12:34:56.789`` for a Unix time stamp (local time)."""
    if ts is None:
        return ""
    return time.strftime("%H:%M:%S", time.localtime(ts)) + f".{int(ts * 1000) % 1000:03d}"


class BoundedLogModel(RowTable[Any]):
    """Rows are whatever :meth:`prepare` makes of a record; subclasses declare ``COLUMNS``."""

    #: (rows inserted by this flush)
    flushed = Signal(int)
    #: (rows dropped so far because the model was full)
    droppedChanged = Signal(int)

    def __init__(self, limit: int = 20000, flush_ms: int = 80,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.limit = limit
        self.dropped = 0
        self._pending: list[Any] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(flush_ms)
        self._timer.timeout.connect(self.flush)

    # ------------------------------------------------------------ feeding

    def append(self, record: Any) -> None:
        """Queue one record; the flush timer starts if it is not already waiting."""
        self._pending.append(self.prepare(record))
        if len(self._pending) > 2 * self.limit:  # we are far behind: keep the newest
            del self._pending[:self.limit]
            self.dropped += self.limit
        if not self._timer.isActive():
            self._timer.start()

    def extend(self, records: list[Any]) -> None:
        for record in records:
            self.append(record)

    @property
    def pending(self) -> int:
        return len(self._pending)

    def flush(self) -> None:
        """Insert every pending row at once, dropping the oldest rows beyond ``limit``."""
        self._timer.stop()
        batch, self._pending = self._pending, []
        if not batch:
            return
        dropped_before = self.dropped
        if len(batch) > self.limit:
            self.dropped += len(batch) - self.limit
            batch = batch[-self.limit:]
        overflow = len(self.rows) + len(batch) - self.limit
        if overflow > 0:
            self.beginRemoveRows(QModelIndex(), 0, overflow - 1)
            del self.rows[:overflow]
            self.endRemoveRows()
            self.dropped += overflow
        first = len(self.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(batch) - 1)
        self.rows.extend(batch)
        self.endInsertRows()
        if self.dropped != dropped_before:
            self.droppedChanged.emit(self.dropped)
        self.flushed.emit(len(batch))

    def clear(self) -> None:
        self._timer.stop()
        self._pending.clear()
        self.beginResetModel()
        self.rows.clear()
        self.dropped = 0
        self.endResetModel()
        self.droppedChanged.emit(0)

    # ------------------------------------------------------------ subclass hooks

    def prepare(self, record: Any) -> Any:
        """Turn an incoming record into the stored row (precompute display strings here)."""
        return record


def refilter(proxy: QSortFilterProxyModel, change: Callable[[], None]) -> None:
    """Apply ``change`` to a proxy's filter settings and re-filter its rows.

    Qt 6.10 replaced ``invalidateFilter`` with begin/endFilterChange; use whichever exists.
    """
    if hasattr(proxy, "beginFilterChange"):
        proxy.beginFilterChange()
        change()
        proxy.endFilterChange(QSortFilterProxyModel.Direction.Rows)
    else:
        change()
        proxy.invalidateFilter()
