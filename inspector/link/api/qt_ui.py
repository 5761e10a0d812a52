"""UI (``qt.ui.*``): what is under a point, where an object is, screenshots."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from probe.wire._shared import Picture
from probe.wire.qt_ui import Geometry, Hit


class QtUi(Family):
    """UI (``qt.ui.*``)."""

    async def hit_test(self, x: int, y: int, window: str | None = None) -> Hit:
        """What is at window point (x, y)."""
        params: dict[str, Any] = {"x": x, "y": y}
        if window:
            params["window"] = window
        return await self.conn.call("qt.ui.hitTest", params, result=Hit)

    async def placement(self, target: str) -> Geometry:
        """Where ``target`` (a path, ``#N`` or name) is: in its window (``window``,
        ``windowName``) and on the screen."""
        return await self.conn.call("qt.ui.geometry", {"objectId": target}, result=Geometry)

    async def screenshot(self, quality: int) -> Picture:
        """A JPEG of the app's active window at its own resolution."""
        return await self.conn.call("qt.ui.screenshot", {"format": "jpeg", "quality": quality},
                                    result=Picture)
