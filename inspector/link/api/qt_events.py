"""Events (``qt.events.*``): the event monitor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspector.link.api._base import Family
from probe.wire.qt_events import EventBatch, Started, Stopped


class QtEvents(Family):
    """Events (``qt.events.*``)."""

    async def start_events(self, types: list[str] | None, object_id: str | None) -> list[str]:
        """Watch the app's events (:meth:`on_events`); returns the types watched."""
        params: dict[str, Any] = {}
        if types:
            params["types"] = types
        if object_id:
            params["objectId"] = object_id
        started = await self.conn.call("qt.events.start", params, result=Started)
        return started["types"]

    async def stop_events(self) -> None:
        await self.conn.call("qt.events.stop", result=Stopped)

    def on_events(self, callback: Callable[[EventBatch], None]) -> None:
        self._notes("qt.events", EventBatch, callback)
