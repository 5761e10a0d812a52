"""The agent log's exports: its calls as JSON Lines (Ctrl+E), and “Export as test…”.

Installed on the agent log from outside, as Re-send is: the log shows calls, the session
tools say what becomes of them. A test replays an agent's calls only: never an
inspector's own, nor calls the approval gate still holds.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QToolButton

from inspector.panes.agent_log import AgentLogPane
from inspector.sessions import export_test
from inspector.style.actions import set_icon
from inspector.style.words import counted


class LogExport:
    """The Export… and Export as test… buttons of one agent log."""

    def __init__(self, pane: AgentLogPane) -> None:
        self.pane = pane
        export = pane.tool_button("save", "Export…", "save the calls as JSON Lines (Ctrl+E)")
        export.setObjectName("agentLogExport")
        export.clicked.connect(self.export_dialog)
        self.export_button = export
        self.export_test_button: QToolButton = export_test.export_button(
            pane, self.test_records, self.export_test_dialog)
        set_icon(self.export_test_button, "export")
        self.export_test_button.setAutoRaise(True)
        self.export_test_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        pane.add_tools(export, self.export_test_button)
        pane.add_shortcut("Ctrl+E", "export the agent log as JSON Lines", self.export_dialog)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.pane, "Export agent requests",
                                              "qtmcp-traffic.jsonl",
                                              "JSON Lines (*.jsonl);;All files (*)")
        if path:
            self.export(path)

    def export(self, path: str) -> int:
        """Write every call the log keeps, one JSON object a line; returns the count."""
        count = self.pane.model.export_jsonl(path)
        self.pane.show_info(f"exported {counted(count, 'call')} to {path}")
        return count

    def test_records(self, selected_only: bool) -> list[dict[str, Any]]:
        """The calls an exported test replays: the selected rows, or every row; never
        an inspector's own calls nor calls the gate still holds."""
        model = self.pane.model
        rows = self.pane.selected_rows() if selected_only else list(model.rows)
        return [r.record for r in rows
                if not model.is_inspector(r) and not r.awaiting and not r.call.held]

    def export_test_dialog(self, selected_only: bool) -> None:
        script = export_test.ask_and_write(self.pane, self.test_records(selected_only),
                                           dict(self.pane.probe.app or {}))
        if script is not None:
            self.pane.show_info(export_test.done_message(script))
