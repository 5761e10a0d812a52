"""qt.transaction: several calls in order, rolled back when one fails.

Each step runs the method it names through ``Context.call`` (validated, held by the gate,
mirrored as if the client had called it); before each step that changes the app, what it
may change is saved, so a failed step sets it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, cast

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from probe.api import _session
from probe.core.errors import QtError
from probe.core.objects import idtable, meta, paths, variant
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qt_transaction import Done


def _snapshot(ctx: Context, ident: str | None) -> tuple[QObject, dict[str, Any]] | None:
    """The writable properties of the step's target (or the focus widget), GUI thread."""
    try:
        obj = _session.object_of(ctx, ident) if ident is not None else QApplication.focusWidget()
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
                values[str(p.name())] = QObject.property(obj, str(p.name()))
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


def _check_steps(ctx: Context, steps: list[dict[str, Any]]) -> None:
    problems = []
    for i, step in enumerate(steps):
        name = step.get("method")
        extra = set(step) - {"method", "params"}
        if not isinstance(name, str) or ctx.spec(name) is None:
            problems.append(f"steps[{i}].method {name!r} is not a probe method")
        elif name == "qt.transaction":
            problems.append(f"steps[{i}]: transactions do not nest")
        if not isinstance(step.get("params", {}), (dict, list)):
            problems.append(f"steps[{i}].params must be an object")
        if extra:
            problems.append(f"steps[{i}] has unknown keys {sorted(extra)}")
    if problems:
        raise QtError("INVALID_PARAMS", f"bad transaction: {problems[0]}", problems=problems,
                      expected={"steps": [{"method": "qt.ui.click",
                                            "params": {"target": "submitButton"}}]})


@method("qt.transaction", changes=True, gui=False,
        replay=Replay.skip("its steps were recorded one by one and are replayed as such"),
        tool=Tool(spoken="batch"))
async def transaction(
    ctx: Context,
    steps: Annotated[list[dict[str, Any]], P(
        'steps run in order: [{"method": "qt.ui.type", "params": {...}}, ...]', minItems=1,
        maxItems=200)],
    rollback_on_failure: Annotated[bool, P(
        "on a failed step, set back every property the steps' targets had before "
        "and every model item a setData step changed")] = True,
) -> Done:
    """Run several calls in order; stop at the first failure and (by default) roll back.

    Before each step that changes the app, what it will change is saved: the writable
    properties of its element (its objectId, else the focus widget), or what its method
    declares (qt.models.setData: the item's value at that role); on failure those that differ
    are restored, newest step first. TRANSACTION_FAILED has data.steps (each step's
    result or error), data.failedStep, data.rolledBack and data.restored.
    """
    _check_steps(ctx, steps)
    undos: list[Callable[[], dict[str, Any] | None]] = []
    report: list[dict[str, Any]] = []
    for i, step in enumerate(steps):
        name, params = step["method"], step.get("params") or {}
        spec = ctx.spec(name)
        if rollback_on_failure and spec is not None and spec.changes:
            if spec.saves is not None and isinstance(params, dict):
                undos.append(await ctx.gui(spec.saves, ctx, params))
            else:
                named = spec.element_of(params)
                undos.append(await ctx.gui(_undo_properties, ctx,
                                           named[1] if named is not None else None))
        try:
            result = await ctx.call(name, params)
        except QtError as exc:
            report.append({"index": i, "method": name, "ok": False,
                           "error": ctx.error_object(exc)})
            restored: list[dict[str, Any]] = []
            if rollback_on_failure:
                for undo in reversed(undos):
                    done = await ctx.gui(undo)
                    if done:
                        restored.append(done)
            raise QtError("TRANSACTION_FAILED", f"step {i} ({name}) failed: {exc.message}",
                          steps=report, failedStep=i, rolledBack=rollback_on_failure,
                          restored=restored) from None
        report.append({"index": i, "method": name, "ok": True, "result": result.value})
    return cast(Done, {"ok": True, "steps": report})
