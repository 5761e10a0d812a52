"""Selection (``probe.selection.*``, ``probe.highlight``): what the human and agents point at."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family


class ProbeSelection(Family):
    """Selection (``probe.selection.*``, ``probe.highlight``)."""

    def on_highlight(self, callback: Callable[[str], None]) -> None:
        """An agent pointed the human at an object (``#N`` in this session)."""
        self._listen("probe.highlight", lambda p: str(p.get("id") or "") or None, callback)

    async def set_selection(self, object_id: str | None) -> None:
        """Tell the agents what the human selected (their get_user_selection)."""
        await self.conn.call("probe.selection.set", {"objectId": object_id or None})
