"""One connection's calls: at most MAX_IN_FLIGHT run at once, a bounded few wait their
turn, more are refused at once (TOO_MANY_CALLS), and all of them end with the connection.

The connection's reader never stops reading for them. A reader that waited for a free
slot would not see the client leave (websockets stops reading the socket once its own
small queue is full), and the session, its running calls and its waits would live on.
Runs on the transport thread; nothing here touches Qt. A connection's calls run in its own
executor lane (:data:`~probe.server.executor.LANE`), so connections take turns on the GUI
thread.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable

from probe.server.executor import LANE

#: Calls of one connection that run at once.
MAX_IN_FLIGHT = 64
#: Messages of one connection that may wait for a free slot (count and bytes); beyond
#: that a message is answered TOO_MANY_CALLS without running.
MAX_WAITING = 1024
MAX_WAITING_BYTES = 16 * 1024 * 1024

Message = str | bytes


class Calls:
    """The running and waiting calls of one connection (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 answer: Callable[[Message], Awaitable[None]]) -> None:
        self.loop = loop
        self._answer = answer
        self.running: set[asyncio.Task[None]] = set()
        self._waiting: collections.deque[Message] = collections.deque()
        self._waiting_bytes = 0
        self._ended = False

    def offer(self, message: Message) -> bool:
        """Run ``message`` now or when a slot frees; False when it must be refused."""
        if self._ended:
            return False
        if len(self.running) < MAX_IN_FLIGHT:
            self._start(message)
            return True
        if (len(self._waiting) < MAX_WAITING
                and self._waiting_bytes + len(message) <= MAX_WAITING_BYTES):
            self._waiting.append(message)
            self._waiting_bytes += len(message)
            return True
        return False

    def _start(self, message: Message) -> None:
        task = self.loop.create_task(self._run(message))
        self.running.add(task)
        task.add_done_callback(self._done)

    async def _run(self, message: Message) -> None:
        LANE.set(self)  # in the task's own context: its GUI jobs go to this lane
        await self._answer(message)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.running.discard(task)
        if self._waiting and not self._ended:
            message = self._waiting.popleft()
            self._waiting_bytes -= len(message)
            self._start(message)

    async def settle(self, timeout: float) -> None:
        """Give the running calls up to ``timeout`` seconds to answer (shutting down)."""
        if self.running:
            await asyncio.wait(set(self.running), timeout=timeout)

    def end(self) -> None:
        """The connection is gone: drop the waiting messages, cancel the running calls
        (their GUI jobs are skipped if not started, their waits stop)."""
        self._ended = True
        self._waiting.clear()
        self._waiting_bytes = 0
        for task in list(self.running):
            task.cancel()
