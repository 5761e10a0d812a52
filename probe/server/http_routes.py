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
from dataclasses import dataclass
from typing import Any

from probe import protocol
from probe.server.dispatch import Dispatcher
from probe.server.executor import GuiExecutor
from probe.server.sessions import Session
from probe.server.transport import Transport

Query = dict[str, list[str]]
Reply = tuple[int, str, bytes]


@dataclass(frozen=True)
class Served:
    """What the routes use: the dispatcher (they call methods as a client would, on
    ``session``, the internal HTTP session), the executor (``/health`` reads how long the
    GUI thread is blocked), the app's name and the probe's start time."""

    dispatcher: Dispatcher
    executor: GuiExecutor
    session: Session
    app_name: Callable[[], str | None]
    started: float


Route = Callable[[Served, Query], Awaitable[Reply]]

#: path -> handler(served, query); ``install`` binds them to a transport.
ROUTES: dict[str, Route] = {}


def http_route(path: str) -> Callable[[Route], Route]:
    """Declare a GET route (``@http_route("/health")``)."""
    def register(fn: Route) -> Route:
        ROUTES[path] = fn
        return fn
    return register


def install(transport: Transport, dispatcher: Dispatcher, executor: GuiExecutor,
            app_name: Callable[[], str | None], started: float) -> None:
    """Give ``transport`` every declared route, served by these parts."""
    served = Served(dispatcher, executor, _session(transport), app_name, started)
    for path, fn in ROUTES.items():
        transport.http_routes[path] = lambda query, fn=fn: fn(served, query)


def _json(status: int, value: Any) -> Reply:
    return status, "application/json", protocol.encode(value).encode()


def _session(transport: Transport) -> Session:
    """One internal session for HTTP calls (its own ids, named in the traffic log)."""
    async def discard(_text: str) -> None:
        return None

    return Session(send_text=discard, loop=transport.loop, remote="http", name="http",
                   role="http")


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


async def _call(served: Served, method: str, params: dict[str, Any]) -> tuple[int, Any]:
    req = protocol.Request(method, params, f"http:{method}")
    reply = await served.dispatcher.call(served.session, req)
    if "error" in reply:
        name = reply["error"].get("data", {}).get("name")
        status = {"APP_BUSY": 503, "STILL_RUNNING": 503, "SHUTTING_DOWN": 503,
                  "INTERNAL_ERROR": 500, "METHOD_NOT_FOUND": 501}.get(name, 400)
        if name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "WINDOW_NOT_FOUND"):
            status = 404
        return status, {"error": reply["error"]}
    return 200, reply["result"]


@http_route("/health")
async def health(served: Served, query: Query) -> Reply:
    await served.dispatcher.ready()  # "methods" counts them all
    blocked = served.executor.blocked_for()
    return _json(200, {"ok": True, "pid": os.getpid(), "app": served.app_name(),
                       "uptime": round(time.time() - served.started, 3),
                       "busy": blocked > 1.0, "blockedForMs": round(blocked * 1000),
                       "methods": len(served.dispatcher.registry.methods)})


@http_route("/schema")
async def schema(served: Served, query: Query) -> Reply:
    status, body = await _call(served, "qt.schema", _params(query))
    return _json(status, body["result"] if status == 200 else body)


@http_route("/tree")
async def tree(served: Served, query: Query) -> Reply:
    status, body = await _call(served, "qt.objects.tree", _params(query, ("depth", "maxNodes")))
    return _json(status, body)


@http_route("/screenshot.png")
async def screenshot(served: Served, query: Query) -> Reply:
    params = _params(query, ("maxWidth", "maxHeight", "quality"))
    status, body = await _call(served, "qt.ui.screenshot", {**params, "format": "png"})
    if status != 200:
        return _json(status, body)
    data = await asyncio.to_thread(base64.b64decode, body["result"]["data"])
    return 200, "image/png", data
