"""Log of the signal emissions the inspector subscribed to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspector.models.columns import Column, muted
from inspector.models.log_model import BoundedLogModel, clock
from inspector.models.traffic import short_json
from probe.wire.qt_signals import Emission


@dataclass(slots=True)
class EmissionRow:
    ts: float
    time: str
    object: str
    signal: str
    args: str
    emission: Emission


_Column = Column[EmissionRow]


class SignalLogModel(BoundedLogModel):
    """Columns: time, object, signal, arguments."""

    COLUMNS = (_Column("Time", lambda r: r.time, tone=muted),
               _Column("Object", lambda r: r.object),
               _Column("Signal", lambda r: r.signal),
               _Column("Arguments", lambda r: r.args,
                       tip=lambda r: short_json(r.emission["args"], 4000)))

    def __init__(self, limit: int = 10000, flush_ms: int = 80, parent: Any = None) -> None:
        super().__init__(limit, flush_ms, parent)
        #: subscriptionId -> label of the object it watches (set by the pane)
        self.labels: dict[str, str] = {}

    def prepare(self, record: Any) -> EmissionRow:
        e: Emission = record
        label = self.labels.get(e["subscriptionId"], e["objectId"])
        return EmissionRow(e["ts"], clock(e["ts"]), label, e["signal"], short_json(e["args"], 200),
                           e)
