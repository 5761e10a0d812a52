"""The approval gate's desk: the toggle, and Approve / Reject / Approve-all for held calls.

With the gate on, the probe holds agents' calls that change the app until the human
decides. A held call becomes a pending row of the agent log (its traffic model); the desk
shows a bar for the selected held row, else the oldest one, and sends the decision. The
agent log pane places the toggle in its toolbar and the bar above its table.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSpinBox, QToolButton, QWidget

from inspector.link.client import ProbeClient
from inspector.models.traffic import TrafficModel, TrafficRow
from inspector.widgets.hints import ElidedLabel
from probe.exceptions import QtmcpError
from probe.wire.probe_gate import Held, Resolved

#: Minutes of "Approve all from this client".
TRUST_MINUTES = 5


class GateDesk(QWidget):
    """The bar shown while calls are held (``self``), and the toggle (``button``)."""

    def __init__(self, probe: ProbeClient, model: TrafficModel, button: QToolButton,
                 selected_row: Callable[[], TrafficRow | None],
                 select_row: Callable[[int], None],
                 show_error: Callable[[BaseException | str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentLogGateBar")
        self.probe = probe
        self.model = model
        self.selected_row = selected_row
        self.select_row = select_row
        self.show_error = show_error
        self.button = button
        button.setObjectName("agentLogGate")
        button.setCheckable(True)
        button.toggled.connect(lambda on: self._run(self._set_gate(on)))

        self.label = ElidedLabel("", self)
        self.approve_button = QPushButton("Approve", self)
        self.approve_button.setObjectName("agentLogApprove")
        self.reject_button = QPushButton("Reject", self)
        self.reject_button.setObjectName("agentLogReject")
        self.trust_button = QPushButton("Approve all from this client for", self)
        self.trust_button.setObjectName("agentLogApproveClient")
        self.trust_minutes = QSpinBox(self)
        self.trust_minutes.setObjectName("agentLogTrustMinutes")
        self.trust_minutes.setRange(1, 24 * 60)
        self.trust_minutes.setValue(TRUST_MINUTES)
        self.trust_minutes.setSuffix(" min")
        self.trust_minutes.setToolTip("How long this client's calls pass without asking")
        self.approve_button.clicked.connect(lambda: self.decide(True))
        self.reject_button.clicked.connect(lambda: self.decide(False))
        self.trust_button.clicked.connect(self.trust_client)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        for b in (self.approve_button, self.reject_button, self.trust_button,
                  self.trust_minutes):
            row.addWidget(b)
        self.hide()

        probe.on_gate_held(self._held)
        probe.on_gate_resolved(self._resolved)
        probe.on_gate_changed(lambda _on: self.update_bar())

    def _run(self, coro: Coroutine[Any, Any, Any]) -> None:
        self.probe.spawn(coro)

    def on_connected(self) -> None:
        self._run(self._follow())
        if self.button.isChecked():  # a reconnect: the probe forgot our gate
            self._run(self._set_gate(True))

    async def _follow(self) -> None:
        try:  # a probe without the control room lacks these topics
            await self.probe.follow_gate()
        except QtmcpError as exc:
            self.show_error(exc)

    async def _set_gate(self, on: bool) -> None:
        if not self.probe.is_connected:
            return
        try:
            await self.probe.set_gate(on)
        except QtmcpError as exc:
            self.show_error(exc)
            self.button.setChecked(False)

    def _held(self, held: Held) -> None:
        self.model.add_held(held)
        self.select_row(len(self.model.rows) - 1)
        self.update_bar()

    def _resolved(self, outcome: Resolved) -> None:
        self.model.gate_resolved(outcome)
        self.update_bar()

    def target_row(self) -> TrafficRow | None:
        """The selected held row, else the oldest one still held."""
        row = self.selected_row()
        if row is not None and row.awaiting:
            return row
        held = self.model.held_rows()
        return held[0] if held else None

    def update_bar(self) -> None:
        held = self.model.held_rows()
        row = self.target_row()
        self.setVisible(bool(held))
        if row is not None:
            self.label.setText(f"{len(held)} held · {row.client} wants {row.method} "
                               f"{row.params}")
        for b in (self.approve_button, self.reject_button, self.trust_button):
            b.setEnabled(row is not None)

    def decide(self, approve: bool) -> None:
        row = self.target_row()
        if row is not None and row.gate_id is not None:
            self._run(self._tell(self.probe.decide(row.gate_id, approve)))

    def trust_client(self) -> None:
        row = self.target_row()
        if row is not None and row.client_id is not None:
            self._run(self._tell(self.probe.trust_client(row.client_id,
                                                         self.trust_minutes.value())))

    async def _tell(self, call: Coroutine[Any, Any, None]) -> None:
        try:
            await call
        except QtmcpError as exc:
            self.show_error(exc)
