"""Console (``chr.readConsoleMessages``, ``chr.console``): what the app printed or logged."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from inspector.link.replies import ConsoleBatch


class ChrConsole(Family):
    """Console (``chr.readConsoleMessages``, ``chr.console``)."""

    async def follow_console(self) -> None:
        await self.conn.subscribe("console")

    async def console_messages(self, limit: int) -> ConsoleBatch:
        """The probe's buffer of the app's console, newest ``limit``."""
        return ConsoleBatch.from_json(
            await self.conn.call("chr.readConsoleMessages", {"limit": limit}))

    def on_console(self, callback: Callable[[ConsoleBatch], None]) -> None:
        self._listen("chr.console", ConsoleBatch.from_json, callback)
