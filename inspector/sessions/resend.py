"""“Re-send” on an agent-log row: repeat a logged request through the inspector's connection.

Installed on the agent log's table from outside (a context menu), so the log pane
stays a plain viewer. The repeat is the inspector's own call: it shows in the log as
such, and the log is switched to show the inspector's calls so the user sees it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMenu

from inspector.models.traffic import TrafficRow
from inspector.panes.agent_log import AgentLogPane
from inspector.widgets.pane import describe_error
from probe.exceptions import QtmcpError


def resendable(row: TrafficRow) -> str | None:
    """Why ``row`` cannot be re-sent (None when it can)."""
    if row.call.truncated_params:
        return "its params were too large to be logged in full"
    if not row.method:
        return "it has no method"
    return None


async def resend(pane: AgentLogPane, row: TrafficRow) -> Any:
    """Call ``row``'s method with its params again; the result also goes to the pane status."""
    why = resendable(row)
    if why:
        pane.show_error(f"cannot re-send {row.method}: {why}")
        return None
    params = row.call.params
    pane.show_own.setChecked(True)
    try:
        result = await pane.probe.repeat(row.method, params if isinstance(params, dict)
                                         else None)
    except QtmcpError as exc:
        pane.show_error(f"re-sent {row.method}: {describe_error(exc)}")
        return exc
    pane.show_info(f"re-sent {row.method}: ok")
    return result


def install(pane: AgentLogPane) -> None:
    """Give the pane's table a context menu with “Re-send”."""
    view = pane.view
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu_at(pos: QPoint) -> None:
        index = view.indexAt(pos)
        if not index.isValid():
            return
        view.selectRow(index.row())
        row = pane.selected_row()
        if row is None:
            return
        menu = QMenu(view)
        action = menu.addAction("Re-send")
        action.setObjectName("agentLogResend")
        why = resendable(row)
        action.setEnabled(why is None and pane.probe.is_connected)
        if why:
            action.setToolTip(why)
        action.triggered.connect(lambda: pane.run(resend(pane, row)))
        menu.exec(view.viewport().mapToGlobal(pos))

    view.customContextMenuRequested.connect(menu_at)
