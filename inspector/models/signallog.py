"""Log of signal emissions the inspector subscribed to (``qt.signals.emitted``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from inspector import theme
from inspector.models.logmodel import BoundedLogModel, clock
from inspector.models.traffic import short_json


@dataclass(slots=True)
class Emission:
    ts: float
    time: str
    object: str
    signal: str
    args: str
    raw: dict[str, Any]


class SignalLogModel(BoundedLogModel):
    """Columns: time, object, signal, arguments."""

    COLUMNS = ("Time", "Object", "Signal", "Arguments")

    def __init__(self, limit: int = 10000, flush_ms: int = 80, parent: Any = None) -> None:
        super().__init__(limit, flush_ms, parent)
        #: subscriptionId -> label of the object it watches (set by the pane)
        self.labels: dict[str, str] = {}

    def prepare(self, record: Any) -> Emission:
        ts = float(record.get("ts") or 0.0)
        label = self.labels.get(str(record.get("subscriptionId")), str(record.get("objectId")))
        return Emission(ts, clock(ts), label, str(record.get("signal", "")),
                        short_json(record.get("args"), 200), record)

    def display(self, row: Emission, column: int) -> Any:
        return (row.time, row.object, row.signal, row.args)[column]

    def decorate(self, row: Emission, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return QBrush(theme.accent("muted"))
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return short_json(row.raw.get("args"), 4000)
        return None
