"""Python client of the probe: an async core and a thin synchronous face over it.

The inspector, the MCP server, the CLI and the tests all talk to probes through this
module; nothing else builds JSON-RPC messages. ::

    with Client.connect(app="qtmcp-demo", name="my-script") as qt:
        qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})

    async with await AsyncClient.connect(pid=1234) as qt:
        print(await qt.call("qt.ping"))
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import os
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar, overload
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from probe import discovery, private, protocol
from probe.exceptions import (
    BadAnswer,
    CallTimeout,
    ConnectError,
    ConnectionLost,
    RemoteError,
)
from probe.wire import WireError, decode

__all__ = [
    "AsyncClient",
    "BadAnswer",
    "CallTimeout",
    "Client",
    "ConnectError",
    "ConnectionLost",
    "Notification",
    "RemoteError",
    "read",
    "resolve_target",
]

T = TypeVar("T")
Callback = Callable[["Notification"], Any]


@dataclass
class Notification:
    """A server-to-client notification: ``method`` (e.g. ``probe.traffic``) and ``params``."""

    method: str
    params: dict[str, Any]


def resolve_target(url: str | None = None, token: str | None = None, *, pid: int | None = None,
                   app: str | None = None, inspector: bool = False
                   ) -> tuple[str, str | None, discovery.ProbeInfo | None]:
    """Find (url, token, info) from an explicit URL, or from discovery by pid / app name.

    A token found in a discovery file is its client token, or its inspector token when
    ``inspector`` (only the inspector presents that one).
    """
    if url:
        if token is None:
            token = parse_qs(urlsplit(url).query).get("token", [None])[0]
        if token is None:
            port = urlsplit(url).port
            matches = [p for p in discovery.list_probes() if p.port == port]
            token = _token_of(matches[0], inspector) if len(matches) == 1 \
                else os.environ.get("QTMCP_TOKEN")
        return url, token, None
    probes = discovery.find(pid=pid, app=app)
    wanted = " and ".join(x for x in (f"pid {pid}" if pid else "", f"app '{app}'" if app else "")
                          if x) or "any app"
    if not probes:
        raise ConnectError(f"No running qtmcp probe for {wanted} (looked in "
                           f"{private.folder()}). Start one with `qtmcp launch app.py` "
                           "or call probe.install() in the app.")
    if len(probes) > 1:
        listing = ", ".join(f"pid {p.pid} ({p.app})" for p in probes)
        raise ConnectError(f"{len(probes)} probes match {wanted}: {listing}. Pass pid= or app=.")
    info = probes[0]
    return info.url, token or _token_of(info, inspector), info


def read(kind: type[T], value: object, what: str = "answer") -> T:
    """``value`` as its ``probe.wire`` type ``kind``, checked; :class:`BadAnswer` says how
    it differs (the one reader of answers and notifications for every client)."""
    try:
        return decode(kind, value, what)
    except WireError as exc:
        raise BadAnswer(str(exc), exc.problems) from None


def _token_of(info: discovery.ProbeInfo, inspector: bool) -> str | None:
    return info.inspector_token if inspector and info.inspector_token else info.token


def _with_token(url: str, token: str | None) -> str:
    if not token:
        return url
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    query["token"] = [token]
    return urlunsplit(parts._replace(query=urlencode(query, doseq=True)))


class AsyncClient:
    """One WebSocket connection to a probe; calls are matched to responses by id."""

    def __init__(self, ws: ClientConnection, url: str,
                 info: discovery.ProbeInfo | None = None) -> None:
        self.ws = ws
        self.url = url
        self.info = info
        self._ids = itertools.count(1)
        self._pending: dict[int | str, asyncio.Future[Any]] = {}
        self._callbacks: dict[str | None, list[Callback]] = collections.defaultdict(list)
        self._queues: list[tuple[str | None, asyncio.Queue[Notification]]] = []
        self._closed: BaseException | None = None
        #: Notifications the probe dropped for this client so far (from probe.dropped).
        self.dropped = 0
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, url: str | None = None, token: str | None = None, *,
                      pid: int | None = None, app: str | None = None, name: str | None = None,
                      role: str = "client", open_timeout: float = 10.0,
                      max_size: int | None = 256 * 1024 * 1024) -> AsyncClient:
        """Connect by URL (+token) or find the probe by pid / app name; then say hello.

        ``role="inspector"`` takes the inspector token from discovery (when no token is
        given): the probe lets only that token declare the inspector role.
        """
        target, tok, info = resolve_target(url, token, pid=pid, app=app,
                                           inspector=role == "inspector")
        try:
            ws = await connect(_with_token(target, tok), open_timeout=open_timeout,
                               max_size=max_size, compression=None, proxy=None,
                               ping_interval=None)
        except InvalidStatus as exc:
            status = exc.response.status_code
            body = exc.response.body.decode("utf-8", "replace")[:300]
            raise ConnectError(f"Probe at {target} refused the connection ({status}): {body}"
                               ) from exc
        except (OSError, WebSocketException, asyncio.TimeoutError) as exc:
            raise ConnectError(f"Cannot reach a probe at {target}: {exc}") from exc
        client = cls(ws, target, info)
        if name:
            try:
                await client.call("probe.hello", {"name": name, "role": role})
            except ConnectionLost as exc:
                await client.close()
                if ws.close_code == protocol.CLOSE_TRY_LATER:  # made room for another at once
                    raise ConnectError(f"Probe at {target} closed the connection at once: "
                                       f"{ws.close_reason}") from exc
                raise
            except BaseException:  # e.g. ROLE_NOT_ALLOWED: do not leave the socket open
                await client.close()
                raise
        return client

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._closed is not None

    async def close(self) -> None:
        await self.ws.close()
        try:
            await self._reader
        except asyncio.CancelledError:
            pass

    # ------------------------------------------------------------------ calls

    async def call_envelope(self, method: str, params: dict[str, Any] | list[Any] | None = None,
                            *, timeout: float | None = 60.0,
                            via: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole result envelope ``{"result": ..., "meta": ...}``; raises RemoteError.
        ``via``: how the user asked for the call (an MCP tool and its arguments, a CLI
        command), shown beside the method to whoever watches the traffic."""
        reply = await self._request(protocol.request(method, params, next(self._ids), via),
                                    timeout)
        if "error" in reply:
            raise RemoteError.from_error(reply["error"])
        return reply["result"]

    @overload
    async def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
                   *, timeout: float | None = 60.0) -> Any: ...
    @overload
    async def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
                   *, timeout: float | None = 60.0, result: type[T]) -> T: ...
    async def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
                   *, timeout: float | None = 60.0, result: Any = None) -> Any:
        """Call a probe method and return its ``result`` (the envelope's inner value);
        with ``result=`` its ``probe.wire`` type, checked (:func:`read`)."""
        value = (await self.call_envelope(method, params, timeout=timeout))["result"]
        return value if result is None else read(result, value, method)

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        """Send a JSON-RPC notification (no response is owed)."""
        await self._send(protocol.encode(protocol.request(method, params, None)))

    async def batch(self, calls: list[tuple[str, dict[str, Any] | None]],
                    *, timeout: float | None = 60.0) -> list[dict[str, Any]]:
        """Send calls as one JSON-RPC batch; return the raw responses in call order."""
        ids = [next(self._ids) for _ in calls]
        msgs = [protocol.request(m, p, i) for (m, p), i in zip(calls, ids)]
        loop = asyncio.get_running_loop()
        futures: dict[int | str, asyncio.Future[Any]] = {i: loop.create_future() for i in ids}
        self._pending.update(futures)
        try:
            await self._send(protocol.encode(msgs))
            done = await asyncio.wait_for(asyncio.gather(*futures.values()), timeout)
        except asyncio.TimeoutError:
            raise CallTimeout(f"batch of {len(calls)} calls: no complete answer in {timeout} s"
                              ) from None
        finally:
            for i in ids:
                self._pending.pop(i, None)
        return list(done)

    async def _request(self, msg: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        rid = msg["id"]
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            await self._send(protocol.encode(msg))
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            raise CallTimeout(f"{msg['method']}: no answer within {timeout} s") from None
        finally:
            self._pending.pop(rid, None)

    async def _send(self, text: str) -> None:
        if self._closed is not None:
            raise ConnectionLost(f"connection to {self.url} is closed: {self._closed}")
        try:
            await self.ws.send(text)
        except ConnectionClosed as exc:
            raise ConnectionLost(f"connection to {self.url} closed: {exc}") from exc

    # ---------------------------------------------------------------- incoming

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                value = protocol.decode_json(raw)
                for item in value if isinstance(value, list) else [value]:
                    self._dispatch(item)
        except ConnectionClosed as exc:
            self._closed = exc
        except Exception as exc:  # noqa: BLE001 - surfaced to every waiting caller
            self._closed = exc
        finally:
            if self._closed is None:
                self._closed = ConnectionLost("closed")
            lost = ConnectionLost(f"connection to {self.url} lost: {self._closed}")
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(lost)
            # iterators and callbacks alike learn that nothing more will come
            self._deliver(Notification("probe.closed", {"reason": str(self._closed)}))

    def _dispatch(self, item: Any) -> None:
        if not isinstance(item, dict):
            return
        if "method" in item and "id" not in item:
            note = Notification(item["method"], item.get("params") or {})
            if note.method == "probe.dropped":
                self.dropped = int(note.params.get("dropped", self.dropped))
            self._deliver(note)
            return
        rid = item.get("id")
        future = self._pending.get(rid) if isinstance(rid, (int, str)) else None
        if future is not None and not future.done():
            future.set_result(item)

    def _deliver(self, note: Notification) -> None:
        """Hand a notification to the callbacks and the iterators that want it."""
        for callback in self._callbacks.get(note.method, []) + self._callbacks.get(None, []):
            try:
                callback(note)
            except Exception:
                import logging

                logging.getLogger("qtmcp.client").exception("notification callback failed")
        for method, queue in self._queues:  # every iterator ends on probe.closed
            if method is None or method == note.method or note.method == "probe.closed":
                queue.put_nowait(note)

    def on(self, method: str | None, callback: Callback) -> None:
        """Call ``callback(notification)`` for each notification ``method`` (None: all)."""
        self._callbacks[method].append(callback)

    def off(self, method: str | None, callback: Callback) -> None:
        if callback in self._callbacks.get(method, []):
            self._callbacks[method].remove(callback)

    async def notifications(self, method: str | None = None) -> AsyncIterator[Notification]:
        """Iterate over notifications (of ``method``) as they arrive, until the connection ends."""
        queue: asyncio.Queue[Notification] = asyncio.Queue()
        entry = (method, queue)
        self._queues.append(entry)
        try:
            while True:
                note = await queue.get()
                if note.method == "probe.closed" and method != "probe.closed":
                    return
                yield note
        finally:
            self._queues.remove(entry)


class Client:
    """Synchronous face: the async client on a private event-loop thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, thread: threading.Thread,
                 inner: AsyncClient) -> None:
        self._loop = loop
        self._thread = thread
        self.inner = inner
        self._cond = threading.Condition()
        self._received: collections.deque[Notification] = collections.deque(maxlen=50000)
        inner.on(None, self._collect)

    @classmethod
    def connect(cls, url: str | None = None, token: str | None = None, **kwargs: Any) -> Client:
        """Same arguments as :meth:`AsyncClient.connect`."""
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="qtmcp-client", daemon=True)
        thread.start()
        try:
            inner = asyncio.run_coroutine_threadsafe(
                AsyncClient.connect(url, token, **kwargs), loop).result()
        except BaseException:
            _end_loop(loop, thread)  # a Ctrl+C while connecting: the connect ends too
            raise
        return cls(loop, thread, inner)

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        return self.inner.url

    @property
    def closed(self) -> bool:
        return self.inner.closed

    @property
    def dropped(self) -> int:
        """Notifications the probe dropped for this client (it reports them)."""
        return self.inner.dropped

    @overload
    def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
             *, timeout: float | None = 60.0) -> Any: ...
    @overload
    def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
             *, timeout: float | None = 60.0, result: type[T]) -> T: ...
    def call(self, method: str, params: dict[str, Any] | list[Any] | None = None,
             *, timeout: float | None = 60.0, result: Any = None) -> Any:
        value = self._run(self.inner.call(method, params, timeout=timeout))
        return value if result is None else read(result, value, method)

    def call_envelope(self, method: str, params: dict[str, Any] | list[Any] | None = None,
                      *, timeout: float | None = 60.0,
                      via: dict[str, Any] | None = None) -> dict[str, Any]:
        return self._run(self.inner.call_envelope(method, params, timeout=timeout, via=via))

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self._run(self.inner.notify(method, params))

    def batch(self, calls: list[tuple[str, dict[str, Any] | None]],
              *, timeout: float | None = 60.0) -> list[dict[str, Any]]:
        return self._run(self.inner.batch(calls, timeout=timeout))

    def on(self, method: str | None, callback: Callback) -> None:
        """Callbacks run on the client's thread; keep them short."""
        self.inner.on(method, callback)

    def _collect(self, note: Notification) -> None:
        with self._cond:
            self._received.append(note)
            self._cond.notify_all()

    def wait_notification(self, method: str, predicate: Callable[[dict[str, Any]], bool]
                          | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """Take the first received notification ``method`` (matching ``predicate``)."""
        def take() -> Notification | None:
            for note in self._received:
                if note.method == method and (predicate is None or predicate(note.params)):
                    self._received.remove(note)
                    return note
            return None

        with self._cond:
            found = self._cond.wait_for(take, timeout)
        if found is None:
            seen = sorted({n.method for n in self._received})
            raise CallTimeout(f"no {method} notification within {timeout} s (have: {seen})")
        return found.params

    def received(self, method: str | None = None) -> list[Notification]:
        """Notifications received and not yet taken (of ``method``)."""
        with self._cond:
            return [n for n in self._received if method is None or n.method == method]

    def close(self) -> None:
        if not self._loop.is_closed():
            try:
                self._run(self.inner.close())
            finally:
                _end_loop(self._loop, self._thread)


def _end_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    """Stop the client's loop thread after ending every task still on it.

    A Ctrl+C may cut a connect or a close short while its coroutine still runs on the
    loop: stopping the loop under it made Python print the tasks and coroutines as
    destroyed while pending, tracebacks an exiting `qtmcp demo` showed, and left the
    socket open."""
    with contextlib.suppress(BaseException):
        asyncio.run_coroutine_threadsafe(_cancel_tasks(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


async def _cancel_tasks() -> None:
    """Cancel every other task of the running loop and wait for them to end."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
