"""Sync family: qt.wait*, qt.assert and qt.transaction.

Waits run on the transport thread and look at the app in short GUI-thread calls, so
the GUI never blocks on a waiter. A waiter re-checks when an app event suggests the
UI changed (``core.waits.WAKER``) or at the latest every ``interval``; with no wait
active nothing runs. A TIMEOUT says what was observed last.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from probe import protocol
from probe.api import _interact as act
from probe.core.data import models, waits
from probe.core.errors import QtError
from probe.core.objects import idtable, meta, paths, variant
from probe.protocol import RpcError
from probe.server.context import Context, Meta
from probe.server.registry import P, method

Target = Annotated[str, P("the element: path, #N, symbolic name or selector "
                          "(@name:, @class:, @text:, @accessible:, paths with * and [i])",
                          aliases=("target",))]
Timeout = Annotated[float, P("seconds to wait at most", minimum=0, maximum=600)]

#: Fewest seconds between two checks of one wait, however often the app wakes it.
MIN_GAP = 0.02


def _condition(condition: str) -> waits.Condition:
    cond = waits.parse_condition(condition)
    if cond is None:
        raise RpcError("INVALID_PARAMS", f"unknown wait condition {condition!r}",
                       accepted=[*waits.STATES, "property:NAME=VALUE", "property:NAME!=VALUE"])
    return cond


class Waiter:
    """Wake-ups of one wait: an asyncio event set from the GUI thread's event filter."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.key = 0

    async def __aenter__(self) -> Waiter:
        self.key = waits.WAKER.arm(lambda: self.loop.call_soon_threadsafe(self.event.set))
        self.ctx.probe.executor.post(waits.WAKER.sync_filter)
        return self

    async def __aexit__(self, *exc: object) -> None:
        waits.WAKER.disarm(self.key)
        self.ctx.probe.executor.post(waits.WAKER.sync_filter)

    async def sleep(self, interval: float, remaining: float, last_check: float) -> None:
        """Until woken or ``interval`` passed (not beyond ``remaining``), MIN_GAP apart."""
        self.event.clear()
        waits.WAKER.rearm(self.key)
        try:
            await asyncio.wait_for(self.event.wait(), max(0.0, min(interval, remaining)))
        except TimeoutError:
            pass
        gap = last_check + MIN_GAP - self.loop.time()
        if gap > 0:
            await asyncio.sleep(gap)


@method("qt.wait", gui=False)
async def wait(
    ctx: Context,
    objectId: Target,
    condition: Annotated[str, P(
        "exists, not_exists, visible, not_visible, enabled, disabled, focused, stable "
        "(geometry unchanged for stableMs), or property:NAME=VALUE / property:NAME!=VALUE")]
    = "visible",
    timeout: Timeout = 5.0,
    interval: Annotated[float, P("longest pause between checks (s)", minimum=0.02,
                                 maximum=5)] = 0.05,
    stableMs: Annotated[int, P("for 'stable': how long the geometry must not change",
                               minimum=0, maximum=60000)] = 200,
) -> Meta:
    """Wait until an element meets a condition; TIMEOUT with data.lastObserved otherwise.

    Property values compare as text: strings as they are, numbers as JSON
    (``property:value=42``), booleans as true/false.
    """
    cond = _condition(condition)
    ids = act.ids(ctx)
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
            except RpcError as exc:
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
                return Meta({"ok": True, "condition": condition, "observed": seen,
                             "waitedMs": round((now - start) * 1000)}, checks=checks)
            if now >= deadline:
                raise RpcError(
                    "TIMEOUT", f"{objectId!r} not {condition} after {timeout:g} s",
                    target=objectId, condition=condition, timeout=timeout, checks=checks,
                    lastObserved=seen)
            await waiter.sleep(interval, deadline - now, now)


def _noop() -> None:
    return None


@method("qt.waitIdle", gui=False)
async def wait_idle(
    ctx: Context,
    timeout: Timeout = 5.0,
    quietMs: Annotated[float, P("a GUI round trip faster than this counts as idle",
                                minimum=0.1, maximum=1000)] = 20.0,
    rounds: Annotated[int, P("idle round trips in a row needed", minimum=1, maximum=20)] = 2,
) -> dict[str, Any]:
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
        except RpcError as exc:
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
            raise RpcError("TIMEOUT", f"the app was not idle within {timeout:g} s",
                           lastObserved={"latencyMs": round(last_ms, 3), **(busy or {})},
                           roundTrips=trips)
        if busy is None and last_ms >= quietMs:
            await asyncio.sleep(min(0.02, max(0.0, deadline - loop.time())))


