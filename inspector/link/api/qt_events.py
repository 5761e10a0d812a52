"""Events (``qt.events.*``): the event monitor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspector.link.api._base import Family
from inspector.link.replies import EventBatch


class QtEvents(Family):
    """Events (``qt.events.*``)."""

    async def start_events(self, types: list[str] | None, object_id: str | None) -> list[str]:
        """Watch the app's events (:meth:`on_events`); returns the types watched."""
        params: dict[str, Any] = {}
        if types:
            params["types"] = types
        if object_id:
            params["objectId"] = object_id
        result = await self.conn.call("qt.events.start", params)
        return [str(t) for t in result.get("types") or []]

    async def stop_events(self) -> None:
        await self.conn.call("qt.events.stop")

    def on_events(self, callback: Callable[[EventBatch], None]) -> None:
        self._listen("qt.events", EventBatch.from_json, callback)
