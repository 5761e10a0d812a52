"""qt.wait, qt.waitIdle, qt.waitSignal: wait on the app without blocking it.

Waits run on the transport thread and look at the app in short GUI-thread calls, so
the GUI never blocks on a waiter. A waiter re-checks when an app event suggests the
UI changed (``_waiting.Waiter``) or at the latest every ``interval``; with no wait
active nothing runs. A TIMEOUT says what was observed last.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any, cast

from PySide6.QtCore import QObject

from probe.api import _session
from probe.api._params import ObjectId, Timeout
from probe.api._waiting import Waiter
from probe.core.data import waits
from probe.core.errors import QtError
from probe.core.objects import meta, paths, variant
from probe.server.context import Context, Meta
from probe.server.registry import P, Replay, Tool, method
from probe.wire._shared import ObjectSummary
from probe.wire.qt_wait import Idle, Signalled, Waited


def _condition(condition: str) -> waits.Condition:
    cond = waits.parse_condition(condition)
    if cond is None:
        raise QtError("INVALID_PARAMS", f"unknown wait condition {condition!r}",
                      accepted=[*waits.STATES, "property:NAME=VALUE", "property:NAME!=VALUE"])
    return cond


@method("qt.wait", gui=False, replay=Replay.checks("wait"),
        tool=Tool("wait_for_object", "native"))
async def wait(
    ctx: Context,
    objectId: ObjectId,
    condition: Annotated[str, P(
        "exists, not_exists, visible, not_visible, enabled, disabled, focused, stable "
        "(geometry unchanged for stableMs), or property:NAME=VALUE / property:NAME!=VALUE")]
    = "visible",
    timeout: Timeout = 5.0,
    interval: Annotated[float, P("longest pause between checks (s)", minimum=0.02,
                                 maximum=5)] = 0.05,
    stableMs: Annotated[int, P("for 'stable': how long the geometry must not change",
                               minimum=0, maximum=60000)] = 200,
) -> Meta[Waited]:
    """Wait until an element meets a condition; TIMEOUT with data.lastObserved otherwise.

    Property values compare as text: strings as they are, numbers as JSON
    (``property:value=42``), booleans as true/false.
    """
    cond = _condition(condition)
    ids = _session.ids(ctx)
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + timeout
    seen: dict[str, Any] = {}
    checks = 0
    stable_since: float | None = None
    last_geometry: Any = None
    async with Waiter(ctx) as waiter:
        while True:
            now = loop.time()
            try:
                ok, seen = await ctx.gui(waits.observe, objectId, cond, ids,
                                         timeout=max(0.05, min(2.0, deadline - now)))
            except QtError as exc:
                if exc.name != "APP_BUSY":
                    raise
                ok, seen = False, {"busy": True, "guiStack": exc.data.get("guiStack", [])[-5:]}
            checks += 1
            now = loop.time()
            if cond.state == "stable" and ok:
                geometry = seen.get("geometry")
                if geometry != last_geometry or stable_since is None:
                    last_geometry, stable_since = geometry, now
                seen["stableForMs"] = round((now - stable_since) * 1000)
                ok = now - stable_since >= stableMs / 1000
            if ok:
                done = {"ok": True, "condition": condition, "observed": seen,
                        "waitedMs": round((now - start) * 1000)}
                return cast(Meta[Waited], Meta(done, checks=checks))
            if now >= deadline:
                raise QtError(
                    "TIMEOUT", f"{objectId!r} not {condition} after {timeout:g} s",
                    target=objectId, condition=condition, timeout=timeout, checks=checks,
                    lastObserved=seen)
            await waiter.sleep(interval, deadline - now, now)


def _noop() -> None:
    return None


@method("qt.waitIdle", gui=False, tool=Tool("wait_for_idle", "native"))
async def wait_idle(
    ctx: Context,
    timeout: Timeout = 5.0,
    quietMs: Annotated[float, P("a GUI round trip faster than this counts as idle",
                                minimum=0.1, maximum=1000)] = 20.0,
    rounds: Annotated[int, P("idle round trips in a row needed", minimum=1, maximum=20)] = 2,
) -> Idle:
    """Wait until the app's event queue has settled (quick GUI round trips in a row)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + timeout
    in_a_row = 0
    trips = 0
    last_ms = 0.0
    while True:
        t0 = time.perf_counter()
        busy: dict[str, Any] | None = None
        try:
            await ctx.gui(_noop, timeout=max(0.05, deadline - loop.time()))
            last_ms = (time.perf_counter() - t0) * 1000
        except QtError as exc:
            if exc.name != "APP_BUSY":
                raise
            busy = {k: exc.data.get(k) for k in ("blockedForMs", "guiStack")}
            last_ms = (time.perf_counter() - t0) * 1000
        trips += 1
        in_a_row = in_a_row + 1 if busy is None and last_ms < quietMs else 0
        if in_a_row >= rounds:
            return {"idle": True, "roundTrips": trips, "lastLatencyMs": round(last_ms, 3),
                    "waitedMs": round((loop.time() - start) * 1000)}
        if loop.time() >= deadline:
            raise QtError("TIMEOUT", f"the app was not idle within {timeout:g} s",
                          lastObserved={"latencyMs": round(last_ms, 3), **(busy or {})},
                          roundTrips=trips)
        if busy is None and last_ms >= quietMs:
            await asyncio.sleep(min(0.02, max(0.0, deadline - loop.time())))


