"""Timers pane: the app's QTimers and their measured wake-ups.

"Measure" counts wake-ups for a few seconds (the app keeps running meanwhile) and sorts
the list by them: the timer that wakes the app most comes first. Timers that are no
QTimer (animations, cursor blink) are listed with their receiver.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
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

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.columns import SORT_ROLE, filter_proxy
from inspector.models.log_model import clock
from inspector.models.timers import WAKEUPS, TimerTable
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_timers import Measurement, TimerInfo


@register_pane("timers", "Timers", order=60, kind="tool",
               tip="Every timer and how often it wakes the app")
class TimersPane(Pane):
    """Timer table sorted by wake-ups, a measure button and its duration."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = TimerTable(self)
        self.proxy = filter_proxy(self.model, self, SORT_ROLE)

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
        for col in range(1, len(TimerTable.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)

        self.add_hint(self.view, lambda: (
            f"No timer matches “{self.filter.text()}”." if self.filter.text()
            and self.model.timers
            else self.connected_or("The app's timers show here; Measure counts how often "
                                   "each wakes the app, the busiest first.")))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- loading

    @property
    def timers(self) -> list[TimerInfo]:
        return self.model.timers

    def on_connected(self) -> None:
        self.model.forget()
        self.refresh()

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.run(self.load())

    async def load(self) -> None:
        try:
            timers = await self.probe.timers(self.active_only.isChecked())
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.show_info("")
        self.model.show(timers)
        self._sorted()

    async def measure(self) -> Measurement | None:
        self.measure_button.setEnabled(False)
        self.summary.setText(f"measuring for {self.seconds.value():g} s…")
        try:
            result = await self.probe.measure_timers(self.seconds.value())
        except QtmcpError as exc:
            self.show_error(exc)
            return None
        finally:
            self.measure_button.setEnabled(True)
        self.model.measured(result)
        self.summary.setText(f"{result['totalWakeups']} wake-ups in {result['seconds']:g} s "
                             f"({result['totalPerSecond']:g}/s)")
        self._sorted()
        return result

    def _sorted(self) -> None:
        self.view.sortByColumn(WAKEUPS, Qt.SortOrder.DescendingOrder)
        if self.model.measurement is None:
            self.summary.setText(f"{counted(len(self.model.timers), 'timer')}, as read at "
                                 f"{clock(self.model.read_at)} (a snapshot: Reload reads "
                                 "again) · Measure counts wake-ups")

    def rows(self) -> list[list[str]]:
        """The table as shown (sorted, filtered), for tests and export."""
        return [[self.proxy.index(r, c).data() or "" for c in range(len(TimerTable.COLUMNS))]
                for r in range(self.proxy.rowCount())]
