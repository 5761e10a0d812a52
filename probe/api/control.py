"""The control room: a human in the inspector and an agent on the same app.

``probe.gate.*`` runs the approval gate (probe/server/gate.py) from an inspector;
``probe.selection.*`` hands the human's pick to the agent (``probe.selection.get``
answers in the caller's own ids and refs); ``probe.highlight`` lets an agent point the
human at an element (the inspector selects and outlines it).

The selection is app-wide (one per probe), held like the id tables hold objects, so a
deleted selection reads as null. Notifications carry each subscriber's own ``#N``.
"""

from __future__ import annotations

import time
import weakref
from typing import Annotated, Any

from PySide6.QtCore import QObject

from probe.api._access import inspector_only
from probe.core.a11y import handles, refs
from probe.core.objects import idtable, paths, resolver
from probe.server.context import Context
from probe.server.gate import gate_for
from probe.server.registry import P, method
from probe.server.sessions import TOPICS

TOPICS["selection"] = "the object a human selected in the inspector (probe.selection)"
TOPICS["highlight"] = "elements an agent points out to the human (probe.highlight)"

#: probe -> {"obj": the selected QObject, "by": session description, "ts": time}
_SELECTION: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()

Target = Annotated[str, P("the element: a ref (ref_12), #N, path, symbolic name or selector",
                          aliases=("target",))]


def _inspector_only(ctx: Context) -> None:
    inspector_only(ctx, "the human approves, not the agent")


# ----------------------------------------------------------------------------- gate


@method("probe.gate.set", gui=False)
def gate_set(ctx: Context, enabled: Annotated[bool, P("turn the approval gate on or off")]
             ) -> dict[str, Any]:
    """Turn the approval gate on (agents' app-changing calls wait for a human) or off.

    Inspector only. The gate stays on while an inspector that turned it on is connected.
    """
    _inspector_only(ctx)
    return gate_for(ctx.probe).set(ctx.session, enabled)


@method("probe.gate.get", gui=False)
def gate_get(ctx: Context) -> dict[str, Any]:
    """Whether the approval gate is on, the held calls, and the clients trusted for now."""
    return gate_for(ctx.probe).describe()


@method("probe.gate.decide", gui=False)
def gate_decide(ctx: Context,
                gateId: Annotated[str, P("the held call, from probe.gate.pending")],
                approve: Annotated[bool, P("true runs the call, false declines it")]
                ) -> dict[str, Any]:
    """Approve or reject one held call (inspector only); a rejected call is USER_DECLINED."""
    _inspector_only(ctx)
    return gate_for(ctx.probe).decide(ctx.session, gateId, approve)


@method("probe.gate.approveClient", gui=False)
def gate_approve_client(ctx: Context,
                        clientId: Annotated[int, P("session id of the agent (probe.sessions)")],
                        minutes: Annotated[float, P("how long its calls pass unasked",
                                                    minimum=0.1, maximum=24 * 60)] = 5.0
                        ) -> dict[str, Any]:
    """Approve every call of one client for some minutes, its held calls included."""
    _inspector_only(ctx)
    return gate_for(ctx.probe).approve_client(clientId, minutes)


# ------------------------------------------------------------------------ selection


def _publish_each(ctx: Context, topic: str, method_name: str, obj: QObject | None,
                  extra: dict[str, Any]) -> None:
    """Notify each subscriber of ``topic`` with ``obj`` described in its own id space."""
    for _ in range(3):  # the loop thread may add a session while we look (GUI thread)
        try:
            targets = ctx.probe.hub.subscribers(topic)
            break
        except RuntimeError:
            targets = []
    for session in targets:
        params = dict(extra)
        if obj is not None:
            params.update(paths.describe(obj, idtable.ids_for(session.state)))
        ctx.probe.hub.notify(session.id, method_name, params)


@method("probe.selection.set")
def selection_set(ctx: Context, objectId: Annotated[str | None, P(
        "what the human selected (#N, path, ...); null clears the selection")]) -> Any:
    """Publish the human's selection (the inspector calls this when its selection changes)."""
    by = {"id": ctx.session.id, "name": ctx.session.name, "role": ctx.session.role}
    if objectId is None:
        _SELECTION.pop(ctx.probe, None)
        _publish_each(ctx, "selection", "probe.selection", None, {"selected": False, "by": by})
        return None
    obj = resolver.resolve(objectId, idtable.ids_for(ctx.state))
    _SELECTION[ctx.probe] = {"obj": obj, "by": by, "ts": time.time()}
    _publish_each(ctx, "selection", "probe.selection", obj, {"selected": True, "by": by})
    return paths.describe(obj, idtable.ids_for(ctx.state))


@method("probe.selection.get")
def selection_get(ctx: Context) -> dict[str, Any] | None:
    """What the human selected in the inspector, with every handle (ref, #N, selector,
    symbolic name, bounds) in this caller's spaces; null when nothing (or it was deleted)."""
    current = _SELECTION.get(ctx.probe)
    if current is None or not idtable.alive(current["obj"]):
        return None
    obj = current["obj"]
    out = handles.bundle(obj, idtable.ids_for(ctx.state), refs.refs_for(ctx.state))
    out.update({"selectedBy": current["by"], "selectedAt": current["ts"],
                "describe": paths.describe(obj, idtable.ids_for(ctx.state))})
    return out


@method("probe.highlight")
def highlight(ctx: Context, objectId: Target,
              note: Annotated[str, P("why, shown to the human", maxLength=500)] = ""
              ) -> dict[str, Any]:
    """Point the human at an element: the inspector selects and outlines it."""
    ids = idtable.ids_for(ctx.state)
    if refs.is_ref(objectId):
        el = refs.refs_for(ctx.state).resolve(objectId, ids)
        obj = el.obj if el.obj is not None else el.widget
    else:
        obj = resolver.resolve(objectId, ids)
    by = {"id": ctx.session.id, "name": ctx.session.name, "role": ctx.session.role}
    watchers = ctx.probe.hub.subscribers("highlight")
    _publish_each(ctx, "highlight", "probe.highlight", obj, {"by": by, "note": note})
    return {**paths.describe(obj, ids), "notified": len(watchers)}
