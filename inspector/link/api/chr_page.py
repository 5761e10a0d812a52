"""The page (``chr.readPage``) through the inspector's own eyes."""

from __future__ import annotations

import time

from inspector.link.api._base import Family
from inspector.link.page import AgentView, LastRead
from inspector.link.traffic import SessionInfo


class ChrPage(Family):
    """The page (``chr.readPage``) through the inspector's own eyes."""

    async def read_page(self, filter: str, depth: int) -> AgentView:
        """The page through this inspector's own eyes: its own refs and its own text
        (read first, so the tree's refs stay in force: both number the same nodes)."""
        params = {"filter": filter, "depth": depth}
        text = await self.conn.call("chr.readPage", {**params, "format": "text"})
        tree = await self.conn.call("chr.readPage", {**params, "format": "json"})
        mine = SessionInfo(self.session_id or 0, "this inspector", "inspector")
        return AgentView.from_json(tree, mine, LastRead(str(text.get("text") or ""),
                                                        time.time(), filter, depth))
