"""The page (``chr.readPage``) through the inspector's own eyes."""

from __future__ import annotations

import time

from inspector.link.api._base import Family
from inspector.link.page import AgentView, LastRead, agent_view_of
from probe.wire.chr_page import Page
from probe.wire.probe_session import Client


class ChrPage(Family):
    """The page (``chr.readPage``) through the inspector's own eyes."""

    async def read_page(self, filter: str, depth: int) -> AgentView:
        """The page through this inspector's own eyes: its own refs and its own text
        (read first, so the tree's refs stay in force: both number the same nodes)."""
        params = {"filter": filter, "depth": depth}
        text = await self.conn.call("chr.readPage", {**params, "format": "text"}, result=Page)
        tree = await self.conn.call("chr.readPage", {**params, "format": "json"}, result=Page)
        mine: Client = {"id": self.session_id or 0, "name": "this inspector",
                        "role": "inspector"}
        return agent_view_of(tree, mine, LastRead(text.get("text", ""), time.time(), filter,
                                                  depth))
