"""The timers pane's table: the app's timers and, once measured, how often each woke it.

A listing (:meth:`TimerTable.show`) and a measurement (:meth:`TimerTable.measured`) are
joined here: a QTimer by its id, a ``startTimer`` timer by its object's id and timer id;
timer events of objects that were not listed become rows of their own.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from probe.wire.qt_timers import Measurement, OtherTimer, TimerCount, TimerInfo, Wakeups

#: A timer started with QObject.startTimer (no QTimer object of its own).
START_TIMER = "QObject.startTimer"

COLUMNS = ("Timer", "Owner", "Interval ms", "Active", "Wake-ups", "Per second")
#: The column sorted on (the busiest timer first).
WAKEUPS = 4
#: The role the table sorts by (numbers as numbers).
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


def key_of(timer: TimerInfo) -> Any:
    """Where a timer's measurement is kept: a QTimer by its id, a startTimer timer by its
    object's id and timer id (one object may run several)."""
    return (timer["id"], timer.get("timerId")) if timer["kind"] == START_TIMER else timer["id"]


def _item(text: Any, sort: Any = None) -> QStandardItem:
    item = QStandardItem("" if text is None else str(text))
    item.setEditable(False)
    item.setData(sort if sort is not None else (text if text is not None else ""), SORT_ROLE)
    return item


class TimerTable(QStandardItemModel):
    """Rows: the listed timers (with their wake-ups once measured), then other timer
    events the measurement saw."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
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
        self.removeRows(0, self.rowCount())
        for t in self.timers:
            count = self.counts.get(key_of(t))
            name = t["objectName"] or t["className"] or "QTimer"
            owner = t["owner"]
            owner_text = "" if owner is None else (owner["objectName"] or owner["className"]) \
                + (f" ({owner['id']})" if owner["id"] else "")
            wakeups = count["wakeups"] if count else ("" if not self.counts else 0)
            self.appendRow([
                _item(f"{name} ({t['id']})", name), _item(owner_text),
                _item(t["interval"], t["interval"] or 0),
                _item("yes" if t["active"] else "no"),
                _item(wakeups, count["wakeups"] if count else 0),
                _item(count["perSecond"] if count else "", count["perSecond"] if count else 0)])
        for o in self.others:
            name = o["objectName"] or o["className"]
            self.appendRow([
                _item(f"timer event → {name} ({o['receiver']})", name), _item(""),
                _item("", 0), _item("yes"), _item(o["wakeups"], o["wakeups"]),
                _item(o["perSecond"], o["perSecond"])])
