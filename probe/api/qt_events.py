"""Event monitor family: stream the QEvents the app delivers, filtered and rate-limited.

Notifications ``qt.events`` go to the starting client only, batched (about every 100 ms):
``{"events": [{"type", "receiver" ("#N"), "className", "objectName", "ts", key/mouse
details...}], "dropped": n, "droppedTotal": n}``. Off by default; costs nothing when off.
"""

from __future__ import annotations

from typing import Annotated, Any, cast

from probe.core.data import events as core
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, method, notification
from probe.wire.qt_events import EventBatch, Started, Status, Stopped, Types

_KEY = "events.monitor"

notification("qt.events", EventBatch)


def _stop(session: Any) -> dict[str, Any] | None:
    mon = core.HUB.stop(session.id)
    session.state.pop(_KEY, None)
    if mon is None:
        return None
    return {"sent": mon.sent, "droppedTotal": mon.dropped_total}


@method("qt.events.start")
def start(
    ctx: Context,
    types: Annotated[list[str] | None, P('QEvent type names (KeyPress, MouseButtonPress, ...) '
                                         'or ["*"] for all; default: user input, focus, '
                                         'show/hide')] = None,
    objectId: Annotated[str | None, P("only events to this object and its descendants")]
    = None,
    maxRate: Annotated[float, P("most events per second; the rest are counted as dropped",
                                minimum=1, maximum=100000)] = 500,
) -> Started:
    """Start streaming events as ``qt.events`` notifications to this client.

    One monitor per client; starting again replaces it (``replaced`` says so). Stop
    with qt.events.stop.
    """
    wanted = core.event_types(types)
    ids = ids_for(ctx.state)
    root = object_of(objectId, ids) if objectId else None
    session = ctx.session
    replaced = bool(ctx.state.get(_KEY))
    if replaced:
        core.HUB.stop(session.id)
    sid = session.id
    core.HUB.start(sid, ids, lambda params: ctx.notify("qt.events", params, sid), wanted,
                   root, maxRate)
    ctx.on_close(_stop)
    ctx.state[_KEY] = True
    return {"started": True, "replaced": replaced,
            "types": sorted(types or core.DEFAULT_TYPES),
            "objectId": ids.id_of(root) if root is not None else None, "maxRate": maxRate}


@method("qt.events.stop")
def stop(ctx: Context) -> Stopped:
    """Stop this client's event stream (pending events are sent first).

    Stopping twice is harmless: ``stopped`` is false and ``reason`` says why. ``active``
    tells whether any client still monitors (the app event filter is gone when not).
    """
    stats = _stop(ctx.session)
    out: dict[str, Any] = {"stopped": stats is not None, **(stats or {}),
                           "active": core.HUB.active}
    if stats is None:
        out["reason"] = "this client had no event monitor running"
    return cast(Stopped, out)


@method("qt.events.status")
def status(ctx: Context) -> Status:
    """Is the event monitor on? ``filterInstalled`` is false when no client monitors, and
    ``filterCalls`` then stays still: the monitor costs the app nothing while off."""
    return cast(Status, {**core.HUB.status(), "mine": bool(ctx.state.get(_KEY))})


@method("qt.events.types")
def types_(ctx: Context) -> Types:
    """The event type names qt.events.start accepts, and the default set."""
    return {"types": sorted(core.EVENT_TYPES), "default": list(core.DEFAULT_TYPES)}
