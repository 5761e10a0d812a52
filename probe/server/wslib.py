"""The WebSocket library the transport serves with, imported when the first client knocks.

websockets (and ``importlib.metadata``, which its version module imports) cost an app
~6 MiB and ~25 ms of CPU at start; an app nobody connects to never pays them (#41). The
transport listens on a plain socket from the start and hands it to :func:`serve` then.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Protocol

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

__all__ = ["ConnectionClosed", "Headers", "Request", "Response", "ServerConnection", "guarded",
           "more_waiting", "serve", "text_frame", "write_at_once", "writes_at_once"]


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
    try:  # a character is at most 4 bytes in UTF-8
        return _may_write(ws, ws.transport, 4 * len(text))
    except AttributeError:
        return False


def text_frame(data: bytes) -> bytes:
    """A server's unfragmented, unmasked Text frame of ``data`` (RFC 6455 5.2): the
    bytes websockets' ``Frame(TEXT, data).serialize(mask=False)`` writes without
    extensions (the probe serves with ``compression=None``)."""
    length = len(data)
    if length < 126:
        return bytes((0x81, length)) + data
    if length < 65536:
        return _HEAD16.pack(0x81, 126, length) + data
    return _HEAD64.pack(0x81, 127, length) + data


_HEAD16 = struct.Struct("!BBH")
_HEAD64 = struct.Struct("!BBQ")


def write_at_once(ws: ServerConnection, text: str) -> bool:
    """Write ``text`` as one Text frame straight to the socket's transport when
    ``ws.send(text)`` would do just that and return without waiting (see
    :func:`writes_at_once`; no extension, no frame logging, nothing else queued, no
    fragmented message begun); False (nothing written) otherwise: the caller sends it
    with ``ws.send``. ``send``'s own way (an async context manager, a Frame, a BytesIO,
    a drain) cost qt.ping's answer ~10 us of the transport thread (#41)."""
    try:
        protocol = ws.protocol
        if protocol.extensions or protocol.debug or protocol.writes \
                or protocol.expect_continuation_frame:
            return False
        data = text.encode()
        transport = ws.transport
        if not _may_write(ws, transport, len(data)) or transport.is_closing():
            return False
        transport.write(text_frame(data))
    except AttributeError:
        return False
    return True


def _may_write(ws: ServerConnection, transport: asyncio.Transport, size: int) -> bool:
    """The connection is open and a message of ``size`` bytes would neither wait for a
    fragmented send nor make ``drain`` wait (flow control)."""
    if ws.protocol.state is not State.OPEN or ws.send_in_progress is not None or ws.paused:
        return False
    # a frame's header is at most 14 bytes
    return transport.get_write_buffer_size() + size + 14 \
        <= transport.get_write_buffer_limits()[1]


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
