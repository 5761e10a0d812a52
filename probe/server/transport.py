"""The WebSocket (and plain HTTP GET) server, on its own thread with its own asyncio loop.

It never touches a QObject: everything Qt goes through the GUI executor. The opening
handshake refuses what is not GET/HEAD (405), repeated security headers (400), a
``Host`` that does not name this probe (403, DNS rebinding), browser Origins (403) and
a missing or wrong token (401) before any message is read or route runs.
"""

from __future__ import annotations

import asyncio
import http
import logging
import socket
import sys
import threading
import weakref
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from probe import protocol
from probe.server import auth
from probe.server.auth import Tokens
from probe.server.calls import MAX_IN_FLIGHT, Calls, Claim
from probe.server.ceilings import Budget, Door, Limits, Turns
from probe.server.dispatch import Dispatcher
from probe.server.gate import Gate
from probe.server.options import Options
from probe.server.outbox import CLOSE_NOT_READING, Outbox, Stalled
from probe.server.reading import Reading, Step
from probe.server.sessions import Hub, Session

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

log = logging.getLogger("qtmcp.probe")
#: websockets logs every connection at INFO; in the app's own log that is noise.
_ws_log = logging.getLogger("qtmcp.probe.websockets")
_ws_log.setLevel(logging.WARNING)

#: An HTTP GET handler: takes the query string, returns (status, content type, body).
HttpHandler = Callable[[dict[str, list[str]]], Awaitable[tuple[int, str, bytes]]]

#: Headers that decide who is served: a request repeating one is refused (400).
_SINGLE_HEADERS = ("Host", "Origin", "Authorization", "Upgrade")
#: Seconds the calls still running when the app quits get to send their SHUTTING_DOWN.
_SHUTDOWN_GRACE = 1.0
#: The interpreter's switch interval while the probe serves (seconds; Python's default is
#: 0.005). The transport thread gives the GIL up around every socket call and must wait
#: for it back while the GUI thread runs Python: with 5 ms a wait, 20 clients keeping the
#: GUI thread busy left a bystander's handshake and hello 1-2 s behind (its ping 1 s);
#: with 1 ms, 14 ms and 2 ms (tests/bench/bench_hostile.py). Only threads that want the
#: GIL at once switch, so an idle probe costs the app nothing.
SWITCH_INTERVAL = 0.001


#: probe.server.wslib once the first client knocked (None until then).
_lib: ModuleType | None = None


def _ws() -> ModuleType:
    """The WebSocket library, imported at the first connection, not at the app's start:
    its cost (~6 MiB, ~25 ms), not a circle (#41)."""
    global _lib
    if _lib is None:
        from probe.server import wslib

        _lib = wslib
    return _lib