@method("qt.waitSignal", gui=False)
async def wait_signal(
    ctx: Context,
    objectId: Target,
    signal: Annotated[str, P("signal name or signature: clicked, textChanged(QString)")],
    timeout: Timeout = 5.0,
) -> dict[str, Any]:
    """Wait for an object to emit a signal; returns its arguments. Start it before the
    action that emits (e.g. send both calls without awaiting the first)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[list[Any]] = loop.create_future()
    ids = act.ids(ctx)

    def done(args: list[Any]) -> None:
        if not fut.done():
            fut.set_result(args)

    def died(what: str) -> None:
        if not fut.done():
            fut.set_exception(RpcError("OBJECT_STALE", f"{what} was deleted while waiting for "
                                       f"{signal}", target=objectId, signal=signal))

    def connect() -> tuple[list[Any], str, dict[str, Any], Any]:
        obj = act.resolve(ctx, objectId)
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
        raise RpcError("TIMEOUT", f"{sig} was not emitted within {timeout:g} s",
                       target=objectId, signal=sig,
                       lastObserved={"emitted": False, "object": info}) from None
    finally:
        ctx.probe.executor.post(lambda: _disconnect(conn, keep))
    return {"signal": sig, "args": args, "target": info,
            "waitedMs": round((loop.time() - started) * 1000)}


def _disconnect(conns: list[Any], _slots: Any) -> None:
    for conn in conns:
        try:
            QObject.disconnect(conn)
        except (RuntimeError, TypeError):  # the object died: so did the connection
            pass


# ------------------------------------------------------------------------- assertions

Operator = Literal["==", "!=", "<", "<=", ">", ">=", "contains", "not_contains", "matches"]


def _holds(actual: Any, op: str, expected: Any) -> bool:
    if op == "==":
        return variant.same(actual, expected)
    if op == "!=":
        return not variant.same(actual, expected)
    if op in ("contains", "not_contains"):
        inside = isinstance(actual, (str, list, dict)) and (
            (isinstance(actual, str) and isinstance(expected, str) and expected in actual)
            or (not isinstance(actual, str) and expected in actual))
        return inside if op == "contains" else not inside
    if op == "matches":
        return isinstance(actual, str) and re.search(str(expected), actual) is not None
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                  for v in (actual, expected))
    if not (numbers or (isinstance(actual, str) and isinstance(expected, str))):
        return False
    return {"<": actual < expected, "<=": actual <= expected, ">": actual > expected,
            ">=": actual >= expected}[op]


@method("qt.assert")
def assert_(ctx: Context, objectId: Target,
            property: Annotated[str, P("property to check (qt.properties.list)")],
            operator: Annotated[Operator, P("how to compare")] = "==",
            value: Annotated[Any, P("expected JSON value (a regex for 'matches')")] = None,
            ) -> dict[str, Any]:
    """Check a property of an element; ASSERTION_FAILED with data.actual if it does not hold."""
    obj = act.resolve(ctx, objectId)
    got = meta.get_property(obj, property, act.ids(ctx))
    actual = got["value"]
    if operator == "matches":
        try:
            re.compile(str(value))
        except re.error as exc:
            raise RpcError("INVALID_PARAMS", f"bad regular expression: {exc}") from None
    if not _holds(actual, operator, value):
        raise QtError("ASSERTION_FAILED",
                      f"{property} is {actual!r:.200}, expected {operator} {value!r:.200}",
                      actual=actual, expected=value, operator=operator, property=property,
                      target=paths.describe(obj, act.ids(ctx)))
    return {"ok": True, "property": property, "actual": actual, "operator": operator}


# ----------------------------------------------------------------------- transactions

#: Params that name the object a changing step acts on.
TARGET_PARAMS = ("target", "objectId")


def _snapshot(ctx: Context, ident: str | None) -> tuple[QObject, dict[str, Any]] | None:
    """The writable properties of the step's target (or the focus widget), GUI thread."""
    try:
        obj = act.resolve(ctx, ident) if ident is not None else QApplication.focusWidget()
    except QtError:
        return None
    if obj is None:
        return None
    mo = obj.metaObject()
    values: dict[str, Any] = {}
    for i in range(mo.propertyCount()):
        p = mo.property(i)
        if p.isWritable() and p.isReadable():
            try:
                values[p.name()] = obj.property(p.name())
            except Exception:  # noqa: BLE001 - a getter of the app failed: skip it
                continue
    for name in meta.dynamic_names(obj):
        values[name] = obj.property(name)
    return obj, values


def _restore(obj: QObject, saved: dict[str, Any]) -> list[str]:
    """Set back each saved property that differs now (two passes: setters interact)."""
    if not idtable.alive(obj):
        return []
    restored: list[str] = []
    for _ in range(2):
        for name, value in saved.items():
            try:
                now = variant.to_json(obj.property(name))
                if variant.same(now, variant.to_json(value)):
                    continue
                obj.setProperty(name, value)
            except Exception:  # noqa: BLE001 - keep restoring the others
                continue
            if name not in restored:
                restored.append(name)
    return restored


