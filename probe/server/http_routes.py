"""Plain HTTP GET routes on the probe's port: /health, /schema, /tree, /screenshot.png.

The transport checks the token and refuses browser Origins before any route runs.
Routes that need the app call the same probe method a WebSocket client would,
through the dispatcher on an internal HTTP session, so they share its validation,
errors and traffic mirror (no second implementation). ``/health`` never touches the
GUI thread: it answers even when the app is frozen.
"""

from __future__ import annotations

import asyncio
import base64
import os
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from probe import protocol
from probe.server.sessions import Session

if TYPE_CHECKING:
    from probe.server.probe import Probe

Query = dict[str, list[str]]
Reply = tuple[int, str, bytes]
Route = Callable[["Probe", Query], Awaitable[Reply]]

#: path -> handler(probe, query); ``install`` binds them to a probe's transport.
ROUTES: dict[str, Route] = {}


def http_route(path: str) -> Callable[[Route], Route]:
    """Declare a GET route (``@http_route("/health")``)."""
    def register(fn: Route) -> Route:
        ROUTES[path] = fn
        return fn
    return register


def install(probe: Probe) -> None:
    """Give the probe's transport every declared route."""
    for path, fn in ROUTES.items():
        probe.transport.http_routes[path] = lambda query, fn=fn: fn(probe, query)


def _json(status: int, value: Any) -> Reply:
    return status, "application/json", protocol.encode(value).encode()


def _session(probe: Probe) -> Session:
    """One internal session for HTTP calls (its own ids, named in the traffic log)."""
    session = getattr(probe, "_http_session", None)
    if session is None:
        loop = probe.transport.loop

        async def discard(_text: str) -> None:
            return None

        session = Session(send_text=discard, loop=loop, remote="http", name="http",
                          role="http")
        probe._http_session = session  # pyright: ignore[reportAttributeAccessIssue]  # made on first use
    return session


def _params(query: Query, ints: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, values in query.items():
        if key == "token" or not values:
            continue
        value: Any = values[-1]
        if key in ints:
            try:
                value = int(value)
            except ValueError:
                pass  # the method's validation says what is wrong
        out[key] = value
    return out


async def _call(probe: Probe, method: str, params: dict[str, Any]) -> tuple[int, Any]:
    req = protocol.Request(method, params, f"http:{method}")
    reply = await probe.dispatcher.call(_session(probe), req)
    if "error" in reply:
        name = reply["error"].get("data", {}).get("name")
        status = {"APP_BUSY": 503, "STILL_RUNNING": 503, "SHUTTING_DOWN": 503,
                  "INTERNAL_ERROR": 500, "METHOD_NOT_FOUND": 501}.get(name, 400)
        if name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "WINDOW_NOT_FOUND"):
            status = 404
        return status, {"error": reply["error"]}
    return 200, reply["result"]


@http_route("/health")
async def health(probe: Probe, query: Query) -> Reply:
    blocked = probe.executor.blocked_for()
    return _json(200, {"ok": True, "pid": os.getpid(),
                       "app": probe.info.app if probe.info else None,
                       "uptime": round(time.time() - probe.started, 3),
                       "busy": blocked > 1.0, "blockedForMs": round(blocked * 1000),
                       "methods": len(probe.registry.methods)})


@http_route("/schema")
async def schema(probe: Probe, query: Query) -> Reply:
    status, body = await _call(probe, "qt.schema", _params(query))
    return _json(status, body["result"] if status == 200 else body)


@http_route("/tree")
async def tree(probe: Probe, query: Query) -> Reply:
    status, body = await _call(probe, "qt.objects.tree", _params(query, ("depth", "maxNodes")))
    return _json(status, body)


@http_route("/screenshot.png")
async def screenshot(probe: Probe, query: Query) -> Reply:
    params = _params(query, ("maxWidth", "maxHeight", "quality"))
    status, body = await _call(probe, "qt.ui.screenshot", {**params, "format": "png"})
    if status != 200:
        return _json(status, body)
    data = await asyncio.to_thread(base64.b64decode, body["result"]["data"])
    return 200, "image/png", data
