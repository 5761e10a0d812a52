"""Objects (``qt.objects.*``): the tree, objects coming and going, where one was made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspector.link.api._base import Family
from probe.exceptions import RemoteError
from probe.wire._shared import Source
from probe.wire.qt_objects import (
    Lifecycle,
    ObjectInfoWithSource,
    ObjectNode,
    ObjectNodes,
    ObjectTree,
    nodes_of,
)


class QtObjects(Family):
    """Objects (``qt.objects.*``)."""

    async def object_tree(self, object_id: str | None = None, depth: int = 1,
                          max_nodes: int | None = None) -> ObjectNodes:
        """The objects under ``object_id`` (None: the app's roots), ``depth`` levels; for
        an object, ``nodes`` are its children."""
        params: dict[str, Any] = {"depth": depth}
        if depth > 1:  # rows: a whole tree of 10,000 objects is a fifth of the bytes (#41)
            params["compact"] = True
        if object_id:
            params["objectId"] = object_id
        if max_nodes is not None:
            params["maxNodes"] = max_nodes
        tree = await self.conn.call("qt.objects.tree", params, result=ObjectTree)
        nodes = nodes_of(tree)
        if object_id and len(nodes) == 1 and nodes[0]["id"] == object_id:
            nodes = nodes[0].get("children", [])  # the answer is the object with its children
        return {"nodes": nodes, "count": tree["count"], "truncated": tree["truncated"]}

    async def object_children(self, object_id: str) -> list[ObjectNode] | None:
        """The children of ``object_id``; None when the object is gone."""
        try:
            return (await self.object_tree(object_id))["nodes"]
        except RemoteError as exc:
            if exc.name == "OBJECT_STALE":
                return None
            raise

    def on_lifecycle(self, callback: Callable[[Lifecycle], None]) -> None:
        self._notes("qt.objects.lifecycle", Lifecycle, callback)

    async def object_source(self, object_id: str) -> Source:
        """Where the object was made (the Python line, the .qml declaration, or why not)."""
        info = await self.conn.call("qt.objects.info", {"objectId": object_id},
                                    result=ObjectInfoWithSource)
        return info["source"]
