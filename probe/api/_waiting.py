"""Waking a wait when the app's UI may have changed (shared by qt.wait* and chr.waitFor),
and one scan of the app per change for every wait that looks at the same thing.

A waiter re-checks when an app event suggests the UI changed (``core.data.waits.WAKER``)
or at the latest every ``interval``; with no wait active the app's event filter is gone
and nothing runs. 64 waits that each rescanned every window on every change kept the
GUI thread busy (a bystander's ping: 1 ms -> over a second): now the waits of one probe
share a :class:`Scans` — a scan made since the last UI change (and within the interval)
is reused, one in progress is awaited, and after a scan of ``c`` seconds the next starts
``BACKOFF * c`` later at the earliest, so scanning takes at most a quarter of the GUI
thread however many wait. At most ``MAX_WAITS`` waits run in one probe, and at most
``MAX_SLEEPS`` of cu.wait (:func:`sleeping`), which look at nothing but each hold a task
and its message for up to a minute.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager
from typing import Any

from probe.core.data import waits
from probe.core.errors import QtError
from probe.server.context import Context

#: Fewest seconds between two checks of one wait, however often the app wakes it.
MIN_GAP = 0.02
#: Waits (qt.wait*, chr.waitFor) running at once in one probe; more answer TOO_MANY_CALLS.
MAX_WAITS = 256
#: After a shared scan of ``c`` seconds the next starts ``BACKOFF * c`` later at the
#: earliest (scanning takes at most 1 / (1 + BACKOFF) of the GUI thread).
BACKOFF = 3.0
_SHARED = "waits.scans"
#: cu.wait calls running at once in one probe; more answer TOO_MANY_CALLS.
MAX_SLEEPS = 256
_SLEEPS = "waits.sleeps"


@asynccontextmanager
async def sleeping(ctx: Context) -> AsyncIterator[None]:
    """One running cu.wait, counted against the app's ``MAX_SLEEPS``: 64 connections
    could otherwise keep 64 each (issue #37)."""
    running = ctx.shared.get(_SLEEPS, 0)
    if running >= MAX_SLEEPS:
        raise QtError("TOO_MANY_CALLS", f"{MAX_SLEEPS} cu.wait calls are running in this "
                      "app already", limit=MAX_SLEEPS,
                      hint="Wait once for longer instead of many times at once, or let "
                           "some of the running waits end first.")
    ctx.shared[_SLEEPS] = running + 1
    try:
        yield
    finally:
        ctx.shared[_SLEEPS] -= 1


class Scans:
    """Scans of the app shared by its waits, one per UI change (transport thread only)."""

    def __init__(self) -> None:
        #: Bumped on every wake-up (a UI change); a scan is good for the stamp it began at.
        self.stamp = 0
        self.waits = 0
        self.scans = 0
        self._last: dict[Hashable, tuple[int, float, Any]] = {}
        self._running: dict[Hashable, asyncio.Task[Any]] = {}
        self._cost = 0.0
        self._ended = 0.0

    @staticmethod
    def of(ctx: Context) -> Scans:
        scans = ctx.shared.get(_SHARED)
        if scans is None:
            scans = ctx.shared[_SHARED] = Scans()
        return scans

    async def get(self, ctx: Context, key: Hashable, scan: Callable[[], Any],
                  interval: float, timeout: float) -> Any:
        """``scan()``'s result (run on the GUI thread) for ``key``: the last one when the UI
        has not changed since it began and it is under ``interval`` old (``key`` None,
        the whole app, only), else a new one (shared with every wait asking meanwhile)."""
        loop = asyncio.get_running_loop()
        last = self._last.get(key)
        if last is not None and last[0] == self.stamp and loop.time() - last[1] < interval:
            return last[2]
        task = self._running.get(key)
        if task is None:
            task = self._running[key] = loop.create_task(self._scan(ctx, key, scan, timeout))
            task.add_done_callback(lambda _t: self._running.pop(key, None))
        return await asyncio.shield(task)  # a wait that ends does not end the others' scan

    async def _scan(self, ctx: Context, key: Hashable, scan: Callable[[], Any],
                    timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        pause = self._ended + BACKOFF * self._cost - loop.time()
        if pause > 0:
            await asyncio.sleep(pause)
        stamp = self.stamp

        def timed() -> tuple[Any, float]:
            t0 = time.perf_counter()
            value = scan()
            return value, time.perf_counter() - t0

        value, self._cost = await ctx.gui(timed, timeout=timeout)
        self._ended = loop.time()
        self.scans += 1
        if key is None:  # the app's windows: kept for the next look; a client's own tab
            self._last[key] = (stamp, self._ended, value)  # only shares a scan under way
        return value


class Waiter:
    """Wake-ups of one wait: an asyncio event set from the GUI thread's event filter."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.key = 0
        self.scans = Scans.of(ctx)

    async def __aenter__(self) -> Waiter:
        if self.scans.waits >= MAX_WAITS:
            raise QtError("TOO_MANY_CALLS", f"{MAX_WAITS} waits are running in this app "
                          "already", limit=MAX_WAITS,
                          hint="Wait for fewer things at once: one wait with a longer "
                               "timeout, or let some of the running waits end first.")
        self.scans.waits += 1
        self.key = waits.WAKER.arm(lambda: self.loop.call_soon_threadsafe(self._woken))
        self.ctx.post(waits.WAKER.sync_filter)
        return self

    def _woken(self) -> None:
        self.scans.stamp += 1
        self.event.set()

    async def __aexit__(self, *exc: object) -> None:
        self.scans.waits -= 1
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
