"""Event monitor: watch the app's events by type and object, pause, bounded list.

The stream goes only to this client and costs the app nothing while stopped. Pause
keeps the stream running but stops adding rows (their count is shown), so a burst can
be read without losing the monitor's place.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.event_log import EventLogModel
from inspector.style.actions import set_icon
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_events import EventBatch


@register_pane("events", "Events", order=50, kind="tool",
               tip="The events Qt delivers, filtered by type and object")
class EventsPane(Pane):
    """Filters, start/stop, pause, clear, and the event list."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = EventLogModel(self)
        self.running = False
        self.held = 0
        probe.on_events(self._on_events)

        self.types_edit = QLineEdit(self)
        self.types_edit.setObjectName("eventTypes")
        self.types_edit.setPlaceholderText("types: KeyPress, MouseButtonPress … "
                                           "(empty = user input; * = all)")
        self.object_edit = QLineEdit(self)
        self.object_edit.setObjectName("eventObject")
        self.object_edit.setPlaceholderText("object (#N, name; empty = all)")
        self.types_edit.setMinimumWidth(80)
        self.object_edit.setMinimumWidth(60)
        self.start_button = QPushButton("Start", self)
        set_icon(self.start_button, "events")
        self.start_button.setObjectName("eventStart")
        self.start_button.setCheckable(True)
        self.start_button.setToolTip("Watch the app's events of these types (the stream "
                                     "costs the app nothing while stopped)")
        self.start_button.toggled.connect(self._toggled)
        self.pause = QCheckBox("Pause", self)
        self.pause.setObjectName("eventPause")
        clear = self.tool_button("clear", "Clear", "forget the events shown")
        clear.clicked.connect(self.model.clear)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.types_edit, 3)
        bar.addWidget(self.object_edit, 1)
        bar.addWidget(self.start_button)
        bar.addWidget(self.pause)
        bar.addWidget(clear)

        # "watching Close, ContextMenu, …" must not widen the window: it is elided
        self.counts = ElidedLabel("stopped", self)
        self.counts.setObjectName("eventCounts")
        self.view = QTableView(self)
        self.view.setObjectName("eventView")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 4)
        header = self.view.horizontalHeader()
        for col in (0, 1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.model.rowsInserted.connect(lambda *_: self._rows_added())
        self.add_hint(self.view, lambda: self.connected_or(
            "Events being watched come here." if self.running else
            "Press Start to watch the app's events: user input by default, or the types "
            "you list (* for all), for one object or all."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.counts)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- control

    def types(self) -> list[str] | None:
        names = [t.strip() for t in self.types_edit.text().replace(",", " ").split()]
        return [n for n in names if n] or None

    def _toggled(self, on: bool) -> None:
        if on and not self.running:
            self.run(self.start())
        elif not on and self.running:
            self.run(self.stop())

    async def start(self) -> bool:
        try:
            watched = await self.probe.start_events(self.types(),
                                                    self.object_edit.text().strip() or None)
        except QtmcpError as exc:
            self.show_error(exc)
            self._set_running(False)
            return False
        self.show_info("")
        self._set_running(True, f"watching {', '.join(watched)}")
        return True

    async def stop(self) -> None:
        try:
            await self.probe.stop_events()
        except QtmcpError as exc:
            self.show_error(exc)
        self._set_running(False)

    def _set_running(self, running: bool, text: str = "") -> None:
        self.running = running
        self.start_button.blockSignals(True)
        self.start_button.setChecked(running)
        self.start_button.setText("Stop" if running else "Start")
        self.start_button.blockSignals(False)
        self.counts.setText(text or ("running" if running else "stopped"))
        self.types_edit.setEnabled(not running)
        self.object_edit.setEnabled(not running)

    # ---------------------------------------------------------------- stream

    def _on_events(self, batch: EventBatch) -> None:
        if self.pause.isChecked():
            self.held += len(batch["events"])
            self.model.dropped += batch["dropped"]
        else:
            self.model.add(batch["events"], batch["dropped"])
        self._show_counts()

    def _show_counts(self) -> None:
        parts = [f"{self.model.rowCount()} events"]
        if self.model.dropped:
            parts.append(f"{self.model.dropped} dropped by the rate limit")
        if self.held:
            parts.append(f"{self.held} skipped while paused")
        self.counts.setText(" · ".join(parts))

    def _rows_added(self) -> None:
        bar = self.view.verticalScrollBar()
        if bar.value() >= bar.maximum() - 2:
            self.view.scrollToBottom()

    def on_connected(self) -> None:
        self._set_running(False)  # a new session has no monitor

    def on_lost(self) -> None:
        self._set_running(False)
