"""Live view (``probe.frames.*``, ``probe.frame``): the active window as it changes."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from probe.wire.probe_frames import Frame, FramesStarted


class ProbeFrames(Family):
    """Live view (``probe.frames.*``, ``probe.frame``)."""

    async def start_frames(self, max_width: int, max_height: int) -> str | None:
        """Stream the active window (:meth:`on_frame`), pictures no larger than this;
        returns the window streamed."""
        started = await self.conn.call("probe.frames.start", {
            "format": "jpeg", "quality": 80, "maxFps": 15, "partial": True,
            "maxWidth": max_width, "maxHeight": max_height}, result=FramesStarted)
        return started["window"] or None

    def on_frame(self, callback: Callable[[Frame], None]) -> None:
        self._notes("probe.frame", Frame, callback)
