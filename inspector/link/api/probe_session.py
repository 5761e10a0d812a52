"""Sessions and traffic (``probe.sessions``, ``probe.traffic``): the clients and their calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspector.link.api._base import Family
from inspector.link.traffic import Call
from probe.client import read
from probe.wire.probe_session import Dropped, SessionEvent, SessionInfo, Traffic


class ProbeSession(Family):
    """Sessions and traffic (``probe.sessions``, ``probe.traffic``)."""

    async def follow_traffic(self) -> None:
        await self.conn.subscribe("traffic")

    def on_traffic(self, callback: Callable[[Call], None]) -> None:
        """Each call any client made (this inspector's own too), once it finished."""
        self._listen("probe.traffic", lambda p: Call(read(Traffic, p, "probe.traffic")),
                     callback)

    def on_traffic_dropped(self, callback: Callable[[int], None]) -> None:
        """How many notifications the probe dropped for this slow reader, so far."""
        self._listen("probe.dropped", lambda p: read(Dropped, p, "probe.dropped")["dropped"],
                     callback)

    async def follow_sessions(self) -> None:
        await self.conn.subscribe("sessions")

    async def sessions(self) -> list[SessionInfo]:
        """The clients connected now (this inspector among them)."""
        return await self.conn.call("probe.sessions", result=list[SessionInfo])

    def on_session(self, callback: Callable[[SessionEvent], None]) -> None:
        self._notes("probe.session", SessionEvent, callback)

    async def repeat(self, method: str, params: dict[str, Any] | None) -> Any:
        """Call ``method`` again as a logged call made it (the agent log's Re-send)."""
        return await self.conn.call(method, params)
