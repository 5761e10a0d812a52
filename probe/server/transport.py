"""The WebSocket (and plain HTTP GET) server, on its own thread with its own asyncio loop.

It never touches a QObject: everything Qt goes through the GUI executor. The opening
handshake checks the token and refuses browser Origins before any message is read.
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from probe import protocol
from probe.server import auth
from probe.server.sessions import Hub, Session

if TYPE_CHECKING:
    from probe.server.probe import Probe

log = logging.getLogger("qtmcp.probe")
#: websockets logs every connection at INFO; in the app's own log that is noise.
_ws_log = logging.getLogger("qtmcp.probe.websockets")
_ws_log.setLevel(logging.WARNING)

#: An HTTP GET handler: takes the query string, returns (status, content type, body).
HttpHandler = Callable[[dict[str, list[str]]], Awaitable[tuple[int, str, bytes]]]

#: Requests one client may have running at once; more wait (TCP backpressure).
MAX_IN_FLIGHT = 64


def _response(status: int, content_type: str, body: bytes) -> Response:
    phrase = http.HTTPStatus(status).phrase
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-store")])
    return Response(status, phrase, headers, body)


def _json_response(status: int, value: Any) -> Response:
    return _response(status, "application/json", protocol.encode(value).encode())


class Transport:
    """Owns the server thread. ``start`` returns once the port is bound (or raises)."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe
        self.loop = asyncio.new_event_loop()
        self.hub = Hub(self.loop)
        self.port = 0
        self.http_routes: dict[str, HttpHandler] = {}
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._server: Server | None = None
        self._thread = threading.Thread(target=self._run, name="qtmcp-probe", daemon=True)

    # ---------------------------------------------------------------- lifecycle

    def start(self, timeout: float = 10.0) -> None:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("qtmcp probe: server thread did not start")
        if self._failure is not None:
            raise self._failure

    def stop(self, timeout: float = 3.0) -> None:
        """Close every connection (1001, going away) and end the thread."""
        if not self._thread.is_alive() or self._stop is None:
            return
        try:
            self.loop.call_soon_threadsafe(self._stop.set)
        except RuntimeError:
            return
        self._thread.join(timeout)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.hub.bind_thread()
        try:
            self.loop.run_until_complete(self._main())
        except BaseException as exc:
            if not self._ready.is_set():
                self._failure = exc
                self._ready.set()
            else:
                log.exception("qtmcp probe server stopped")
        finally:
            self.loop.close()

    async def _main(self) -> None:
        opts = self.probe.options
        self._stop = asyncio.Event()
        async with serve(
            self._handle,
            opts.host,
            opts.port,
            origins=[None],  # a browser always sends Origin; scripts and agents do not
            process_request=self._process_request,
            max_size=opts.max_message * protocol.HARD_LIMIT_FACTOR,
            max_queue=32,
            compression=None,  # loopback: latency matters more than bytes
            ping_interval=20,
            ping_timeout=20,
            logger=_ws_log,
        ) as server:
            self._server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()
            server.close(close_connections=True)
            await asyncio.wait_for(server.wait_closed(), 2.0)

    # ---------------------------------------------------------------- handshake

    async def _process_request(self, connection: ServerConnection, request: Request
                               ) -> Response | None:
        headers = request.headers
        if headers.get("Origin") is not None:
            return _json_response(403, protocol.error_object(
                "UNAUTHORIZED", "Browser origins are refused",
                hint="The probe does not accept connections from web pages."))
        presented = auth.token_of(request.path, headers.get("Authorization"))
        if not auth.token_ok(self.probe.token, presented):
            why = "No token given" if presented is None else "Wrong token"
            return _json_response(401, protocol.error_object("UNAUTHORIZED", why))
        if headers.get("Upgrade", "").lower() == "websocket":
            return None
        path = urlsplit(request.path).path.rstrip("/") or "/"
        handler = self.http_routes.get(path)
        if handler is None:
            return _json_response(404, {"error": f"no route {path}",
                                        "routes": sorted(self.http_routes)})
        from urllib.parse import parse_qs

        try:
            status, ctype, body = await handler(parse_qs(urlsplit(request.path).query))
        except protocol.RpcError as exc:
            return _json_response(400 if exc.name != "APP_BUSY" else 503, exc.to_error())
        return _response(status, ctype, body)

    # ---------------------------------------------------------------- messages

    async def _handle(self, ws: ServerConnection) -> None:
        remote = ws.remote_address
        session = Session(send_text=ws.send, loop=self.loop,
                          remote=f"{remote[0]}:{remote[1]}" if remote else "",
                          queue_bytes_limit=self.probe.options.max_queue_bytes)
        self.hub.add(session)
        slots = asyncio.Semaphore(MAX_IN_FLIGHT)
        tasks: set[asyncio.Task[None]] = set()
        try:
            async for message in ws:
                await slots.acquire()
                task = self.loop.create_task(self._answer(ws, session, message, slots))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        except ConnectionClosed:
            pass
        finally:
            self.hub.remove(session)
            self.probe.session_closed(session)

    async def _answer(self, ws: ServerConnection, session: Session, message: str | bytes,
                      slots: asyncio.Semaphore) -> None:
        try:
            reply = await self.probe.dispatcher.handle(session, message)
            if reply is not None:
                await ws.send(reply)
        except ConnectionClosed:
            pass
        finally:
            slots.release()


def health_body(info: dict[str, Any]) -> bytes:
    return json.dumps({"ok": True, **info}).encode()
