"""Waking a wait when the app's UI may have changed (shared by qt.wait* and chr.waitFor).

A waiter re-checks when an app event suggests the UI changed (``core.data.waits.WAKER``)
or at the latest every ``interval``; with no wait active the app's event filter is gone
and nothing runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from probe.core.data import waits
from probe.server.context import Context

#: Fewest seconds between two checks of one wait, however often the app wakes it.
MIN_GAP = 0.02


class Waiter:
    """Wake-ups of one wait: an asyncio event set from the GUI thread's event filter."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.key = 0

    async def __aenter__(self) -> Waiter:
        self.key = waits.WAKER.arm(lambda: self.loop.call_soon_threadsafe(self.event.set))
        self.ctx.post(waits.WAKER.sync_filter)
        return self

    async def __aexit__(self, *exc: object) -> None:
        waits.WAKER.disarm(self.key)
        self.ctx.post(waits.WAKER.sync_filter)

    async def sleep(self, interval: float, remaining: float, last_check: float) -> None:
        """Until woken or ``interval`` passed (not beyond ``remaining``), MIN_GAP apart."""
        self.event.clear()
        waits.WAKER.rearm(self.key)
        try:
            await asyncio.wait_for(self.event.wait(), max(0.0, min(interval, remaining)))
        except TimeoutError:
            pass
        gap = last_check + MIN_GAP - self.loop.time()
        if gap > 0:
            await asyncio.sleep(gap)


async def gui_until(ctx: Context, check: Callable[[], Any], timeout: float,
                    interval: float = 0.25) -> Any:
    """Run ``check`` on the GUI thread until it returns something true or ``timeout`` s
    pass (re-checked when the UI changes); its last value either way."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    value = await ctx.gui(check)
    if value:
        return value
    async with Waiter(ctx) as waiter:
        while not value:
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            last = loop.time()
            await waiter.sleep(interval, remaining, last)
            value = await ctx.gui(check)
    return value
