"""The timers pane's table: the app's timers and, once measured, how often each woke it.

A listing (:meth:`TimerTable.show`) and a measurement (:meth:`TimerTable.measured`) are
joined here: a QTimer by its id, a ``startTimer`` timer by its object's id and timer id;
timer events of objects that were not listed become rows of their own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from inspector.models.columns import Column, RowTable
from probe.wire.qt_timers import Measurement, OtherTimer, TimerCount, TimerInfo, Wakeups

#: A timer started with QObject.startTimer (no QTimer object of its own).
START_TIMER = "QObject.startTimer"

#: The column sorted on (the busiest timer first).
WAKEUPS = 4


def key_of(timer: TimerInfo) -> Any:
    """Where a timer's measurement is kept: a QTimer by its id, a startTimer timer by its
    object's id and timer id (one object may run several)."""
    return (timer["id"], timer.get("timerId")) if timer["kind"] == START_TIMER else timer["id"]


@dataclass(frozen=True, slots=True)
class TimerRow:
    """One timer's cells; a number sorts as a number (an empty cell as 0)."""

    name: str
    label: str
    owner: str = ""
    interval: int | None = None
    active: bool = True
    #: "" before a measurement, then a count
    wakeups: int | str = ""
    per_second: float | str = ""


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _number(value: Any) -> Any:
    return value if isinstance(value, (int, float)) else 0


_Column = Column[TimerRow]


class TimerTable(RowTable[TimerRow]):
    """Rows: the listed timers (with their wake-ups once measured), then other timer
    events the measurement saw."""

    COLUMNS = (_Column("Timer", lambda r: r.label, sort=lambda r: r.name),
               _Column("Owner", lambda r: r.owner),
               _Column("Interval ms", lambda r: _text(r.interval),
                       sort=lambda r: r.interval or 0),
               _Column("Active", lambda r: "yes" if r.active else "no"),
               _Column("Wake-ups", lambda r: _text(r.wakeups), sort=lambda r: _number(r.wakeups)),
               _Column("Per second", lambda r: _text(r.per_second),
                       sort=lambda r: _number(r.per_second)))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.timers: list[TimerInfo] = []
        self.read_at = 0.0
        self.counts: dict[Any, Wakeups] = {}
        self.others: list[OtherTimer] = []
        self.measurement: Measurement | None = None

    def forget(self) -> None:
        """A new connection: its timers are not these."""
        self.counts.clear()
        self.others = []
        self.measurement = None

    def show(self, timers: list[TimerInfo]) -> None:
        self.timers = list(timers)
        self.read_at = time.time()
        self._fill()

    def measured(self, measurement: Measurement) -> None:
        """Put each timer's wake-ups beside it; timers the listing lacked are added."""
        self.measurement = measurement
        counted: list[TimerCount] = measurement["timers"]
        self.counts = {c["id"]: c for c in counted}
        listed = {key_of(t) for t in self.timers if isinstance(key_of(t), tuple)}
        self.others = []
        for other in measurement["otherTimers"]:
            key = (other["receiver"], other.get("timerId"))
            if key in listed:  # a listed startTimer timer
                self.counts[key] = other
            else:
                self.others.append(other)
        known = {t["id"] for t in self.timers}
        self.timers += [c for c in counted if c["id"] not in known]
        self._fill()

    def _fill(self) -> None:
        rows: list[TimerRow] = []
        for t in self.timers:
            count = self.counts.get(key_of(t))
            name = t["objectName"] or t["className"] or "QTimer"
            owner = t["owner"]
            owner_text = "" if owner is None else (owner["objectName"] or owner["className"]) \
                + (f" ({owner['id']})" if owner["id"] else "")
            wakeups = count["wakeups"] if count else ("" if not self.counts else 0)
            rows.append(TimerRow(name, f"{name} ({t['id']})", owner_text, t["interval"],
                                 t["active"], wakeups, count["perSecond"] if count else ""))
        for o in self.others:
            name = o["objectName"] or o["className"]
            rows.append(TimerRow(name, f"timer event → {name} ({o['receiver']})",
                                 wakeups=o["wakeups"], per_second=o["perSecond"]))
        self.set_rows(rows)
