"""The WebSocket library the transport serves with, imported when the first client knocks.

websockets (and ``importlib.metadata``, which its version module imports) cost an app
~6 MiB and ~25 ms of CPU at start; an app nobody connects to never pays them (#41). The
transport listens on a plain socket from the start and hands it to :func:`serve` then.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

__all__ = ["ConnectionClosed", "Headers", "Request", "Response", "ServerConnection", "guarded",
           "more_waiting", "serve", "writes_at_once"]


class Door(Protocol):
    """What counts the sockets (:class:`probe.server.ceilings.Door`)."""

    def arrived(self, sock: ServerConnection) -> None: ...

    def requested(self, sock: ServerConnection) -> None: ...

    def left(self, sock: ServerConnection) -> None: ...


def more_waiting(ws: ServerConnection) -> bool:
    """Another message of ``ws`` (or a part of one) has come and waits to be read: the
    next ``recv()`` would hand it over without a pause of the loop. True when the
    library keeps its queue some other way (the caller then pauses as if it waited)."""
    try:
        return len(ws.recv_messages.frames) > 0
    except (AttributeError, TypeError):
        return True


def writes_at_once(ws: ServerConnection, text: str) -> bool:
    """``ws.send(text)`` returns without waiting: the connection is open, no fragmented
    message is being sent, flow control has not paused its writes and ``text`` fits
    under the buffer's high-water mark (it cannot pause them either: ``drain`` would
    then wait for the client to read). False when the library keeps its state some
    other way (the caller then bounds the send as if it could wait)."""
    try:
        if ws.protocol.state is not State.OPEN or ws.send_in_progress is not None \
                or ws.paused:
            return False
        transport = ws.transport
        # a frame's header is at most 14 bytes; a character at most 4 in UTF-8
        return transport.get_write_buffer_size() + 4 * len(text) + 14 \
            <= transport.get_write_buffer_limits()[1]
    except AttributeError:
        return False


def guarded(door: Door) -> type[ServerConnection]:
    """The server's connection class: it tells ``door`` when its socket comes and goes."""

    class Guarded(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            door.arrived(self)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.request is not None:
                door.requested(self)

        def connection_lost(self, exc: Exception | None) -> None:
            door.left(self)
            super().connection_lost(exc)

    return Guarded
