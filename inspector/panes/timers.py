"""Timers pane: the app's QTimers (qt.timers.list) and their measured wake-ups.

"Measure" counts wake-ups for a few seconds (qt.timers.measure, which does not block
the app) and sorts the list by them: the timer that wakes the app most comes first.
Timers that are no QTimer (animations, cursor blink) are listed with their receiver.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDoubleSpinBox,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.connection import Connection
from inspector.models.logmodel import clock
from inspector.panes.base import Pane
from inspector.panes.hints import ElidedLabel
from probe.exceptions import QtmcpError

COLUMNS = ("Timer", "Owner", "Interval ms", "Active", "Wake-ups", "Per second")
WAKEUPS = 4
_SORT = Qt.ItemDataRole.UserRole + 1


def _key(timer: dict[str, Any]) -> Any:
    """Where a listed timer's measurement is kept: a QTimer by its id, a startTimer timer
    by its object's id and timer id (one object may run several)."""
    if timer.get("kind") == "QObject.startTimer":
        return (timer["id"], timer.get("timerId"))
    return timer["id"]


def _item(text: Any, sort: Any = None) -> QStandardItem:
    item = QStandardItem("" if text is None else str(text))
    item.setEditable(False)
    item.setData(sort if sort is not None else (text if text is not None else ""), _SORT)
    return item


class TimersPane(Pane):
    """Timer table sorted by wake-ups, a measure button and its duration."""

    TITLE = "Timers"
    NAME = "timers"

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(conn, parent)
        self.timers: list[dict[str, Any]] = []
        self.read_at = 0.0
        self.measured: dict[str, dict[str, Any]] = {}
        self.others: list[dict[str, Any]] = []
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(_SORT)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)

        self.filter = self.make_filter("Filter timers (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.active_only = QCheckBox("Active only", self)
        self.active_only.setChecked(True)
        self.active_only.toggled.connect(lambda _on: self.refresh())
        self.seconds = QDoubleSpinBox(self)
        self.seconds.setObjectName("timerSeconds")
        self.seconds.setRange(0.1, 30)
        self.seconds.setValue(1.0)
        self.seconds.setSuffix(" s")
        self.measure_button = QPushButton("Measure", self)
        self.measure_button.setObjectName("timerMeasure")
        self.measure_button.setToolTip("Count timer wake-ups for a while (the app keeps "
                                       "running)")
        self.measure_button.clicked.connect(lambda: self.run(self.measure()))
        bar = self.filter_bar(self.filter, "List the timers again")
        bar.addWidget(self.active_only)
        bar.addWidget(self.seconds)
        bar.addWidget(self.measure_button)

        self.summary = ElidedLabel("", self)
        self.summary.setObjectName("timerSummary")
        self.view = QTableView(self)
        self.view.setObjectName("timerView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)

        self.add_hint(self.view, lambda: (
            f"No timer matches “{self.filter.text()}”." if self.filter.text() and self.timers
            else self.connected_or("The app's timers show here; Measure counts how often "
                                   "each wakes the app, the busiest first.")))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- loading

    def on_connected(self) -> None:
        self.measured.clear()
        self.others = []
        self.refresh()

    def refresh(self) -> None:
        if self.conn.is_connected:
            self.run(self.load())

    async def load(self) -> None:
        try:
            result = await self.conn.call("qt.timers.list",
                                          {"activeOnly": self.active_only.isChecked()})
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.timers = list(result.get("timers") or [])
        self.read_at = time.time()
        self.show_info("")
        self._fill()

    async def measure(self) -> dict[str, Any] | None:
        self.measure_button.setEnabled(False)
        self.summary.setText(f"measuring for {self.seconds.value():g} s…")
        try:
            result = await self.conn.call("qt.timers.measure",
                                          {"seconds": self.seconds.value()},
                                          timeout=self.seconds.value() + 30)
        except QtmcpError as exc:
            self.show_error(exc)
            return None
        finally:
            self.measure_button.setEnabled(True)
        self.measured = {t["id"]: t for t in result.get("timers") or []}
        listed = {(t["id"], t.get("timerId")) for t in self.timers
                  if t.get("kind") == "QObject.startTimer"}
        self.others = []
        for o in result.get("otherTimers") or []:
            if (o.get("receiver"), o.get("timerId")) in listed:  # a listed startTimer timer
                self.measured[(o["receiver"], o.get("timerId"))] = o
            else:
                self.others.append(o)
        known = {t["id"] for t in self.timers}
        self.timers += [t for t in result.get("timers") or [] if t["id"] not in known]
        self.summary.setText(f"{result.get('totalWakeups')} wake-ups in "
                             f"{result.get('seconds')} s ({result.get('totalPerSecond')}/s)")
        self._fill()
        return result

    def _fill(self) -> None:
        self.model.removeRows(0, self.model.rowCount())
        for t in self.timers:
            m = self.measured.get(_key(t), {})
            name = t.get("objectName") or t.get("className") or "QTimer"
            owner = t.get("owner") or {}
            owner_text = (owner.get("objectName") or owner.get("className") or "") + \
                (f" ({owner.get('id')})" if owner.get("id") else "")
            self.model.appendRow([
                _item(f"{name} ({t['id']})", name), _item(owner_text),
                _item(t.get("interval"), t.get("interval") or 0),
                _item("yes" if t.get("active") else "no"),
                _item(m.get("wakeups", "" if not self.measured else 0), m.get("wakeups", 0)),
                _item(m.get("perSecond", ""), m.get("perSecond", 0))])
        for o in self.others:
            name = o.get("objectName") or o.get("className")
            self.model.appendRow([
                _item(f"timer event → {name} ({o.get('receiver')})", name), _item(""),
                _item("", 0), _item("yes"), _item(o.get("wakeups"), o.get("wakeups", 0)),
                _item(o.get("perSecond"), o.get("perSecond", 0))])
        self.view.sortByColumn(WAKEUPS, Qt.SortOrder.DescendingOrder)
        if not self.measured:
            self.summary.setText(f"{len(self.timers)} timers, as read at {clock(self.read_at)}"
                                 " (a snapshot: Reload reads again) · Measure counts "
                                 "wake-ups")

    def rows(self) -> list[list[str]]:
        """The table as shown (sorted, filtered), for tests and export."""
        return [[self.proxy.index(r, c).data() or "" for c in range(len(COLUMNS))]
                for r in range(self.proxy.rowCount())]
