"""Console (``chr.readConsoleMessages``, ``chr.console``): what the app printed or logged."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from probe.wire.chr_console import Batch, Messages


class ChrConsole(Family):
    """Console (``chr.readConsoleMessages``, ``chr.console``)."""

    async def follow_console(self) -> None:
        await self.conn.subscribe("console")

    async def console_messages(self, limit: int) -> Batch:
        """The probe's buffer of the app's console, newest ``limit``, as one batch."""
        read = await self.conn.call("chr.readConsoleMessages", {"limit": limit},
                                    result=Messages)
        return {"messages": read["messages"], "dropped": read["dropped"]}

    def on_console(self, callback: Callable[[Batch], None]) -> None:
        self._notes("chr.console", Batch, callback)
