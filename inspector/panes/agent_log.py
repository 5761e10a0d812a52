"""Agent-request log: every call of every client, live, like a browser's Network panel.

Mirrored calls are queued into a bounded model that inserts them in batches. The
inspector's own calls are recognised by session id and hidden unless asked for. A row
the user picks is shown again on the live view (its mark). The approval gate's desk sits
in the log (:class:`~inspector.widgets.gate_desk.GateDesk`: held calls are rows); the
session tools add their actions from outside (export, Re-send: :mod:`inspector.sessions`).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QItemSelection, QModelIndex, Qt
from PySide6.QtGui import QAction, QFont, QFontDatabase, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.traffic import TrafficFilter, TrafficModel, TrafficRow
from inspector.style.words import counted
from inspector.widgets.gate_desk import GateDesk
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, describe_error, register_pane
from probe.exceptions import QtmcpError

ALL_CLIENTS = "All clients"


def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


@register_pane("agentLog", "Agent requests", order=2, kind="dock", side="bottom")
class AgentLogPane(Pane):
    """Table of calls with filters, a detail split, pause and clear."""

    def __init__(self, probe: ProbeClient, broker: Broker, parent: QWidget | None = None,
                 limit: int = 20000) -> None:
        super().__init__(probe, broker, parent)
        #: The probe refused this connection every client's calls (the client token).
        self.refused = False
        self.model = TrafficModel(limit=limit, parent=self)
        self.proxy = TrafficFilter(self)
        self.proxy.setSourceModel(self.model)
        self.paused = False

        self.filter = self.make_filter("Filter by method or tool (Ctrl+F)")
        self.filter.setMinimumWidth(110)
        self.filter.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.filter.textChanged.connect(lambda t: self.proxy.set_filters(method=t))
        self.client_box = QComboBox(self)
        self.client_box.setObjectName("agentLogClient")
        self.client_box.addItem(ALL_CLIENTS)
        self.client_box.setToolTip("Only the calls of one client")
        self.client_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.client_box.setMinimumContentsLength(11)
        self.client_box.currentTextChanged.connect(self._client_changed)
        self.errors_only = QCheckBox("Errors only", self)
        self.errors_only.setObjectName("agentLogErrorsOnly")
        self.errors_only.toggled.connect(lambda on: self.proxy.set_filters(errors_only=on))
        self.show_own = QCheckBox("Inspector calls", self)
        self.show_own.setObjectName("agentLogShowOwn")
        self.show_own.setToolTip("Also show the calls inspectors make (this one and any "
                                 "other): their pings and reads. Hidden by default: this "
                                 "log is about what agents do.")
        self.show_own.toggled.connect(lambda on: (self.proxy.set_filters(show_own=on),
                                                  self._fit_columns()))
        self.pause_button = self.tool_button(
            "pause", "Pause", "stop following new calls (Ctrl+P)", checkable=True)
        self.pause_button.setObjectName("agentLogPause")
        self.pause_button.toggled.connect(self.set_paused)
        clear = self.tool_button("clear", "Clear", "forget the calls shown (Ctrl+L)")
        clear.setObjectName("agentLogClear")
        clear.clicked.connect(self.model.clear)
        self.counts = ElidedLabel("", self)
        self.counts.setObjectName("agentLogCounts")

        self.view = QTableView(self)
        self.view.setObjectName("agentLogView")
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(False)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(
            self.view.fontMetrics().height() + 6)
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(self.model.PARAMS, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        self._fit_columns()
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.add_hint(self.view, self._hint)

        gate_button = self.tool_button(
            "gate", "Approval gate", "Hold agents' calls that change the app until you "
            "approve them here", checkable=True, with_text=True)
        self.gate = GateDesk(probe, self.model, gate_button, self.selected_row,
                             self.select_source_row, self.show_error, self)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self.gate.update_bar())
        self.bar = self.toolbar(self.filter, self.client_box, self.errors_only, self.show_own,
                                self.pause_button, clear)
        #: where tools added from outside go (before the gate's toggle, which stays last)
        self._tools_end: QAction = self.bar.addWidget(gate_button)

        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.request_text = QPlainTextEdit(self)
        self.request_text.setObjectName("agentLogRequest")
        self.response_text = QPlainTextEdit(self)
        self.response_text.setObjectName("agentLogResponse")
        self.detail = QTabWidget(self)
        self.detail.setObjectName("agentLogDetail")
        for edit, title in ((self.request_text, "Request"), (self.response_text, "Response")):
            edit.setPlaceholderText(f"Select a call: its {title.lower()} shows here as JSON.")
            edit.setReadOnly(True)
            edit.setFont(mono)
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            self.detail.addTab(edit, title)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.view)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([760, 240])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.bar)
        layout.addWidget(self.gate)
        layout.addWidget(split, 1)
        layout.addWidget(self.counts)
        layout.addWidget(self.status)

        self.add_shortcut("Ctrl+P", "pause the agent log", self.pause_button.toggle)
        self.add_shortcut("Ctrl+L", "clear the agent log", self.model.clear)

        self.model.flushed.connect(self._flushed)
        self.model.droppedChanged.connect(lambda _n: self._update_counts())
        self.model.clientSeen.connect(self._client_seen)
        probe.on_traffic(self.model.append)
        probe.on_traffic_dropped(self._probe_dropped)
        self._update_counts()

    def _hint(self) -> str:
        if not self.probe.is_connected and not self.model.rows:
            return ("Not connected. File › Connect… (Ctrl+O) picks a running app; every "
                    "call any client makes to it then shows here, live.")
        if self.refused:
            return ("Calls are not shown on this connection: it came with the client "
                    "token. Connect by pid (File › Connect…), which uses the inspector "
                    "token, to see every client's calls.")
        if self.model.rows:
            return "No call matches the filters."
        pid = (self.probe.app or {}).get("pid") or "PID"
        return (f"No agent calls yet. Let an agent drive the app: qtmcp mcp --pid {pid} "
                "(Claude Code: claude mcp add qtmcp -- qtmcp mcp --pid "
                f"{pid}); each call it makes shows here with its result. Inspectors' own "
                "calls are hidden (Inspector calls shows them).")

    def add_tools(self, *widgets: QWidget) -> None:
        """Put tools of others (the session exports) in the toolbar, before the gate."""
        for widget in widgets:
            self.bar.insertWidget(self._tools_end, widget)

    # -- connection

    def on_connected(self) -> None:
        self.model.own_session = self.probe.session_id
        self.proxy.invalidate()
        self.run(self._follow())

    async def _follow(self) -> None:
        """Subscribe to every client's calls, then start the gate. The probe shows both
        only to a connection with the inspector token, and an empty log must not pass
        for a quiet agent."""
        self.show_info("")
        self.refused = False
        try:
            await self.probe.follow_traffic()
        except QtmcpError as exc:
            self.refused = True
            self.refresh_hints()
            self.show_error("Agent requests and the approval gate are not available: "
                            f"{describe_error(exc)}")
            return
        self.refresh_hints()
        self.gate.on_connected()

    # -- live updates

    def _flushed(self, _count: int) -> None:
        if self.model.new_names:
            self.model.new_names = False
            self._fit_columns()
        self._update_counts()
        if not self.paused:
            self.view.scrollToBottom()

    def _probe_dropped(self, dropped: int) -> None:
        self.model.probe_dropped = dropped
        self._update_counts()

    def _update_counts(self) -> None:
        text = counted(len(self.model.rows), "call")
        shown = self.proxy.rowCount()
        if shown != len(self.model.rows):
            text += f" ({shown:,} shown)"
        if self.model.dropped:
            text += f" · {self.model.dropped:,} oldest dropped from this log"
        if self.model.probe_dropped:
            text += f" · {self.model.probe_dropped:,} notifications dropped by the probe"
        if self.paused:
            text += " · paused"
        self.counts.setText(text)

    def set_paused(self, paused: bool) -> None:
        """Paused: rows still arrive, but the view stops scrolling to the newest."""
        self.paused = paused
        self.pause_button.setText("Resume" if paused else "Pause")
        if self.pause_button.isChecked() != paused:
            self.pause_button.setChecked(paused)
        if not paused:
            self.view.scrollToBottom()
        self._update_counts()

    def _client_seen(self, name: str) -> None:
        if self.client_box.findText(name) < 0:
            self.client_box.addItem(name)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Columns as wide as what they hold (time, the clients and methods seen so far,
        durations, statuses), measured once per new name rather than per row; Params
        takes the rest."""
        metrics = self.view.fontMetrics()
        bold = QFont(self.view.font())
        bold.setBold(True)

        def width(texts: Any, fm: Any = metrics, cap: int = 260) -> int:
            return min(cap, max((fm.horizontalAdvance(t) for t in texts), default=40) + 16)

        header = self.view.horizontalHeader()
        own = self.proxy.show_own  # inspectors' calls shown: their names count too

        def seen(names: dict[bool, set[str]]) -> list[str]:
            return [*names[False], *(names[True] if own else ())]

        m = self.model
        cols = {m.TIME: width(["00:00:00.000", "Time"]),
                m.CLIENT: width([*self.model.clients, "Client"], cap=200),
                m.CALLED_AS: width(["Called as", *self.model.called[:50]],
                                   QFontMetrics(bold), cap=260),
                m.METHOD: width([*seen(self.model.methods), "Method"], QFontMetrics(bold),
                                cap=220),
                m.DURATION: width(["1234.56 ms", "Duration"]),
                m.STATUS: width(["ok", "Status", *seen(self.model.statuses)], cap=200)}
        for col, w in cols.items():  # widen only: a column the user sized stays
            if header.sectionSize(col) < w or col in (m.TIME, m.DURATION):
                self.view.setColumnWidth(col, w)

    def _client_changed(self, text: str) -> None:
        self.proxy.set_filters(client="" if text == ALL_CLIENTS else text)

    # -- selection and detail

    def selected_row(self) -> TrafficRow | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.rows[self.proxy.mapToSource(rows[0]).row()]

    def selected_rows(self) -> list[TrafficRow]:
        """The selected rows, oldest first."""
        picked = sorted(self.proxy.mapToSource(i).row()
                        for i in self.view.selectionModel().selectedRows())
        return [self.model.rows[r] for r in picked]

    def _selection_changed(self, _sel: QItemSelection, _desel: QItemSelection) -> None:
        row = self.selected_row()
        if row is None:
            return
        call = row.call
        head = (f"// {call.client['name']} ({call.client['role']}) · seq {call.seq} · "
                f"{row.time}")
        self.request_text.setPlainText(head + "\n" + pretty(row.request()))
        response = row.response()
        self.response_text.setPlainText(
            f"// {row.status} in {row.duration}\n" + pretty(response) if response is not None
            else "// a notification gets no response")
        self.broker.choose_call(call)

    def select_source_row(self, source_row: int) -> None:
        index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if index.isValid():
            self.view.selectRow(index.row())
            self.view.scrollTo(index)

    def visible_rows(self) -> list[TrafficRow]:
        """Rows as filtered for display."""
        return [self.model.rows[self.proxy.mapToSource(self.proxy.index(r, 0)).row()]
                for r in range(self.proxy.rowCount(QModelIndex()))]
