"""The status bar's permanent part: the connection's state, the app, the ping."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QStatusBar

from inspector.link.api.qt_system import PingSample
from inspector.link.connection import CONNECTED, CONNECTING, LOST
from inspector.style import theme
from probe.wire.qt_system import Versions

STATES = {CONNECTED: "● connected", LOST: "● disconnected — waiting for the app",
          CONNECTING: "● connecting…"}
COLOURS = {CONNECTED: "ok", LOST: "error", CONNECTING: "warning"}


class ConnectionStatus:
    """Three labels at the right of the window's status bar."""

    def __init__(self, bar: QStatusBar) -> None:
        self.state_label = QLabel("not connected", bar)
        self.state_label.setObjectName("statusState")
        self.app_label = QLabel(bar)
        self.app_label.setObjectName("statusApp")
        self.latency_label = QLabel(bar)
        self.latency_label.setObjectName("statusLatency")
        self.latency_label.setToolTip("Round trip of a ping through the app's event loop")
        for label in (self.state_label, self.app_label, self.latency_label):
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)

    def state_changed(self, state: str) -> None:
        self.state_label.setText(STATES.get(state, "○ not connected"))
        self.state_label.setStyleSheet(
            f"color: {theme.accent(COLOURS.get(state, 'muted')).name()};")

    def pinged(self, ping: PingSample) -> None:
        ms = ping.round_trip_ms
        self.latency_label.setText(f"busy ({ms:.0f} ms)" if ping.answer["busy"]
                                   else f"ping {ms:.1f} ms")

    def connected(self, app: Versions) -> None:
        self.app_label.setText(f"{app['app'] or '?'} · pid {app['pid']} · Qt {app['qt']}")

    def lost(self) -> None:
        self.latency_label.setText("")
