"""Answer bytes the probe holds for clients that have not read them yet, bounded.

A reply is held from the moment it is handed to the WebSocket until the socket took it
(``send`` returned): for a client that does not read, that is until it reads. Without a
bound, 64 running calls of one connection could each hold a 32 MiB reply (1.8 GB seen),
and any number of connections as much again. Here each connection may hold at most
``per_connection`` bytes, and all of them together ``total`` beyond the ``free_each``
bytes each may always hold. A reply past the connection's own bound, or a send that
stays stuck for ``stall`` seconds, closes that connection with 1008 (policy violation:
the client does not read its answers), which frees what it held and cancels its calls.
Past the total, the connection holding the most is closed (``evict``), not the one whose
small answer came last: a bystander's ping must not pay for the clients that do not
read. One reply alone is always let through (it is already bounded by the probe's
``max_reply``). Runs on the transport thread only.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable

from probe.server.ceilings import Budget

#: The close code for a client that does not read its answers (RFC 6455 policy violation).
CLOSE_NOT_READING = 1008


async def _within(send: Awaitable[None], seconds: float) -> None:
    """``await send`` within ``seconds`` (asyncio.TimeoutError past them).

    In the sending task itself (``asyncio.timeout``, Python 3.11+): ``wait_for`` wraps the
    send in a task of its own (3.11), and its start and its end cost every answer two more
    turns of the loop (~10 us of qt.ping's round trip, #41)."""
    if sys.version_info >= (3, 11):
        async with asyncio.timeout(seconds):
            await send
    else:
        await asyncio.wait_for(send, seconds)


class Stalled(Exception):
    """The connection does not read its answers: close it (the message says why)."""


class Outbox:
    """The bytes held by every connection of one probe, and the bounds on them."""

    def __init__(self, per_connection: int, total: int, stall: float, free_each: int = 0,
                 evict: Callable[[int, str], None] | None = None) -> None:
        self.per_connection = per_connection
        self.total = total
        self.stall = stall
        self.held_total = 0
        self._held: dict[int, int] = {}
        self._shared = Budget(total, free_each)
        self._evict = evict

    def held(self, connection: int) -> int:
        return self._held.get(connection, 0)

    async def send(self, connection: int, text: str,
                   send: Callable[[str], Awaitable[None]], at_once: bool = False) -> None:
        """``send(text)`` while counting it as held; Stalled when a bound is passed.

        ``at_once``: the caller knows the send returns without waiting (its socket takes
        writes), so it needs no stall timer: a timer made and cancelled per answer cost
        qt.ping's round trip ~3 us and a turn of the timer heap (#41)."""
        size = len(text)
        mine = self._held.get(connection, 0)
        if mine and mine + size > self.per_connection:
            raise Stalled(f"{mine + size} bytes of answers unread on this connection "
                          f"(bound {self.per_connection})")
        if not self._shared.take(mine, size) and not self._make_room(connection, mine, size):
            raise Stalled(f"{self.held_total + size} bytes of answers unread across "
                          f"connections (bound {self.total}), this connection's the most")
        self._held[connection] = mine + size
        self.held_total += size
        try:
            if at_once:
                await send(text)
            else:
                await _within(send(text), self.stall)
        except asyncio.TimeoutError:
            raise Stalled(f"an answer stayed unread for {self.stall:g} s") from None
        finally:
            now = self._held.get(connection, 0)
            self._shared.give(now, size)
            if now - size > 0:
                self._held[connection] = now - size
            else:
                self._held.pop(connection, None)
            self.held_total -= size

    def _make_room(self, connection: int, mine: int, size: int) -> bool:
        """The total is full: close the connection holding the most, unless that is this
        one (or nothing is held: one reply alone always goes); True when this send may go
        on (counted past the total until the closed connection's answers are dropped)."""
        if not self._held:
            self._shared.force(mine, size)
            return True
        worst = max(self._held, key=lambda c: self._held[c])
        if worst == connection or self._held[worst] <= mine + size or self._evict is None:
            return False
        self._evict(worst, f"{self._held[worst]} bytes of answers unread, the most of "
                           f"any connection, when all together passed {self.total}")
        self._shared.force(mine, size)
        return True