def load_library() -> None:
    """Import what serving needs (the WebSocket library, the JSON encoder) now, on the
    thread that calls: :class:`Transport`'s ``load`` runs it on the GUI thread, between the
    app's events. An import on the server thread while the app's own code runs changes
    ``sys.modules`` under any loop of the app's over it: PySide6's first ``from __feature__
    import`` is one (it reads every module's source in it), and a snake_case app under
    ``qtmcp launch`` died of "dictionary changed size during iteration"."""
    _ws()
    protocol.load_encoder()


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on the first address ``host`` resolves to (what serve() binds
    first, whose port the probe announces)."""
    # an ASCII name as bytes: a str is IDNA-encoded first (~0.5 MiB of codec tables)
    name: str | bytes = host.encode("ascii") if host.isascii() else host
    family, kind, proto, _name, address = socket.getaddrinfo(
        name, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(100)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def _response(status: int, content_type: str, body: bytes, head: bool = False,
              extra: tuple[tuple[str, str], ...] = ()) -> Response:
    """A response; for ``head`` its headers only (Content-Length still that of ``body``)."""
    phrase = http.HTTPStatus(status).phrase
    lib = _ws()
    headers = lib.Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-store"), *extra])
    return lib.Response(status, phrase, headers, b"" if head else body)


def _json_response(status: int, value: Any, head: bool = False,
                   extra: tuple[tuple[str, str], ...] = ()) -> Response:
    return _response(status, "application/json", protocol.encode(value).encode(), head, extra)



def _method(request: Any) -> str:
    """The request's HTTP method: websockets 17 parses any method; before (13-16, the
    newest for Python 3.10) it parses GET requests only, and its Request has no method."""
    return str(getattr(request, "method", "GET"))

class Transport:
    """Owns the server thread. ``start`` returns once the port is bound (or raises).

    A message's path: the connection's :class:`~probe.server.reading.Reading` (started by
    :meth:`_handle`) reads it (:meth:`_read_one`) and the connection's
    :class:`~probe.server.calls.Calls` counts it in; run at once (in the reader's turn)
    or when a turn frees, the call is :meth:`_answer`: the
    dispatcher answers it (:meth:`Dispatcher.handle`) and :meth:`_send` sends the answer
    within the outbox's bounds. It gets the parts it uses: the options it listens with,
    the tokens it admits, the hub (its loop is the server thread's), the dispatcher,
    the gate (held calls end when the app quits), ``closed``, run for each session that
    ends, and ``load``, which brings in the library when the first client knocks
    (:func:`load_library`, on the GUI thread).
    """

    def __init__(self, options: Options, tokens: Tokens, hub: Hub, dispatcher: Dispatcher,
                 gate: Gate, closed: Callable[[Session], None],
                 load: Callable[[], Awaitable[None]]) -> None:
        self.options = options
        self.tokens = tokens
        self.hub = hub
        self.loop = hub.loop
        self.dispatcher = dispatcher
        self.gate = gate
        self.closed = closed
        #: Runs :func:`load_library` when the first client knocks (where: the caller's say).
        self.load = load
        self.port: int = 0
        self.http_routes: dict[str, HttpHandler] = {}
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stop: asyncio.Event | None = None
        #: Handshakes that presented the inspector token, until their session starts.
        self._inspectors: weakref.WeakSet[ServerConnection] = weakref.WeakSet()
        self._calls: dict[int, Calls] = {}
        opts = options
        #: What all clients together may make the probe hold, and who gets in (ceilings.py).
        self.limits = Limits.from_env(
            held_bytes=opts.total_held_bytes,
            message_bytes=opts.max_message + protocol.HARD_LIMIT_SLACK)
        self.door = Door(self.limits, self.loop, self._backlog)
        self.call_bytes = Budget(self.limits.call_bytes, self.limits.free_each)
        self.turns = Turns(self.limits.running_calls, self.limits.free_calls)
        self.notification_bytes = Budget(self.limits.notification_bytes,
                                         self.limits.free_each)
        #: Connections closed to make room for a newcomer before their handler ran, with
        #: the close reason: closed with 1013 as soon as it runs.
        self._refused: weakref.WeakKeyDictionary[ServerConnection, str] = \
            weakref.WeakKeyDictionary()
        #: Each running connection's session and calls (what it holds, for the door).
        self._served: dict[ServerConnection, tuple[Session, Calls]] = {}
        #: Answer bytes held for clients that have not read them, bounded (outbox.py).
        self.outbox = Outbox(opts.max_held_bytes, opts.total_held_bytes, opts.stall_seconds,
                             self.limits.free_each, self._evict)
        #: Each session's connection, for closing the one holding the most answers.
        self._sockets: dict[int, tuple[ServerConnection, Session]] = {}
        self._thread = threading.Thread(target=self._run, name="qtmcp-probe", daemon=True)

    # ---------------------------------------------------------------- lifecycle

    def start(self, timeout: float = 10.0) -> None:
        if sys.getswitchinterval() > SWITCH_INTERVAL:  # never above what the app chose
            sys.setswitchinterval(SWITCH_INTERVAL)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("qtmcp probe: server thread did not start")
        if self._failure is not None:
            raise self._failure

    def stop(self, timeout: float = 4.0) -> None:
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
        """Listen on a plain socket from the start; serve WebSockets on it once the first
        client knocks (the library loads then, #41)."""
        self._stop = stopping = asyncio.Event()
        sock = _listen(self.options.host, self.options.port)
        self.port = int(sock.getsockname()[1])
        knocked = asyncio.Event()
        self.loop.add_reader(sock.fileno(), knocked.set)
        self._ready.set()
        stop = asyncio.ensure_future(stopping.wait())
        first = asyncio.ensure_future(knocked.wait())
        await asyncio.wait({stop, first}, return_when=asyncio.FIRST_COMPLETED)
        self.loop.remove_reader(sock.fileno())
        first.cancel()
        if stopping.is_set():
            await self._finish_calls()  # none can run yet: the gate refuses what comes
            sock.close()
            return
        stop.cancel()
        await self.load()
        await self._serve(sock, stopping)

    async def _serve(self, sock: socket.socket, stopping: asyncio.Event) -> None:
        async with _ws().serve(
            self._handle,
            sock=sock,
            origins=[None],  # a browser always sends Origin; scripts and agents do not
            process_request=self._process_request,
            max_size=self.limits.message_bytes,
            max_queue=32,
            create_connection=_ws().guarded(self.door),
            compression=None,  # loopback: latency matters more than bytes
            ping_interval=20,
            ping_timeout=20,
            close_timeout=0.5,  # a peer that never answers the close does not hold the exit
            logger=_ws_log,
        ) as server:
            await stopping.wait()
            await self._finish_calls()
            server.close(close_connections=True)
            await asyncio.wait_for(server.wait_closed(), 2.0)

    async def _finish_calls(self) -> None:
        """The app is quitting: held and waiting calls answer SHUTTING_DOWN (the executor
        refuses GUI work now) before the connections close."""
        self.gate.shutdown()
        running = [calls.settle(_SHUTDOWN_GRACE) for calls in self._calls.values()]
        if running:
            await asyncio.gather(*running)

    # ---------------------------------------------------------------- handshake

    async def _process_request(self, connection: ServerConnection, request: Request
                               ) -> Response | None:
        refusal = self._refusal(request)
        if refusal is not None:
            return refusal
        headers = request.headers
        presented = auth.token_of(request.path, headers.get("Authorization"))
        credential = auth.credential_of(presented, self.tokens.client, self.tokens.inspector)
        if credential is None:
            why = "No token given" if presented is None else "Wrong token"
            return _json_response(401, protocol.error_object("UNAUTHORIZED", why))
        self.door.authorized(connection)
        if headers.get("Upgrade", "").lower() == "websocket":
            room = self.door.let_in(connection, credential == "inspector")
            if room is not None:
                self._make_room(*room)
            if credential == "inspector":
                self._inspectors.add(connection)
            return None
        head = _method(request) == "HEAD"
        path = urlsplit(request.path).path.rstrip("/") or "/"
        handler = self.http_routes.get(path)
        if handler is None:
            return _json_response(404, {"error": f"no route {path}",
                                        "routes": sorted(self.http_routes)}, head)
        try:
            status, ctype, body = await handler(parse_qs(urlsplit(request.path).query))
        except protocol.RpcError as exc:
            return _json_response(400 if exc.name != "APP_BUSY" else 503, exc.to_error(), head)
        return _response(status, ctype, body, head)

    def _refusal(self, request: Request) -> Response | None:
        """The response refusing a request before its token is even looked at, or None."""
        if _method(request) not in ("GET", "HEAD"):
            return _json_response(405, protocol.error_object(
                "INVALID_REQUEST", f"HTTP {_method(request)} is not served",
                hint="The probe serves GET (and HEAD) only; JSON-RPC goes over the "
                     "WebSocket."), extra=(("Allow", "GET, HEAD"),))
        headers = request.headers
        repeated = [name for name in _SINGLE_HEADERS if len(headers.get_all(name)) > 1]
        if repeated:
            return _json_response(400, protocol.error_object(
                "INVALID_REQUEST", f"Repeated header {repeated[0]}",
                hint="Send each of Host, Origin, Authorization and Upgrade at most once."))
        opts = self.options
        if not auth.host_ok(headers.get("Host"), opts.host, opts.allow_remote):
            return _json_response(403, protocol.error_object(
                "UNAUTHORIZED", "Host header does not name this probe",
                hint="Connect to 127.0.0.1 or localhost (a page that rebinds its own "
                     "name to this machine is refused)."))
        if headers.get("Origin") is not None:
            return _json_response(403, protocol.error_object(
                "UNAUTHORIZED", "Browser origins are refused",
                hint="The probe does not accept connections from web pages."))
        return None

    # ---------------------------------------------------------------- messages

    def _backlog(self, ws: ServerConnection) -> int:
        """Bytes ``ws`` makes the probe hold and has not taken back: its answers not read
        yet and its messages waiting for a turn (the door closes the heaviest first)."""
        served = self._served.get(ws)
        if served is None:
            return 0
        session, calls = served
        return self.outbox.held(session.id) + calls.waiting_bytes

    def _make_room(self, ws: Any, why: str) -> None:
        """Close ``ws`` (1013, ``why``) for a newcomer: at once if it is served, else as
        soon as its handler runs."""
        log.info("qtmcp probe: closing a connection for a newcomer: %s", why)
        if ws in self._served:
            self.loop.create_task(ws.close(protocol.CLOSE_TRY_LATER, why))
        else:
            self._refused[ws] = why

    async def _handle(self, ws: ServerConnection) -> None:
        if ws in self._refused:
            await ws.close(protocol.CLOSE_TRY_LATER, self._refused.pop(ws))
            return
        remote = ws.remote_address
        session = Session(send_text=ws.send, loop=self.loop,
                          remote=f"{remote[0]}:{remote[1]}" if remote else "",
                          queue_bytes_limit=self.options.max_queue_bytes,
                          inspector=ws in self._inspectors, budget=self.notification_bytes)
        self._inspectors.discard(ws)
        self._sockets[session.id] = (ws, session)
        self.hub.add(session)
        calls = self._calls[session.id] = Calls(
            self.loop, lambda message: self._answer(ws, session, message), self.call_bytes,
            lambda text: self._send(ws, session, text), self.turns)
        self._served[ws] = (session, calls)

        def end() -> None:  # once, as soon as the reading ends
            calls.end()
            self._served.pop(ws, None)
            self._calls.pop(session.id, None)
            self._sockets.pop(session.id, None)
            self.hub.remove(session)
            self.closed(session)

        reading = Reading(self.loop, lambda: self._read_one(ws, session, calls),
                          lambda: _ws().more_waiting(ws), end)
        reading.start()
        try:
            await reading.ended
        except _ws().ConnectionClosed:
            pass
        finally:
            reading.stop()

    async def _read_one(self, ws: ServerConnection, session: Session, calls: Calls) -> Step:
        """Read one message of ``ws`` and say what follows (see :class:`Reading`): the
        call to run at once, read on, or stop (a client that reads none of its refusals
        is closed). A client that waits for its answers has no message queued and pays
        no pause of the loop between them (Reading's ``more``: a pause after every
        message cost each of its calls a turn)."""
        message = await ws.recv()
        self.door.heard(ws)
        claim = calls.claim(message)
        if claim is Claim.NOW:
            return lambda: calls.run_here(message)
        # Refused without waiting for the client to read the refusal: a reader blocked
        # there would leave the socket's own buffers to fill.
        if claim is Claim.REFUSED and not calls.refuse(self.dispatcher.refuse(
                message, "TOO_MANY_CALLS", calls.why_refused(),
                hint=calls.refusal_hint(), limit=MAX_IN_FLIGHT)):
            self._close_stalled(ws, session, "it sends calls and reads none of their "
                                "refusals")
            return False
        return True

    async def _answer(self, ws: ServerConnection, session: Session, message: str | bytes
                      ) -> None:
        """Answer one message; always, even if the probe fails (INTERNAL_ERROR)."""
        try:
            reply = await self.dispatcher.handle(session, message)
        except Exception as exc:  # a request is always answered
            log.exception("qtmcp probe: a message could not be answered")
            reply = protocol.encode(protocol.failure(protocol.sniff_id(message),
                                                     protocol.error_object(
                "INTERNAL_ERROR", detail=f"{type(exc).__name__}: {exc}"[:500])))
        try:
            await self._send(ws, session, reply)
        finally:  # after the answer, and even when its client is gone
            self.dispatcher.mirror_pending()

    async def _send(self, ws: ServerConnection, session: Session, text: str | None) -> None:
        """Send an answer, held within the outbox's bounds; a client that does not read
        it is closed with 1008."""
        if text is None:
            return
        lib = _ws()
        # nothing of this connection's held: an answer the socket takes at once goes
        # straight to it (in order: any earlier answer is already in the socket's buffer)
        if not self.outbox.held(session.id) and lib.write_at_once(ws, text):
            return
        try:
            await self.outbox.send(session.id, text, ws.send, lib.writes_at_once(ws, text))
        except lib.ConnectionClosed:
            pass
        except Stalled as exc:
            self._close_stalled(ws, session, str(exc))

    def _close_stalled(self, ws: ServerConnection, session: Session, why: str) -> None:
        """Close a connection that does not read its answers (1008), saying why."""
        log.warning("qtmcp probe: closing %s (%s): %s", session.name, session.remote, why)
        self.hub.publish("sessions", "probe.session", {
            "event": "stalled", "reason": why, **session.describe()})
        self.loop.create_task(ws.close(CLOSE_NOT_READING, f"not reading: {why}"[:120]))

    def _evict(self, session_id: int, why: str) -> None:
        """The outbox's total is full: close the connection holding the most."""
        found = self._sockets.get(session_id)
        if found is not None:
            self._close_stalled(found[0], found[1], why)
