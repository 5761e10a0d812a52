"""The event monitor's rows: a bounded list of the QEvents the probe reported."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from probe.wire.qt_events import QtEvent

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
COLUMNS = ("Time", "Type", "Receiver", "Details")
#: Rows kept; the oldest go first.
MAX_ROWS = 5000


def details_text(event: QtEvent) -> str:
    """Key, mouse or wheel specifics in a few words."""
    parts = []
    if event.get("key"):
        text = event.get("text")
        parts.append(f"key {event.get('key')}" + (f" {text!r}" if text else ""))
    button = event.get("button")
    if button and button != "NoButton":
        parts.append(button.replace("Button", "").lower())
    pos = event.get("pos")
    if pos is not None:
        parts.append(f"at {pos['x']:g},{pos['y']:g}")
    wheel = event.get("angleDelta")
    if wheel is not None:
        parts.append(f"wheel {wheel['y']}")
    mods = [m.replace("Modifier", "").lower() for m in event.get("modifiers", [])]
    if mods:
        parts.append("+".join(mods))
    if event["spontaneous"]:
        parts.append("spontaneous")
    return "  ".join(parts)


class EventLogModel(QAbstractTableModel):
    """Bounded event rows; :meth:`add` appends a batch."""

    def __init__(self, parent: Any = None, max_rows: int = MAX_ROWS) -> None:
        super().__init__(parent)
        self.max_rows = max_rows
        self.events: list[QtEvent] = []
        self.dropped = 0

    def add(self, events: list[QtEvent], dropped: int = 0) -> None:
        self.dropped += dropped
        if not events:
            return
        events = events[-self.max_rows:]
        overflow = len(self.events) + len(events) - self.max_rows
        if overflow > 0:
            self.beginRemoveRows(_ROOT, 0, overflow - 1)
            del self.events[:overflow]
            self.endRemoveRows()
        first = len(self.events)
        self.beginInsertRows(_ROOT, first, first + len(events) - 1)
        self.events.extend(events)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self.events.clear()
        self.dropped = 0
        self.endResetModel()

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.events)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        e = self.events[index.row()]
        col = index.column()
        if col == 0:
            return time.strftime("%H:%M:%S", time.localtime(e["ts"])) + \
                f".{int(e['ts'] * 1000) % 1000:03d}"
        if col == 1:
            return e["type"]
        if col == 2:
            return f"{e['className']} {e['objectName']}".strip() + f" ({e['receiver']})"
        return details_text(e)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None
