"""Qt Quick (``qml.*``): the item trees of the app's windows."""

from __future__ import annotations

from inspector.link.api._base import Family
from probe.exceptions import RemoteError
from probe.wire.qml import Bindings
from probe.wire.qml import Tree as QuickTree


class Qml(Family):
    """Qt Quick (``qml.*``)."""

    async def quick_tree(self) -> QuickTree | None:
        """The Qt Quick item trees of the app's windows; None when it has no Qt Quick."""
        try:
            return await self.conn.call("qml.tree", result=QuickTree)
        except RemoteError as exc:
            if exc.name in ("QML_NOT_AVAILABLE", "METHOD_NOT_FOUND"):
                return None
            raise

    async def qml_bindings(self, object_id: str) -> Bindings:
        """The properties a QML item's declaration sets: bindings with their expression,
        dependencies and loops, and literal values (NOT_SUPPORTED: not made by QML)."""
        return await self.conn.call("qml.bindings", {"objectId": object_id},
                                    result=Bindings)
