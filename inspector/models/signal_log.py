"""Log of the signal emissions the inspector subscribed to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from inspector.models.log_model import BoundedLogModel, clock
from inspector.models.traffic import short_json
from inspector.style import theme
from probe.wire.qt_signals import Emission


@dataclass(slots=True)
class EmissionRow:
    ts: float
    time: str
    object: str
    signal: str
    args: str
    emission: Emission


class SignalLogModel(BoundedLogModel):
    """Columns: time, object, signal, arguments."""

    COLUMNS = ("Time", "Object", "Signal", "Arguments")

    def __init__(self, limit: int = 10000, flush_ms: int = 80, parent: Any = None) -> None:
        super().__init__(limit, flush_ms, parent)
        #: subscriptionId -> label of the object it watches (set by the pane)
        self.labels: dict[str, str] = {}

    def prepare(self, record: Any) -> EmissionRow:
        e: Emission = record
        label = self.labels.get(e["subscriptionId"], e["objectId"])
        return EmissionRow(e["ts"], clock(e["ts"]), label, e["signal"], short_json(e["args"], 200),
                           e)

    def display(self, row: EmissionRow, column: int) -> Any:
        return (row.time, row.object, row.signal, row.args)[column]

    def decorate(self, row: EmissionRow, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return QBrush(theme.accent("muted"))
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return short_json(row.emission["args"], 4000)
        return None
