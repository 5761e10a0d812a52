"""Methods (``qt.methods.*``): an object's slots, invokables and signals; invoke one."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from inspector.link.replies import MethodInfo


class QtMethods(Family):
    """Methods (``qt.methods.*``)."""

    async def methods(self, object_id: str) -> list[MethodInfo]:
        """The object's slots, invokables and signals."""
        result = await self.conn.call("qt.methods.list", {"objectId": object_id})
        return [MethodInfo.from_json(m) for m in result.get("methods") or []
                if isinstance(m, dict)]

    async def invoke(self, object_id: str, method: str, args: list[Any]) -> Any:
        """Invoke a slot or invokable; returns what it returned."""
        reply = await self.conn.call("qt.methods.invoke", {"objectId": object_id,
                                                            "method": method, "args": args})
        return reply.get("returned") if isinstance(reply, dict) else reply
