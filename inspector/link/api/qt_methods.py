"""Methods (``qt.methods.*``): an object's slots, invokables and signals; invoke one."""

from __future__ import annotations

from typing import Any, cast

from inspector.link.api._base import Family
from probe.client import read
from probe.wire.qt_methods import Invoked, MethodInfo, MethodList


class QtMethods(Family):
    """Methods (``qt.methods.*``)."""

    async def methods(self, object_id: str) -> list[MethodInfo]:
        """The object's slots, invokables and signals."""
        listing = await self.conn.call("qt.methods.list", {"objectId": object_id},
                                       result=MethodList)
        return listing["methods"]

    async def invoke(self, object_id: str, method: str, args: list[Any]) -> Any:
        """Invoke a slot or invokable; returns what it returned."""
        reply: object = await self.conn.call("qt.methods.invoke", {
            "objectId": object_id, "method": method, "args": args})
        answer = cast(dict[str, object], reply) if isinstance(reply, dict) else {}
        if "pending" in answer:
            return None  # it opened a dialog and waits in it: nothing returned yet
        return read(Invoked, answer, "qt.methods.invoke")["returned"]
