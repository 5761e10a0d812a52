"""The agent's view (``probe.agentView``): the page with another client's refs."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import REFUSALS, Family, Unavailable
from inspector.link.page import AgentView, agent_view_of
from probe.exceptions import RemoteError
from probe.wire.probe_agent_view import AgentView as View


class ProbeAgentView(Family):
    """The agent's view (``probe.agentView``)."""

    async def agent_view(self, filter: str, depth: int,
                         session_id: int | None = None) -> AgentView:
        """The page with client ``session_id``'s refs (None: the latest reader's);
        :class:`Unavailable` when the probe does not show other clients' refs to us."""
        params: dict[str, Any] = {"filter": filter, "depth": depth}
        if session_id is not None:
            params["sessionId"] = session_id
        try:
            return agent_view_of(await self.conn.call("probe.agentView", params, result=View))
        except RemoteError as exc:
            if exc.name in REFUSALS:
                raise Unavailable(exc.name) from exc
            raise
