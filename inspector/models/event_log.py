"""The event monitor's rows: a bounded list of the QEvents the probe reported."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex

from inspector.models.columns import Column, RowTable
from inspector.models.log_model import clock
from probe.wire.qt_events import QtEvent

_ROOT = QModelIndex()
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


def _receiver(event: QtEvent) -> str:
    return f"{event['className']} {event['objectName']}".strip() + f" ({event['receiver']})"


_Column = Column[QtEvent]


class EventLogModel(RowTable[QtEvent]):
    """Bounded event rows; :meth:`add` appends a batch."""

    COLUMNS = (_Column("Time", lambda e: clock(e["ts"]), tip=lambda e: clock(e["ts"])),
               _Column("Type", lambda e: e["type"], tip=lambda e: e["type"]),
               _Column("Receiver", _receiver, tip=_receiver),
               _Column("Details", details_text, tip=details_text))

    def __init__(self, parent: Any = None, max_rows: int = MAX_ROWS) -> None:
        super().__init__(parent)
        self.max_rows = max_rows
        self.dropped = 0

    @property
    def events(self) -> list[QtEvent]:
        return self.rows

    def add(self, events: list[QtEvent], dropped: int = 0) -> None:
        self.dropped += dropped
        if not events:
            return
        events = events[-self.max_rows:]
        overflow = len(self.rows) + len(events) - self.max_rows
        if overflow > 0:
            self.beginRemoveRows(_ROOT, 0, overflow - 1)
            del self.rows[:overflow]
            self.endRemoveRows()
        first = len(self.rows)
        self.beginInsertRows(_ROOT, first, first + len(events) - 1)
        self.rows.extend(events)
        self.endInsertRows()

    def clear(self) -> None:
        self.dropped = 0
        self.set_rows([])
