"""One connection's calls: at most MAX_IN_FLIGHT run at once (fewer when every
connection's calls together take their :class:`~probe.server.ceilings.Turns`), a bounded
few wait their turn, more are refused at once (TOO_MANY_CALLS), and all of them end with
the connection.
The bytes of their messages, from arrival to answer, count against this connection's
bound (MAX_CALL_BYTES) and against every connection's together (a
:class:`~probe.server.ceilings.Budget`): a call that waits a minute holds its message the
whole time.

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
import contextvars
import enum
from collections.abc import Awaitable, Callable

from probe.server.ceilings import Budget, Turns
from probe.server.executor import LANE

#: Calls of one connection that run at once.
MAX_IN_FLIGHT = 64
#: Messages of one connection that may wait for a free slot; beyond that, or past the
#: bytes, a message is answered TOO_MANY_CALLS without running.
MAX_WAITING = 1024
#: Bytes of one connection's messages not answered yet (running or waiting).
MAX_CALL_BYTES = 16 * 1024 * 1024
#: Refusals of one connection not yet sent (its client does not read them): past this the
#: connection is closed.
MAX_REFUSALS = 256

Message = str | bytes


class Claim(enum.Enum):
    """What :meth:`Calls.claim` made of a message."""

    NOW = "now"
    WAITING = "waiting"
    REFUSED = "refused"


class Calls:
    """The running and waiting calls of one connection (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 answer: Callable[[Message], Awaitable[None]],
                 shared: Budget | None = None,
                 send: Callable[[str], Awaitable[None]] | None = None,
                 turns: Turns | None = None) -> None:
        self.loop = loop
        self._answer = answer
        self._send = send
        self._shared = shared if shared is not None else Budget(MAX_CALL_BYTES)
        self._turns = turns if turns is not None else Turns(MAX_IN_FLIGHT, MAX_IN_FLIGHT)
        #: In the turns' queue of connections waiting for a turn (Turns sets it).
        self.queued = False
        #: Running calls, each with the bytes of its message.
        self.running: dict[asyncio.Task[None], int] = {}
        self._waiting: collections.deque[Message] = collections.deque()
        #: Bytes of this connection's messages not answered yet.
        self.bytes = 0
        #: Refusals not sent yet, and the one task sending them in order.
        self._refusals: collections.deque[str] = collections.deque()
        self._refuser: asyncio.Task[None] | None = None
        self._ended = False
        #: Why the last message was refused: "slots" (too many calls) or "bytes".
        self._why = "slots"

    def offer(self, message: Message) -> bool:
        """Run ``message`` now (in a task of its own) or when a slot frees; False when it
        must be refused."""
        claim = self.claim(message)
        if claim is Claim.NOW:
            self._start(message)
        return claim is not Claim.REFUSED

    def claim(self, message: Message) -> Claim:
        """Count ``message`` in: REFUSED (nothing counted), WAITING (it starts when a slot
        frees) or NOW: its bytes and turn are counted and the caller must run it at once
        with :meth:`run_here` (the connection's reader does, after handing the reading
        on: :mod:`probe.server.reading`)."""
        if self._ended:
            return Claim.REFUSED
        size = len(message)
        if len(self._waiting) >= MAX_WAITING:
            self._why = "slots"
            return Claim.REFUSED
        if self.bytes + size > MAX_CALL_BYTES or not self._shared.take(self.bytes, size):
            self._why = "bytes"
            return Claim.REFUSED
        self.bytes += size
        if (not self._waiting and len(self.running) < MAX_IN_FLIGHT
                and self._turns.take(len(self.running))):
            return Claim.NOW
        self._waiting.append(message)
        self._turns.wait(self)
        return Claim.WAITING

    async def run_here(self, message: Message) -> None:
        """Run a message :meth:`claim` said NOW to in the calling task, which becomes one
        of the running calls (cancelled by :meth:`end`, awaited by :meth:`settle`)."""
        task = asyncio.current_task()
        assert task is not None and task not in self.running
        self.running[task] = len(message)
        await self._run(message)

    @property
    def waiting_bytes(self) -> int:
        """Bytes of this connection's messages waiting for a turn (not running)."""
        return self.bytes - sum(self.running.values())

    def start_one(self) -> tuple[bool, bool]:
        """Start the next waiting message if this connection may (see :class:`Turns`)."""
        if self._ended or not self._waiting:
            return False, False
        if len(self.running) >= MAX_IN_FLIGHT or not self._turns.take(len(self.running)):
            return False, True
        self._start(self._waiting.popleft())
        return True, bool(self._waiting)

    def why_refused(self) -> str:
        """The refusal's message for the last message :meth:`offer` refused."""
        if self._why == "bytes":
            return ("the probe holds as many bytes of unanswered calls as it takes (this "
                    "connection's or all connections' together); this message was not run")
        return (f"{MAX_IN_FLIGHT} calls of this connection are running and {MAX_WAITING} "
                "wait; this message was not run")

    def refusal_hint(self) -> str:
        if self._why == "bytes":
            return "Wait for answers before sending more, and send smaller messages."
        return "Wait for answers before sending more."

    def refuse(self, text: str | None) -> bool:
        """Send a refusal without waiting for it (one task sends them all, in order);
        False when MAX_REFUSALS are still unsent (the client reads none: close it)."""
        if text is None or self._send is None:
            return True
        if len(self._refusals) >= MAX_REFUSALS:
            return False
        self._refusals.append(text)
        if self._refuser is None or self._refuser.done():
            self._refuser = self.loop.create_task(self._send_refusals())
        return True

    async def _send_refusals(self) -> None:
        assert self._send is not None
        while self._refusals:
            await self._send(self._refusals.popleft())

    def _start(self, message: Message) -> None:
        task = self.loop.create_task(self._run(message))
        self.running[task] = len(message)

    async def _run(self, message: Message) -> None:
        LANE.set(self)  # in the task's own context: its GUI jobs go to this lane
        try:
            await self._answer(message)
        finally:
            # in the call's last step: a done callback cost every call one more turn of
            # the loop (~5 us of the transport thread's CPU per call, #41)
            self._done(asyncio.current_task())

    def _done(self, task: asyncio.Task[None] | None) -> None:
        """A call ended (answered, failed or cancelled, even before it started: see
        :meth:`end`); counted once."""
        if task is None or task not in self.running:
            return
        self._turns.give(len(self.running))
        size = self.running.pop(task)
        self._shared.give(self.bytes, size)
        self.bytes -= size
        if self._waiting and not self._ended:
            self._turns.wait(self)
        if self._turns.waiting:  # their calls start in a context of their own, not this one's
            self.loop.call_soon(self._turns.pump, context=contextvars.Context())

    async def settle(self, timeout: float) -> None:
        """Give the running calls up to ``timeout`` seconds to answer (shutting down)."""
        if self.running:
            await asyncio.wait(set(self.running), timeout=timeout)

    def end(self) -> None:
        """The connection is gone: drop the waiting messages, cancel the running calls
        (their GUI jobs are skipped if not started, their waits stop)."""
        self._ended = True
        waiting = sum(len(m) for m in self._waiting)
        self._waiting.clear()
        self._shared.give(self.bytes, waiting)
        self.bytes -= waiting
        self._refusals.clear()
        for task in [*self.running, *([self._refuser] if self._refuser else [])]:
            task.cancel()
        for task in self.running:  # one cancelled before it started never runs its finally
            task.add_done_callback(self._done)
