"""The WebSocket library the transport serves with, imported when the first client knocks.

websockets (and ``importlib.metadata``, which its version module imports) cost an app
~6 MiB and ~25 ms of CPU at start; an app nobody connects to never pays them (#41). The
transport listens on a plain socket from the start and hands it to :func:`serve` then.
"""

# websockets' serve() resolves to an unknown type under strict checking (its overloads).
# pyright: basic

from __future__ import annotations

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

__all__ = ["ConnectionClosed", "Headers", "Request", "Response", "ServerConnection", "serve"]
