"""Agent-request log: every call of every client, live, like a browser's Network panel.

Subscribes to the ``traffic`` topic; ``probe.traffic`` notifications are queued into a
bounded model that inserts them in batches. The inspector's own calls are recognised
by session id and hidden unless asked for.

It is also the control room's desk: the "Approval gate" toggle holds agents' app-changing
calls (``probe.gate.set``); a held call shows as a pending row with Approve / Reject /
"Approve all from this client for 5 min" (``probe.gate.decide`` / ``approveClient``).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QItemSelection, QModelIndex, Qt
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector import export_test
from inspector.actions import set_icon
from inspector.connection import Connection
from inspector.models.traffic import TrafficFilter, TrafficModel, TrafficRow
from inspector.panes.base import Pane
from inspector.panes.hints import ElidedLabel
from probe.exceptions import QtmcpError

ALL_CLIENTS = "All clients"
#: Minutes of "Approve all from this client".
TRUST_MINUTES = 5


def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


class AgentLogPane(Pane):
    """Table of calls with filters, a detail split, pause and JSON Lines export."""

    TITLE = "Agent requests"
    NAME = "agentLog"

    def __init__(self, conn: Connection, parent: QWidget | None = None,
                 limit: int = 20000) -> None:
        super().__init__(conn, parent)
        self.model = TrafficModel(limit=limit, parent=self)
        self.proxy = TrafficFilter(self)
        self.proxy.setSourceModel(self.model)
        self.paused = False

        self.filter = self.make_filter("Filter by method (Ctrl+F)")
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
        export = self.tool_button("save", "Export…",
                                  "save the calls as JSON Lines (Ctrl+E)")
        export.setObjectName("agentLogExport")
        export.clicked.connect(self._export_dialog)
        self.export_test_button = export_test.export_button(
            self, self.test_records, lambda selected: self._export_test_dialog(selected))
        set_icon(self.export_test_button, "export")
        self.export_test_button.setAutoRaise(True)
        self.export_test_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.counts = ElidedLabel("", self)
        self.counts.setObjectName("agentLogCounts")
        self._build_gate()

        bar = self.toolbar(self.filter, self.client_box, self.errors_only, self.show_own,
                           self.pause_button, clear, export, self.export_test_button,
                           self.gate_button)

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
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        self._fit_columns()
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.add_hint(self.view, self._hint)

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
        layout.addWidget(bar)
        layout.addWidget(self.gate_bar)
        layout.addWidget(split, 1)
        layout.addWidget(self.counts)
        layout.addWidget(self.status)

        for keys, slot in (("Ctrl+P", self.pause_button.toggle), ("Ctrl+L", self.model.clear),
                           ("Ctrl+E", self._export_dialog)):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)

        self.model.flushed.connect(self._flushed)
        self.model.droppedChanged.connect(lambda _n: self._update_counts())
        self.model.clientSeen.connect(self._client_seen)
        conn.on("probe.traffic", self.model.append)
        conn.on("probe.dropped", self._probe_dropped)
        conn.on("probe.gate.pending", self._gate_pending)
        conn.on("probe.gate.resolved", self._gate_resolved)
        conn.on("probe.gate.changed", self._gate_changed)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_gate_bar())
        self._update_counts()

    def _hint(self) -> str:
        if not self.conn.is_connected and not self.model.rows:
            return ("Not connected. File › Connect… (Ctrl+O) picks a running app; every "
                    "call any client makes to it then shows here, live.")
        if self.model.rows:
            return "No call matches the filters."
        pid = self.conn.app_info.get("pid", "PID")
        return (f"No agent calls yet. Let an agent drive the app: qtmcp mcp --pid {pid} "
                "(Claude Code: claude mcp add qtmcp -- qtmcp mcp --pid "
                f"{pid}); each call it makes shows here with its result. Inspectors' own "
                "calls are hidden (Inspector calls shows them).")

    # -- connection

    def on_connected(self) -> None:
        self.model.own_session = self.conn.session_id
        self.proxy.invalidate()
        self.run(self.conn.subscribe("traffic"))
        self.run(self._subscribe_control())
        if self.gate_button.isChecked():  # a reconnect: the probe forgot our gate
            self.run(self._set_gate(True))

    async def _subscribe_control(self) -> None:
        try:  # a probe without the control room lacks these topics
            await self.conn.subscribe("gate", "highlight")
        except QtmcpError as exc:
            self.show_error(exc)

    # -- approval gate

    def _build_gate(self) -> None:
        self.gate_button = self.tool_button(
            "gate", "Approval gate", "Hold agents' calls that change the app until you "
            "approve them here", checkable=True, with_text=True)
        self.gate_button.setObjectName("agentLogGate")
        self.gate_button.toggled.connect(lambda on: self.run(self._set_gate(on)))
        self.gate_bar = QWidget(self)
        self.gate_bar.setObjectName("agentLogGateBar")
        self.gate_label = ElidedLabel("", self.gate_bar)
        self.approve_button = QPushButton("Approve", self.gate_bar)
        self.approve_button.setObjectName("agentLogApprove")
        self.reject_button = QPushButton("Reject", self.gate_bar)
        self.reject_button.setObjectName("agentLogReject")
        self.trust_button = QPushButton("Approve all from this client for", self.gate_bar)
        self.trust_button.setObjectName("agentLogApproveClient")
        self.trust_minutes = QSpinBox(self.gate_bar)
        self.trust_minutes.setObjectName("agentLogTrustMinutes")
        self.trust_minutes.setRange(1, 24 * 60)
        self.trust_minutes.setValue(TRUST_MINUTES)
        self.trust_minutes.setSuffix(" min")
        self.trust_minutes.setToolTip("How long this client's calls pass without asking")
        self.approve_button.clicked.connect(lambda: self.decide(True))
        self.reject_button.clicked.connect(lambda: self.decide(False))
        self.trust_button.clicked.connect(self.trust_client)
        row = QHBoxLayout(self.gate_bar)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.gate_label, 1)
        for b in (self.approve_button, self.reject_button, self.trust_button,
                  self.trust_minutes):
            row.addWidget(b)
        self.gate_bar.hide()

    async def _set_gate(self, on: bool) -> None:
        if not self.conn.is_connected:
            return
        try:
            await self.conn.call("probe.gate.set", {"enabled": on})
        except QtmcpError as exc:
            self.show_error(exc)
            self.gate_button.setChecked(False)

    def _gate_changed(self, params: dict[str, Any]) -> None:
        self._update_gate_bar()

    def _gate_pending(self, params: dict[str, Any]) -> None:
        self.model.add_held(params)
        self.select_source_row(len(self.model.rows) - 1)
        self._update_gate_bar()

    def _gate_resolved(self, params: dict[str, Any]) -> None:
        self.model.gate_resolved(params)
        self._update_gate_bar()

    def _target_row(self) -> TrafficRow | None:
        """The selected held row, else the oldest one still held."""
        row = self.selected_row()
        if row is not None and row.awaiting:
            return row
        held = self.model.held_rows()
        return held[0] if held else None

    def _update_gate_bar(self) -> None:
        held = self.model.held_rows()
        row = self._target_row()
        self.gate_bar.setVisible(bool(held))
        if row is not None:
            self.gate_label.setText(f"{len(held)} held · {row.client} wants {row.method} "
                                    f"{row.params}")
        for b in (self.approve_button, self.reject_button, self.trust_button):
            b.setEnabled(row is not None)

    def decide(self, approve: bool) -> None:
        row = self._target_row()
        if row is not None:
            self.run(self._call("probe.gate.decide", {"gateId": row.gate_id,
                                                      "approve": approve}))

    def trust_client(self) -> None:
        row = self._target_row()
        if row is not None and row.client_id is not None:
            self.run(self._call("probe.gate.approveClient",
                                {"clientId": row.client_id,
                                 "minutes": self.trust_minutes.value()}))

    async def _call(self, method: str, params: dict[str, Any]) -> None:
        try:
            await self.conn.call(method, params)
        except QtmcpError as exc:
            self.show_error(exc)

    # -- selection hand-off

    def publish_selection(self, object_id: str | None) -> None:
        """Tell the probe what the human selected (``probe.selection.set``)."""
        if self.conn.is_connected:
            self.run(self._quiet_call("probe.selection.set", {"objectId": object_id or None}))

    async def _quiet_call(self, method: str, params: dict[str, Any]) -> None:
        try:  # an older probe, or the object died meanwhile: nothing for the human to do
            await self.conn.call(method, params)
        except QtmcpError:
            pass

    # -- live updates

    def _flushed(self, _count: int) -> None:
        if self.model.new_names:
            self.model.new_names = False
            self._fit_columns()
        self._update_counts()
        if not self.paused:
            self.view.scrollToBottom()

    def _probe_dropped(self, params: dict[str, Any]) -> None:
        self.model.probe_dropped = int(params.get("dropped", 0))
        self._update_counts()

    def _update_counts(self) -> None:
        text = f"{len(self.model.rows):,} calls"
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

        cols = {0: width(["00:00:00.000", "Time"]),
                1: width([*self.model.clients, "Client"], cap=200),
                2: width([*seen(self.model.methods), "Method"], QFontMetrics(bold), cap=220),
                4: width(["1234.56 ms", "Duration"]),
                5: width(["ok", "Status", *seen(self.model.statuses)], cap=200)}
        for col, w in cols.items():  # widen only: a column the user sized stays
            if header.sectionSize(col) < w or col in (0, 4):
                self.view.setColumnWidth(col, w)

    def _client_changed(self, text: str) -> None:
        self.proxy.set_filters(client="" if text == ALL_CLIENTS else text)

    # -- detail

    def selected_row(self) -> TrafficRow | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.rows[self.proxy.mapToSource(rows[0]).row()]

    def _selection_changed(self, _sel: QItemSelection, _desel: QItemSelection) -> None:
        row = self.selected_row()
        if row is None:
            return
        rec = row.record
        head = (f"// {rec.get('client', {}).get('name')} ({rec.get('client', {}).get('role')})"
                f" · seq {rec.get('seq')} · {row.time}")
        self.request_text.setPlainText(head + "\n" + pretty(row.request()))
        response = row.response()
        self.response_text.setPlainText(
            f"// {row.status} in {row.duration}\n" + pretty(response) if response is not None
            else "// a notification gets no response")

    def select_source_row(self, source_row: int) -> None:
        index = self.proxy.mapFromSource(self.model.index(source_row, 0))
        if index.isValid():
            self.view.selectRow(index.row())
            self.view.scrollTo(index)

    # -- export

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export agent requests",
                                              "qtmcp-traffic.jsonl",
                                              "JSON Lines (*.jsonl);;All files (*)")
        if path:
            self.export(path)

    def export(self, path: str) -> int:
        count = self.model.export_jsonl(path)
        self.show_info(f"exported {count:,} calls to {path}")
        return count

    def test_records(self, selected_only: bool) -> list[dict[str, Any]]:
        """The calls an exported test replays: the selected rows, or every row; never
        an inspector's own calls nor calls the gate still holds."""
        if selected_only:
            picked = sorted(self.proxy.mapToSource(i).row()
                            for i in self.view.selectionModel().selectedRows())
            rows = [self.model.rows[r] for r in picked]
        else:
            rows = list(self.model.rows)
        return [r.record for r in rows if not self.model.is_inspector(r) and not r.awaiting
                and not r.record.get("held")]

    def _export_test_dialog(self, selected_only: bool) -> None:
        script = export_test.ask_and_write(self, self.test_records(selected_only),
                                           dict(self.conn.app_info))
        if script is not None:
            self.show_info(export_test.done_message(script))

    def visible_rows(self) -> list[TrafficRow]:
        """Rows as filtered for display (used by tests and export of a view)."""
        return [self.model.rows[self.proxy.mapToSource(self.proxy.index(r, 0)).row()]
                for r in range(self.proxy.rowCount(QModelIndex()))]