@method("qt.waitSignal", gui=False, tool=Tool("wait_for_signal", "native"))
async def wait_signal(
    ctx: Context,
    objectId: ObjectId,
    signal: Annotated[str, P("signal name or signature: clicked, textChanged(QString)")],
    timeout: Timeout = 5.0,
) -> Signalled:
    """Wait for an object to emit a signal; returns its arguments. Start it before the
    action that emits (e.g. send both calls without awaiting the first)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[list[Any]] = loop.create_future()
    ids = _session.ids(ctx)

    def done(args: list[Any]) -> None:
        if not fut.done():
            fut.set_result(args)

    def died(what: str) -> None:
        if not fut.done():
            fut.set_exception(QtError("OBJECT_STALE", f"{what} was deleted while waiting for "
                                      f"{signal}", target=objectId, signal=signal))

    def connect() -> tuple[list[Any], str, ObjectSummary, Any]:
        obj = _session.object_of(ctx, objectId)
        sig = meta.signature(meta.find_signal(obj, signal))
        objref = meta.objref_for(ids)
        what = paths.path_of(obj)

        def emitted(*args: Any) -> None:
            payload = [variant.to_json(a, objref) for a in args]
            loop.call_soon_threadsafe(done, payload)

        def destroyed(*_args: Any) -> None:  # a dead object emits nothing more
            loop.call_soon_threadsafe(died, what)

        conn = QObject.connect(obj, "2" + sig, emitted)
        if not conn:
            raise QtError("SIGNAL_NOT_FOUND", f"could not connect to {sig}", signal=signal)
        gone = QObject.connect(obj, "2destroyed(QObject*)", destroyed)
        return [conn, gone], sig, paths.describe(obj, ids), (emitted, destroyed)

    conn, sig, info, keep = await ctx.gui(connect)
    started = loop.time()
    try:
        args = await asyncio.wait_for(fut, timeout)
    except TimeoutError:
        raise QtError("TIMEOUT", f"{sig} was not emitted within {timeout:g} s",
                      target=objectId, signal=sig,
                      lastObserved={"emitted": False, "object": info}) from None
    finally:
        ctx.post(lambda: _disconnect(conn, keep))
    return {"signal": sig, "args": args, "target": info,
            "waitedMs": round((loop.time() - started) * 1000)}


def _disconnect(conns: list[Any], _slots: Any) -> None:
    for conn in conns:
        try:
            QObject.disconnect(conn)
        except (RuntimeError, TypeError):  # the object died: so did the connection
            pass


