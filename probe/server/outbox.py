"""Answer bytes the probe holds for clients that have not read them yet, bounded.

A reply is held from the moment it is handed to the WebSocket until the socket took it
(``send`` returned): for a client that does not read, that is until it reads. Without a
bound, 64 running calls of one connection could each hold a 32 MiB reply (1.8 GB seen),
and any number of connections as much again. Here each connection may hold at most
``per_connection`` bytes and all of them together ``total``; a reply that would pass
either bound, or a send that stays stuck for ``stall`` seconds, closes that connection
with 1008 (policy violation: the client does not read its answers), which frees what it
held and cancels its calls. One reply alone is always let through (it is already
bounded by the probe's ``max_reply``). Runs on the transport thread only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: The close code for a client that does not read its answers (RFC 6455 policy violation).
CLOSE_NOT_READING = 1008


class Stalled(Exception):
    """The connection does not read its answers: close it (the message says why)."""


class Outbox:
    """The bytes held by every connection of one probe, and the bounds on them."""

    def __init__(self, per_connection: int, total: int, stall: float) -> None:
        self.per_connection = per_connection
        self.total = total
        self.stall = stall
        self.held_total = 0
        self._held: dict[int, int] = {}

    def held(self, connection: int) -> int:
        return self._held.get(connection, 0)

    async def send(self, connection: int, text: str,
                   send: Callable[[str], Awaitable[None]]) -> None:
        """``send(text)`` while counting it as held; Stalled when a bound is passed."""
        size = len(text)
        mine = self._held.get(connection, 0)
        if mine and mine + size > self.per_connection:
            raise Stalled(f"{mine + size} bytes of answers unread on this connection "
                          f"(bound {self.per_connection})")
        if self.held_total and self.held_total + size > self.total:
            raise Stalled(f"{self.held_total + size} bytes of answers unread across "
                          f"connections (bound {self.total})")
        self._held[connection] = mine + size
        self.held_total += size
        try:
            await asyncio.wait_for(send(text), self.stall)
        except asyncio.TimeoutError:
            raise Stalled(f"an answer stayed unread for {self.stall:g} s") from None
        finally:
            left = self._held.get(connection, 0) - size
            if left > 0:
                self._held[connection] = left
            else:
                self._held.pop(connection, None)
            self.held_total -= size
