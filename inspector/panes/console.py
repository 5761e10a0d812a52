"""Console pane: what the app prints and logs, coloured by level, as it arrives.

The pane first subscribes to the app's console, then reads the probe's buffer of it;
live messages that arrive meanwhile wait until the old ones are in, so the log stays in
order.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.console import LEVELS, ConsoleFilter, ConsoleModel
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, describe_error, register_pane
from probe.exceptions import QtmcpError
from probe.wire.chr_console import Batch

INITIAL_LIMIT = 2000


@register_pane("console", "Console", order=20, kind="tool",
               tip="Qt messages, logging, print output and uncaught exceptions")
class ConsolePane(Pane):
    """Level filter, regex filter, message table, full text of the selected message."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = ConsoleModel(parent=self)
        self.proxy = ConsoleFilter(self)
        self.proxy.setSourceModel(self.model)
        self._filling = False
        self._held: list[Batch] = []

        self.filter = self.make_filter("Filter by regular expression (Ctrl+F)")
        self.filter.textChanged.connect(self._pattern_changed)
        self.level = QComboBox(self)
        self.level.setObjectName("consoleLevel")
        self.level.addItems([f"{name} and above" if i else "all levels"
                             for i, name in enumerate(LEVELS)])
        self.level.currentIndexChanged.connect(lambda i: self._level_changed(LEVELS[i]))
        clear = QToolButton(self)
        clear.setText("Clear")
        clear.clicked.connect(self.model.clear)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.level)
        bar.addWidget(clear)

        self.view = QTableView(self)
        self.view.setObjectName("consoleView")
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for col, width in enumerate((96, 70, 70)):
            self.view.setColumnWidth(col, width)
        self.view.selectionModel().currentRowChanged.connect(self._show_detail)
        self.add_hint(self.view, lambda: (
            "No message matches the filters." if self.model.rows else self.connected_or(
                "The app's console shows here as it writes: Qt messages, logging, "
                "print output and uncaught exceptions.")))
        self.detail = QPlainTextEdit(self)
        self.detail.setObjectName("consoleDetail")
        self.detail.setReadOnly(True)
        self.detail.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.detail.setPlaceholderText("The full text of the selected message")
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.view)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.counts = ElidedLabel("", self)
        self.counts.setObjectName("consoleCounts")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        layout.addWidget(self.counts)
        layout.addWidget(self.status)

        self.model.flushed.connect(self._flushed)
        probe.on_console(self._on_console)
        self._update_counts()

    # ---------------------------------------------------------------- loading

    def on_connected(self) -> None:
        self.run(self.fill())

    async def fill(self) -> None:
        self._filling, self._held = True, []
        batch: Batch | None = None
        try:
            await self.probe.follow_console()
            batch = await self.probe.console_messages(INITIAL_LIMIT)
        except QtmcpError as exc:
            self.show_error(f"console unavailable: {describe_error(exc)}")
        finally:
            self._filling = False
        if batch is not None:
            self._on_console(batch)
        held, self._held = self._held, []
        for pushed in held:
            self._on_console(pushed)

    def _on_console(self, batch: Batch) -> None:
        if self._filling:
            self._held.append(batch)
            return
        self.model.add_messages(batch["messages"])
        if batch["dropped"] != self.model.probe_dropped:
            self.model.probe_dropped = batch["dropped"]
            self._update_counts()

    # ---------------------------------------------------------------- view

    def _flushed(self, _count: int) -> None:
        self._update_counts()
        bar = self.view.verticalScrollBar()
        if bar.value() >= bar.maximum() - 2 * self.view.verticalHeader().defaultSectionSize():
            self.view.scrollToBottom()

    def _level_changed(self, level: str) -> None:
        self.proxy.set_level(level)
        self._update_counts()

    def _pattern_changed(self, text: str) -> None:
        self.proxy.set_pattern(text)
        if self.proxy.pattern_error:
            self.show_error(f"regular expression: {self.proxy.pattern_error}")
        else:
            self.show_info("")
        self._update_counts()

    def _show_detail(self, current: Any, _previous: Any) -> None:
        if not current.isValid():
            return
        row = self.model.rows[self.proxy.mapToSource(current).row()]
        self.detail.setPlainText(f"[{row.time}] {row.level} ({row.source})\n{row.text}")

    def _update_counts(self) -> None:
        levels = self.model.level_counts
        text = counted(len(self.model.rows), "message")
        shown = self.proxy.rowCount()
        if shown != len(self.model.rows):
            text += f" ({shown:,} shown)"
        text += "".join(f" · {n} {lvl}" for lvl, n in levels.items())
        if self.model.probe_dropped:
            text += f" · {self.model.probe_dropped:,} dropped by the probe"
        if self.model.dropped:
            text += f" · {self.model.dropped:,} oldest dropped here"
        self.counts.setText(text)

    def messages(self) -> list[str]:
        return [row.text for row in self.model.rows]
