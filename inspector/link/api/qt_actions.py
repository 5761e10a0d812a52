"""Actions (``qt.actions.*``): the app's QActions; trigger or toggle one."""

from __future__ import annotations

from typing import Any, cast

from inspector.link.api._base import Family
from probe.client import read
from probe.wire.qt_actions import ActionInfo, ActionList, ActionTriggered


class QtActions(Family):
    """Actions (``qt.actions.*``)."""

    async def actions(self) -> list[ActionInfo]:
        """Every QAction of the app's windows."""
        listing = await self.conn.call("qt.actions.list", {}, result=ActionList)
        return listing["actions"]

    async def trigger_action(self, object_id: str, checked: bool | None = None
                             ) -> ActionTriggered | None:
        """Trigger it (``checked``: the state wanted for a checkable one), as its menu
        entry does; None when it opened a dialog that waits (nothing to read yet)."""
        params: dict[str, Any] = {"objectId": object_id}
        if checked is not None:
            params["checked"] = checked
        reply: object = await self.conn.call("qt.actions.trigger", params)
        answer = cast(dict[str, object], reply) if isinstance(reply, dict) else {}
        if "pending" in answer:
            return None
        return read(ActionTriggered, answer, "qt.actions.trigger")