def _undo_properties(ctx: Context, ident: str | None) -> Callable[[], dict[str, Any] | None]:
    """Snapshot the step's target now; the returned undo restores it (GUI thread)."""
    snap = _snapshot(ctx, ident)

    def undo() -> dict[str, Any] | None:
        if snap is None:
            return None
        obj, values = snap
        names = _restore(obj, values)
        return {"path": paths.path_of(obj), "properties": names} if names else None
    return undo


def _undo_model_item(ctx: Context, params: dict[str, Any]
                     ) -> Callable[[], dict[str, Any] | None]:
    """Save the item a qt.models.setData step will overwrite (GUI thread).

    Bad params save nothing: the step itself then fails with the right error.
    """
    try:
        saved = models.undo_for(params["modelId"], params["row"], params["column"],
                                params.get("parent") or [], params.get("role", "edit"),
                                act.ids(ctx))
    except (QtError, KeyError, TypeError, ValueError, AttributeError):
        return lambda: None
    return lambda: saved.restore(act.ids(ctx))


#: Changing steps whose effect is not a property of their target, and how to undo them.
_UNDOERS: dict[str, Callable[[Context, dict[str, Any]],
                             Callable[[], dict[str, Any] | None]]] = {
    "qt.models.setData": _undo_model_item,
}


def _check_steps(ctx: Context, steps: list[dict[str, Any]]) -> None:
    problems = []
    for i, step in enumerate(steps):
        name = step.get("method")
        extra = set(step) - {"method", "params"}
        if not isinstance(name, str) or ctx.probe.registry.get(name) is None:
            problems.append(f"steps[{i}].method {name!r} is not a probe method")
        elif name == "qt.transaction":
            problems.append(f"steps[{i}]: transactions do not nest")
        if not isinstance(step.get("params", {}), (dict, list)):
            problems.append(f"steps[{i}].params must be an object")
        if extra:
            problems.append(f"steps[{i}] has unknown keys {sorted(extra)}")
    if problems:
        raise RpcError("INVALID_PARAMS", f"bad transaction: {problems[0]}", problems=problems,
                       expected={"steps": [{"method": "qt.ui.click",
                                            "params": {"target": "submitButton"}}]})


@method("qt.transaction", changes=True, gui=False)
async def transaction(
    ctx: Context,
    steps: Annotated[list[dict[str, Any]], P(
        'steps run in order: [{"method": "qt.ui.type", "params": {...}}, ...]', minItems=1,
        maxItems=200)],
    rollback_on_failure: Annotated[bool, P(
        "on a failed step, set back every property the steps' targets had before "
        "and every model item a setData step changed")] = True,
) -> dict[str, Any]:
    """Run several calls in order; stop at the first failure and (by default) roll back.

    Before each step that changes the app, the writable properties of its target (the
    ``target``/``objectId`` param, else the focus widget) are saved, and before a
    qt.models.setData step the item's value at that role; on failure those that differ
    are restored, newest step first. TRANSACTION_FAILED has data.steps (each step's
    result or error), data.failedStep, data.rolledBack and data.restored.
    """
    _check_steps(ctx, steps)
    undos: list[Callable[[], dict[str, Any] | None]] = []
    report: list[dict[str, Any]] = []
    for i, step in enumerate(steps):
        name, params = step["method"], step.get("params") or {}
        spec = ctx.probe.registry.get(name)
        if rollback_on_failure and spec is not None and spec.changes:
            if name in _UNDOERS and isinstance(params, dict):
                undos.append(await ctx.gui(_UNDOERS[name], ctx, params))
            else:
                ident = next((params[k] for k in TARGET_PARAMS
                              if isinstance(params, dict) and isinstance(params.get(k), str)),
                             None)
                undos.append(await ctx.gui(_undo_properties, ctx, ident))
        req = protocol.Request(name, params, f"{ctx.request_id}:{i}")
        reply = await ctx.probe.dispatcher.call(ctx.session, req)
        if "error" in reply:
            report.append({"index": i, "method": name, "ok": False, "error": reply["error"]})
            restored: list[dict[str, Any]] = []
            if rollback_on_failure:
                for undo in reversed(undos):
                    done = await ctx.gui(undo)
                    if done:
                        restored.append(done)
            raise RpcError("TRANSACTION_FAILED",
                           f"step {i} ({name}) failed: {reply['error'].get('message')}",
                           steps=report, failedStep=i, rolledBack=rollback_on_failure,
                           restored=restored)
        report.append({"index": i, "method": name, "ok": True,
                       "result": reply["result"]["result"]})
    return {"ok": True, "steps": report}
