"""Objects (``qt.objects.*``): the tree, objects coming and going, where one was made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspector.link.api._base import Family
from inspector.link.replies import Lifecycle, ObjectInfo, ObjectTree, Source
from probe.exceptions import RemoteError


class QtObjects(Family):
    """Objects (``qt.objects.*``)."""

    async def object_tree(self, object_id: str | None = None, depth: int = 1,
                          max_nodes: int | None = None) -> ObjectTree:
        """The objects under ``object_id`` (None: the app's roots), ``depth`` levels."""
        params: dict[str, Any] = {"depth": depth}
        if object_id:
            params["objectId"] = object_id
        if max_nodes is not None:
            params["maxNodes"] = max_nodes
        result = await self.conn.call("qt.objects.tree", params)
        nodes = [ObjectInfo.from_json(n) for n in result.get("nodes") or []
                 if isinstance(n, dict)]
        if object_id and len(nodes) == 1 and nodes[0].id == object_id:
            nodes = nodes[0].children or []  # the answer is the object with its children
        return ObjectTree(nodes, bool(result.get("truncated")))

    async def object_children(self, object_id: str) -> list[ObjectInfo] | None:
        """The children of ``object_id``; None when the object is gone."""
        try:
            return (await self.object_tree(object_id)).nodes
        except RemoteError as exc:
            if exc.name == "OBJECT_STALE":
                return None
            raise

    def on_lifecycle(self, callback: Callable[[Lifecycle], None]) -> None:
        self._listen("qt.objects.lifecycle", Lifecycle.from_json, callback)

    async def object_source(self, object_id: str) -> Source:
        """Where the object was made (the Python line, the .qml declaration, or why not)."""
        info = await self.conn.call("qt.objects.info", {"objectId": object_id})
        return Source.from_json(info.get("source") if isinstance(info, dict) else None)
